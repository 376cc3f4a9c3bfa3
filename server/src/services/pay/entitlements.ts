import type { Db } from '../../db';
import type { GalleryConfig } from '../../../../types/api/gallery';

/**
 * Who may have a photo's unwatermarked pixels (the `original` style, and display
 * styles rendered without the gallery's watermark). Issue 5 item 3; spec part 1
 * §4/§5 ('Unpaid photos need payment to load the full image without watermark';
 * 'if a watermark requires payment and the photo is unpaid, tapping triggers
 * payment'), part 2 §5 (download limits).
 *
 * - 'free': the gallery gives originals (config.original_photo = 1). Any visitor
 *   with a session, guest sessions included, since nothing is paid for. A gallery
 *   without a watermark but with original_photo = 0 gives its display styles
 *   unmarked to everyone already (there is no watermark to pay for), yet keeps its
 *   full-size originals: only original_photo opens those for free.
 * - 'paid': the visitor is a real user (not is_mock) with a paid_images row for the
 *   photo (written by the payment helper when an order is paid). A paid row counts
 *   for both goods kinds (remove_watermark and download): either way the visitor has
 *   paid for the unmarked photo.
 * - null: nothing. Guests are never entitled to paid photos.
 */
export type Entitlement = 'free' | 'paid' | null;

export interface EntitlementUser {
  id: number;
  is_mock: boolean;
}

export interface EntitlementPhoto {
  id: number;
  gallery_id: number;
}

export interface EntitlementGallery {
  id: number;
  config: Partial<GalleryConfig> | null;
}

export const givesOriginals = (g: Pick<EntitlementGallery, 'config'>): boolean => Number(g.config?.original_photo ?? 0) === 1;

/** The rule above for one photo (the photo must belong to the gallery). */
export async function entitled(db: Db, user: EntitlementUser | null, photo: EntitlementPhoto, gallery: EntitlementGallery): Promise<Entitlement> {
  if (!user || photo.gallery_id !== gallery.id) return null;
  if (givesOriginals(gallery)) return 'free';
  if (user.is_mock) return null;
  const { rows } = await db.query('SELECT 1 FROM paid_images WHERE user_id = $1 AND photo_id = $2', [user.id, photo.id]);
  return rows.length ? 'paid' : null;
}

/** The ids among `photoIds` the user has paid for (real users only). */
export async function paidPhotoIds(db: Db, user: EntitlementUser | null, photoIds: number[]): Promise<Set<number>> {
  if (!user || user.is_mock || !photoIds.length) return new Set();
  const { rows } = await db.query<{ photo_id: number }>('SELECT photo_id FROM paid_images WHERE user_id = $1 AND photo_id = ANY($2::int[])', [
    user.id,
    photoIds
  ]);
  return new Set(rows.map((r) => Number(r.photo_id)));
}

/**
 * Per-visitor overlay on a (shared, cached) list of photos: paid ones get
 * `payed: 1` (spec: paid photos carry a payed tag). The cached objects are never
 * mutated; paid items are copied.
 */
export async function withPayed<T extends { id: number }>(db: Db, user: EntitlementUser | null, items: T[]): Promise<Array<T & { payed?: 1 }>> {
  const paid = await paidPhotoIds(db, user, items.map((p) => p.id));
  if (!paid.size) return items;
  return items.map((p) => (paid.has(p.id) ? { ...p, payed: 1 as const } : p));
}

/** What a signed image request needs to know in one round trip. */
export interface SignedImageFacts {
  photo: EntitlementPhoto;
  gallery: EntitlementGallery;
  user: EntitlementUser;
}

/** The visible photo of `hash` in `galleryId`, its gallery and the user; null when any is missing. */
export async function signedImageFacts(db: Db, galleryId: number, hash: string, userId: number): Promise<SignedImageFacts | null> {
  const { rows } = await db.query<{ id: number; config: Partial<GalleryConfig> | null; is_mock: boolean }>(
    `SELECT p.id, g.config, u.is_mock FROM photos p JOIN galleries g ON g.id = p.gallery_id JOIN users u ON u.id = $3
     WHERE p.gallery_id = $1 AND p.hash = $2 AND NOT p.hidden`,
    [galleryId, hash, userId]
  );
  if (!rows.length) return null;
  const r = rows[0];
  return {
    photo: { id: r.id, gallery_id: galleryId },
    gallery: { id: galleryId, config: r.config },
    user: { id: userId, is_mock: !!r.is_mock }
  };
}
