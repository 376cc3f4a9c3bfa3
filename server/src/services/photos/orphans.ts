import fsp from 'node:fs/promises';
import path from 'node:path';
import type { ObjectStore } from '../../storage';
import type { ImagePipeline } from '../../images';
import { UPLOAD_PREFIX } from './ingest';

/** How often `.part` files and uploads that were never registered are looked for. */
export const ORPHAN_SWEEP_MS = 60 * 60 * 1000;
/**
 * A `.part` file nobody wrote to for this long is a leftover. An upload in progress
 * writes as its bytes arrive, and a body that stalls longer is cut by the request
 * deadline long before; the grace keeps a live upload of another process safe when
 * several processes share one DATA_DIR (README, "Several server processes").
 */
export const PART_IDLE_MS = 10 * 60 * 1000;

export interface OrphanSettings {
  /** Where incoming uploads are written while their request runs (`*.part`). */
  tmpDir: string;
  /** Uploads older than this many seconds that no registration consumed are removed. */
  uploadMaxAgeS: number;
}

/**
 * What a crash or an abandoned upload leaves behind, removed:
 * - `DATA_DIR/tmp/*.part`: an upload is written there only while its request runs
 *   (storage/receive.ts removes it on every outcome), so one that nobody writes to
 *   any more (PART_IDLE_MS) is a crash's leftover: at start, and every sweep.
 * - objects under `uploads/` older than `uploadMaxAgeS`: registering an upload
 *   consumes it (services/photos/ingest.ts), so what stays was never registered.
 *   Every process may run this; deleting twice is harmless.
 * - at start, renders on disk whose hash no visible photo holds (ImagePipeline.sweepCache):
 *   photos hidden or deleted by another process, or while a purge did not finish.
 * Started by buildApp and stopped in onClose, like PayService.startSweeping.
 */
export class OrphanSweeper {
  private running: Promise<unknown> = Promise.resolve();

  constructor(
    private store: ObjectStore,
    private pipeline: ImagePipeline,
    private settings: OrphanSettings
  ) {}

  /** Removes the `*.part` files of the upload folder not written to for PART_IDLE_MS before `nowMs`; answers how many. */
  async sweepParts(nowMs = Date.now()): Promise<number> {
    const names = await fsp.readdir(this.settings.tmpDir).catch(() => [] as string[]);
    let removed = 0;
    for (const name of names.filter((n) => n.endsWith('.part'))) {
      const file = path.join(this.settings.tmpDir, name);
      const st = await fsp.stat(file).catch(() => null);
      if (!st || st.mtimeMs > nowMs - PART_IDLE_MS) continue;
      await fsp.rm(file, { force: true });
      removed++;
    }
    return removed;
  }

  /** Removes uploads written more than `uploadMaxAgeS` before `nowMs`; answers how many. */
  async sweepUploads(nowMs = Date.now()): Promise<number> {
    const cutoff = nowMs - this.settings.uploadMaxAgeS * 1000;
    const old: string[] = [];
    for await (const o of this.store.list(UPLOAD_PREFIX)) if (o.modifiedMs <= cutoff) old.push(o.key);
    for (const key of old) await this.store.delete(key);
    return old.length;
  }

  /**
   * The render cache and the uploads now, in the background (requests are served
   * meanwhile: the image plan, not the cache, decides what goes out), then `.part`
   * files and uploads every `intervalMs`. The caller sweeps `.part` files once before
   * (sweepParts). Answers the function that stops the timer.
   */
  start(intervalMs: number, warn: (msg: string, err?: unknown) => void): () => void {
    const run = (job: () => Promise<unknown>) => {
      this.running = this.running.then(job).catch((err) => warn('sweeping orphaned files failed', err));
    };
    run(async () => {
      await this.pipeline.sweepCache();
      await this.sweepUploads();
    });
    const timer = setInterval(
      () =>
        run(async () => {
          await this.sweepParts();
          await this.sweepUploads();
        }),
      intervalMs
    );
    timer.unref();
    return () => clearInterval(timer);
  }

  /** Resolves once the sweeps started so far have finished (tests, shutdown). */
  async idle(): Promise<void> {
    await this.running;
  }
}
