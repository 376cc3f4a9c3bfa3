import { makeAutoObservable } from 'mobx';
import {
  IMAGE_VIEW,
  STATS_BATCH_MAX,
  STATS_FLUSH_MS,
  type StatBatch,
  type StatEvent
} from '../../../types/api/stats';
import { beaconStats, postStats } from '../../api/stats';
import { ApiError } from '../../api/client';
import { onLeave } from '../../platform/beacon';
import { uuid4 } from '../../utils/uuid';

export interface StatsTransport {
  /** Send while the page lives; rejects on failure. */
  send(batch: StatBatch): Promise<unknown>;
  /** Send as the page goes away; no answer is read. */
  beacon(batch: StatBatch): boolean;
}

const DEFAULT_TRANSPORT: StatsTransport = { send: postStats, beacon: beaconStats };

/**
 * Stat events (spec part 1 §3, §7): queued, sent as one batch every 5 s and when
 * the visitor leaves. Each batch carries its own UUID; a batch that failed on the
 * network is sent again with the same id, so the server counts it at most once.
 * A batch the server rejects (4xx) is dropped.
 */
export class StatsStore {
  queue: StatEvent[] = [];
  /** A batch being sent or waiting to be sent again (same id). */
  pending: StatBatch | null = null;
  sending = false;
  private timer: ReturnType<typeof setInterval> | null = null;
  private stopLeave: (() => void) | null = null;

  constructor(
    private transport: StatsTransport = DEFAULT_TRANSPORT,
    private newId: () => string = uuid4
  ) {
    makeAutoObservable<StatsStore, 'timer' | 'stopLeave' | 'transport' | 'newId'>(this, { timer: false, stopLeave: false, transport: false, newId: false });
  }

  /** Queue an event; the first one starts the 5 s flush timer and the leave listener. */
  track(e: StatEvent): void {
    this.queue.push({ type: e.type, linkid: e.linkid, value: e.value, ...(e.extra !== undefined ? { extra: String(e.extra) } : {}) });
    this.start();
  }

  /** A gallery page was opened. */
  pageView(linkid: string): void {
    this.track({ type: 'page', linkid, value: 'gallery' });
  }

  /** The viewer showed a photo of a gallery. */
  imageView(linkid: string, photoId: number): void {
    this.track({ type: 'event', linkid, value: IMAGE_VIEW, extra: String(photoId) });
  }

  start(): void {
    if (this.timer) return;
    this.timer = setInterval(() => void this.flush(), STATS_FLUSH_MS);
    this.stopLeave = onLeave(() => this.flushOnLeave());
  }

  stop(): void {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    this.stopLeave?.();
    this.stopLeave = null;
  }

  private nextBatch(): StatBatch | null {
    if (this.pending) return this.pending;
    if (!this.queue.length) return null;
    const events = this.queue.splice(0, STATS_BATCH_MAX);
    this.pending = { batch_id: this.newId(), events };
    return this.pending;
  }

  /** Send what is queued, one batch of at most 100 at a time. */
  async flush(): Promise<void> {
    if (this.sending) return;
    for (let batch = this.nextBatch(); batch; batch = this.nextBatch()) {
      this.sending = true;
      try {
        await this.transport.send(batch);
        this.done(batch);
      } catch (e) {
        // The server said no: sending it again would not help.
        if (e instanceof ApiError && e.status >= 400 && e.status < 500 && e.status !== 401 && e.status !== 429) this.done(batch);
        this.finish();
        return;
      }
      this.finish();
    }
  }

  /** Leaving: everything goes out as beacons, the pending batch again with its id (the server ignores a repeat). */
  flushOnLeave(): void {
    const batches: StatBatch[] = [];
    if (this.pending) batches.push(this.pending);
    while (this.queue.length) batches.push({ batch_id: this.newId(), events: this.queue.splice(0, STATS_BATCH_MAX) });
    for (const b of batches) this.transport.beacon(b);
    this.pending = null;
  }

  private done(batch: StatBatch): void {
    if (this.pending === batch) this.pending = null;
  }

  private finish(): void {
    this.sending = false;
  }
}
