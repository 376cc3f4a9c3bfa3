import type { Db } from '../../db';
import type { Viewer } from '../../viewer';
import type { GateAccess } from '../gates/gateAccess';
import { AppError, forbidden, notFound } from '../../errors';
import { requireUser } from '../../viewer';
import { ErrorCode } from '../../../../types/envelope';
import type { ImageStyleName } from '../../../../types/image-style';
import type { GalleryConfig } from '../../../../types/api/gallery';
import { entitled, signedImageFacts, type Entitlement } from './entitlements';
import type { UrlSigner } from './signedUrls';

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

/** Unwatermarked pixels for entitled visitors: signing URLs of originals, and checking them when they are requested. */
export class OriginalsService {
  constructor(
    private db: Db,
    private signer: UrlSigner,
    private gates: GateAccess
  ) {}

  /**
   * `GET /api/v2/images/original/{photo_id}[?style=]`: a signed URL of the photo's
   * original (or of a style without watermark) for the viewer, 403 when not
   * entitled or without the gallery's pass, 404 for an unknown or hidden photo.
   */
  async sign(v: Viewer, photoId: number, style: ImageStyleName): Promise<SignedOriginal> {
    const user = requireUser(v);
    const { rows } = await this.db.query<{ hash: string; gallery_id: number; config: Partial<GalleryConfig> | null }>(
      'SELECT p.hash, p.gallery_id, g.config FROM photos p JOIN galleries g ON g.id = p.gallery_id WHERE p.id = $1 AND NOT p.hidden',
      [photoId]
    );
    if (!rows.length) throw notFound('Photo not found');
    const r = rows[0];
    await this.gates.assertPass(v, r.gallery_id);
    const ent = await entitled(this.db, user, { id: photoId, gallery_id: r.gallery_id }, { id: r.gallery_id, config: r.config });
    if (!ent) throw forbidden(NOT_AVAILABLE);
    const { url, expires } = this.signer.imageUrl({ hash: r.hash, style, gallery: r.gallery_id, user: user.id });
    return { url, expires, entitlement: ent };
  }

  /** A signed image request (`/img/{hash}!{style}?g=&u=&e=&s=`), checked before any byte goes out (rules above). */
  async authorize(v: Viewer, hash: string, style: string, galleryId: number | undefined, q: { u?: string; e?: string; s?: string }): Promise<void> {
    const check = this.signer.verifyImage(hash, style, galleryId, q);
    if (!check.ok) {
      if (check.reason === 'unsigned') throw forbidden(NOT_AVAILABLE);
      throw refuse(check.reason);
    }
    if (v.token) {
      if (!v.user || v.user.id !== check.grant.user) throw refuse('user');
    }
    const facts = await signedImageFacts(this.db, check.grant.gallery, hash, check.grant.user);
    if (!facts || !(await entitled(this.db, facts.user, facts.photo, facts.gallery))) throw refuse('entitlement');
  }
}
