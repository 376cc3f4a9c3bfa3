import type { Db } from '../../db';
import { MY_IMAGES_PAGE_SIZE, type LovedImagesPage, type Splice, type SplicePage } from '../../../../types/api/mine';
import type { Viewer } from '../../viewer';
import type { GateAccess } from '../gates/gateAccess';

const now = () => Math.floor(Date.now() / 1000);

interface SpliceRow {
  id: number;
  gallery_id: number;
  user_id: number;
  image_ids: number[];
  hash: string | null;
  width: number;
  height: number;
  created_at: string | number;
}
interface ImageRow {
  id: number;
  hash: string;
  width: number;
  height: number;
}

/**
 * The Find page's own lists: my favourite photos and my splice posters. A visitor
 * without a session has none; photos of galleries whose gate this visitor has not
 * passed are left out of a page (the total counts them: they come back with the pass).
 */
export class MineService {
  constructor(
    private db: Db,
    private gates: GateAccess,
    /** The long picture's address for its maker (services/splice). */
    private pictureUrl: (hash: string, userId: number) => string
  ) {}

  /** GET /api/v2/user/loveimages: photos I liked, newest like first; hidden photos are left out. */
  async lovedImagesFor(v: Viewer, page: number): Promise<LovedImagesPage> {
    const size = MY_IMAGES_PAGE_SIZE;
    if (!v.userId) return { items: [], total: 0, page, page_size: size };
    const where = 'FROM photo_likes l JOIN photos p ON p.id = l.photo_id WHERE l.user_id = $1 AND NOT p.hidden';
    const [rows, count] = await Promise.all([
      this.db.query<{ id: number; gallery_id: number; hash: string; width: number; height: number; loved_at: string | number }>(
        `SELECT p.id, p.gallery_id, p.hash, p.width, p.height, l.created_at AS loved_at ${where} ORDER BY l.created_at DESC, p.id DESC LIMIT ${size} OFFSET $2`,
        [v.userId, (page - 1) * size]
      ),
      this.db.query<{ n: number }>(`SELECT count(*)::int AS n ${where}`, [v.userId])
    ]);
    const items = rows.rows.map((r) => ({ id: r.id, gallery_id: r.gallery_id, hash: r.hash, width: r.width, height: r.height, loved_at: Number(r.loved_at), galleryid: r.gallery_id }));
    const shown = (await this.gates.filterPhotos(v, items)).map(({ galleryid: _g, ...item }) => item);
    return { items: shown, total: count.rows[0].n, page, page_size: size };
  }

  /** GET /api/v2/user/spliceimages: my long pictures (and splices recorded before them), newest first. */
  async splicesFor(v: Viewer, page: number): Promise<SplicePage> {
    const size = MY_IMAGES_PAGE_SIZE;
    if (!v.userId) return { items: [], total: 0, page, page_size: size };
    const [rows, count] = await Promise.all([
      this.db.query<SpliceRow>(`SELECT id, user_id, gallery_id, image_ids, hash, width, height, created_at FROM user_splices WHERE user_id = $1 AND state = 'done' ORDER BY created_at DESC, id DESC LIMIT ${size} OFFSET $2`, [
        v.userId,
        (page - 1) * size
      ]),
      this.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM user_splices WHERE user_id = $1 AND state = 'done'`, [v.userId])
    ]);
    const open = await this.gates.filterPhotos(v, rows.rows.map((r) => ({ ...r, galleryid: r.gallery_id })));
    const items = await this.present(open);
    return { items, total: count.rows[0].n, page, page_size: size };
  }

  private async present(rows: SpliceRow[]): Promise<Splice[]> {
    const all = [...new Set(rows.flatMap((r) => r.image_ids))];
    const images = new Map<number, ImageRow>();
    if (all.length) {
      const { rows: found } = await this.db.query<ImageRow>('SELECT id, hash, width, height FROM photos WHERE id = ANY($1::int[]) AND NOT hidden', [all]);
      for (const r of found) images.set(r.id, r);
    }
    return rows.map((r) => {
      const shown = r.image_ids.flatMap((id) => {
        const img = images.get(id);
        return img ? [{ id: img.id, hash: img.hash, width: img.width, height: img.height }] : [];
      });
      // The long picture is served only while every photo it shows is (SpliceService.image).
      const picture = r.hash && shown.length === r.image_ids.length ? r.hash : null;
      return {
        id: r.id,
        gallery_id: r.gallery_id,
        hash: picture,
        url: picture ? this.pictureUrl(picture, r.user_id) : null,
        width: picture ? r.width : 0,
        height: picture ? r.height : 0,
        images: shown,
        created_at: Number(r.created_at)
      };
    });
  }
}
