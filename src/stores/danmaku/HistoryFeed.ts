import { DANMAKU, historyGapMs, type Random } from './danmakuRules';

type Timer = ReturnType<typeof setTimeout>;

/** One earlier comment for the bullet screen (part 3 §3: comment history item). */
export interface DanmakuHistoryItem {
  id: number;
  content: string;
}

/** One page of the comment history (kind 'danmuku'): its items and the total. */
export interface DanmakuHistoryPage {
  items: DanmakuHistoryItem[];
  total: number;
}

/** Where the history comes from: page 1, 2, 3 of a gallery's comments for the bullet screen. */
export type DanmakuHistorySource = (page: number) => Promise<DanmakuHistoryPage>;

export interface HistoryFeedDeps {
  load: DanmakuHistorySource;
  /** One message to show. */
  emit: (item: DanmakuHistoryItem) => void;
  setTimeout: (fn: () => void, ms: number) => Timer;
  clearTimeout: (t: Timer) => void;
  random: Random;
}

/**
 * Plays the comment history into the bullet screen (part 3 §4, §9): pages are fetched one at a
 * time as the previous one runs out, at most 3, and never past the total; one message goes out
 * every 1 to 3 s. A failed page ends the history quietly. `stop` drops what is left, and an
 * answer arriving after it is ignored.
 */
export class HistoryFeed {
  private buffer: DanmakuHistoryItem[] = [];
  private page = 0;
  private received = 0;
  private total = Infinity;
  private timer: Timer | null = null;
  /** Bumped by start and stop: answers of an older run are dropped. */
  private run = 0;
  private active = false;

  constructor(private deps: HistoryFeedDeps) {}

  /** The pages asked for so far in this run. */
  get pagesLoaded(): number {
    return this.page;
  }

  start(): void {
    this.stop();
    this.active = true;
    this.run++;
    this.page = 0;
    this.received = 0;
    this.total = Infinity;
    void this.next();
  }

  stop(): void {
    this.active = false;
    this.run++;
    this.buffer = [];
    if (this.timer !== null) this.deps.clearTimeout(this.timer);
    this.timer = null;
  }

  /** Emit the next buffered item now, then wait 1–3 s; fetch a page when the buffer is empty. */
  private async next(): Promise<void> {
    if (!this.active) return;
    if (this.buffer.length === 0) {
      if (!(await this.fetch())) return;
    }
    const item = this.buffer.shift();
    if (!item) return;
    this.deps.emit(item);
    this.timer = this.deps.setTimeout(() => {
      this.timer = null;
      void this.next();
    }, historyGapMs(this.deps.random));
  }

  /** Fetch the next page into the buffer; false when the history is over (or this run stopped). */
  private async fetch(): Promise<boolean> {
    if (this.page >= DANMAKU.HISTORY_PAGES || this.received >= this.total) return false;
    const run = this.run;
    this.page++;
    let answer: DanmakuHistoryPage;
    try {
      answer = await this.deps.load(this.page);
    } catch {
      return false;
    }
    if (run !== this.run || !this.active) return false;
    const items = Array.isArray(answer?.items) ? answer.items.filter((i) => i && typeof i.content === 'string') : [];
    this.total = Number.isFinite(answer?.total) ? answer.total : 0;
    this.received += Array.isArray(answer?.items) ? answer.items.length : 0;
    if (!Array.isArray(answer?.items) || answer.items.length === 0) return false;
    this.buffer = items;
    // A page of only unusable items: on to the next one.
    return items.length > 0 || this.fetch();
  }
}

/** No history: the default of a store built without a source (tests). */
export const noHistory: DanmakuHistorySource = async () => ({ items: [], total: 0 });
