import { makeAutoObservable, observableRef, runInAction } from 'mobx';
import type { Photo } from '../../../types/api/photo';
import type { ImageStyleName } from '../../../types/image-style';
import type { CollageKind } from '../../utils/collageLayout';
import type { CollageImage } from '../../platform/collage';
import { saveMode, type DownloadOutcome, type SaveMode } from '../../platform/download';
import { saveCollage } from '../../platform/save-collage';
import { loadCollage } from '../../platform/collage-loader';
import type { GatedAction } from '../login/loginGate';
import type { MessageKey } from '../../i18n';
import { imageUrl } from '../../utils/image';
import { hideLoading, showLoading, toast } from '../../platform/ui';
import { apiBase } from '../../platform/env';
import { imageShareSupported, shareImage, type ShareImageOutcome } from '../../platform/share-image';
import { downloadOne } from '../../platform/download';
import { t } from '../../i18n';
import { longPictureFailure, makeLongPicture, type LongPictureCalls } from './longPicture';
import { createLongPicture, showLongPicture } from '../../api/splice';
import { COLLAGING_TIMEOUT_MS } from '../../../types/api/splice';

/**
 * The display style a grid collage draws: what visitors see in the viewer (watermarked
 * where the gallery watermarks), never the original. A lone photo takes wx_1920_n for
 * the 1080 px output; cells of 2–3 columns (at most 536 px) take wx_750_n. (Long
 * pictures are drawn by the server: stores/jigsaw/longPicture.ts.)
 */
export function collageStyle(kind: CollageKind, count: number): ImageStyleName {
  return kind === 'long' || count <= 1 ? 'wx_1920_n' : 'wx_750_n';
}

/** The picture the preview shows: drawn on the device (grid), or the server's long picture (`url`). */
export type JigsawImage = CollageImage & { url?: string };

export type JigsawPhase = 'closed' | 'making' | 'ready';

export interface JigsawDeps extends LongPictureCalls {
  render: (kind: CollageKind, urls: readonly string[], onProgress: (loaded: number, total: number) => void) => Promise<CollageImage>;
  save: (img: CollageImage, fileName: string) => Promise<DownloadOutcome>;
  release: (img: CollageImage) => void;
  /** How this platform saves: in-app browsers ('long-press') save no file, the visitor presses and holds the image. */
  saveMode: () => SaveMode;
  requireLogin: (reason: GatedAction) => Promise<boolean>;
  toast: (key: MessageKey, params?: Record<string, string | number>) => void;
  /** The server's long picture (its address) saved: the photo album (mini-program) or the browser's download. */
  saveUrl: (url: string, fileName: string) => Promise<DownloadOutcome>;
  /** The system share of an image, where there is one. */
  shareSupported: () => boolean;
  share: (url: string, fileName: string) => Promise<ShareImageOutcome>;
  loading: { show: (text: string) => void; hide: () => void };
}

/**
 * Jigsaw collage (spec part 2 §2, §4: jigsaw modes): a long picture is drawn by the
 * server (`usersplice/create`, the 'Collaging' loading for up to 20 s; on failure the
 * loading hides and an error shows) and lands in the Find page's splice posters; a grid
 * is drawn on the device. The preview sheet shows it with Save (browser download, or the
 * album in the mini-program) and Share (the system's share of the image, where there is
 * one). Saving is a download: a guest logs in first.
 */
export class JigsawStore {
  phase: JigsawPhase = 'closed';
  kind: CollageKind = 'long';
  image: JigsawImage | null = null;
  loaded = 0;
  total = 0;
  saving = false;
  /** In-app browsers: Save was tapped, the preview now says to press and hold the collage. */
  pressHold = false;
  sharing = false;
  private fileName = 'collage.jpg';
  private deps: JigsawDeps;
  /** Bumped on close, so a collage finishing after it is dropped. */
  private run = 0;

  constructor(deps: Partial<JigsawDeps> = {}) {
    this.deps = {
      render: (kind, urls, onProgress) => loadCollage().then((m) => m.renderCollage(kind, urls, onProgress)),
      save: (img, name) => saveCollage(img, name, { permissionTitle: t('download.albumPermissionTitle'), permissionText: t('download.albumPermissionText') }),
      release: (img) => void loadCollage().then((m) => m.releaseCollage(img)),
      saveMode,
      requireLogin: async () => false,
      toast: (key, params) => toast(t(key, params)),
      create: createLongPicture,
      show: showLongPicture,
      saveUrl: (url, name) => downloadOne(url, name, { permissionTitle: t('download.albumPermissionTitle'), permissionText: t('download.albumPermissionText') }),
      shareSupported: imageShareSupported,
      share: shareImage,
      loading: { show: showLoading, hide: hideLoading },
      timeoutMs: COLLAGING_TIMEOUT_MS,
      ...deps
    };
    makeAutoObservable<JigsawStore, 'deps' | 'run' | 'fileName'>(this, { image: observableRef, deps: false, run: false, fileName: false });
  }

