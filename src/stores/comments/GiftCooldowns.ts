import { action, makeObservable, observable, observableShallow } from 'mobx';
import { secondsLeft } from './giftRules';

export interface CooldownClock {
  /** Device clock, ms. */
  now: () => number;
  /** The countdown's tick (every second while a cooldown runs); answers the stop. */
  every: (ms: number, fn: () => void) => () => void;
}

/**
 * Each gift's cooldown on the device (spec part 3 §3 Gift): started after a send (the gift's
 * cooldown) or by the server's 201208 retry_after, counted down once a second while one runs,
 * so a disabled button shows the seconds left.
 */
export class GiftCooldowns {
  /** Device ms until each gift may be sent again. */
  until = new Map<number, number>();
  /** The clock the countdown reads (moved by the tick). */
  nowMs: number;
  private stopTick: (() => void) | null = null;

  constructor(private clock: CooldownClock) {
    this.nowMs = clock.now();
    makeObservable(this, { until: observableShallow, nowMs: observable, start: action, tick: action, resume: action });
  }

  /** Seconds until this gift may be sent again (0: now). */
  left(giftId: number): number {
    return secondsLeft(this.until.get(giftId), this.nowMs);
  }

  start(giftId: number, seconds: number): void {
    if (!(seconds > 0)) return;
    this.nowMs = this.clock.now();
    this.until.set(giftId, this.nowMs + seconds * 1000);
    if (!this.stopTick) this.stopTick = this.clock.every(1000, () => this.tick());
  }

  tick(): void {
    this.nowMs = this.clock.now();
    for (const [id, until] of this.until) if (until <= this.nowMs) this.until.delete(id);
    if (!this.until.size) this.stop();
  }

  /** The bar shows: the clock is read again and ticks while a cooldown runs. */
  resume(): void {
    this.tick();
    if (this.until.size && !this.stopTick) this.stopTick = this.clock.every(1000, () => this.tick());
  }

  /** The bar goes: the countdown stops. */
  stop(): void {
    this.stopTick?.();
    this.stopTick = null;
  }
}
