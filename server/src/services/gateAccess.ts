import type { FastifyRequest } from 'fastify';
import type { Db } from '../db';
import type { RateLimiter } from './rateLimit';
import type { SessionUser } from './session';
import { GateService } from './gates';
import { SmsCodeService } from './smsCodes';
import type { SmsProvider } from '../sms';
import type { Gallery, GalleryDetail } from '../../../types/api/gallery';

/**
 * `ctx.gates`: the gated-page checks every route uses, taking the request (its
 * session user) so routes stay one line. Rules live in GateService / SmsCodeService.
 *
 * What a visitor without the page (pgdata) pass sees of a gallery: id, link_id,
 * name, cover, theme/config, status, times, access_type, parent links: enough to
 * render the gate page. pagedata, desc and sub-pages are withheld. Photos need
 * both gates (see types/api/permission.ts).
 */
export class GateAccess {
  readonly service: GateService;
  readonly sms: SmsCodeService;
  private provider: SmsProvider;

  constructor(
    db: Db,
    limits: RateLimiter,
    secret: string,
    provider: SmsProvider,
    private currentUser: (req: FastifyRequest) => Promise<SessionUser | null>
  ) {
    this.provider = provider;
    this.service = new GateService(db, limits, secret);
    this.sms = new SmsCodeService(db, limits, () => this.provider, this.service, secret);
  }

  /** app.ts swaps in a provider that writes to the app's logger. */
  setSmsProvider(p: SmsProvider): void {
    this.provider = p;
  }

  private async userId(req: FastifyRequest): Promise<number | null> {
    return (await this.currentUser(req))?.id ?? null;
  }

  /** Photos, lists, sizes, archives of a gallery: 200202 without every pass it needs. */
  async assertPass(req: FastifyRequest, galleryId: number): Promise<void> {
    if (!(await this.service.anyGated())) return;
    await this.service.assertPass(await this.userId(req), galleryId);
  }

  /** Image bytes: HTTP 403 with the 200202 envelope without a pass or ticket; true when the image is gated (keep it out of shared caches). */
  async assertImage(req: FastifyRequest, hash: string, style: string, galleryId: number | undefined, ticket: string | undefined): Promise<boolean> {
    if (!(await this.service.anyGated())) return false;
    return this.service.assertImage(await this.userId(req), hash, style, galleryId, ticket);
  }

  /** Photos by id (batch lists): those of galleries not passed are left out. */
  async filterPhotos<T extends { galleryid: number }>(req: FastifyRequest, photos: T[]): Promise<T[]> {
    if (!photos.length || !(await this.service.anyGated())) return photos;
    const userId = await this.userId(req);
    const ok = new Map<number, boolean>();
    for (const id of new Set(photos.map((p) => p.galleryid))) ok.set(id, !(await this.service.missingGate(userId, id)));
    return photos.filter((p) => ok.get(p.galleryid));
  }

  /** Galleries shown to this visitor: page-gated ones without the pass lose pagedata and desc. */
  async redactGalleries(req: FastifyRequest, galleries: Gallery[]): Promise<Gallery[]> {
    if (!galleries.length || !(await this.service.anyGated())) return galleries;
    const userId = await this.userId(req);
    const out: Gallery[] = [];
    for (const g of galleries) {
      const missing = await this.service.missingGate(userId, g.id, ['pgdata']);
      out.push(missing ? { ...g, pagedata: null, desc: '' } : g);
    }
    return out;
  }

  /** A gallery's details: redacted (and no sub-pages) until its page gate is passed. */
  async presentDetail(req: FastifyRequest, d: GalleryDetail): Promise<GalleryDetail> {
    if (!(await this.service.anyGated())) return d;
    const [gallery] = await this.redactGalleries(req, [d.gallery]);
    if (gallery !== d.gallery) return { ...d, gallery, children: [] };
    return { ...d, children: await this.redactGalleries(req, d.children) };
  }
}
