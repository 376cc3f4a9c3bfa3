import os from 'node:os';
import path from 'node:path';
import { Worker } from 'node:worker_threads';

/** A face found by a worker: box [x, y, w, h] in pixels of the image it was given. */
export interface WorkerFace {
  box: [number, number, number, number];
  score: number;
  embedding: Float32Array;
}

/** Where a photo's stages spent their workers' time (ms), for the benches. */
export interface WorkerTiming {
  /** Stage A: the detector on the whole image and its tiles. */
  a: number;
  tiles: number;
  candidates: number;
  /** Stage B: the face mesh per candidate (validation and alignment). */
  b: number;
  /** The embedding model on the faces that passed. */
  embed: number;
}

/** A message to a worker (worker.cjs: {op, ...}) and the buffers moved with it. */
export interface WorkerJob {
  msg: { op: string } & Record<string, unknown>;
  transfer?: ArrayBuffer[];
}

/** A worker's answer: the op's fields, or an error. */
export type WorkerAnswer = Record<string, unknown> & { error?: 'no-face' | 'many-faces' | 'failed'; message?: string };

interface Pending {
  id: number;
  job: WorkerJob;
  resolve: (a: WorkerAnswer) => void;
  reject: (e: Error) => void;
}

interface Slot {
  worker: Worker;
  ready: Promise<void>;
  busy: Pending | null;
}

const WORKER_FILE = path.join(__dirname, 'worker.cjs');

/** How many inference workers: FACE_WORKERS, else one per core up to 2. */
export function workerCount(): number {
  const n = Number(process.env.FACE_WORKERS);
  if (Number.isInteger(n) && n >= 1 && n <= 8) return n;
  return Math.max(1, Math.min(2, os.availableParallelism()));
}

/**
 * A small pool of inference workers. Workers start on the first job (each loads the models
 * once), take one job at a time from one queue (first in, first out), and are unref'd while
 * idle, so an idle pool never keeps the process alive; close() terminates them.
 */
export class WorkerPool {
  private slots: Slot[] = [];
  private queue: Pending[] = [];
  private nextId = 1;
  private closed = false;

  constructor(readonly size: number) {}

  run(job: WorkerJob): Promise<WorkerAnswer> {
    if (this.closed) return Promise.reject(new Error('face engine is closed'));
    return new Promise((resolve, reject) => {
      this.queue.push({ id: this.nextId++, job, resolve, reject });
      this.pump();
    });
  }

  async close(): Promise<void> {
    this.closed = true;
    const err = new Error('face engine is closed');
    for (const p of this.queue.splice(0)) p.reject(err);
    const slots = this.slots.splice(0);
    for (const s of slots) s.busy?.reject(err);
    await Promise.all(slots.map((s) => s.worker.terminate()));
  }

  /** Resolves when every worker has loaded its models (starting them if needed). */
  async warm(): Promise<void> {
    while (this.slots.length < this.size) this.spawn();
    await Promise.all(this.slots.map((s) => s.ready));
  }

  private spawn(): Slot {
    const worker = new Worker(WORKER_FILE);
    let markReady: () => void = () => undefined;
    let markFailed: (e: Error) => void = () => undefined;
    const slot: Slot = {
      worker,
      busy: null,
      ready: new Promise<void>((res, rej) => {
        markReady = res;
        markFailed = rej;
      })
    };
    // A failed start is reported to whoever waits for the job, not as an unhandled rejection.
    slot.ready.catch(() => undefined);
    worker.unref();
    worker.on('message', (msg: { ready?: boolean; message?: string; id?: number } & Record<string, unknown>) => {
      if (msg.ready !== undefined) {
        if (msg.ready) markReady();
        else {
          const e = new Error(`face worker failed to start: ${msg.message}`);
          markFailed(e);
          this.drop(slot, e);
        }
        return;
      }
      const p = slot.busy;
      if (!p || p.id !== msg.id) return;
      slot.busy = null;
      worker.unref();
      p.resolve(msg as unknown as WorkerAnswer);
      this.pump();
    });
    const onDeath = (e: Error) => {
      markFailed(e);
      this.drop(slot, e);
    };
    worker.on('error', onDeath);
    worker.on('exit', (code) => onDeath(new Error(`face worker exited (code ${code})`)));
    this.slots.push(slot);
    return slot;
  }

  /** A dead worker: its job fails, the slot goes (the next job starts a new worker). */
  private drop(slot: Slot, e: Error): void {
    const i = this.slots.indexOf(slot);
    if (i >= 0) this.slots.splice(i, 1);
    const p = slot.busy;
    slot.busy = null;
    p?.reject(e);
    if (!this.closed) this.pump();
  }

  private pump(): void {
    while (this.queue.length) {
      let slot = this.slots.find((s) => !s.busy);
      if (!slot) {
        if (this.slots.length >= this.size) return;
        slot = this.spawn();
      }
      const p = this.queue.shift() as Pending;
      slot.busy = p;
      slot.worker.ref();
      slot.worker.postMessage({ ...p.job.msg, id: p.id }, p.job.transfer ?? []);
    }
  }
}
