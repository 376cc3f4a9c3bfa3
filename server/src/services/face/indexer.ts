/**
 * Background face indexing: the queue is the `face_jobs` table (migration 013).
 *
 * - Enqueued: photos of galleries whose config has `use_face: 1` — on upload
 *   (PhotoEvents.added), when an organiser turns use_face on, and at start and every
 *   SWEEP_MS for any photo without a job (the demo, galleries from before, other writers).
 * - Claimed one at a time with `FOR UPDATE SKIP LOCKED` and a lease (LEASE_MS): several
 *   processes share the queue without doing a job twice, and a job whose process died is
 *   claimed again once its lease runs out (at most MAX_ATTEMPTS times).
 * - Finished in one transaction that writes the faces, assigns them to persons and marks
 *   the job done, only while the lease is still this claimer's.
 * - Versioned: a job records the engine version (FACE_ENGINE_VERSION) it was done with. The
 *   sweep (at start and every SWEEP_MS) queues done and failed jobs of another version again;
 *   never-indexed photos are claimed before such re-indexing. A re-index writes the new
 *   version's faces beside the old ones (transition.ts: the gallery's searches stay on the old
 *   version until all its photos are re-indexed, then the old faces go): a new face on the spot
 *   of an old one (boxes overlapping) keeps the old face's person, so persons, follows and hides
 *   survive; the person's centroid restarts from its first face of the new version (centroids of
 *   two versions are not comparable), and clustering only joins persons of the current version.
 * - Erasures: a face found on the spot of a face a visitor erased (destroymyself, the
 *   `face_erasures` table, migration 020) is not stored, so indexing a photo again does not
 *   bring a deleted face profile's faces and matches back.
 * - Paced: JOBS_IN_FLIGHT jobs at a time per process (one decoding or writing while the other
 *   is in inference), a pause between a lane's jobs, and none while uploads are being
 *   registered or for QUIET_MS after the last one (UploadActivity), so a burst of live
 *   uploads keeps the CPU for upload-to-visible. Inference runs in the engine's workers.
 *
 * Clustering, per gallery, under an advisory lock of that gallery (services/face/clusters.ts):
 * a face joins the person it links to best (its best similarities to that person's faces)
 * when the link is at least the match threshold and that person is not already in this
 * photo, else it starts a new person; then the persons the photo's faces went to merge with
 * nearby persons they link to (never two persons seen in one photo), so a photo that links
 * two persons joins them. `refine` runs the same pass over every person of a gallery.
 */
import crypto from 'node:crypto';
import type { Db, Queryable } from '../../db';
import type { ObjectStore } from '../../storage';
import { originalKey } from '../../storage';
import type { VectorIndex } from './vectors';
import { addToCentroid, fromBytes, toBytes } from './embedding';
import { FaceSamples, GALLERY_LOCK, personFor, refineGallery, refinePersons } from './clusters';
import { clamp01, heirOf, sameSpot, type Box, type OldFace } from './spots';
import { finishReindex } from './transition';

/** The part of the face engine the indexer and the selfie check use (server/src/face/engine.ts). */
export interface FaceDetector {
  /** The engine's FACE_ENGINE_VERSION: embeddings of other versions are never compared with its own. */
  readonly version: number;
  detect(
    image: Buffer,
    opts: { mode: 'photo' | 'selfie' }
  ): Promise<Array<{ box: { x: number; y: number; w: number; h: number }; score: number; embedding: Float32Array; crop: Buffer }>>;
}

/** Whether uploads are being registered now (services/photos/prerender.ts). */
export interface UploadActivity {
  quietFor(ms: number): boolean;
}

export const LEASE_MS = 5 * 60_000;
export const MAX_ATTEMPTS = 3;
/** No indexing while an upload registers, nor this long after the last one ended. */
export const QUIET_MS = 1500;
/** Pause between two jobs of a lane (the event loop breathes). */
export const GAP_MS = 50;
/**
 * Jobs a process runs at once. A photo's stages keep both inference workers busy only part of
 * the time (the decode, the merge between stages, a stage with one chunk, the crops and the
 * database write leave them idle); with a second job in flight, its decode and stages fill
 * those gaps (engine.ts lets at most workers + 1 photos hold their pixels).
 */
export const JOBS_IN_FLIGHT = 2;
/** How often an idle worker looks for queued work (another process may have enqueued). */
export const IDLE_MS = 3000;
/** How often photos without a job are looked for. */
export const SWEEP_MS = 60_000;

const now = () => Date.now();
const USE_FACE = "COALESCE(g.config->>'use_face', '0') IN ('1', 'true')";

