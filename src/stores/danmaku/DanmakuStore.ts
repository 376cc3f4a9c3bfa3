import { action, makeObservable, observable } from 'mobx';
import type { LiveHandlers } from '../../../types/live';
import { DanmakuEngine, type BulletKind, type EngineDeps } from './DanmakuEngine';
import { HistoryFeed, noHistory, type DanmakuHistorySource } from './HistoryFeed';
import type { DanmakuStage, Random } from './danmakuRules';

type Timer = ReturnType<typeof setTimeout>;

export interface DanmakuStoreDeps {
  galleryId: number;
  /** The app's live connection (LiveConnection.watch). */
  watch: (gallery: number, handlers: LiveHandlers) => () => void;
  /** The gallery's comment history for the bullet screen (kind 'danmuku'), page by page. */
  loadHistory: DanmakuHistorySource;
  setTimeout: (fn: () => void, ms: number) => Timer;
  clearTimeout: (t: Timer) => void;
  random: Random;
  engine: Partial<EngineDeps>;
}

/** Comment ids remembered to show a message once (a live message may also come back in the history). */
const SEEN_MAX = 500;

/**
 * One gallery's bullet screen (part 3 §4): while on, the engine runs, `text` and `question` live
 * messages of the gallery join it, and the comment history plays one message every 1 to 3 s.
 * Off stops all of it and clears the screen.
 */
export class DanmakuStore {
  readonly engine: DanmakuEngine;
  readonly galleryId: number;
  on = false;
  private feed: HistoryFeed;
  private unwatch: (() => void) | null = null;
  private seen = new Set<number>();
  private deps: DanmakuStoreDeps;

  constructor(deps: Pick<DanmakuStoreDeps, 'galleryId' | 'watch'> & Partial<DanmakuStoreDeps>) {
    this.deps = {
      loadHistory: noHistory,
      setTimeout: (fn, ms) => setTimeout(fn, ms),
      clearTimeout: (t) => clearTimeout(t),
      random: Math.random,
      engine: {},
      ...deps
    };
    this.galleryId = deps.galleryId;
    this.engine = new DanmakuEngine({ random: this.deps.random, ...this.deps.engine });
    this.feed = new HistoryFeed({
      load: (page) => this.deps.loadHistory(page),
      emit: (item) => this.show(item.id, item.content, 'text'),
      setTimeout: this.deps.setTimeout,
      clearTimeout: this.deps.clearTimeout,
      random: this.deps.random
    });
    makeObservable(this, { on: observable, start: action, stop: action, setOn: action });
  }

  get bullets() {
    return this.engine.bullets;
  }

  setStage(stage: DanmakuStage): void {
    this.engine.setStage(stage);
  }

  setOn(on: boolean): void {
    if (on) this.start();
    else this.stop();
  }

  start(): void {
    if (this.on) return;
    this.on = true;
    this.engine.start();
    this.unwatch = this.deps.watch(this.galleryId, {
      text: (d) => this.show(d.id, d.content, 'text'),
      question: (d) => this.show(d.id, d.content, 'question')
    });
    this.feed.start();
  }

  /** Stops listening and the history, and clears the screen. */
  stop(): void {
    this.on = false;
    this.unwatch?.();
    this.unwatch = null;
    this.feed.stop();
    this.engine.stop();
    this.seen.clear();
  }

  private show(id: unknown, content: unknown, kind: BulletKind): void {
    if (typeof id === 'number' && id > 0) {
      if (this.seen.has(id)) return;
      this.seen.add(id);
      if (this.seen.size > SEEN_MAX) this.seen.delete(this.seen.values().next().value as number);
    }
    this.engine.push(content, kind);
  }
}
