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
import { toast } from '../../platform/ui';
import { t } from '../../i18n';
import { createSplice } from '../../api/mine';

/**
 * The display style a collage draws: what visitors see in the viewer (watermarked
 * where the gallery watermarks), never the original. Full-width photos (long, a
 * lone grid photo) take wx_1920_n for the 1080 px output; grid cells of 2–3
 * columns (at most 536 px) take wx_750_n.
 */
export function collageStyle(kind: CollageKind, count: number): ImageStyleName {
  return kind === 'long' || count <= 1 ? 'wx_1920_n' : 'wx_750_n';
}

export type JigsawPhase = 'closed' | 'making' | 'ready';

export interface JigsawDeps {
  render: (kind: CollageKind, urls: readonly string[], onProgress: (loaded: number, total: number) => void) => Promise<CollageImage>;
  save: (img: CollageImage, fileName: string) => Promise<DownloadOutcome>;
  release: (img: CollageImage) => void;
  /** How this platform saves: in-app browsers ('long-press') save no file, the visitor presses and holds the image. */
  saveMode: () => SaveMode;
  requireLogin: (reason: GatedAction) => Promise<boolean>;
  toast: (key: MessageKey, params?: Record<string, string | number>) => void;
  /** Record a saved collage, so it is listed under the Find page's splice posters. */
  record: (galleryId: number, photoIds: number[]) => Promise<unknown>;
}

/**
 * Jigsaw collage (spec part 2: jigsaw modes long and grid): draw the selected
 * photos into one image, show it in a preview sheet, save it (browser download,
 * or the album in the mini-program). Saving is a download: a guest logs in first.
 */
export class JigsawStore {
  phase: JigsawPhase = 'closed';
  kind: CollageKind = 'long';
  image: CollageImage | null = null;
  loaded = 0;
  total = 0;
  saving = false;
  /** In-app browsers: Save was tapped, the preview now says to press and hold the collage. */
  pressHold = false;
  private fileName = 'collage.jpg';
  /** The photos of the collage shown (what a save records). */
  private made: { galleryId: number; ids: number[] } | null = null;
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
      record: createSplice,
      ...deps
    };
    makeAutoObservable<JigsawStore, 'deps' | 'run' | 'fileName' | 'made'>(this, { image: observableRef, deps: false, run: false, fileName: false, made: false });
  }

  get open(): boolean {
    return this.phase !== 'closed';
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
    const galleryId = photos[0].galleryid;
    this.made = { galleryId, ids: photos.filter((p) => p.galleryid === galleryId).map((p) => p.id) };
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

  /** Save the collage shown; a guest is asked to log in first. */
  async save(): Promise<boolean> {
    const img = this.image;
    if (!img || this.saving) return false;
    if (!(await this.deps.requireLogin('download'))) return false;
    if (this.deps.saveMode() === 'long-press') {
      // In-app browsers: the visitor keeps the image by pressing it; it counts as saved here.
      this.recordMade();
      runInAction(() => (this.pressHold = true));
      return true;
    }
    runInAction(() => (this.saving = true));
    try {
      const outcome = await this.deps.save(img, this.fileName);
      if (outcome === 'saved') {
        this.recordMade();
        this.deps.toast('jigsaw.saved');
      }
      else if (outcome === 'failed') this.deps.toast('jigsaw.saveFailed');
      return outcome === 'saved';
    } catch {
      this.deps.toast('jigsaw.saveFailed');
      return false;
    } finally {
      runInAction(() => (this.saving = false));
    }
  }

  /** The saved collage goes to my splice posters, once; a failure is only logged (the image is the visitor's already). */
  private recordMade(): void {
    const made = this.made;
    if (!made) return;
    this.made = null;
    this.deps.record(made.galleryId, made.ids).catch((e: unknown) => console.info('splice poster not recorded', e));
  }

  close(): void {
    this.run++;
    this.dropImage();
    this.phase = 'closed';
  }

  private dropImage(): void {
    if (this.image) this.deps.release(this.image);
    this.image = null;
    this.pressHold = false;
  }
}
