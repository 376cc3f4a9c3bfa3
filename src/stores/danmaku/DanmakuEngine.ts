import { action, makeObservable, observable, observableRef } from 'mobx';
import {
  DANMAKU,
  bulletText,
  durationMs,
  estimateWidth,
  laneCount,
  laneFree,
  pickColor,
  pickSize,
  type DanmakuSize,
  type DanmakuStage,
  type LaneRun,
  type Random
} from './danmakuRules';

type Interval = ReturnType<typeof setInterval>;

/** What a message is: a comment's text or a question (live `text` / `question`, part 3 §3). */
export type BulletKind = 'text' | 'question';

/** One message on screen. The renderer draws it once and lets a CSS animation move it. */
export interface Bullet extends LaneRun {
  key: number;
  text: string;
  kind: BulletKind;
  size: DanmakuSize;
  color: string;
  lane: number;
}

export interface EngineDeps {
  now: () => number;
  setInterval: (fn: () => void, ms: number) => Interval;
  clearInterval: (t: Interval) => void;
  random: Random;
}

interface Waiting {
  text: string;
  kind: BulletKind;
}

/** Until a layer says where it runs: a phone's width and a few lanes. */
const DEFAULT_STAGE: DanmakuStage = { width: 375, height: 250, scale: 0.5 };

/**
 * The bullet-screen engine (spec part 3 §4, §9), the same for H5 and the mini-program: it picks
 * each message's size, colour and duration, and a lane where it will not run into the one before;
 * a 16 ms clock tick places waiting messages and takes finished ones off. Nothing here moves
 * a message: the renderer animates each one on the compositor for its duration, so the only
 * changes the UI sees are a message added and a message removed.
 */
export class DanmakuEngine {
  /** Messages on screen, oldest first. */
  bullets: Bullet[] = [];
  running = false;
  private waiting: Waiting[] = [];
  private lanes: (Bullet | null)[] = [];
  private stage: DanmakuStage = DEFAULT_STAGE;
  private timer: Interval | null = null;
  private nextKey = 1;
  private deps: EngineDeps;

  constructor(deps: Partial<EngineDeps> = {}) {
    this.deps = {
      now: () => Date.now(),
      setInterval: (fn, ms) => setInterval(fn, ms),
      clearInterval: (t) => clearInterval(t),
      random: Math.random,
      ...deps
    };
    makeObservable<DanmakuEngine, 'place'>(this, {
      bullets: observableRef,
      running: observable,
      start: action,
      stop: action,
      tick: action,
      place: action
    });
  }

  /** The layer's size (CSS px) and scale; lanes beyond the new count are no longer used. */
  setStage(stage: DanmakuStage): void {
    if (stage.width <= 0 || stage.height <= 0 || stage.scale <= 0) return;
    this.stage = stage;
    const n = laneCount(stage);
    this.lanes = Array.from({ length: n }, (_, i) => this.lanes[i] ?? null);
  }

  get lanesCount(): number {
    return this.lanes.length || laneCount(this.stage);
  }

  get waitingCount(): number {
    return this.waiting.length;
  }

  start(): void {
    if (this.running) return;
    this.running = true;
    if (this.lanes.length === 0) this.setStage(this.stage);
    this.wake();
  }

  /** Stops the clock and clears the screen and the queue. */
  stop(): void {
    this.running = false;
    this.sleep();
    this.waiting = [];
    this.lanes = this.lanes.map(() => null);
    this.bullets = [];
  }

  /** Queue a message; it enters at the next tick with a free lane. Ignored while stopped or when empty. */
  push(raw: unknown, kind: BulletKind = 'text'): boolean {
    if (!this.running) return false;
    const text = bulletText(raw);
    if (!text) return false;
    this.waiting.push({ text, kind });
    if (this.waiting.length > DANMAKU.MAX_WAITING) this.waiting.shift();
    this.wake();
    return true;
  }

  /** One clock tick: finished messages leave, waiting ones take free lanes. */
  tick(): void {
    const now = this.deps.now();
    const gone = this.bullets.filter((b) => b.start + b.duration <= now);
    if (gone.length > 0) {
      this.bullets = this.bullets.filter((b) => b.start + b.duration > now);
      this.lanes = this.lanes.map((b) => (b && gone.includes(b) ? null : b));
    }
    while (this.waiting.length > 0 && this.place(this.waiting[0], now)) this.waiting.shift();
    if (this.bullets.length === 0 && this.waiting.length === 0) this.sleep();
  }

  /** Put a message in the first free lane; false when every lane is busy. */
  private place(w: Waiting, now: number): boolean {
    const { random } = this.deps;
    const { scale, width: stageWidth } = this.stage;
    const size = pickSize(random);
    const run: LaneRun = { start: now, duration: durationMs(w.text, random), width: estimateWidth(w.text, size) * scale };
    const gap = DANMAKU.GAP_UNITS * scale;
    const lane = this.lanes.findIndex((prev) => laneFree(prev, run, now, stageWidth, gap));
    if (lane < 0) return false;
    const bullet: Bullet = { ...run, key: this.nextKey++, text: w.text, kind: w.kind, size, color: pickColor(random), lane };
    this.lanes[lane] = bullet;
    this.bullets = [...this.bullets, bullet];
    return true;
  }

  /** The clock runs only while something is on screen or waiting. */
  private wake(): void {
    if (this.timer === null && this.running) this.timer = this.deps.setInterval(() => this.tick(), DANMAKU.TICK_MS);
  }

  private sleep(): void {
    if (this.timer !== null) this.deps.clearInterval(this.timer);
    this.timer = null;
  }
}