interface Claimed {
  photo_id: number;
  gallery_id: number;
  token: string;
  attempts: number;
  /** The version it was done with before, when it was (a re-index); else null. */
  was_version: number | null;
}

export class FaceIndexer {
  private stopped = true;
  /** Lanes sleeping (between jobs, or idle); poke() wakes them all. */
  private wakers = new Set<() => void>();
  private loop: Promise<void> | null = null;
  private lastSweep = 0;
  /** Jobs finished since the planner's statistics were refreshed. */
  private doneSinceStats = 0;
  /** Wall time (ms) summed over the jobs so far, by step (the index bench prints them). */
  readonly totals = { jobs: 0, claimMs: 0, readMs: 0, detectMs: 0, cropsMs: 0, commitMs: 0 };

  constructor(
    private db: Db,
    private store: ObjectStore,
    private vectors: () => Promise<VectorIndex>,
    private engine: () => Promise<FaceDetector>,
    private activity: UploadActivity,
    private threshold: number,
    private warn: (msg: string, err?: unknown) => void,
    /** A gallery's faces changed (its person lists load afresh). */
    private changed: (galleryId: number) => void = () => undefined
  ) {}

  // ---- Enqueueing ---------------------------------------------------------

  /** New photos (an upload): queued when their gallery has use_face on. */
  async enqueue(photoIds: number[]): Promise<number> {
    if (!photoIds.length) return 0;
    const { rowCount } = await this.db.query(
      `INSERT INTO face_jobs (photo_id, gallery_id, created_at)
       SELECT p.id, p.gallery_id, $2 FROM photos p JOIN galleries g ON g.id = p.gallery_id
       WHERE p.id = ANY($1::int[]) AND ${USE_FACE} ON CONFLICT (photo_id) DO NOTHING`,
      [photoIds, now()]
    );
    if (rowCount) this.poke();
    return rowCount;
  }

  /** Every photo of a use_face gallery (or of this one) that has no job yet. */
  async enqueueMissing(galleryId?: number): Promise<number> {
    const params: unknown[] = [now()];
    let only = '';
    if (galleryId !== undefined) {
      params.push(galleryId);
      only = 'AND p.gallery_id = $2';
    }
    const { rowCount } = await this.db.query(
      `INSERT INTO face_jobs (photo_id, gallery_id, created_at)
       SELECT p.id, p.gallery_id, $1 FROM photos p JOIN galleries g ON g.id = p.gallery_id
       WHERE ${USE_FACE} AND NOT p.hidden ${only} AND NOT EXISTS (SELECT 1 FROM face_jobs j WHERE j.photo_id = p.id)
       ON CONFLICT (photo_id) DO NOTHING`,
      params
    );
    if (rowCount) this.poke();
    return rowCount;
  }

  /** Done or failed jobs of another engine version, in use_face galleries: queued again (their faces are replaced when they run). */
  async requeueStale(): Promise<number> {
    const version = (await this.engine()).version;
    const { rowCount } = await this.db.query(
      `UPDATE face_jobs j SET state = 'queued', attempts = 0, lease_until = 0, error = ''
       FROM galleries g WHERE g.id = j.gallery_id AND ${USE_FACE} AND j.state <> 'queued' AND j.engine_version <> $1`,
      [version]
    );
    if (rowCount) this.poke();
    return rowCount;
  }

  /** use_face turned off: queued jobs of the gallery go (done ones stay, so turning it on again does not redo them). */
  async dropQueued(galleryId: number): Promise<void> {
    await this.db.query("DELETE FROM face_jobs WHERE gallery_id = $1 AND state = 'queued'", [galleryId]);
  }

  /**
   * Photos were hidden or deleted (PhotoEvents.changed): in-process indexes reload the
   * gallery; deleted photos' crops go (their face rows went with the photo).
   */
  async photosRemoved(galleryId: number, photoIds: number[], deleted: boolean): Promise<void> {
    await (await this.vectors()).removed(galleryId);
    if (!deleted) return;
    for (const id of photoIds) {
      for await (const o of this.store.list(`faces/g${galleryId}/p${id}/`)) await this.store.delete(o.key).catch(() => undefined);
    }
  }

  /** Jobs of a gallery by state (organiser tools, tests). */
  async counts(galleryId: number): Promise<Record<string, number>> {
    const { rows } = await this.db.query<{ state: string; n: number }>('SELECT state, count(*)::int AS n FROM face_jobs WHERE gallery_id = $1 GROUP BY state', [galleryId]);
    return Object.fromEntries(rows.map((r) => [r.state, r.n]));
  }

