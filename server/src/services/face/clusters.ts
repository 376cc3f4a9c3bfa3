/**
 * Clustering faces into persons, per gallery, so that one person stays one person across
 * photos (issue 27). It runs inside the indexer's transaction, under the gallery's advisory
 * lock (services/face/indexer.ts), on faces and persons of one engine version.
 *
 * - Assignment: a new face joins the person it links to best, where the link of a face to a
 *   person is the mean of its LINK_K best similarities to that person's faces (at most
 *   SAMPLE_FACES of them, the best-scored, not hidden) — not the centroid alone, which a person's first
 *   photos can pull away from the rest. Candidates are the CANDIDATES persons with the
 *   nearest centroids at or above the threshold less CANDIDATE_SLACK. A face joins when the
 *   link is at least the match threshold, never a person already in the photo.
 * - Merging: after a photo's faces, each person they went to is compared with its nearby
 *   persons (same candidates), and two persons merge when their linkage (over the faces of
 *   the smaller one, the mean of each face's link to the other) is at least the threshold
 *   and they never appear in the same photo (two faces of one photo are two people). This
 *   is agglomerative clustering run incrementally: a photo that links two persons joins
 *   them. `refineGallery` runs the same pass over every person of a gallery.
 * - A merge (mergePersons) is one statement group in the caller's transaction: the faces,
 *   follows (with their buddy names), hides and own-view hides of the person that goes pass
 *   to the one that stays (the one with more faces), whose centroid becomes the weighted
 *   mean. "Self" is never stored (core.ts: a visitor's profile matches a person on each
 *   call), so it follows the faces by itself.
 */
import type { Db, Queryable } from '../../db';
import type { VectorIndex } from './vectors';
import { dotAt, fromBytes, normalize, toBytes } from './embedding';

/** The advisory lock (with the gallery id) under which a gallery's faces and persons change (the indexer takes it too). */
export const GALLERY_LOCK = 7_310_014;
/** Best similarities to a person's faces that make a face's link to that person. */
export const LINK_K = 3;
/** Faces of a person compared (the best-scored): bounds the work for persons seen in many photos. */
export const SAMPLE_FACES = 48;
/** Persons with the nearest centroids looked at for a face or a merge. */
export const CANDIDATES = 8;
/** How far below the threshold a centroid may be and its person still be looked at (faces can link where centroids do not). */
export const CANDIDATE_SLACK = 0.15;
/** Merges one pass may make for one person (a guard, not a limit met in practice). */
const MAX_MERGES = 32;

/** The embeddings of persons' sampled faces, read once per transaction and kept current as faces join. */
export class FaceSamples {
  private cache = new Map<number, Float32Array[]>();
  constructor(
    private q: Queryable,
    private version: number
  ) {}

  async of(personId: number): Promise<Float32Array[]> {
    let list = this.cache.get(personId);
    if (!list) {
      const { rows } = await this.q.query<{ embedding: Uint8Array }>(
        `SELECT embedding FROM faces WHERE person_id = $1 AND NOT hidden AND engine_version = $2 ORDER BY score DESC, id LIMIT ${SAMPLE_FACES}`,
        [personId, this.version]
      );
      list = rows.map((r) => fromBytes(r.embedding));
      this.cache.set(personId, list);
    }
    return list;
  }

  /** A face joined the person (the cache holds it too, when the person is cached). */
  added(personId: number, e: Float32Array): void {
    const list = this.cache.get(personId);
    if (list && list.length < SAMPLE_FACES) list.push(e);
  }

  /** `gone` merged into `keep`. */
  merged(keep: number, gone: number): void {
    this.cache.delete(keep);
    this.cache.delete(gone);
  }
}

/** Mean of the k best similarities of `e` to `faces` (k = min(LINK_K, faces)); -1 for none. */
export function linkTo(e: Float32Array, faces: Float32Array[]): number {
  if (!faces.length) return -1;
  const sims = faces.map((f) => dotAt(f, 0, e)).sort((a, b) => b - a);
  const k = Math.min(LINK_K, sims.length);
  let s = 0;
  for (let i = 0; i < k; i++) s += sims[i];
  return s / k;
}

