import type { Db } from '../../db';
import type { RateLimiter } from '../shared/rateLimit';
import type { Viewer } from '../../viewer';
import type { GateKind } from '../../../../types/api/permission';
import { GateService } from './gates';
import { GateSettings, type GateChangeListener } from './gateSettings';
import { SmsCodeService } from './smsCodes';
import type { SmsProvider } from '../../providers/sms';
import type { Gallery, GalleryDetail } from '../../../../types/api/gallery';
import { visitorPageData } from '../forms/visitorForms';

/** A gallery as any visitor gets it: its page without the forms' secrets (services/forms/visitorForms.ts). */
const forVisitors = (g: Gallery): Gallery => {
  const pagedata = visitorPageData(g.pagedata);
  return pagedata === g.pagedata ? g : { ...g, pagedata };
};

/**
 * The gated-page checks every service uses, taking the Viewer (its user and the
 * passes found during this request). Rules live in GateService / SmsCodeService;
 * writes in GateSettings.
 *
 * What a visitor without the page (pgdata) pass sees of a gallery: id, link_id,
 * name, cover, theme/config, status, times, access_type, parent links: enough to
 * render the gate page. pagedata, desc and sub-pages are withheld, on every path
 * (gallery pages, batches, medium batches, visit history). Photos need every gate
 * (see types/api/permission.ts). A page gate covers the page's sub-pages at any
 * depth: they need its pass as well as their own.
 */
export class GateAccess {
  readonly service: GateService;
  readonly sms: SmsCodeService;
  readonly settings: GateSettings;

  constructor(db: Db, limits: RateLimiter, secret: string, provider: SmsProvider, warn?: (msg: string, err?: unknown) => void) {
    this.service = new GateService(db, limits, secret);
    this.sms = new SmsCodeService(db, limits, () => provider, this.service, secret);
    this.settings = new GateSettings(db, this.service, warn);
  }

  /**
   * Called after every committed gate change, once per gallery it reaches (the
   * gallery, and for a page gate each sub-page). Answers the unsubscribe.
   */
  onGateChanged(fn: GateChangeListener): () => void {
    return this.settings.onGateChanged(fn);
  }

  /** Whether the viewer misses a gate of the gallery; remembered on the viewer for the rest of the request. */
  private async missing(v: Viewer, galleryId: number, kinds?: GateKind[]): Promise<boolean> {
    const key = `${galleryId}:${kinds?.join(',') ?? '*'}`;
    const known = v.passes.get(key);
    if (known !== undefined) return !known;
    const missing = Boolean(await this.service.missingGate(v.userId, galleryId, kinds));
    v.passes.set(key, !missing);
    return missing;
  }

  /** Photos, lists, sizes, archives, likes, orders of a gallery: 200202 without every pass it needs. */
  async assertPass(v: Viewer, galleryId: number): Promise<void> {
    if (!(await this.service.anyGated())) return;
    await this.service.assertPass(v.userId, galleryId);
  }

  /** Whether the viewer holds every pass the gallery needs. */
  async passes(v: Viewer, galleryId: number): Promise<boolean> {
    return !(await this.missing(v, galleryId));
  }

  /** The live channel of a gated gallery (image_add carries hashes): HTTP 403 with the 200202 envelope without its pass. */
  async assertLivePass(v: Viewer, galleryId: number): Promise<void> {
    await this.service.assertPass(v.userId, galleryId, 403);
  }

  /** Image bytes: HTTP 403 with the 200202 envelope without a pass or ticket; true when the image is gated (keep it out of shared caches). */
  async assertImage(v: Viewer, hash: string, style: string, galleryId: number | undefined, ticket: string | undefined): Promise<boolean> {
    if (!(await this.service.anyGated())) return false;
    return this.service.assertImage(v.userId, hash, style, galleryId, ticket);
  }

  /** Photos by id (batch lists): those of galleries not passed are left out. */
  async filterPhotos<T extends { galleryid: number }>(v: Viewer, photos: T[]): Promise<T[]> {
    if (!photos.length || !(await this.service.anyGated())) return photos;
    const ok = new Map<number, boolean>();
    for (const id of new Set(photos.map((p) => p.galleryid))) ok.set(id, !(await this.missing(v, id)));
    return photos.filter((p) => ok.get(p.galleryid));
  }

  /** Whether the viewer lacks a page gate of this gallery (its own or an ancestor's). */
  pageClosed(v: Viewer, galleryId: number): Promise<boolean> {
    return this.missing(v, galleryId, ['pgdata']);
  }

  /** Anything carrying a gallery's description (medium batches, visit history): '' while its page gate is closed. */
  async withholdDesc<T extends { id: number; desc: string }>(v: Viewer, items: T[]): Promise<T[]> {
    if (!items.length || !(await this.service.anyGated())) return items;
    const out: T[] = [];
    for (const item of items) out.push(item.desc && (await this.pageClosed(v, item.id)) ? { ...item, desc: '' } : item);
    return out;
  }

  /**
   * Galleries shown to this visitor: the one place a gallery's page becomes a visitor's
   * answer (the detail, its sub-pages, the batch, the H5 document's boot data). Every page
   * loses its forms' secrets; page-gated ones without the pass lose pagedata and desc.
   * access_type shows the first gate a visitor meets, inherited ones included, so a
   * sub-page of a gated page sends visitors to its permission page.
   */
  async redactGalleries(v: Viewer, galleries: Gallery[]): Promise<Gallery[]> {
    const shown = galleries.map(forVisitors);
    if (!shown.length || !(await this.service.anyGated())) return shown;
    const out: Gallery[] = [];
    for (const g of shown) {
      const first = (await this.service.requirementsOf(g.id))[0];
      const accessType = first?.access_type ?? g.access_type;
      const closed = await this.pageClosed(v, g.id);
      out.push(closed ? { ...g, pagedata: null, desc: '', access_type: accessType } : accessType === g.access_type ? g : { ...g, access_type: accessType });
    }
    return out;
  }

  /** A gallery's details: redacted (and no sub-pages) until its page gate is passed. */
  async presentDetail(v: Viewer, d: GalleryDetail): Promise<GalleryDetail> {
    const [gallery] = await this.redactGalleries(v, [d.gallery]);
    if ((await this.service.anyGated()) && (await this.pageClosed(v, d.gallery.id))) return { ...d, gallery, children: [] };
    return { ...d, gallery, children: await this.redactGalleries(v, d.children) };
  }
}
