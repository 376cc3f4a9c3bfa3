/**
 * Random order without repeats: a photo is drawn at most once per round; when
 * every photo was drawn, a new round starts (never with the photo just shown).
 * Works on ids, so photos inserted or removed meanwhile just join or leave the round.
 */
export class ShuffleBag {
  private drawn = new Set<number>();

  constructor(private random: () => number = Math.random) {}

  /** Mark a photo as shown in this round. */
  mark(id: number): void {
    this.drawn.add(id);
  }

  clear(): void {
    this.drawn.clear();
  }

  /** An id from `ids` not drawn in this round and not `currentId`; null when there is none but `currentId`. */
  draw(ids: number[], currentId: number | null): number | null {
    const pick = () => ids.filter((id) => id !== currentId && !this.drawn.has(id));
    let candidates = pick();
    if (!candidates.length) {
      this.drawn.clear();
      candidates = pick();
    }
    if (!candidates.length) return currentId;
    return candidates[Math.min(candidates.length - 1, Math.floor(this.random() * candidates.length))];
  }
}
