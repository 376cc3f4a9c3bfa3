import type { Db } from '../../db';
import { badRequest, notFound } from '../../errors';
import { IMAGE_HASH_RE } from '../../../../types/image-style';
import { MAX_LOVED_IDS, type LoveRequest, type LoveResult, type LovedMap } from '../../../../types/api/like';
import { requireRealUser, type Viewer } from '../../viewer';
import type { GateAccess } from '../gates/gateAccess';
import type { PhotoService } from './photos';

const now = () => Math.floor(Date.now() / 1000);
export { MAX_LOVED_IDS };

/** Favourite photos: one like per user and photo, photos.love counts them. */
export class LikeService {
  constructor(
    private db: Db,
    private photos: PhotoService,
    private gates: GateAccess,
    /** Our public origin: absolute image URLs on it count as ours. */
    private publicUrl: string
  ) {}

  /**
   * The heart: a gated gallery's photos only with its passes (200202, like its list,
   * before anything else is looked at); then real users only (guests get the
   * authorisation prompt). The gallery's lists reload their counts.
   */
  async loveFor(v: Viewer, b: LoveRequest): Promise<LoveResult> {
    await this.gates.assertPass(v, b.galleryid);
    const user = requireRealUser(v, 'Log in to keep favourite photos');
    const result = await this.love(user.id, b.id, b.galleryid, b.path, b.love === undefined ? undefined : b.love === 1);
    this.photos.invalidate(b.galleryid);
    return result;
  }

  /** This visitor's likes in a gallery (none for a visitor without a session); 200202 without the gallery's passes. */
  async lovedFor(v: Viewer, galleryId: number, ids: number[] | null): Promise<LovedMap> {
    await this.gates.assertPass(v, galleryId);
    return this.loved(v.userId, galleryId, ids);
  }

  /**
   * Byte size of the original behind an image URL, under the same gate rule as its
   * bytes (the URL's g= and p=, or the viewer's pass). `requestOrigin`: the origin
   * the request came to, also ours.
   */
  async imageSizeFor(v: Viewer, url: string, requestOrigin: string | null): Promise<number> {
    const origins = [this.publicUrl, ...(requestOrigin ? [requestOrigin] : [])];
    const hash = hashOfImageUrl(url, origins);
    if (hash) {
      const q = new URL(url, 'http://relative.invalid').searchParams;
      const g = q.get('g');
      await this.gates.assertImage(v, hash, 'size', g && /^\d{1,10}$/.test(g) ? Number(g) : undefined, q.get('p') ?? undefined);
    }
    return this.imageSize(url, origins);
  }

  /**
   * Toggle (or set, when `want` is given) the user's like of a photo. The photo
   * row is locked first, so concurrent requests of one user run one after
   * another and the count moves at most once per change of state.
   */
  async love(userId: number, photoId: number, galleryId: number, path: string, want?: boolean): Promise<LoveResult> {
    return this.db.tx(async (q) => {
      const photo = await q.query<{ love: number }>('SELECT love FROM photos WHERE id = $1 AND gallery_id = $2 AND NOT hidden FOR UPDATE', [photoId, galleryId]);
      if (!photo.rows.length) throw notFound('Photo not found in this gallery');
      const has = await q.query('SELECT 1 FROM photo_likes WHERE user_id = $1 AND photo_id = $2', [userId, photoId]);
      const liked = has.rows.length > 0;
      const target = want ?? !liked;
      let love = photo.rows[0].love;
      if (target && !liked) {
        await q.query('INSERT INTO photo_likes (user_id, photo_id, gallery_id, path, created_at) VALUES ($1, $2, $3, $4, $5)', [
          userId,
          photoId,
          galleryId,
          path,
          now()
        ]);
        love = (await q.query<{ love: number }>('UPDATE photos SET love = love + 1 WHERE id = $1 RETURNING love', [photoId])).rows[0].love;
      } else if (!target && liked) {
        await q.query('DELETE FROM photo_likes WHERE user_id = $1 AND photo_id = $2', [userId, photoId]);
        love = (await q.query<{ love: number }>('UPDATE photos SET love = GREATEST(love - 1, 0) WHERE id = $1 RETURNING love', [photoId])).rows[0]
          .love;
      }
      return { id: photoId, loved: target, love };
    });
  }

  /** The user's likes in a gallery; with `ids`, each asked id answers true or false. */
  async loved(userId: number | null, galleryId: number, ids: number[] | null): Promise<LovedMap> {
    const map: LovedMap = {};
    if (ids) for (const id of ids) map[id] = false;
    if (userId === null) return map;
    const params: unknown[] = [userId, galleryId];
    let sql = 'SELECT photo_id FROM photo_likes WHERE user_id = $1 AND gallery_id = $2';
    if (ids) {
      params.push(ids);
      sql += ' AND photo_id = ANY($3::int[])';
    }
    const { rows } = await this.db.query<{ photo_id: number }>(sql, params);
    for (const r of rows) map[r.photo_id] = true;
    return map;
  }

  /** Byte size of the stored original behind one of our image URLs; 404 for anything else. */
  async imageSize(url: string, ourOrigins: string[]): Promise<number> {
    const hash = hashOfImageUrl(url, ourOrigins);
    if (!hash) throw notFound('Not an image of this server');
    const { rows } = await this.db.query<{ size: number }>('SELECT size FROM images WHERE hash = $1', [hash]);
    if (!rows.length) throw notFound('Image not found');
    return rows[0].size;
  }
}

/**
 * The content hash in `/img/{hash}[!style][?…]`, absolute (one of our origins) or relative; null
 * otherwise. A path with malformed percent-encoding is refused (400).
 */
export function hashOfImageUrl(url: string, ourOrigins: string[]): string | null {
  let u: URL;
  try {
    u = new URL(url, 'http://relative.invalid');
  } catch {
    return null;
  }
  const relative = u.origin === 'http://relative.invalid' && !/^[a-z][a-z0-9+.-]*:|^\/\//i.test(url);
  if (!relative && !ourOrigins.includes(u.origin)) return null;
  let pathname: string;
  try {
    pathname = decodeURIComponent(u.pathname);
  } catch {
    throw badRequest('url has malformed percent-encoding');
  }
  const m = /^\/img\/([^/!]+)(?:!([A-Za-z0-9_]+))?$/.exec(pathname);
  if (!m || !IMAGE_HASH_RE.test(m[1])) return null;
  return m[1];
}