  get open(): boolean {
    return this.phase !== 'closed';
  }

  /** The sheet shows a grid while it is drawn; a long picture only once the server made it (the 'Collaging' loading before). */
  get sheetShown(): boolean {
    return this.phase === 'ready' || (this.phase === 'making' && this.kind === 'grid');
  }

  /** Share shows only where the system can share an image and the picture is the server's. */
  get canShare(): boolean {
    return !!this.image?.url && this.deps.shareSupported();
  }

  /** Draw the collage of these photos; true once the preview shows it. */
  async make(kind: CollageKind, photos: readonly Photo[], name = 'collage'): Promise<boolean> {
    if (!photos.length || this.phase === 'making') return false;
    this.dropImage();
    const run = ++this.run;
    this.kind = kind;
    this.phase = 'making';
    this.loaded = 0;
    this.total = photos.length;
    this.fileName = `${name}-${kind}.jpg`;
    if (kind === 'long') return this.makeLong(run, photos);
    const style = collageStyle(kind, photos.length);
    const urls = photos.map((p) => imageUrl(p.hash, style, p.galleryid));
    try {
      const img = await this.deps.render(kind, urls, (loaded) => {
        if (run === this.run) runInAction(() => (this.loaded = loaded));
      });
      if (run !== this.run) {
        this.deps.release(img);
        return false;
      }
      runInAction(() => {
        this.image = img;
        this.phase = 'ready';
      });
      return true;
    } catch (e) {
      if (run !== this.run) return false;
      const index = (e as { name?: string; index?: number })?.name === 'CollageLoadError' ? Number((e as { index: number }).index) : -1;
      if (index >= 0) this.deps.toast('jigsaw.loadError', { num: index + 1 });
      else this.deps.toast('jigsaw.failed');
      runInAction(() => (this.phase = 'closed'));
      return false;
    }
  }

  /** The server draws the long picture (the 'Collaging' loading meanwhile); true once the preview shows it. */
  private async makeLong(run: number, photos: readonly Photo[]): Promise<boolean> {
    const galleryId = photos[0].galleryid;
    const ids = photos.filter((p) => p.galleryid === galleryId).map((p) => p.id);
    this.deps.loading.show(t('jigsaw.collaging'));
    try {
      const pic = await makeLongPicture(this.deps, galleryId, ids);
      if (run !== this.run) return false;
      this.deps.loading.hide();
      runInAction(() => {
        this.image = { src: `${apiBase()}${pic.url}`, url: pic.url, width: pic.width, height: pic.height };
        this.phase = 'ready';
      });
      return true;
    } catch (e) {
      if (run !== this.run) return false;
      // Spec part 2 §8: a failed long picture hides the loading, then the error shows.
      this.deps.loading.hide();
      const f = longPictureFailure(e);
      this.deps.toast(f.key, f.params);
      runInAction(() => (this.phase = 'closed'));
      return false;
    }
  }

  /** Share the long picture shown through the system's share (mini-program: the share-image menu). */
  async share(): Promise<boolean> {
    const img = this.image;
    if (!img?.url || this.sharing || !this.deps.shareSupported()) return false;
    this.sharing = true;
    try {
      const outcome = await this.deps.share(img.url, this.fileName);
      if (outcome === 'failed') this.deps.toast('jigsaw.shareFailed');
      return outcome === 'shared';
    } finally {
      runInAction(() => (this.sharing = false));
    }
  }

  /** Save the collage shown; a guest is asked to log in first. */
  async save(): Promise<boolean> {
    const img = this.image;
    if (!img || this.saving) return false;
    if (!(await this.deps.requireLogin('download'))) return false;
    if (this.deps.saveMode() === 'long-press') {
      // In-app browsers: the visitor keeps the image by pressing it.
      runInAction(() => (this.pressHold = true));
      return true;
    }
    runInAction(() => (this.saving = true));
    try {
      const outcome = img.url ? await this.deps.saveUrl(img.url, this.fileName) : await this.deps.save(img, this.fileName);
      if (outcome === 'saved') this.deps.toast('jigsaw.saved');
      else if (outcome === 'failed') this.deps.toast('jigsaw.saveFailed');
      return outcome === 'saved';
    } catch {
      this.deps.toast('jigsaw.saveFailed');
      return false;
    } finally {
      runInAction(() => (this.saving = false));
    }
  }

  close(): void {
    if (this.phase === 'making' && this.kind === 'long') this.deps.loading.hide();
    this.run++;
    this.dropImage();
    this.phase = 'closed';
  }

  private dropImage(): void {
    if (this.image && !this.image.url) this.deps.release(this.image);
    this.image = null;
    this.pressHold = false;
  }
}
