import { makeAutoObservable, runInAction } from 'mobx';
import type { Photo } from '../../../types/api/photo';
import type { Gallery } from '../../../types/api/gallery';
import type { SharerInfo } from '../../../types/api/share';
import { SHARE_MAX_PHOTOS } from '../../../types/api/share';
import type { IsPassResponse } from '../../../types/api/permission';
import type { MessageKey } from '../../i18n';
import { t } from '../../i18n';
import { PhotoListStore } from '../photos/PhotoListStore';
import type { GalleryDirectoryStore } from '../gallery/GalleryDirectoryStore';
import { fetchPhotosByIds } from '../../api/visits';
import { fetchSharer } from '../../api/share';
import { fetchIsPass } from '../../api/permission';
import { buildUrl, galleryUrl } from '../../routes';
import { imageUrl } from '../../utils/image';
import { setImageTicket } from '../../utils/imageTickets';
import { shareLink, type ShareContent, type ShareOutcome } from '../../platform/share';
import { toast } from '../../platform/ui';
import { shareAndTell } from './shareOutcome';

export type SharePageState = 'idle' | 'loading' | 'ready' | 'empty' | 'error';

/** The 'Copyed' toast lasts 1 second (spec part 1 §8). */
export { COPIED_TOAST_MS } from './shareOutcome';

export interface SharePageDeps {
  photos: (ids: number[]) => Promise<Photo[]>;
  sharer: (openid: string) => Promise<SharerInfo | null>;
  directory: Pick<GalleryDirectoryStore, 'ensure' | 'byId'>;
  /** The image ticket of a passed gated gallery (its `<img>` URLs need it). */
  isPass: (galleryId: number) => Promise<Pick<IsPassResponse, 'image_ticket'>>;
  share: (c: ShareContent) => Promise<ShareOutcome>;
  toast: (key: MessageKey, ms?: number) => void;
}

/** The ids of a share URL (`1,2,3`): positive, once each, in order, at most 50. */
export function parseShareIds(raw: string | undefined): number[] {
  const out: number[] = [];
  for (const part of (raw ?? '').split(',')) {
    if (!/^\d{1,12}$/.test(part)) continue;
    const id = Number(part);
    if (id > 0 && !out.includes(id)) out.push(id);
    if (out.length === SHARE_MAX_PHOTOS) break;
  }
  return out;
}

/**
 * The image share page /page/share/{openid}/{ids}: the shared photos (those the
 * visitor may see: the server leaves out gated ones), who shared them, their
 * album, and what sharing this page sends on. Its photo list feeds the viewer.
 */
export class SharePageStore {
  state: SharePageState = 'idle';
  photos: Photo[] = [];
  sharer: SharerInfo | null = null;
  openid = '';
  ids: number[] = [];
  /** The photos as a finished list, so the page's viewer can show them. */
  list: PhotoListStore | null = null;
  /** WeChat's browser: the hint pointing at its ··· menu is open (and whether the link was copied too). */
  menuHint: { copied: boolean } | null = null;
  private deps: SharePageDeps;
  private seq = 0;

  constructor(deps: Partial<SharePageDeps> & Pick<SharePageDeps, 'directory'>) {
    this.deps = {
      photos: fetchPhotosByIds,
      sharer: fetchSharer,
      isPass: (id) => fetchIsPass('watermark', id),
      // Through a function: as a bare property value webpack (5.91) emitted an undeclared `share.uU` once platform/share sat in a shared chunk.
      share: (c) => shareLink(c),
      toast: (key, ms) => toast(t(key), ms),
      ...deps
    };
    makeAutoObservable<SharePageStore, 'deps' | 'seq'>(this, { deps: false, seq: false, list: false });
  }

