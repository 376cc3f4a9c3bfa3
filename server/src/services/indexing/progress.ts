/**
 * How far a gallery's background indexing has got (types/api/indexing.ts): faces (face_jobs at
 * the face engine's current version, services/face/indexer.ts) and bibs (ocr_jobs,
 * services/ocr/indexer.ts), each as photos done of the gallery's visible photos, read in one
 * query. The organiser's read adds failures, the recent rate and the time left; the visitors'
 * read is counts only, from a short per-process cache (a dialog polls it while it is open).
 *
 * Nothing here is written by the indexers: the counts are the queues' own rows, so every process
 * (and a process that indexes nothing) answers the same.
 */
import type { Db } from '../../db';
import { notFound } from '../../errors';
import type { Viewer } from '../../viewer';
import type { OrganizerAccess } from '../session/organizer';
import type { GalleryService } from '../gallery/gallery';
import type { GateAccess } from '../gates/gateAccess';
import { OCR_GALLERIES } from '../ocr/indexer';
import { GenerationCache } from '../shared/cache';
import type { IndexKindProgress, OrganizerIndexing, VisitorIndexing } from '../../../../types/api/indexing';

/** The window the rate (and so the time left) is measured over. */
export const RATE_WINDOW_MS = 5 * 60_000;
/** A rate measured over less than this is too young to give a time. */
const MIN_SPAN_MS = 5_000;
/** How long a visitors' answer is reused by this process. */
export const VISITOR_CACHE_MS = 2_000;

interface Row {
  gallery: boolean;
  use_face: boolean;
  ocr: boolean;
  total: number;
  face_done: number;
  face_failed: number;
  face_recent: number;
  face_since: number | null;
  ocr_done: number;
  ocr_failed: number;
  ocr_recent: number;
  ocr_since: number | null;
}

/** A gallery's progress as read (both kinds, whether used or not). */
export interface ProgressRead {
  galleryId: number;
  faceVersion: number;
  faces: IndexKindProgress | null;
  bibs: IndexKindProgress | null;
  complete: boolean;
}

const USE_FACE = "COALESCE(g.config->>'use_face', '0') IN ('1', 'true')";

/** One query: the gallery's visible photos with their two jobs. */
const PROGRESS_SQL = `SELECT
  EXISTS (SELECT 1 FROM galleries g WHERE g.id = $1) AS gallery,
  COALESCE((SELECT ${USE_FACE} FROM galleries g WHERE g.id = $1), false) AS use_face,
  ($1 IN ${OCR_GALLERIES}) AS ocr,
  count(p.id)::int AS total,
  count(fj.photo_id) FILTER (WHERE fj.state <> 'queued' AND fj.engine_version = $2)::int AS face_done,
  count(fj.photo_id) FILTER (WHERE fj.state = 'failed' AND fj.engine_version = $2)::int AS face_failed,
  count(fj.photo_id) FILTER (WHERE fj.state = 'done' AND fj.engine_version = $2 AND fj.done_at > $3)::int AS face_recent,
  min(fj.done_at) FILTER (WHERE fj.state = 'done' AND fj.engine_version = $2 AND fj.done_at > $3)::float8 AS face_since,
  count(oj.photo_id) FILTER (WHERE oj.state <> 'queued')::int AS ocr_done,
  count(oj.photo_id) FILTER (WHERE oj.state = 'failed')::int AS ocr_failed,
  count(oj.photo_id) FILTER (WHERE oj.state = 'done' AND oj.done_at > $3)::int AS ocr_recent,
  min(oj.done_at) FILTER (WHERE oj.state = 'done' AND oj.done_at > $3)::float8 AS ocr_since
FROM photos p
LEFT JOIN face_jobs fj ON fj.photo_id = p.id
LEFT JOIN ocr_jobs oj ON oj.photo_id = p.id
WHERE p.gallery_id = $1 AND NOT p.hidden`;

/** One kind's numbers, with the rate over the recent window and the time left at that rate. */
export function kindProgress(done: number, total: number, failed: number, recent: number, since: number | null, at: number): IndexKindProgress {
  const complete = done >= total;
  const span = since === null ? 0 : at - since;
  // The photos finished in the window, over the time from the first of them to now.
  const perMs = recent > 0 && span >= MIN_SPAN_MS ? recent / span : null;
  const left = Math.max(0, total - done);
  return {
    done: Math.min(done, total),
    total,
    failed,
    complete,
    per_minute: perMs === null ? null : Math.round(perMs * 60_000 * 10) / 10,
    eta_s: complete || perMs === null ? null : Math.ceil(left / perMs / 1000)
  };
}

export class IndexingProgress {
  private cache = new GenerationCache<VisitorIndexing>(VISITOR_CACHE_MS, 1000);

  constructor(
    private db: Db,
    private access: OrganizerAccess,
    private galleries: GalleryService,
    private gates: GateAccess,
    /** The face engine version indexing works towards (photos of another one are not done). */
    private faceVersion: () => Promise<number>,
    private clock: () => number = Date.now
  ) {}

  /** The numbers of a gallery (null when there is no such gallery). */
  async read(galleryId: number): Promise<ProgressRead | null> {
    const at = this.clock();
    const version = await this.faceVersion();
    const { rows } = await this.db.query<Row>(PROGRESS_SQL, [galleryId, version, at - RATE_WINDOW_MS]);
    const r = rows[0];
    if (!r?.gallery) return null;
    const faces = r.use_face ? kindProgress(r.face_done, r.total, r.face_failed, r.face_recent, r.face_since, at) : null;
    const bibs = r.ocr ? kindProgress(r.ocr_done, r.total, r.ocr_failed, r.ocr_recent, r.ocr_since, at) : null;
    return { galleryId, faceVersion: version, faces, bibs, complete: (faces?.complete ?? true) && (bibs?.complete ?? true) };
  }

  /** The organiser's read: every number. */
  async forOrganizer(v: Viewer, galleryId: number): Promise<OrganizerIndexing> {
    this.access.assert(v);
    const p = await this.read(galleryId);
    if (!p) throw notFound('Gallery not found');
    return { gallery_id: galleryId, faces: p.faces, bibs: p.bibs, complete: p.complete, face_engine_version: p.faceVersion };
  }

  /** The visitors' read: counts only, the gallery's passes needed, reused for VISITOR_CACHE_MS. */
  async forVisitor(v: Viewer, galleryId: number): Promise<VisitorIndexing> {
    await this.galleries.cachedById(galleryId);
    await this.gates.assertPass(v, galleryId);
    return this.cache.through(galleryId, 'counts', async () => {
      const p = await this.read(galleryId);
      if (!p) throw notFound('Gallery not found');
      const counts = (k: IndexKindProgress | null) => (k ? { done: k.done, total: k.total } : null);
      return { faces: counts(p.faces), bibs: counts(p.bibs), complete: p.complete };
    });
  }
}
