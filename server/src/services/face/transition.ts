/**
 * A face engine version change, gallery by gallery (issue 27): the sweep queues every photo
 * indexed by another version again (indexer.ts requeueStale), and until all of a gallery's photos
 * are re-indexed its searches keep working on the old version.
 *
 * - While re-indexing, a photo's faces of the old version stay: the new version's faces are written
 *   beside them (a new face on an old one's spot takes its person, spots.ts heirOf), so the old
 *   version still covers every photo it covered.
 * - A gallery is in transition while one of its jobs was done by another version and is not yet
 *   done by the current one (`engine_version <> current AND done_at IS NOT NULL`). Then a selfie
 *   is matched first at the newest such version whose engine this build still runs (engines.ts),
 *   embedded by that engine against that version's faces, and, when that finds nobody, by the
 *   current engine against the faces re-indexed or added since. Persons are shared across the two
 *   (heirs), so either answer is the same person's album.
 * - When the last such job is done, the old versions' faces of the gallery go, with their crops,
 *   and so do old persons left without a face (finishReindex, after each re-index job).
 * - A gallery without such jobs searches the current version only; so does one whose old engine
 *   is no longer registered (its searches find what the current version indexed so far).
 */
import type { Db } from '../../db';
import type { FaceEngines } from './engines';
import { GenerationCache } from '../shared/cache';
// The advisory lock of a gallery's faces: clustering and the indexer take it too; the end of a re-index here.
import { GALLERY_LOCK } from './clusters';

/** How long a process reuses a gallery's search versions (one small query per gallery per window). */
export const VERSION_CACHE_MS = 3000;

/** Jobs of the gallery done by another version and not yet by `$2`, the current one. */
const PENDING_SQL = 'gallery_id = $1 AND engine_version <> $2 AND done_at IS NOT NULL';

export class FaceVersions {
  private cache = new GenerationCache<number[]>(VERSION_CACHE_MS, 1000);

  constructor(
    private db: Db,
    private engines: FaceEngines
  ) {}

  /**
   * The versions a selfie is matched at in this gallery, in order: during a re-index the old
   * version (when its engine still runs) and then the current one; otherwise the current one.
   */
  searchVersions(galleryId: number): Promise<number[]> {
    return this.cache.through(galleryId, 'versions', () => this.read(galleryId));
  }

  /** A gallery's re-index ended in this process: its next search reads afresh. */
  forget(galleryId: number): void {
    this.cache.invalidate(galleryId);
  }

  private async read(galleryId: number): Promise<number[]> {
    const current = (await this.engines.current()).version;
    const { rows } = await this.db.query<{ v: number }>(`SELECT DISTINCT engine_version AS v FROM face_jobs WHERE ${PENDING_SQL} ORDER BY 1 DESC`, [galleryId, current]);
    for (const { v } of rows) if (await this.engines.runs(v)) return [v, current];
    return [current];
  }
}

/**
 * After a re-index job of the gallery: when none of its jobs waits for the current version any
 * more, the faces of other versions go, and persons of other versions left without faces (their
 * follows and hides go with them). Answers the removed faces' crop keys (the caller deletes the
 * files and tells the in-process indexes), or null when the gallery is still in transition.
 */
export async function finishReindex(db: Db, galleryId: number, version: number): Promise<string[] | null> {
  return db.tx(async (q) => {
    await q.query('SELECT pg_advisory_xact_lock($1, $2)', [GALLERY_LOCK, galleryId]);
    const pending = await q.query(`SELECT 1 FROM face_jobs WHERE ${PENDING_SQL} LIMIT 1`, [galleryId, version]);
    if (pending.rows.length) return null;
    const gone = await q.query<{ crop_key: string }>('DELETE FROM faces WHERE gallery_id = $1 AND engine_version <> $2 RETURNING crop_key', [galleryId, version]);
    await q.query(
      'DELETE FROM persons p WHERE p.gallery_id = $1 AND p.engine_version <> $2 AND NOT EXISTS (SELECT 1 FROM faces f WHERE f.person_id = p.id)',
      [galleryId, version]
    );
    return gone.rows.map((r) => r.crop_key);
  });
}
