import type { Db } from '../../db';
import type { PaidImage, PagedPaidImages } from '../../../../types/api/pay';

/** Paid photos of a user (payedimages, getdownimglist), newest payment first. */
export async function paidImages(db: Db, userId: number | null, galleryId: number | null, page: number, pageSize: number): Promise<PagedPaidImages> {
  if (userId === null) return { items: [], total: 0, page, page_size: pageSize };
  const where = galleryId === null ? 'pi.user_id = $1' : 'pi.user_id = $1 AND p.gallery_id = $2';
  const params: unknown[] = galleryId === null ? [userId] : [userId, galleryId];
  const total = await db.query<{ n: number }>(`SELECT count(*)::int AS n FROM paid_images pi JOIN photos p ON p.id = pi.photo_id WHERE ${where}`, params);
  const { rows } = await db.query<PaidImage>(
    `SELECT p.id, p.gallery_id, p.hash, p.width, p.height, COALESCE(pi.order_id, 0) AS order_id, pi.created_at AS paid_at
     FROM paid_images pi JOIN photos p ON p.id = pi.photo_id WHERE ${where}
     ORDER BY pi.created_at DESC, p.id DESC LIMIT ${pageSize} OFFSET ${(page - 1) * pageSize}`,
    params
  );
  return { items: rows, total: total.rows[0].n, page, page_size: pageSize };
}
