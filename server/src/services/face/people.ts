/**
 * Persons as a visitor sees them: the SQL that reads persons, their faces and photo
 * counts, and what turns rows into the contract's Person, MaybePerson and FaceGallery.
 * Counts are read, not kept: a photo hidden by the organiser or a face hidden from it
 * stops counting at once, and so does, for that visitor only, a photo the visitor took a
 * followed person off (their own view, face_view_hides).
 */
import type { Queryable } from '../../db';
import type { MaybePerson, Person, PersonStatus } from '../../../../types/api/face';

/** What the visitor brings to a person: their own person (self), whom they follow with the names, and who they are (0: nobody). */
export interface Relations {
  selfIds: Set<number>;
  follows: Map<number, string>;
  /** The visitor's user id, whose own view (face_view_hides) applies; 0 for guests. */
  viewer: number;
}

export const noRelations = (): Relations => ({ selfIds: new Set(), follows: new Map(), viewer: 0 });

export function statusOf(rel: Relations, personId: number): PersonStatus {
  if (rel.selfIds.has(personId)) return 'self';
  return rel.follows.has(personId) ? 'follow' : 'unfollow';
}

/**
 * SQL: ` AND` the face `f` is not in a photo the visitor took its person off in their own view
 * (`param` holds the visitor's user id); '' for nobody, whose lists are everybody's.
 */
function notViewHidden(viewer: number, f: string, param: string): string {
  return viewer ? ` AND NOT EXISTS (SELECT 1 FROM face_view_hides vh WHERE vh.user_id = ${param} AND vh.person_id = ${f}.person_id AND vh.photo_id = ${f}.photo_id)` : '';
}

/** Builds a face crop's URL (with the gallery's image ticket when it is gated). */
export type FaceUrl = (faceId: number, galleryId: number) => Promise<string>;

interface PersonRow {
  id: number;
  gallery_id: number;
  face_id: number | null;
  hash: string | null;
  x: number | null;
  y: number | null;
  w: number | null;
  h: number | null;
  total_image: number;
  total_gallery_image: number;
}

/** Photos where a person's face shows (as the visitor sees them): non-hidden faces in visible photos. */
const countSql = (viewer: number) => `(SELECT count(DISTINCT ff.photo_id)::int FROM faces ff JOIN photos pp ON pp.id = ff.photo_id
  WHERE ff.person_id = p.id AND NOT ff.hidden AND NOT pp.hidden${notViewHidden(viewer, 'ff', '$2')})`;

/** Persons by id (unknown ones left out), in the order of `ids`, as `viewer` sees them (0: everybody). */
export async function personRows(q: Queryable, ids: number[], viewer = 0): Promise<PersonRow[]> {
  if (!ids.length) return [];
  const { rows } = await q.query<PersonRow>(
    `SELECT p.id, p.gallery_id, c.id AS face_id, c.hash, c.x, c.y, c.w, c.h, ${countSql(viewer)} AS total_image, g.image_total AS total_gallery_image
     FROM persons p JOIN galleries g ON g.id = p.gallery_id
     LEFT JOIN LATERAL (
       SELECT f.id, ph.hash, f.x, f.y, f.w, f.h FROM faces f JOIN photos ph ON ph.id = f.photo_id
       WHERE f.person_id = p.id AND NOT f.hidden AND NOT ph.hidden${notViewHidden(viewer, 'f', '$2')}
       ORDER BY (f.id = p.cover_face_id) DESC, f.score DESC, f.id LIMIT 1
     ) c ON true
     WHERE p.id = ANY($1::int[])`,
    viewer ? [ids, viewer] : [ids]
  );
  const byId = new Map(rows.map((r) => [r.id, r]));
  return ids.map((id) => byId.get(id)).filter((r): r is PersonRow => !!r);
}

export async function presentPersons(q: Queryable, ids: number[], rel: Relations, faceUrl: FaceUrl): Promise<Person[]> {
  const rows = await personRows(q, ids, rel.viewer);
  const out: Person[] = [];
  for (const r of rows) {
    out.push({
      id: r.id,
      personid: r.id,
      galleryid: r.gallery_id,
      name: rel.follows.get(r.id) ?? '',
      faceurl: r.face_id ? await faceUrl(r.face_id, r.gallery_id) : '',
      image: r.hash ?? '',
      shape: { x: r.x ?? 0, y: r.y ?? 0, w: r.w ?? 0, h: r.h ?? 0 },
      total_image: r.total_image,
      total_gallery_image: r.total_gallery_image,
      status: statusOf(rel, r.id)
    });
  }
  return out;
}

