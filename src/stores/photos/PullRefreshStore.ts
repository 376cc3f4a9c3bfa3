import { makeAutoObservable } from 'mobx';

/** Pull-to-refresh (spec part 1 §4, §9): drag capped at 100, loader 80 high, snap-back 500 ms. */
export const PULL_THRESHOLD = 100;
export const PULL_LOADER_HEIGHT = 80;
export const PULL_SNAP_MS = 500;

export type PullPhase = 'idle' | 'pulling' | 'refreshing' | 'snapping';

/**
 * The gesture's state machine, free of timers and events: the component feeds it
 * touch positions and runs the refresh and the 500 ms snap-back it asks for.
 *   idle --start(at top)--> (armed) --move down--> pulling (distance ≤ 100)
 *   pulling --release at 100--> refreshing (loader 80) --finish--> snapping --settle--> idle
 *   pulling --release below 100--> snapping --settle--> idle
 */
export class PullRefreshStore {
  phase: PullPhase = 'idle';
  /** How far the list is pulled down (px): the loader's height. */
  distance = 0;
  private startY: number | null = null;

  constructor() {
    makeAutoObservable<PullRefreshStore, 'startY'>(this, { startY: false });
  }

  /** A touch begins; only a list scrolled to its very top can be pulled. */
  start(y: number, atTop: boolean): void {
    if (this.phase === 'refreshing' || !atTop) {
      this.startY = null;
      return;
    }
    this.startY = y;
  }

  /** The finger moved; true when the pull takes the gesture (the page should not scroll). */
  move(y: number): boolean {
    if (this.startY === null) return false;
    const d = y - this.startY;
    if (d <= 0) {
      if (this.phase === 'pulling') {
        this.phase = 'idle';
        this.distance = 0;
      }
      return false;
    }
    this.phase = 'pulling';
    this.distance = Math.min(PULL_THRESHOLD, d);
    return true;
  }

  /** The finger lifted: refresh when pulled the whole way, otherwise snap back. */
  release(): 'refresh' | 'snapback' | 'none' {
    const armed = this.startY !== null;
    this.startY = null;
    if (!armed || this.phase !== 'pulling') return 'none';
    if (this.distance >= PULL_THRESHOLD) {
      this.phase = 'refreshing';
      this.distance = PULL_LOADER_HEIGHT;
      return 'refresh';
    }
    this.phase = 'snapping';
    this.distance = 0;
    return 'snapback';
  }

  /** The refresh finished: the loader snaps back. */
  finish(): void {
    if (this.phase !== 'refreshing') return;
    this.phase = 'snapping';
    this.distance = 0;
  }

  /** The snap-back animation (PULL_SNAP_MS) ended. */
  settle(): void {
    if (this.phase === 'snapping') this.phase = 'idle';
  }
}
