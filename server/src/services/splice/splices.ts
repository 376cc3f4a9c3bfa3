import crypto from 'node:crypto';
import type { Db } from '../../db';
import type { ObjectStore } from '../../storage';
import type { ImagePipeline } from '../../images';
import type { RateLimiter } from '../shared/rateLimit';
import type { GateAccess } from '../gates/gateAccess';
import { AppError } from '../../errors';
import { requireUser, type Viewer } from '../../viewer';
import { composeLongPicture, longLayout } from '../../images/longPicture';
import { lockSpliceHash, spliceKey } from './sweep';
import { entitled } from '../pay/entitlements';
import { ErrorCode } from '../../../../types/envelope';
import type { GalleryConfig } from '../../../../types/api/gallery';
import {
  LONG_PICTURE_URL_TTL_S,
  SPLICE_MAX_IMAGES,
  SPLICE_MIN_IMAGES,
  SpliceErrorCode,
  parseSpliceIds,
  type LongPicture
} from '../../../../types/api/splice';

const now = () => Math.floor(Date.now() / 1000);

/** Long pictures a visitor may make: 30 per 10 minutes (each decodes up to 12 photos). */
export const SPLICE_RATE = { limit: 30, windowS: 600 };

export { spliceKey };

const fail = (code: number, status: number, msg: string) => new AppError(code, msg, null, status);
/** The row of a render in progress was swept as abandoned (the render took longer than SPLICE_RENDER_ABANDON_S). */
const abandoned = () => new AppError(SpliceErrorCode.RENDER_FAILED, 'The long picture took too long to draw', null, 500);

interface PhotoRow {
  id: number;
  gallery_id: number;
  hash: string;
  width: number;
  height: number;
}

interface SpliceRow {
  id: number;
  user_id: number;
  gallery_id: number;
  image_ids: number[];
  hash: string;
  width: number;
  height: number;
  unmarked_ids: number[];
  created_at: string | number;
}

export type SpliceBody = { kind: 'file'; path: string } | { kind: 'buffer'; body: Buffer };

/**
 * Long pictures (issue 16 item 4; spec part 2 §2, §5, §7): drawn here from the photos the
 * visitor may see, each in the style visitors see it (the gallery's watermark) unless the
 * visitor is entitled to its unmarked pixels; stored once by content hash; recorded in
 * user_splices for the Find page. The picture's address is signed for its maker, since
 * `<img>` sends no token; every fetch checks again that the photos are shown, the gate is
 * passed and, for unmarked pieces, the entitlement holds.
 */
export class SpliceService {
  private key: Buffer;

  constructor(
    private db: Db,
    private gates: GateAccess,
    private images: ImagePipeline,
    private store: ObjectStore,
    private limits: RateLimiter,
    secret: string,
    private clock: () => number = now
  ) {
    this.key = crypto.createHmac('sha256', secret).update('long-picture-url-v1').digest();
  }

  /** POST /api/v2/usersplice/create: draw (or find) the long picture of these photos; its hash. */
  async create(v: Viewer, galleryId: number, imageIds: string): Promise<string> {
    const user = requireUser(v);
    const ids = this.countChecked(imageIds);
    await this.assertPass(v, galleryId);
    const photos = await this.photos(galleryId, ids);
    const gallery = await this.galleryConfig(galleryId);
    const unmarked: number[] = [];
    for (const p of photos) if (await entitled(this.db, user, p, { id: galleryId, config: gallery })) unmarked.push(p.id);
    const hit = await this.limits.hit(`splice:u:${user.id}`, SPLICE_RATE);
    if (!hit.allowed) throw new AppError(SpliceErrorCode.TOO_OFTEN, 'Too many long pictures, please try again later', { retry_after: hit.retryAfter }, 429);

    // The row comes first, 'rendering' (sweep.ts removes it if this process never finishes it).
    const pending = await this.db.query<{ id: number }>(
      `INSERT INTO user_splices (user_id, gallery_id, image_ids, created_at, unmarked_ids, state)
       VALUES ($1, $2, $3::int[], $4, $5::int[], 'rendering') RETURNING id`,
      [user.id, galleryId, ids, this.clock(), unmarked]
    );
    const rowId = pending.rows[0].id;
    try {
      const layout = longLayout(photos);
      const picture = await composeLongPicture(layout, (i, box) => this.images.renderBox(photos[i].hash, galleryId, box, unmarked.includes(photos[i].id))).catch(
        (e: unknown) => {
          if (e instanceof AppError && e.status < 500) throw e;
          throw new AppError(SpliceErrorCode.RENDER_FAILED, 'The long picture could not be drawn', null, 500);
        }
      );
      // The row names the hash (under the hash's lock) before the file is looked at: from
      // here on the sweep keeps the file, and a sweep that got there first has finished
      // deleting it, so `exists` below tells the truth.
      await this.db.tx(async (q) => {
        await lockSpliceHash(q, picture.hash);
        const named = await q.query(`UPDATE user_splices SET hash = $2, width = $3, height = $4 WHERE id = $1 AND state = 'rendering' RETURNING id`, [
          rowId,
          picture.hash,
          picture.width,
          picture.height
        ]);
        if (!named.rows.length) throw abandoned();
      });
      const key = spliceKey(picture.hash);
      if (!(await this.store.exists(key))) await this.store.put(key, picture.data);
      await this.db.tx(async (q) => {
        await lockSpliceHash(q, picture.hash);
        // Making the same long picture again refreshes the maker's row; the new one goes.
        const again = await q.query(`UPDATE user_splices SET created_at = $3 WHERE user_id = $1 AND hash = $2 AND state = 'done' RETURNING id`, [
          user.id,
          picture.hash,
          this.clock()
        ]);
        if (again.rows.length) {
          await q.query('DELETE FROM user_splices WHERE id = $1', [rowId]);
          return;
        }
        const done = await q.query(`UPDATE user_splices SET state = 'done', created_at = $2 WHERE id = $1 AND state = 'rendering' RETURNING id`, [rowId, this.clock()]);
        if (!done.rows.length) throw abandoned();
      });
      return picture.hash;
    } catch (e) {
      // Nothing half-written: the unfinished row goes now (or, if this fails too, with the sweep).
      await this.db.query(`DELETE FROM user_splices WHERE id = $1 AND state = 'rendering'`, [rowId]).catch(() => undefined);
      throw e;
    }
  }

