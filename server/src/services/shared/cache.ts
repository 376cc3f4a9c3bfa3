/**
 * A small in-process cache for hot reads (photo lists, gallery lookups):
 * entries expire after `ttlMs`, and a key space can be invalidated at once by
 * bumping its generation (after a write commits). Bounded: the oldest entries go first.
 */
export class GenerationCache<V> {
  private entries = new Map<string, { gen: number; at: number; value: V }>();
  private generations = new Map<string | number, number>();

  constructor(
    private ttlMs: number,
    private max = 5000
  ) {}

  private gen(space: string | number): number {
    return this.generations.get(space) ?? 0;
  }

  get(space: string | number, key: string): V | undefined {
    const e = this.entries.get(`${space}|${key}`);
    if (!e) return undefined;
    if (e.gen !== this.gen(space) || Date.now() - e.at > this.ttlMs) {
      this.entries.delete(`${space}|${key}`);
      return undefined;
    }
    return e.value;
  }

  /** Store a value computed under generation `genAtStart` (a write in between makes it stale at once). */
  set(space: string | number, key: string, value: V, genAtStart = this.gen(space)): void {
    if (genAtStart !== this.gen(space)) return;
    if (this.entries.size >= this.max) this.entries.delete(this.entries.keys().next().value as string);
    this.entries.set(`${space}|${key}`, { gen: genAtStart, at: Date.now(), value });
  }

  /** Compute once per key while fresh. */
  async through(space: string | number, key: string, compute: () => Promise<V>): Promise<V> {
    const hit = this.get(space, key);
    if (hit !== undefined) return hit;
    const g = this.gen(space);
    const value = await compute();
    this.set(space, key, value, g);
    return value;
  }

  invalidate(space: string | number): void {
    this.generations.set(space, this.gen(space) + 1);
  }

  clear(): void {
    this.entries.clear();
    this.generations.clear();
  }
}