/** Linkage of two persons: over the faces of the smaller, the mean of each face's link to the other. */
export function linkage(a: Float32Array[], b: Float32Array[]): number {
  if (!a.length || !b.length) return -1;
  const [small, big] = a.length <= b.length ? [a, b] : [b, a];
  let s = 0;
  for (const e of small) s += linkTo(e, big);
  return s / small.length;
}

/** Nearby persons of this engine version (centroids at or above threshold − CANDIDATE_SLACK), nearest first. */
async function candidates(q: Queryable, vectors: VectorIndex, galleryId: number, e: Float32Array, version: number, threshold: number): Promise<number[]> {
  const near = (await vectors.nearestPersons(galleryId, e, CANDIDATES, q)).filter((p) => p.similarity >= threshold - CANDIDATE_SLACK);
  if (!near.length) return [];
  // Centroids of another version are not comparable; a person merged away in this transaction is gone.
  const { rows } = await q.query<{ id: number }>('SELECT id FROM persons WHERE id = ANY($1::int[]) AND engine_version = $2 AND face_count > 0', [near.map((p) => p.personId), version]);
  const ok = new Set(rows.map((r) => r.id));
  return near.map((p) => p.personId).filter((id) => ok.has(id));
}

/** The person a new face joins (its best link at or above the threshold, not one in `used`), or null for a new person. */
export async function personFor(
  q: Queryable,
  vectors: VectorIndex,
  samples: FaceSamples,
  galleryId: number,
  e: Float32Array,
  used: Set<number>,
  version: number,
  threshold: number
): Promise<number | null> {
  let best: number | null = null;
  let bestLink = threshold;
  for (const id of await candidates(q, vectors, galleryId, e, version, threshold)) {
    if (used.has(id)) continue;
    const link = linkTo(e, await samples.of(id));
    if (link >= bestLink) {
      bestLink = link;
      best = id;
    }
  }
  return best;
}

/** The photos a person shows in: their faces (through the faces_person index) and the photos they were hidden from. */
const photosOf = (param: string) => `(SELECT photo_id FROM faces WHERE person_id = ${param} AND NOT hidden UNION SELECT photo_id FROM face_hides WHERE person_id = ${param})`;

/** Whether two persons have faces in one photo (then they are two people). */
async function together(q: Queryable, a: number, b: number): Promise<boolean> {
  const { rows } = await q.query(`SELECT 1 FROM ${photosOf('$1')} pa JOIN ${photosOf('$2')} pb ON pb.photo_id = pa.photo_id LIMIT 1`, [a, b]);
  return rows.length > 0;
}

interface PersonRow {
  id: number;
  centroid: Uint8Array;
  face_count: number;
  cover_face_id: number | null;
  cover_score: number | null;
}

/**
 * Merges `gone` into `keep` in the caller's transaction: faces, follows (a buddy name is kept
 * when the person that stays has none from that visitor), hides and own-view hides pass over;
 * the centroid is the face-count-weighted mean, the cover the better-scored one. Answers false
 * when either person no longer exists.
 */
export async function mergePersons(q: Queryable, vectors: VectorIndex, keep: number, gone: number): Promise<boolean> {
  if (keep === gone) return false;
  const { rows } = await q.query<PersonRow>(
    `SELECT p.id, p.centroid, p.face_count, p.cover_face_id, f.score AS cover_score FROM persons p LEFT JOIN faces f ON f.id = p.cover_face_id
     WHERE p.id = ANY($1::int[]) FOR UPDATE OF p`,
    [[keep, gone]]
  );
  const k = rows.find((r) => r.id === keep);
  const g = rows.find((r) => r.id === gone);
  if (!k || !g) return false;
  await q.query("UPDATE faces SET person_id = $1, seq = nextval('face_seq') WHERE person_id = $2", [keep, gone]);
  await q.query(
    `INSERT INTO face_follows (user_id, person_id, gallery_id, name, created_at)
     SELECT user_id, $1, gallery_id, name, created_at FROM face_follows WHERE person_id = $2
     ON CONFLICT (user_id, person_id) DO UPDATE SET name = CASE WHEN face_follows.name = '' THEN EXCLUDED.name ELSE face_follows.name END,
       created_at = LEAST(face_follows.created_at, EXCLUDED.created_at)`,
    [keep, gone]
  );
  await q.query(
    `INSERT INTO face_hides (photo_id, person_id, user_id, created_at) SELECT photo_id, $1, user_id, created_at FROM face_hides WHERE person_id = $2
     ON CONFLICT (photo_id, person_id) DO NOTHING`,
    [keep, gone]
  );
  await q.query(
    `INSERT INTO face_view_hides (user_id, person_id, photo_id, created_at) SELECT user_id, $1, photo_id, created_at FROM face_view_hides WHERE person_id = $2
     ON CONFLICT (user_id, person_id, photo_id) DO NOTHING`,
    [keep, gone]
  );
  const ck = fromBytes(k.centroid);
  const cg = fromBytes(g.centroid);
  const sum = new Float32Array(ck.length);
  for (let i = 0; i < sum.length; i++) sum[i] = ck[i] * k.face_count + cg[i] * g.face_count;
  const centroid = normalize(sum);
  const cover = (g.cover_score ?? -1) > (k.cover_score ?? -1) ? g.cover_face_id : k.cover_face_id;
  // The rows that pointed at the person that goes were moved above; the rest (none) go with it.
  await q.query('DELETE FROM persons WHERE id = $1', [gone]);
  await q.query("UPDATE persons SET centroid = $2, face_count = $3, cover_face_id = $4, seq = nextval('face_seq') WHERE id = $1", [
    keep,
    toBytes(centroid),
    k.face_count + g.face_count,
    cover
  ]);
  await vectors.wrotePerson(q, keep, centroid);
  return true;
}