  /** POST /api/v2/usersplice/show: the visitor's latest long picture of exactly these photos, in this order. */
  async show(v: Viewer, galleryId: number, imageIds: string): Promise<LongPicture> {
    const user = requireUser(v);
    const ids = this.countChecked(imageIds);
    await this.assertPass(v, galleryId);
    await this.photos(galleryId, ids);
    const { rows } = await this.db.query<SpliceRow>(
      `SELECT * FROM user_splices WHERE user_id = $1 AND gallery_id = $2 AND image_ids = $3::int[] AND hash IS NOT NULL AND state = 'done'
       ORDER BY created_at DESC, id DESC LIMIT 1`,
      [user.id, galleryId, ids]
    );
    const row = rows[0];
    if (!row || !(await this.stillEntitled(row))) throw fail(SpliceErrorCode.NOT_MADE, 404, 'No long picture of these photos');
    return {
      hash: row.hash,
      url: this.urlFor(row.hash, user.id),
      width: row.width,
      height: row.height,
      gallery_id: row.gallery_id,
      image_ids: row.image_ids,
      created_at: Number(row.created_at)
    };
  }

  /** `/api/v2/usersplice/image/{hash}?u=&e=&s=` for this maker, valid LONG_PICTURE_URL_TTL_S (rounded to the hour, so the address repeats). */
  urlFor(hash: string, userId: number, t = this.clock()): string {
    const e = (Math.floor(t / LONG_PICTURE_URL_TTL_S) + 2) * LONG_PICTURE_URL_TTL_S;
    return `/api/v2/usersplice/image/${hash}?u=${userId}&e=${e}&s=${this.mac(hash, userId, e)}`;
  }

  /**
   * GET /api/v2/usersplice/image/{hash}: the JPEG for its maker's signed address. A wrong
   * or expired signature, or a token of another user: 403. The maker's row gone, a photo
   * hidden or deleted since, or an entitlement the unmarked pieces needed lost: 404. The
   * gallery's gate closed for the maker: 403. No byte goes out before these checks.
   */
  async image(v: Viewer, hash: string, q: { u?: string; e?: string; s?: string }): Promise<SpliceBody> {
    const userId = this.verify(hash, q);
    if (v.token && v.userId !== userId) throw fail(ErrorCode.FORBIDDEN, 403, 'This long picture is not yours');
    const { rows } = await this.db.query<SpliceRow>(`SELECT * FROM user_splices WHERE user_id = $1 AND hash = $2 AND state = 'done'`, [userId, hash]);
    const row = rows[0];
    if (!row) throw fail(ErrorCode.NOT_FOUND, 404, 'Long picture not found');
    if (await this.gates.service.anyGated()) await this.gates.service.assertPass(userId, row.gallery_id, 403);
    const shown = await this.db.query<{ n: number }>('SELECT count(*)::int AS n FROM photos WHERE id = ANY($1::int[]) AND gallery_id = $2 AND NOT hidden', [
      row.image_ids,
      row.gallery_id
    ]);
    if (shown.rows[0].n !== row.image_ids.length || !(await this.stillEntitled(row))) throw fail(ErrorCode.NOT_FOUND, 404, 'Long picture not found');
    const key = spliceKey(hash);
    const file = this.store.localPath(key);
    if (file) {
      if (!(await this.store.exists(key))) throw fail(ErrorCode.NOT_FOUND, 404, 'Long picture not found');
      return { kind: 'file', path: file };
    }
    const body = await this.store.get(key);
    if (!body) throw fail(ErrorCode.NOT_FOUND, 404, 'Long picture not found');
    return { kind: 'buffer', body };
  }