  // ---- The worker ---------------------------------------------------------

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
    const woken = [...this.wakers];
    this.wakers.clear();
    for (const w of woken) w();
  }

  private sleep(ms: number): Promise<void> {
    return new Promise((resolve) => {
      const wake = () => {
        clearTimeout(t);
        this.wakers.delete(wake);
        resolve();
      };
      const t = setTimeout(wake, ms);
      t.unref?.();
      this.wakers.add(wake);
    });
  }

  /** JOBS_IN_FLIGHT lanes, each claiming and running one job after another. */
  private async run(): Promise<void> {
    await Promise.all(Array.from({ length: JOBS_IN_FLIGHT }, (_, k) => this.lane(k)));
  }

  private async lane(k: number): Promise<void> {
    while (!this.stopped) {
      try {
        if (k === 0 && now() - this.lastSweep > SWEEP_MS) {
          this.lastSweep = now();
          await this.enqueueMissing();
          await this.requeueStale();
          if (this.doneSinceStats) await this.refreshStats();
        }
        if (!this.activity.quietFor(QUIET_MS)) {
          await this.sleep(QUIET_MS / 3);
          continue;
        }
        const did = await this.runOne();
        await this.sleep(did ? GAP_MS : IDLE_MS);
      } catch (err) {
        this.warn('face indexing: a job failed', err);
        await this.sleep(IDLE_MS);
      }
    }
  }

  /**
   * The planner's statistics of the face tables. PGlite has no autovacuum: without them
   * the planner takes a big gallery for a small one and scans it exactly instead of
   * through the HNSW index (measured: 1.6 s instead of milliseconds over 100,000 faces).
   */
  async refreshStats(): Promise<void> {
    this.doneSinceStats = 0;
    await this.db.query('ANALYZE faces');
    await this.db.query('ANALYZE persons');
  }

  /** A merge pass over every person of a gallery (clusters.ts refineGallery; not run by the worker). Answers the merges made. */
  async refine(galleryId: number): Promise<number> {
    const merges = await refineGallery(this.db, await this.vectors(), galleryId, (await this.engine()).version, this.threshold);
    if (merges) this.changed(galleryId);
    return merges;
  }

  /** Runs queued jobs until none is left, without pacing (tests, the bench). Answers how many ran. */
  async drain(): Promise<number> {
    let n = 0;
    while (await this.runOne()) n++;
    return n;
  }

  /** Claims and runs one job; false when none was ready. */
  async runOne(): Promise<boolean> {
    const t0 = performance.now();
    const job = await this.claim();
    if (!job) return false;
    this.totals.jobs++;
    this.totals.claimMs += performance.now() - t0;
    try {
      await this.index(job);
      this.doneSinceStats++;
    } catch (err) {
      const failed = job.attempts >= MAX_ATTEMPTS;
      // A failed job is tried again by the next engine version (not before).
      const version = failed ? (await this.engine()).version : 0;
      await this.db.query(
        `UPDATE face_jobs SET state = $3, lease_until = 0, error = $4${failed ? ', engine_version = $5' : ''} WHERE photo_id = $1 AND lease_token = $2`,
        [job.photo_id, job.token, failed ? 'failed' : 'queued', String((err as Error)?.message ?? err).slice(0, 500), ...(failed ? [version] : [])]
      );
      if (failed) this.warn(`face indexing: photo ${job.photo_id} failed ${job.attempts} times`, err);
      // A re-index given up on still counts towards the end of the gallery's transition.
      if (failed && job.was_version !== null && job.was_version !== version) await this.reindexed(job.gallery_id, version, await this.vectors());
    }
    return true;
  }

  private async claim(): Promise<Claimed | null> {
    const token = crypto.randomBytes(9).toString('base64url');
    const t = now();
    return this.db.tx(async (q) => {
      const { rows } = await q.query<{ photo_id: number }>(
        `SELECT j.photo_id FROM face_jobs j JOIN galleries g ON g.id = j.gallery_id
         WHERE j.state = 'queued' AND j.lease_until < $1 AND ${USE_FACE}
         ORDER BY (j.done_at IS NOT NULL), j.created_at, j.photo_id LIMIT 1 FOR UPDATE OF j SKIP LOCKED`,
        [t]
      );
      if (!rows.length) return null;
      const upd = await q.query<Claimed>(
        `UPDATE face_jobs SET lease_until = $2, lease_token = $3, attempts = attempts + 1 WHERE photo_id = $1
         RETURNING photo_id, gallery_id, lease_token AS token, attempts, CASE WHEN done_at IS NOT NULL THEN engine_version END AS was_version`,
        [rows[0].photo_id, t + LEASE_MS, token]
      );
      return upd.rows[0] ?? null;
    });
  }

  private async index(job: Claimed): Promise<void> {
    const { rows } = await this.db.query<{ hash: string; width: number; height: number }>('SELECT hash, width, height FROM photos WHERE id = $1', [job.photo_id]);
    const photo = rows[0];
    if (!photo) return; // deleted meanwhile: its job went with it
    let t = performance.now();
    const lap = (step: 'readMs' | 'detectMs' | 'cropsMs' | 'commitMs') => {
      const t1 = performance.now();
      this.totals[step] += t1 - t;
      t = t1;
    };
    const bytes = await this.store.get(originalKey(photo.hash));
    if (!bytes) throw new Error(`original of photo ${job.photo_id} is missing`);
    lap('readMs');
    const engine = await this.engine();
    const found = await engine.detect(bytes, { mode: 'photo' });
    lap('detectMs');
    const version = engine.version;
    const vectors = await this.vectors();
    // Crops first (a failed commit removes them again); keys carry the claim so a retry never clashes.
    const crops = found.map((_, i) => `faces/g${job.gallery_id}/p${job.photo_id}/${job.token}-${i}.jpg`);
    await Promise.all(found.map((f, i) => this.store.put(crops[i], f.crop)));
    lap('cropsMs');
    let replaced: string[] = [];
    let merges = 0;
    let stored = 0;
    const skipped: string[] = [];
    try {
      await this.db.tx(async (q) => {
        const mine = await q.query("SELECT 1 FROM face_jobs WHERE photo_id = $1 AND lease_token = $2 AND state = 'queued' FOR UPDATE", [job.photo_id, job.token]);
        if (!mine.rows.length) throw new Error('lease lost');
        await q.query('SELECT pg_advisory_xact_lock($1, $2)', [GALLERY_LOCK, job.gallery_id]);
        // Indexing again with the same version replaces the photo's faces of that version; those of another one stay
        // until the gallery's re-index is complete (transition.ts). Either way their persons pass to new faces on the same spot.
        const same = (await q.query<OldFace>('DELETE FROM faces WHERE photo_id = $1 AND engine_version = $2 RETURNING person_id, x, y, w, h, crop_key', [job.photo_id, version])).rows;
        const kept = (await q.query<OldFace>('SELECT person_id, x, y, w, h, crop_key FROM faces WHERE photo_id = $1 AND engine_version <> $2', [job.photo_id, version])).rows;
        const old = [...same, ...kept];
        replaced = same.map((o) => o.crop_key);
        const hides = new Set((await q.query<{ person_id: number }>('SELECT person_id FROM face_hides WHERE photo_id = $1', [job.photo_id])).rows.map((r) => r.person_id));
        // Spots whose face a visitor erased (destroymyself): a face found there again is not stored.
        const erased = (await q.query<Box>('SELECT x, y, w, h FROM face_erasures WHERE photo_id = $1', [job.photo_id])).rows;
        const used = new Set<number>();
        const samples = new FaceSamples(q, version);
        stored = 0;
        skipped.length = 0;
        for (const [i, f] of found.entries()) {
          const box = {
            x: clamp01(f.box.x / photo.width),
            y: clamp01(f.box.y / photo.height),
            w: clamp01(f.box.w / photo.width),
            h: clamp01(f.box.h / photo.height)
          };
          if (erased.some((e) => sameSpot(e, box))) {
            skipped.push(crops[i]);
            continue;
          }
          stored++;
          const heir = heirOf(old, box, used);
          // The search form of the embedding goes in with the row (vectors.faceColumns).
          const extra = Object.entries(vectors.faceColumns(f.embedding));
          const face = await q.query<{ id: number }>(
            `INSERT INTO faces (photo_id, gallery_id, x, y, w, h, score, embedding, crop_key, created_at, engine_version, hidden${extra.map(([c]) => `, ${c}`).join('')})
             VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12${extra.map(([, v], k) => `, $${13 + k}::${v.cast}`).join('')}) RETURNING id`,
            [job.photo_id, job.gallery_id, box.x, box.y, box.w, box.h, f.score, toBytes(f.embedding), crops[i], now(), version, heir !== null && hides.has(heir), ...extra.map(([, v]) => v.value)]
          );
          const faceId = face.rows[0].id;
          const personId =
            (heir !== null && (await this.join(q, vectors, heir, faceId, f.embedding, f.score, version))) ||
            (await this.assign(q, vectors, samples, job.gallery_id, faceId, f.embedding, f.score, used, version));
          samples.added(personId, f.embedding);
          used.add(personId);
        }
        // The photo may link persons that were apart: they merge (clusters.ts).
        merges = await refinePersons(q, vectors, samples, job.gallery_id, used, version, this.threshold);
        await q.query(`UPDATE face_jobs SET state = 'done', lease_until = 0, faces = $2, done_at = $3, error = '', engine_version = $4 WHERE photo_id = $1`, [
          job.photo_id,
          stored,
          now(),
          version
        ]);
      });
      lap('commitMs');
      // Deleted faces and merged persons leave in-process indexes.
      if (replaced.length || merges) await vectors.removed(job.gallery_id);
      await Promise.all(replaced.map((k) => this.store.delete(k).catch(() => undefined)));
      await Promise.all(skipped.map((k) => this.store.delete(k).catch(() => undefined)));
      if (stored || replaced.length || merges) this.changed(job.gallery_id);
      if (job.was_version !== null && job.was_version !== version) await this.reindexed(job.gallery_id, version, vectors);
    } catch (err) {
      await Promise.all(crops.map((k) => this.store.delete(k).catch(() => undefined)));
      // An in-process index may have read this transaction's persons: it reloads them.
      await vectors.removed(job.gallery_id).catch(() => undefined);
      throw err;
    }
  }

  /** After a re-index job: the end of the gallery's transition when it was the last one (transition.ts). */
  private async reindexed(galleryId: number, version: number, vectors: VectorIndex): Promise<void> {
    const gone = await finishReindex(this.db, galleryId, version);
    if (gone === null) return;
    await vectors.removed(galleryId);
    await Promise.all(gone.map((k) => this.store.delete(k).catch(() => undefined)));
    this.changed(galleryId);
  }

  /**
   * The face joins the person of this engine version it links to best at or above the
   * threshold (not one already in this photo; clusters.ts), or starts one.
   */
  private async assign(
    q: Queryable,
    vectors: VectorIndex,
    samples: FaceSamples,
    galleryId: number,
    faceId: number,
    e: Float32Array,
    score: number,
    used: Set<number>,
    version: number
  ): Promise<number> {
    const best = await personFor(q, vectors, samples, galleryId, e, used, version, this.threshold);
    if (best !== null && (await this.join(q, vectors, best, faceId, e, score, version))) return best;
    const created = await q.query<{ id: number }>(
      'INSERT INTO persons (gallery_id, centroid, face_count, cover_face_id, created_at, engine_version) VALUES ($1, $2, 1, $3, $4, $5) RETURNING id',
      [galleryId, toBytes(e), faceId, now(), version]
    );
    const personId = created.rows[0].id;
    await vectors.wrotePerson(q, personId, e);
    await q.query("UPDATE faces SET person_id = $2, seq = nextval('face_seq') WHERE id = $1", [faceId, personId]);
    return personId;
  }

  /**
   * The face joins this person: the centroid follows (restarting from this face when it was of
   * another engine version). Answers the person, or null when it no longer exists.
   */
  private async join(q: Queryable, vectors: VectorIndex, personId: number, faceId: number, e: Float32Array, score: number, version: number): Promise<number | null> {
    const { rows } = await q.query<{ centroid: Uint8Array; face_count: number; cover_score: number | null; engine_version: number }>(
      `SELECT p.centroid, p.face_count, p.engine_version, f.score AS cover_score FROM persons p LEFT JOIN faces f ON f.id = p.cover_face_id WHERE p.id = $1 FOR UPDATE OF p`,
      [personId]
    );
    if (!rows.length) return null;
    const fresh = rows[0].engine_version !== version;
    const centroid = fresh ? e : addToCentroid(fromBytes(rows[0].centroid), rows[0].face_count, e);
    const cover = fresh || rows[0].cover_score === null || score > rows[0].cover_score;
    await q.query(
      `UPDATE persons SET centroid = $2, face_count = $3, engine_version = $4, seq = nextval('face_seq')${cover ? ', cover_face_id = $5' : ''} WHERE id = $1`,
      [personId, toBytes(centroid), fresh ? 1 : rows[0].face_count + 1, version, ...(cover ? [faceId] : [])]
    );
    await vectors.wrotePerson(q, personId, centroid);
    await q.query("UPDATE faces SET person_id = $2, seq = nextval('face_seq') WHERE id = $1", [faceId, personId]);
    return personId;
  }
}