/**
 * Merges each of these persons with the nearby persons it links to (linkage at or above the
 * threshold, never two in one photo), until none links. Answers the merges made; the caller
 * announces them (vectors.removed) after its commit.
 */
export async function refinePersons(q: Queryable, vectors: VectorIndex, samples: FaceSamples, galleryId: number, personIds: Iterable<number>, version: number, threshold: number): Promise<number> {
  let merges = 0;
  const queue = [...new Set(personIds)];
  while (queue.length) {
    let id = queue.shift()!;
    for (let round = 0; round < MAX_MERGES; round++) {
      const { rows } = await q.query<{ centroid: Uint8Array; face_count: number }>('SELECT centroid, face_count FROM persons WHERE id = $1 AND engine_version = $2', [id, version]);
      if (!rows.length || rows[0].face_count <= 0) break;
      const mine = await samples.of(id);
      let best: number | null = null;
      let bestLink = threshold;
      for (const other of await candidates(q, vectors, galleryId, fromBytes(rows[0].centroid), version, threshold)) {
        if (other === id) continue;
        const link = linkage(mine, await samples.of(other));
        if (link >= bestLink && !(await together(q, id, other))) {
          bestLink = link;
          best = other;
        }
      }
      if (best === null) break;
      const sizes = (await q.query<{ id: number; face_count: number }>('SELECT id, face_count FROM persons WHERE id = ANY($1::int[])', [[id, best]])).rows;
      const size = (p: number) => sizes.find((r) => r.id === p)?.face_count ?? 0;
      // The person seen in more photos stays (ties: the older one), so ids people hold change least.
      const keep = size(best) > size(id) || (size(best) === size(id) && best < id) ? best : id;
      const gone = keep === id ? best : id;
      if (!(await mergePersons(q, vectors, keep, gone))) break;
      samples.merged(keep, gone);
      merges++;
      id = keep;
    }
  }
  return merges;
}

/**
 * A merge pass over every person of the gallery (of this engine version), in one transaction
 * under the gallery's lock: persons clustered before merges existed, or split by photos indexed
 * in an unlucky order. Not run by the indexer's worker (each photo's faces already get the pass
 * for the persons they went to): it holds the gallery's lock for a while on a big gallery.
 * Answers the merges made (announced to in-process indexes).
 */
export async function refineGallery(db: Db, vectors: VectorIndex, galleryId: number, version: number, threshold: number): Promise<number> {
  const merges = await db.tx(async (q) => {
    await q.query('SELECT pg_advisory_xact_lock($1, $2)', [GALLERY_LOCK, galleryId]);
    const { rows } = await q.query<{ id: number }>('SELECT id FROM persons WHERE gallery_id = $1 AND engine_version = $2 AND face_count > 0 ORDER BY face_count DESC, id', [
      galleryId,
      version
    ]);
    return refinePersons(q, vectors, new FaceSamples(q, version), galleryId, rows.map((r) => r.id), version, threshold);
  });
  if (merges) await vectors.removed(galleryId);
  return merges;
}
