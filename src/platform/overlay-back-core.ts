/**
 * Overlay back (issue 12, "navigation that respects Back"): the viewer, a sheet
 * or a dialog that is open takes the platform's Back first. In browsers each
 * open overlay pushes a history entry on the same URL, so Back (the browser's,
 * Android's, iOS's swipe) pops it and closes the overlay; closing from the UI
 * pops that entry again so none dangles. In the mini-program a page-container
 * takes the page's back while the overlay is open.
 */
export interface OverlayBackProps {
  /** The overlay is open: Back closes it. */
  open: boolean;
  /** Close the overlay (called once per Back; the caller's own close, as the × does). */
  onBack: () => void;
}

/** The mark an overlay's history entry carries: how many overlays are open on top of the page's entry. */
export const OVERLAY_STATE_KEY = '__overlayDepth';

/** Depth of a history entry's state: 0 for the page's own entries. */
export function overlayDepthOf(state: unknown): number {
  if (!state || typeof state !== 'object') return 0;
  const d = (state as Record<string, unknown>)[OVERLAY_STATE_KEY];
  return typeof d === 'number' && d > 0 ? d : 0;
}

/**
 * The open overlays of the app, innermost last. Both platforms keep one: the
 * browser to know which overlays a Back pops, the mini-program to let only the
 * innermost overlay hold the page-container (one per page).
 */
export class OverlayStack<T> {
  private items: T[] = [];
  private listeners = new Set<() => void>();

  get size(): number {
    return this.items.length;
  }

  top(): T | undefined {
    return this.items[this.items.length - 1];
  }

  indexOf(item: T): number {
    return this.items.indexOf(item);
  }

  push(item: T): number {
    this.items.push(item);
    this.changed();
    return this.items.length;
  }

  /** Remove `item` and everything above it; returns what was removed, innermost first. */
  cut(item: T): T[] {
    const i = this.items.indexOf(item);
    if (i < 0) return [];
    const gone = this.items.splice(i).reverse();
    this.changed();
    return gone;
  }

  /** Keep the first `depth` overlays; returns the others, innermost first. */
  truncate(depth: number): T[] {
    if (this.items.length <= depth) return [];
    const gone = this.items.splice(depth).reverse();
    this.changed();
    return gone;
  }

  subscribe(fn: () => void): () => void {
    this.listeners.add(fn);
    return () => this.listeners.delete(fn);
  }

  private changed(): void {
    for (const fn of [...this.listeners]) fn();
  }
}
