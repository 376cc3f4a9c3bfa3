import { makeAutoObservable } from 'mobx';
import { readStored, writeStored } from '../../platform/storage';

/** A splash shows again on the same device only after this long (as automatic image modals: spec part 2 §9). */
export const GUIDE_INTERVAL_MS = 86_400_000;

/** Device-storage key of a splash's next-allowed time: per page (its link id) and component. */
export const guideStorageKey = (pageLinkId: string, componentId: string) => `guide_${pageLinkId}_${componentId}`;

export interface GuideDeps {
  now: () => number;
  read: <T>(key: string, fallback: T) => T;
  write: (key: string, value: unknown) => void;
  setInterval: (fn: () => void, ms: number) => unknown;
  clearInterval: (handle: unknown) => void;
}

/**
 * The leading (splash) page of one `guide` component: whether it shows, the seconds left on its
 * skip countdown, and closing (by itself when the countdown ends with autoPlay, by Skip, or by
 * following its link). Once shown it stays away from this device for 24 h, so a visitor coming
 * back to the page within a day is not held up again.
 */
export class GuideStore {
  open = false;
  secondsLeft = 0;
  private timer: unknown = null;
  private deps: GuideDeps;

  constructor(
    private key: string,
    private seconds: number,
    private autoPlay: boolean,
    deps: Partial<GuideDeps> = {}
  ) {
    this.deps = {
      now: Date.now,
      read: readStored,
      write: writeStored,
      setInterval: (fn, ms) => setInterval(fn, ms),
      clearInterval: (h) => clearInterval(h as ReturnType<typeof setInterval>),
      ...deps
    };
    makeAutoObservable<GuideStore, 'timer' | 'deps' | 'key' | 'seconds' | 'autoPlay'>(this, { timer: false, deps: false, key: false, seconds: false, autoPlay: false });
  }

  /** Show the splash unless it showed on this device within the last 24 h; the countdown starts. */
  start(): void {
    if (this.open) return;
    const next = Number(this.deps.read<unknown>(this.key, 0)) || 0;
    const now = this.deps.now();
    if (now < next) return;
    this.deps.write(this.key, now + GUIDE_INTERVAL_MS);
    this.open = true;
    this.secondsLeft = this.seconds;
    this.timer = this.deps.setInterval(() => this.tick(), 1000);
  }

  tick(): void {
    if (!this.open) return;
    this.secondsLeft = Math.max(0, this.secondsLeft - 1);
    if (this.secondsLeft === 0) {
      this.stopTimer();
      if (this.autoPlay) this.close();
    }
  }

  /** Skip, the end of the countdown, or a followed link. */
  close(): void {
    this.open = false;
    this.stopTimer();
  }

  dispose(): void {
    this.stopTimer();
  }

  private stopTimer(): void {
    if (this.timer !== null) this.deps.clearInterval(this.timer);
    this.timer = null;
  }
}
