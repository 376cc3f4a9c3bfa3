import { makeAutoObservable, runInAction } from 'mobx';
import { INDEXING_POLL_MS, type IndexCounts, type IndexKind, type VisitorIndexing } from '../../../types/api/indexing';
import { fetchIndexing } from '../../api/indexing';

export interface IndexingProgressDeps {
  fetch: (galleryId: number) => Promise<VisitorIndexing>;
  setTimer: (fn: () => void, ms: number) => unknown;
  clearTimer: (timer: unknown) => void;
}

/**
 * How far one kind of indexing (faces or bibs) of a gallery has got, for a search that shows
 * "Indexing photos… 123 of 456" while it is incomplete. It reads the visitors' progress call
 * when started and again every INDEXING_POLL_MS until that kind is complete (or the gallery does
 * not use it), and stops when disposed (the dialog or the search box goes away). A failed read
 * shows nothing and is tried again at the next tick.
 */
export class IndexingProgressStore {
  counts: IndexCounts | null = null;
  private timer: unknown = null;
  private stopped = true;
  private deps: IndexingProgressDeps;

  constructor(
    readonly galleryId: number,
    readonly kind: IndexKind,
    deps: Partial<IndexingProgressDeps> = {}
  ) {
    this.deps = {
      fetch: fetchIndexing,
      setTimer: (fn, ms) => setTimeout(fn, ms),
      clearTimer: (t) => clearTimeout(t as ReturnType<typeof setTimeout>),
      ...deps
    };
    makeAutoObservable<IndexingProgressStore, 'timer' | 'stopped' | 'deps'>(this, { timer: false, stopped: false, deps: false, galleryId: false, kind: false });
  }

  /** Whether the line shows: this kind is in use and not yet complete. */
  get indexing(): boolean {
    return !!this.counts && this.counts.done < this.counts.total;
  }

  start(): void {
    if (!this.stopped) return;
    this.stopped = false;
    void this.poll();
  }

  private async poll(): Promise<void> {
    this.timer = null;
    let more = true;
    try {
      const p = await this.deps.fetch(this.galleryId);
      const counts = p && typeof p === 'object' ? p[this.kind] ?? null : null;
      runInAction(() => (this.counts = counts));
      more = !!counts && counts.done < counts.total;
    } catch {
      // Nothing is shown for a failed read; the next tick asks again.
    }
    if (more && !this.stopped) this.timer = this.deps.setTimer(() => void this.poll(), INDEXING_POLL_MS);
  }

  dispose(): void {
    this.stopped = true;
    if (this.timer !== null) this.deps.clearTimer(this.timer);
    this.timer = null;
  }
}