  async load(openid: string, rawIds: string | undefined): Promise<void> {
    const seq = ++this.seq;
    this.openid = openid;
    this.ids = parseShareIds(rawIds);
    this.photos = [];
    this.list = null;
    if (!this.ids.length) {
      this.state = 'empty';
      return;
    }
    this.state = 'loading';
    const sharer = this.deps.sharer(openid).catch(() => null);
    let photos: Photo[];
    try {
      photos = await this.deps.photos(this.ids);
    } catch {
      if (seq === this.seq) runInAction(() => (this.state = 'error'));
      return;
    }
    // In the order they were shared.
    const byId = new Map(photos.map((p) => [p.id, p]));
    const ordered = this.ids.map((id) => byId.get(id)).filter((p): p is Photo => !!p);
    const galleryIds = [...new Set(ordered.map((p) => p.galleryid))];
    await this.deps.directory.ensure(galleryIds);
    await this.keepTickets(galleryIds);
    const list = new PhotoListStore({ galleryId: ordered[0]?.galleryid ?? 0, order: 'desc' }, async () => ({
      items: ordered,
      total: ordered.length,
      pagedata: { offset: 0, page_size: ordered.length, next_offset: ordered.length, has_more: false, sorttype: 'id', order: 'desc' }
    }));
    await list.loadMore();
    const who = await sharer;
    if (seq !== this.seq) return;
    runInAction(() => {
      this.sharer = who;
      this.photos = ordered;
      this.list = list;
      this.state = ordered.length ? 'ready' : 'empty';
    });
  }

  /** Gated galleries the server let through were passed: their image URLs carry the ticket. */
  private async keepTickets(galleryIds: number[]): Promise<void> {
    for (const id of galleryIds) {
      const g = this.deps.directory.byId.get(id);
      if (!g || g.access_type === 'free') continue;
      try {
        setImageTicket(id, (await this.deps.isPass(id)).image_ticket ?? null);
      } catch {
        /* images then fail like any refused image; the page still shows */
      }
    }
  }

  /** The album of the (first) shared photo: 'View the whole album' goes there. */
  get gallery(): Gallery | null {
    const first = this.photos[0];
    return first ? this.deps.directory.byId.get(first.galleryid) ?? null : null;
  }

  get albumUrl(): string | null {
    const g = this.gallery;
    return g ? galleryUrl(g) : null;
  }

  /** Sharing is off when a shared photo's gallery turns it off (spec part 1 §6), or it is unknown. */
  get shareEnabled(): boolean {
    if (this.state !== 'ready') return false;
    for (const id of new Set(this.photos.map((p) => p.galleryid))) {
      const g = this.deps.directory.byId.get(id);
      if (!g || g.config?.share_off === 1) return false;
    }
    return true;
  }

  /**
   * What sharing this page sends: the album's configured share title, text and
   * image, else the fallback wording (spec part 1 §9) and the first photo's
   * watermarked display style. A logged-in visitor re-shares under their own openid.
   */
  shareContent(selfOpenid?: string | null): ShareContent | null {
    const first = this.photos[0];
    if (this.state !== 'ready' || !first) return null;
    const g = this.gallery;
    const num = this.photos.length;
    const name = g?.name || this.sharer?.nickname || '';
    return {
      title: g?.h5_share_title || g?.config?.h5_share_title || (name ? t('share.fallbackTitle', { name }) : t('share.anonymous', { num })),
      desc: g?.h5_share_text || g?.config?.h5_share_text || t('share.fallbackDesc', { num }),
      imageUrl: g?.h5_share_image || g?.config?.h5_share_image || imageUrl(first.hash, 'wx_375_240', first.galleryid),
      // Commas kept readable (buildUrl would encode them); the ids are digits only.
      url: buildUrl('share', { openid: selfOpenid || this.openid, ids: this.ids.join(',') }).replace(/%2C/g, ',')
    };
  }

  closeMenuHint(): void {
    this.menuHint = null;
  }

  /** Browsers: the system share sheet, or the link copied ('Copyed', 1 s); in WeChat the hint at its ··· menu. */
  async share(selfOpenid?: string | null): Promise<ShareOutcome | null> {
    const content = this.shareContent(selfOpenid);
    if (!content || !this.shareEnabled) return null;
    const outcome = await shareAndTell(content, { share: this.deps.share, toast: this.deps.toast, menuHint: (copied) => runInAction(() => (this.menuHint = { copied })) });
    return outcome;
  }
}
