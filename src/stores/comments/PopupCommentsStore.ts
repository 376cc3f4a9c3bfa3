import { action, makeObservable, observableRef } from 'mobx';
import type { Comment } from '../../../types/api/comments';
import type { CommentApi } from '../../api/comments';
import { POPUP, viewOf } from './commentRules';

type Timer = ReturnType<typeof setTimeout>;

export interface PopupDeps {
  galleryId: number;
  api: Pick<CommentApi, 'list'>;
  /** Server time, Unix seconds (ClockStore.now). */
  now: () => number;
  setTimeout: (fn: () => void, ms: number) => Timer;
  clearTimeout: (t: Timer) => void;
}

/** One popup on screen. */
export interface PopupItem {
  comment: Comment;
  key: number;
}

/**
 * Popup comments on the gallery page (spec part 3 §2 item 1, §9): the list is asked every 10 s
 * for comments of the last 2 minutes; new ones wait in a queue, one comes up every 3 s, at most
 * 3 are on screen (the oldest gives way), and each fades after 8.5 s. Unreadable ones are skipped.
 */
export class PopupCommentsStore {
  visible: PopupItem[] = [];
  private queue: Comment[] = [];
  private seen = new Set<number>();
  private timers = new Set<Timer>();
  private running = false;
  private seq = 0;

  constructor(private deps: PopupDeps) {
    makeObservable<PopupCommentsStore, 'showNext' | 'drop'>(this, { visible: observableRef, showNext: action, drop: action, stop: action });
  }

  start(): void {
    if (this.running) return;
    this.running = true;
    void this.refresh();
    this.every(POPUP.REFRESH_MS, () => void this.refresh());
    this.every(POPUP.SHOW_EVERY_MS, () => this.showNext());
  }

  stop(): void {
    this.running = false;
    for (const t of this.timers) this.deps.clearTimeout(t);
    this.timers.clear();
    this.queue = [];
    this.visible = [];
  }

  private every(ms: number, fn: () => void): void {
    const tick = () => {
      this.timers.delete(t);
      if (!this.running) return;
      fn();
      t = this.deps.setTimeout(tick, ms);
      this.timers.add(t);
    };
    let t = this.deps.setTimeout(tick, ms);
    this.timers.add(t);
  }

  async refresh(): Promise<void> {
    const since = this.deps.now() - POPUP.FRESH_S;
    try {
      const page = await this.deps.api.list(this.deps.galleryId, { time: Math.max(0, since) });
      if (!this.running) return;
      // Oldest first, so they come up in the order they were posted.
      for (const c of [...page.items].reverse()) {
        if (this.seen.has(c.id) || c.createtime < since || !viewOf(c)) continue;
        this.seen.add(c.id);
        this.queue.push(c);
      }
    } catch {
      /* the next refresh tries again */
    }
  }

  private showNext(): void {
    const since = this.deps.now() - POPUP.FRESH_S;
    this.queue = this.queue.filter((c) => c.createtime >= since);
    const next = this.queue.shift();
    if (!next) return;
    const item = { comment: next, key: ++this.seq };
    this.visible = [...this.visible, item].slice(-POPUP.MAX_VISIBLE);
    const t = this.deps.setTimeout(() => {
      this.timers.delete(t);
      this.drop(item.key);
    }, POPUP.FADE_MS);
    this.timers.add(t);
  }

  private drop(key: number): void {
    this.visible = this.visible.filter((v) => v.key !== key);
  }
}
