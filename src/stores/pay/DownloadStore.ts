import { makeAutoObservable, runInAction } from 'mobx';
import type { Photo } from '../../../types/api/photo';
import type { ClientEnv } from '../../../types/api/session';
import type { ZipTicket } from '../../../types/api/download';
import type { MessageKey } from '../../i18n';
import type { GatedAction } from '../login/loginGate';
import type { PayStore } from './PayStore';
import { galleryCharges, viewerResume, type PayGallery } from './payRules';
import { fetchSignedOriginal } from '../../api/originals';
import { requestZip } from '../../api/pay';
import { imageUrl } from '../../utils/image';
import { clientEnv, windowWidth, WIDE_SCREEN } from '../../platform/env';
import { downloadOne, downloadZip, saveMode, ZIP_BLOB_LIMIT, type DownloadOutcome, type SaveMode, type ZipProgress } from '../../platform/download';
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
  /** Files and ZIPs (browsers), the photo album (mini-program), or press-and-hold (in-app browsers). */
  saveMode: () => SaveMode;
  toast: (key: MessageKey, params?: Record<string, string | number>) => void;
}

export interface ZipState {
  loaded: number;
  total: number | null;
}

/** Photos saved to the mini-program's album so far, one by one. */
export interface AlbumProgress {
  done: number;
  total: number;
}

/** A photo offered for press-and-hold saving: its full-size image. */
export interface LongPressPhoto {
  id: number;
  url: string;
}

/**
 * Downloads (issue 5 item 4, issue 12): a guest logs in first; unpaid photos of a
 * charging gallery are paid first (PayStore: the confirmation sheet), then the photos
 * are saved the way this platform can: one photo as a file or several as the server's
 * streamed ZIP (browsers), each photo to the album with its progress (mini-program), or
 * shown at full size for press-and-hold saving (WeChat, WeChat Work, DingTalk browsers,
 * which cannot save a file). A tap while a download runs says so.
 */
export class DownloadStore {
  zip: ZipState | null = null;
  album: AlbumProgress | null = null;
  /** The press-and-hold sheet's photos (null when closed). */
  longPress: LongPressPhoto[] | null = null;
  busy = false;
  private deps: DownloadDeps;

  constructor(private pay: PayStore, deps: Partial<DownloadDeps> = {}) {
    this.deps = {
      requireLogin: async () => false,
      signOriginal: (id) => fetchSignedOriginal(id),
      requestZip,
      downloadOne: (url, name) =>
        downloadOne(url, name, { permissionTitle: t('download.albumPermissionTitle'), permissionText: t('download.albumPermissionText') }),
      downloadZip,
      saveMode,
      toast: (key, params) => toast(t(key, params)),
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

  /**
   * Download one or several photos of a gallery; true when they were handed to the
   * platform (saved, downloading, or offered for press-and-hold saving).
   */
  download(g: DownloadGallery, photos: readonly Photo[]): Promise<boolean> {
    if (!photos.length) return Promise.resolve(false);
    if (this.busy) {
      this.deps.toast('download.busy');
      return Promise.resolve(false);
    }
    this.busy = true;
    return this.run(g, photos).finally(() => runInAction(() => (this.busy = false)));
  }

  closeLongPress(): void {
    this.longPress = null;
  }

  private async run(g: DownloadGallery, photos: readonly Photo[]): Promise<boolean> {
    if (!(await this.deps.requireLogin('download', viewerResume(g, photos, 'download')))) return false;
    const unpaid = photos.filter((p) => this.pay.needsPayment(p, g));
    if (unpaid.length && !(await this.pay.pay(g, unpaid, 'download'))) return false;
    const mode = this.deps.saveMode();
    if (mode === 'long-press') return this.offerLongPress(g, photos);
    this.deps.toast('download.Downloading');
    if (mode === 'album') return this.toAlbum(g, photos);
    const outcome = photos.length === 1 ? await this.single(g, photos[0]) : await this.several(g, photos);
    if (outcome === 'failed') this.deps.toast('download.failed');
    else if (outcome === 'saved') this.deps.toast('download.done');
    return outcome === 'saved';
  }

  /** The photo's URL to save: its signed original when entitled (or sold here), else the display image. */
  private urlOf(g: DownloadGallery, p: Photo): Promise<string> {
    if (this.entitled(p, g) || galleryCharges(g)) return this.deps.signOriginal(p.id);
    return Promise.resolve(imageUrl(p.hash, 'wx_1920_n', p.galleryid));
  }

  private async single(g: DownloadGallery, p: Photo): Promise<DownloadOutcome> {
    let url: string;
    try {
      url = await this.urlOf(g, p);
    } catch {
      return 'failed';
    }
    return this.deps.downloadOne(url, p.origin || `${p.id}.jpg`);
  }

  /** In-app browsers: the photos at full size in a sheet, to press and hold. */
  private async offerLongPress(g: DownloadGallery, photos: readonly Photo[]): Promise<boolean> {
    const urls = await Promise.all(photos.map((p) => this.urlOf(g, p).catch(() => null)));
    const shown = photos.map((p, i) => ({ id: p.id, url: urls[i] })).filter((x): x is LongPressPhoto => !!x.url);
    if (!shown.length) {
      this.deps.toast('download.failed');
      return false;
    }
    runInAction(() => (this.longPress = shown));
    return true;
  }

  /** Mini-program: each photo to the album in turn, with the progress; a refused album access stops. */
  private async toAlbum(g: DownloadGallery, photos: readonly Photo[]): Promise<boolean> {
    const total = photos.length;
    let saved = 0;
    let failed = 0;
    runInAction(() => (this.album = { done: 0, total }));
    try {
      for (const p of photos) {
        const one = await this.single(g, p);
        if (one === 'denied') {
          this.deps.toast('download.denied');
          return false;
        }
        if (one === 'saved') saved++;
        else failed++;
        runInAction(() => (this.album = { done: saved + failed, total }));
      }
    } finally {
      runInAction(() => (this.album = null));
    }
    if (!failed) this.deps.toast('download.saved', { num: saved });
    else if (!saved) this.deps.toast('download.failed');
    else this.deps.toast('download.partSaved', { saved, failed });
    return !failed;
  }

  private async several(g: DownloadGallery, photos: readonly Photo[]): Promise<DownloadOutcome> {
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
