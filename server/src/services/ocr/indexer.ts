/**
 * Background OCR of photos (issue 14, formocr): the queue is the `ocr_jobs` table (migration 015),
 * built as the face indexer (services/face/indexer.ts) is:
 *
 * - Enqueued: photos of galleries a formocr component searches (OCR_GALLERIES) — on upload
 *   (PhotoEvents.added, after the photo is visible) and at start and every SWEEP_MS for any
 *   photo without a job (the demo, galleries from before, a page that gained a formocr component).
 * - Claimed one at a time with `FOR UPDATE SKIP LOCKED` and a lease, so processes share the
 *   queue; a dead process's job is claimed again once its lease runs out (MAX_ATTEMPTS times).
 * - Finished in one transaction that writes the words and marks the job done, only while the
 *   lease is still this claimer's.
 * - Paced: one job at a time, a pause between jobs, none while uploads register or for QUIET_MS
 *   after the last one (UploadActivity), so live uploads keep the CPU for upload-to-visible.
 *   Recognition runs in the OCR engine's worker thread (server/src/ocr/engine.ts).
 */
import crypto from 'node:crypto';
import type { Db } from '../../db';
import type { ObjectStore } from '../../storage';
import { originalKey } from '../../storage';
import type { OcrEngine } from '../../ocr/engine';
import type { UploadActivity } from '../face/indexer';
import { wordsOf } from './words';

export const LEASE_MS = 5 * 60_000;
export const MAX_ATTEMPTS = 3;
export const QUIET_MS = 1500;
export const GAP_MS = 50;
export const IDLE_MS = 3000;
export const SWEEP_MS = 60_000;

const now = () => Date.now();

/**
 * Galleries whose photos are read: those a formocr component on some page searches (its
 * `gallery_id` prop, or the page's own gallery when 0 or absent). The spec ties text search to
 * that component, so placing it is what turns OCR on; no other switch to forget.
 */
export const OCR_GALLERIES = `(
  SELECT CASE WHEN c->'props'->>'gallery_id' ~ '^[1-9][0-9]{0,8}$' THEN (c->'props'->>'gallery_id')::int ELSE src.id END
  FROM galleries src CROSS JOIN LATERAL jsonb_array_elements(
    CASE WHEN jsonb_typeof(src.pagedata->'components') = 'array' THEN src.pagedata->'components' ELSE '[]'::jsonb END) c
  WHERE c->>'type' = 'formocr')`;

interface Claimed {
  photo_id: number;
  gallery_id: number;
  token: string;
  attempts: number;
}

export class OcrIndexer {
  private stopped = true;
  private wake: (() => void) | null = null;
  private loop: Promise<void> | null = null;
  private lastSweep = 0;

  constructor(
    private db: Db,
    private store: ObjectStore,
    private engine: () => Promise<OcrEngine>,
    private activity: UploadActivity,
    private warn: (msg: string, err?: unknown) => void
  ) {}

  /** New photos (an upload): queued when a formocr component searches their gallery. */
  async enqueue(photoIds: number[]): Promise<number> {
    if (!photoIds.length) return 0;
    const { rowCount } = await this.db.query(
      `INSERT INTO ocr_jobs (photo_id, gallery_id, created_at)
       SELECT p.id, p.gallery_id, $2 FROM photos p WHERE p.id = ANY($1::int[]) AND p.gallery_id IN ${OCR_GALLERIES}
       ON CONFLICT (photo_id) DO NOTHING`,
      [photoIds, now()]
    );
    if (rowCount) this.poke();
    return rowCount;
  }

  /** Every visible photo of a searched gallery without a job yet. */
  async enqueueMissing(): Promise<number> {
    const { rowCount } = await this.db.query(
      `INSERT INTO ocr_jobs (photo_id, gallery_id, created_at)
       SELECT p.id, p.gallery_id, $1 FROM photos p
       WHERE p.gallery_id IN ${OCR_GALLERIES} AND NOT p.hidden AND NOT EXISTS (SELECT 1 FROM ocr_jobs j WHERE j.photo_id = p.id)
       ON CONFLICT (photo_id) DO NOTHING`,
      [now()]
    );
    if (rowCount) this.poke();
    return rowCount;
  }

  /** Jobs of a gallery by state (organiser tools, tests, the bench). */
  async counts(galleryId: number): Promise<Record<string, number>> {
    const { rows } = await this.db.query<{ state: string; n: number }>('SELECT state, count(*)::int AS n FROM ocr_jobs WHERE gallery_id = $1 GROUP BY state', [galleryId]);
    return Object.fromEntries(rows.map((r) => [r.state, r.n]));
  }

