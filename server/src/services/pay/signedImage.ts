import type { FastifyRequest } from 'fastify';
import type { Services } from '..';
import { AppError, forbidden, notFound } from '../../errors';
import { ErrorCode } from '../../../../types/envelope';
import type { ImageStyleName } from '../../../../types/image-style';
import type { GalleryConfig } from '../../../../types/api/gallery';
import { entitled, signedImageFacts, type Entitlement } from './entitlements';
import { urlSignerFor } from './signedUrls';

export const NOT_AVAILABLE = 'Original photo is not available';

const refuse = (reason: string) => new AppError(ErrorCode.FORBIDDEN, NOT_AVAILABLE, { reason });

/**
 * Checks a signed image request (`/img/{hash}!{style}?g=&u=&e=&s=`) before any byte
 * goes out; every failure is the same 403 envelope (data.reason tells them apart):
 * - unsigned (or no gallery): 403, data null;
 * - signature over hash|style|gallery|user|expiry wrong (any part changed): 'signature';
 * - expired (5 minutes after signing): 'expired';
 * - an Authorization token whose user is not `u`: 'user'. Browsers load <img> without
 *   headers, so a request without a token is bound to the visitor by the signature
 *   (it names the user) and the short expiry; a request with a token must match;
 * - the photo is no longer in the gallery, or the user no longer entitled (a refund,
 *   original_photo turned off): 'entitlement'.
 */
export async function authorizeSignedImage(
  ctx: Services,
  req: FastifyRequest,
  hash: string,
  style: string,
  galleryId: number | undefined,
  q: { u?: string; e?: string; s?: string }
): Promise<void> {
  const v = urlSignerFor(ctx).verifyImage(hash, style, galleryId, q);
  if (!v.ok) {
    if (v.reason === 'unsigned') throw forbidden(NOT_AVAILABLE);
    throw refuse(v.reason);
  }
  if (req.token) {
    const me = req.viewer.user;
    if (!me || me.id !== v.grant.user) throw refuse('user');
  }
  const facts = await signedImageFacts(ctx.db, v.grant.gallery, hash, v.grant.user);
  if (!facts || !(await entitled(ctx.db, facts.user, facts.photo, facts.gallery))) throw refuse('entitlement');
}

export interface SignedOriginal {
  url: string;
  /** Unix seconds. */
  expires: number;
  entitlement: Exclude<Entitlement, null>;
}

/**
 * `GET /api/v2/images/original/{photo_id}[?style=]`: a signed URL of the photo's
 * original (or of a style without watermark) for the session's user, 403 when the
 * user is not entitled, 404 for an unknown or hidden photo.
 */
export async function signOriginal(
  ctx: Services,
  user: { id: number; is_mock: boolean },
  photoId: number,
  style: ImageStyleName,
  /** Further gallery checks (the gated-page pass) before anything is signed. */
  assertGallery: (galleryId: number) => Promise<void> = async () => undefined
): Promise<SignedOriginal> {
  const { rows } = await ctx.db.query<{ hash: string; gallery_id: number; config: Partial<GalleryConfig> | null }>(
    'SELECT p.hash, p.gallery_id, g.config FROM photos p JOIN galleries g ON g.id = p.gallery_id WHERE p.id = $1 AND NOT p.hidden',
    [photoId]
  );
  if (!rows.length) throw notFound('Photo not found');
  const r = rows[0];
  await assertGallery(r.gallery_id);
  const ent = await entitled(ctx.db, user, { id: photoId, gallery_id: r.gallery_id }, { id: r.gallery_id, config: r.config });
  if (!ent) throw forbidden(NOT_AVAILABLE);
  const { url, expires } = urlSignerFor(ctx).imageUrl({ hash: r.hash, style, gallery: r.gallery_id, user: user.id });
  return { url, expires, entitlement: ent };
}