/** A page of a gallery's persons that show in at least one visible photo (as `viewer` sees them), most photos first. */
export async function personPage(q: Queryable, galleryId: number, limit: number, offset: number, viewer = 0): Promise<{ ids: number[]; total: number }> {
  const params = viewer ? [galleryId, viewer] : [galleryId];
  const own = notViewHidden(viewer, 'f', '$2');
  const { rows } = await q.query<{ id: number; n: number; total: number }>(
    `SELECT p.id, count(DISTINCT f.photo_id)::int AS n, count(*) OVER ()::int AS total
     FROM persons p JOIN faces f ON f.person_id = p.id AND NOT f.hidden${own} JOIN photos ph ON ph.id = f.photo_id AND NOT ph.hidden
     WHERE p.gallery_id = $1 GROUP BY p.id ORDER BY n DESC, p.id LIMIT ${Math.trunc(limit)} OFFSET ${Math.trunc(offset)}`,
    params
  );
  let total = rows[0]?.total ?? 0;
  if (!rows.length && offset > 0) {
    const c = await q.query<{ n: number }>(
      `SELECT count(DISTINCT f.person_id)::int AS n FROM faces f JOIN photos ph ON ph.id = f.photo_id AND NOT ph.hidden
       WHERE f.gallery_id = $1 AND NOT f.hidden AND f.person_id IS NOT NULL${own}`,
      params
    );
    total = c.rows[0].n;
  }
  return { ids: rows.map((r) => r.id), total };
}

/**
 * The people in a photo as the visitor sees it: its non-hidden faces that belong to a person, of
 * the newest engine version that indexed the photo (during a re-index a photo holds two, transition.ts).
 */
export async function maybeOf(q: Queryable, photoId: number, rel: Relations, faceUrl: FaceUrl): Promise<MaybePerson[]> {
  const { rows } = await q.query<{ id: number; person_id: number; gallery_id: number; x: number; y: number; w: number; h: number }>(
    `SELECT f.id, f.person_id, f.gallery_id, f.x, f.y, f.w, f.h FROM faces f
     WHERE f.photo_id = $1 AND NOT f.hidden AND f.person_id IS NOT NULL${notViewHidden(rel.viewer, 'f', '$2')}
       AND f.engine_version = (SELECT max(v.engine_version) FROM faces v WHERE v.photo_id = $1) ORDER BY f.x, f.id`,
    rel.viewer ? [photoId, rel.viewer] : [photoId]
  );
  const out: MaybePerson[] = [];
  for (const r of rows) {
    out.push({
      personid: r.person_id,
      imageid: photoId,
      galleryid: r.gallery_id,
      name: rel.follows.get(r.person_id) ?? '',
      faceurl: await faceUrl(r.id, r.gallery_id),
      shape: { x: r.x, y: r.y, w: r.w, h: r.h },
      status: statusOf(rel, r.person_id)
    });
  }
  return out;
}

/** Whom the user follows in a gallery (or everywhere), with the names. */
export async function followsOf(q: Queryable, userId: number, galleryId?: number): Promise<Map<number, string>> {
  const { rows } =
    galleryId === undefined
      ? await q.query<{ person_id: number; name: string }>('SELECT person_id, name FROM face_follows WHERE user_id = $1', [userId])
      : await q.query<{ person_id: number; name: string }>('SELECT person_id, name FROM face_follows WHERE user_id = $1 AND gallery_id = $2 ORDER BY created_at, person_id', [userId, galleryId]);
  return new Map(rows.map((r) => [r.person_id, r.name]));
}

/** The photos in which the visitor took this person off in their own view (that person's photo list leaves them out for them). */
export async function viewHiddenPhotos(q: Queryable, userId: number, personId: number): Promise<number[]> {
  const { rows } = await q.query<{ photo_id: number }>('SELECT photo_id FROM face_view_hides WHERE user_id = $1 AND person_id = $2 ORDER BY photo_id', [userId, personId]);
  return rows.map((r) => r.photo_id);
}
