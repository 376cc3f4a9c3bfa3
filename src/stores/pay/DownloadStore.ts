import { makeAutoObservable, runInAction } from 'mobx';
import type { Photo } from '../../../types/api/photo';
import type { ClientEnv } from '../../../types/api/session';
import type { ZipTicket } from '../../../types/api/download';
import type { MessageKey } from '../../i18n';
import type { GatedAction } from '../login/loginGate';
import { galleryCharges, viewerResume, type PayGallery, type PayStore } from './PayStore';
import { fetchSignedOriginal } from '../../api/originals';
import { requestZip } from '../../api/pay';
import { imageUrl } from '../../utils/image';
import { clientEnv, windowWidth, WIDE_SCREEN } from '../../platform/env';
import { downloadOne, downloadZip, zipDownloadSupported, ZIP_BLOB_LIMIT, type DownloadOutcome, type ZipProgress } from '../../platform/download';
import { toast } from '../../platform/ui';
import { t } from '../../i18n';

/** The gallery fields the download rules read. */
export type DownloadGallery = PayGallery & { config?: { original_photo?: number; active_on?: number } | null };

/**
 * Spec part 1 §2/§6: the viewer's Download link shows only outside WeChat, on
 * screens wider than 800 px, and only when the gallery has activation on.
 */
export function downloadLinkShown(env: ClientEnv, width: number, g: DownloadGallery | null | undefined): boolean {
  if (env === 'wechat' || env === 'weapp') return false;
  return width > WIDE_SCREEN && !!g?.config?.active_on;
}

export interface DownloadDeps {
  requireLogin: (reason: GatedAction, resume?: Record<string, string | number>) => Promise<boolean>;
  signOriginal: (photoId: number) => Promise<string>;
  requestZip: (galleryId: number, ids: number[]) => Promise<ZipTicket>;
  downloadOne: (url: string, fileName: string) => Promise<DownloadOutcome>;
  downloadZip: (url: string, fileName: string, onProgress: ZipProgress, direct: boolean) => Promise<DownloadOutcome>;
  /** Several photos as one ZIP (browsers); the mini-program saves them one by one. */
  zipSupported: () => boolean;
  toast: (key: MessageKey) => void;
}

export interface ZipState {
  loaded: number;
  total: number | null;
}

/**
 * Downloads (issue 5 item 4): a guest logs in first; unpaid photos of a charging
 * gallery are paid first (PayStore), then the download goes on: one photo as a
 * file (album in the mini-program), several as the server's streamed ZIP.
 */
export class DownloadStore {
  zip: ZipState | null = null;
  private deps: DownloadDeps;

  constructor(private pay: PayStore, deps: Partial<DownloadDeps> = {}) {
    this.deps = {
      requireLogin: async () => false,
      signOriginal: (id) => fetchSignedOriginal(id),
      requestZip,
      downloadOne: (url, name) =>
        downloadOne(url, name, { permissionTitle: t('download.albumPermissionTitle'), permissionText: t('download.albumPermissionText') }),
      downloadZip,
      zipSupported: zipDownloadSupported,
      toast: (key) => toast(t(key)),
      ...deps
    };
    makeAutoObservable<DownloadStore, 'deps' | 'pay'>(this, { deps: false, pay: false });
  }

  /** Viewer info link: shown where the spec allows downloads. */
  linkShown(g: DownloadGallery | null | undefined): boolean {
    return downloadLinkShown(clientEnv(), windowWidth(), g);
  }

  /** Entitled to the original: paid, or the gallery gives originals (or does not sell them). */
  private entitled(p: Photo, g: DownloadGallery): boolean {
    return !!g.config?.original_photo || this.pay.isPaid(p);
  }

  /** Download one or several photos of a gallery; true when the download was handed to the platform. */
  async download(g: DownloadGallery, photos: readonly Photo[]): Promise<boolean> {
    if (!photos.length) return false;
    if (!(await this.deps.requireLogin('download', viewerResume(g, photos, 'download')))) return false;
    const unpaid = photos.filter((p) => this.pay.needsPayment(p, g));
    if (unpaid.length && !(await this.pay.pay(g, unpaid, 'download'))) return false;
    this.deps.toast('download.Downloading');
    const outcome = photos.length === 1 ? await this.single(g, photos[0]) : await this.several(g, photos);
    if (outcome === 'failed') this.deps.toast('download.failed');
    return outcome === 'saved';
  }

  private async single(g: DownloadGallery, p: Photo): Promise<DownloadOutcome> {
    let url: string;
    try {
      url = this.entitled(p, g) || galleryCharges(g) ? await this.deps.signOriginal(p.id) : imageUrl(p.hash, 'wx_1920_n', p.galleryid);
    } catch {
      return 'failed';
    }
    return this.deps.downloadOne(url, p.origin || `${p.id}.jpg`);
  }

  private async several(g: DownloadGallery, photos: readonly Photo[]): Promise<DownloadOutcome> {
    // The mini-program has no ZIP download: each photo goes to the album in turn.
    if (!this.deps.zipSupported()) {
      for (const p of photos) {
        const one = await this.single(g, p);
        if (one !== 'saved') return one;
      }
      return 'saved';
    }
    let ticket: ZipTicket;
    try {
      ticket = await this.deps.requestZip(g.id, photos.map((p) => p.id));
    } catch {
      return 'failed';
    }
    const estimated = photos.reduce((sum, p) => sum + (p.size || 0), 0);
    runInAction(() => (this.zip = { loaded: 0, total: null }));
    try {
      return await this.deps.downloadZip(
        ticket.url,
        `${g.link_id || g.id}.zip`,
        (loaded, total) => runInAction(() => (this.zip = { loaded, total })),
        estimated > ZIP_BLOB_LIMIT
      );
    } finally {
      runInAction(() => (this.zip = null));
    }
  }
}