  /** Starts the paced loop; answers the stop (which waits for the job in hand). */
  start(): () => Promise<void> {
    if (!this.stopped) return async () => undefined;
    this.stopped = false;
    this.loop = this.run();
    return async () => {
      this.stopped = true;
      this.poke();
      await this.loop;
    };
  }

  private poke(): void {
    const w = this.wake;
    this.wake = null;
    w?.();
  }

  private sleep(ms: number): Promise<void> {
    return new Promise((resolve) => {
      const t = setTimeout(() => {
        this.wake = null;
        resolve();
      }, ms);
      t.unref?.();
      this.wake = () => {
        clearTimeout(t);
        resolve();
      };
    });
  }

  private async run(): Promise<void> {
    while (!this.stopped) {
      try {
        if (now() - this.lastSweep > SWEEP_MS) {
          this.lastSweep = now();
          await this.enqueueMissing();
        }
        if (!this.activity.quietFor(QUIET_MS)) {
          await this.sleep(QUIET_MS / 3);
          continue;
        }
        const did = await this.runOne();
        await this.sleep(did ? GAP_MS : IDLE_MS);
      } catch (err) {
        this.warn('OCR indexing: a job failed', err);
        await this.sleep(IDLE_MS);
      }
    }
  }

  /** Runs queued jobs until none is left, without pacing (tests, the bench). Answers how many ran. */
  async drain(): Promise<number> {
    let n = 0;
    while (await this.runOne()) n++;
    return n;
  }

  /** Claims and runs one job; false when none was ready. */
  async runOne(): Promise<boolean> {
    const job = await this.claim();
    if (!job) return false;
    try {
      await this.index(job);
    } catch (err) {
      const failed = job.attempts >= MAX_ATTEMPTS;
      await this.db.query(
        'UPDATE ocr_jobs SET state = $3, lease_until = 0, error = $4 WHERE photo_id = $1 AND lease_token = $2',
        [job.photo_id, job.token, failed ? 'failed' : 'queued', String((err as Error)?.message ?? err).slice(0, 500)]
      );
      if (failed) this.warn(`OCR indexing: photo ${job.photo_id} failed ${job.attempts} times`, err);
    }
    return true;
  }

  private async claim(): Promise<Claimed | null> {
    const token = crypto.randomBytes(9).toString('base64url');
    const t = now();
    return this.db.tx(async (q) => {
      const { rows } = await q.query<{ photo_id: number }>(
        `SELECT j.photo_id FROM ocr_jobs j WHERE j.state = 'queued' AND j.lease_until < $1 AND j.gallery_id IN ${OCR_GALLERIES}
         ORDER BY j.created_at, j.photo_id LIMIT 1 FOR UPDATE OF j SKIP LOCKED`,
        [t]
      );
      if (!rows.length) return null;
      const upd = await q.query<Claimed>(
        `UPDATE ocr_jobs SET lease_until = $2, lease_token = $3, attempts = attempts + 1 WHERE photo_id = $1
         RETURNING photo_id, gallery_id, lease_token AS token, attempts`,
        [rows[0].photo_id, t + LEASE_MS, token]
      );
      return upd.rows[0] ?? null;
    });
  }

  private async index(job: Claimed): Promise<void> {
    const { rows } = await this.db.query<{ hash: string }>('SELECT hash FROM photos WHERE id = $1', [job.photo_id]);
    if (!rows[0]) return; // deleted meanwhile: its job went with it
    const bytes = await this.store.get(originalKey(rows[0].hash));
    if (!bytes) throw new Error(`original of photo ${job.photo_id} is missing`);
    const read = await (await this.engine()).read(bytes);
    const text = `${read.text}\n${read.digits}`;
    const words = wordsOf(text);
    await this.db.tx(async (q) => {
      const mine = await q.query("SELECT 1 FROM ocr_jobs WHERE photo_id = $1 AND lease_token = $2 AND state = 'queued' FOR UPDATE", [job.photo_id, job.token]);
      if (!mine.rows.length) throw new Error('lease lost');
      await q.query('DELETE FROM ocr_words WHERE photo_id = $1', [job.photo_id]);
      if (words.length) {
        await q.query(
          'INSERT INTO ocr_words (photo_id, gallery_id, word) SELECT $1, $2, unnest($3::text[]) ON CONFLICT DO NOTHING',
          [job.photo_id, job.gallery_id, words]
        );
      }
      await q.query(
        "UPDATE ocr_jobs SET state = 'done', lease_until = 0, text = $2, done_at = $3, error = '' WHERE photo_id = $1",
        [job.photo_id, text.replace(/\u0000/g, '').trim().slice(0, 4000), now()]
      );
    });
  }
}