  /** 2 to 12 distinct ids, in order (201800 / 201801). */
  private countChecked(text: string): number[] {
    const ids = parseSpliceIds(text);
    if (ids.length < SPLICE_MIN_IMAGES) throw fail(SpliceErrorCode.TOO_FEW, 400, `A long picture needs at least ${SPLICE_MIN_IMAGES} photos`);
    if (ids.length > SPLICE_MAX_IMAGES) throw fail(SpliceErrorCode.TOO_MANY, 400, `A long picture takes at most ${SPLICE_MAX_IMAGES} photos`);
    return ids;
  }

  /** Without the gallery's pass: 403 (code 200202, data the gate to pass), before any photo is looked at. */
  private async assertPass(v: Viewer, galleryId: number): Promise<void> {
    if (await this.gates.service.anyGated()) await this.gates.service.assertPass(v.userId, galleryId, 403);
  }

  /** The photos, in the ids' order: every one shown (201802) and of this gallery (201803). */
  private async photos(galleryId: number, ids: number[]): Promise<PhotoRow[]> {
    const { rows } = await this.db.query<PhotoRow>('SELECT id, gallery_id, hash, width, height FROM photos WHERE id = ANY($1::int[]) AND NOT hidden', [ids]);
    const byId = new Map(rows.map((r) => [Number(r.id), r]));
    const missing = ids.filter((id) => !byId.has(id));
    if (missing.length) throw new AppError(SpliceErrorCode.UNKNOWN_PHOTO, 'No such photo', { ids: missing }, 404);
    const foreign = ids.filter((id) => Number(byId.get(id)!.gallery_id) !== galleryId);
    if (foreign.length) throw new AppError(SpliceErrorCode.OTHER_GALLERY, 'imageids must be photos of this gallery', { ids: foreign }, 400);
    return ids.map((id) => byId.get(id)!);
  }

  private async galleryConfig(galleryId: number): Promise<Partial<GalleryConfig> | null> {
    const { rows } = await this.db.query<{ config: Partial<GalleryConfig> | null }>('SELECT config FROM galleries WHERE id = $1', [galleryId]);
    return rows[0]?.config ?? null;
  }

  /** Pieces drawn unmarked need the maker's entitlement still (a refund, original_photo turned off). */
  private async stillEntitled(row: SpliceRow): Promise<boolean> {
    if (!row.unmarked_ids?.length) return true;
    const u = await this.db.query<{ is_mock: boolean }>('SELECT is_mock FROM users WHERE id = $1', [row.user_id]);
    if (!u.rows.length) return false;
    const user = { id: row.user_id, is_mock: !!u.rows[0].is_mock };
    const config = await this.galleryConfig(row.gallery_id);
    for (const id of row.unmarked_ids) if (!(await entitled(this.db, user, { id, gallery_id: row.gallery_id }, { id: row.gallery_id, config }))) return false;
    return true;
  }

  private mac(hash: string, userId: number, expires: number): string {
    return crypto.createHmac('sha256', this.key).update(`${hash}|${userId}|${expires}`).digest('base64url');
  }

  /** The maker named by a valid, unexpired signature; 403 otherwise. */
  private verify(hash: string, q: { u?: string; e?: string; s?: string }): number {
    if (!q.u || !q.e || !q.s || !/^\d{1,10}$/.test(q.u) || !/^\d{1,12}$/.test(q.e)) throw fail(ErrorCode.FORBIDDEN, 403, 'Long picture address is not signed');
    const expected = Buffer.from(this.mac(hash, Number(q.u), Number(q.e)));
    const got = Buffer.from(q.s);
    if (expected.length !== got.length || !crypto.timingSafeEqual(expected, got)) throw fail(ErrorCode.FORBIDDEN, 403, 'Long picture address is not valid');
    if (Number(q.e) <= this.clock()) throw fail(ErrorCode.FORBIDDEN, 403, 'Long picture address has expired');
    return Number(q.u);
  }
}
