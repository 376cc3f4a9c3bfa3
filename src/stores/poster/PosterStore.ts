import { makeAutoObservable, observableRef, runInAction } from 'mobx';
import type { Photo } from '../../../types/api/photo';
import { POSTER_PREVIEW_STYLE, POSTER_SOURCE_STYLE, type PosterTemplate } from '../../../types/api/poster';
import { posterAccepts, type PosterMaker, type PosterRequest } from '../share/posterEntry';
import type { GatedAction } from '../login/loginGate';
import type { MessageKey } from '../../i18n';
import type { SaveMode, DownloadOutcome } from '../../platform/download';
import { imageUrl } from '../../utils/image';
import type { DrawnPoster, PosterTexts } from './posterDraw';

export type PosterPhase = 'closed' | 'loading' | 'choosing' | 'making' | 'preview';

export interface PosterDeps {
  templates: (groupId: number) => Promise<PosterTemplate[]>;
  /** The photo by id, or (null) the gallery's first photo; null when there is none. */
  photo: (galleryId: number, imageId: number | null) => Promise<Photo | null>;
  /** The gallery's photo count as the page knows it, or null when the page does not know the gallery. */
  photoCount: (galleryId: number) => number | null;
  render: (template: PosterTemplate, photoUrl: string, texts: PosterTexts) => Promise<DrawnPoster>;
  upload: (galleryId: number, templateId: number, imageId: number, dataUrl: string) => Promise<{ key: string }>;
  record: (galleryId: number, imageIds: number[], thumb: string) => Promise<unknown>;
  /** Save the picture on the device: a browser download, or the mini-program's album. */
  save: (poster: DrawnPoster, fileName: string) => Promise<DownloadOutcome>;
  saveMode: () => SaveMode;
  requireLogin: (reason: GatedAction) => Promise<boolean>;
  toast: (key: MessageKey) => void;
  /** 'Scan the QR code…' line drawn on the poster. */
  scanText: () => string;
  /** Milliseconds now (the bench reads the time from 'Make' to the preview). */
  now: () => number;
}

/**
 * The single-photo poster maker (spec part 3 §2 item 12, §4 poster): the portal lists the
 * gallery's templates (a strip of thumbnails), 'Make' draws the poster of the photo on the
 * chosen template with the QR code of the shared link, then the preview says 'long press to
 * save image'. Saving (a guest logs in first) uploads the poster and records it
 * (createv2), and saves it where the platform can: a browser download or the album; in-app
 * browsers keep it by pressing and holding the picture.
 */
export class PosterStore implements PosterMaker {
  phase: PosterPhase = 'closed';
  request: PosterRequest | null = null;
  templates: PosterTemplate[] = [];
  selectedId: number | null = null;
  photo: Photo | null = null;
  poster: DrawnPoster | null = null;
  saving = false;
  /** The poster was uploaded and recorded. */
  saved = false;
  /** In-app browsers: Save was tapped, the preview now says to press and hold the picture. */
  pressHold = false;
  /** Milliseconds from 'Make' to the preview, of the last poster. */
  lastMakeMs: number | null = null;
  private deps: PosterDeps;
  /** Bumped on close, so answers arriving after it are dropped. */
  private run = 0;

  constructor(deps: PosterDeps) {
    this.deps = deps;
    makeAutoObservable<PosterStore, 'deps' | 'run'>(
      this,
      { deps: false, run: false, poster: observableRef, templates: observableRef, photo: observableRef, request: observableRef },
      { autoBind: true }
    );
  }

  get isOpen(): boolean {
    return this.phase !== 'closed';
  }

  get selected(): PosterTemplate | null {
    return this.templates.find((t) => t.id === this.selectedId) ?? null;
  }

  /** The photo as the choosing step shows it (spec: preview style wx_750_n). */
  get photoPreview(): string | null {
    return this.photo ? imageUrl(this.photo.hash, POSTER_PREVIEW_STYLE, this.photo.galleryid) : null;
  }

  /** Offered only for a gallery with at least one photo (a photo's own request has one). */
  accepts(r: PosterRequest): boolean {
    return posterAccepts(r, r.imageId !== null ? null : this.deps.photoCount(r.galleryId));
  }

  /** Open the portal: the templates and the photo load, then the first template is chosen. */
  async open(r: PosterRequest): Promise<void> {
    this.dropPoster();
    const run = ++this.run;
    this.request = r;
    this.phase = 'loading';
    this.photo = null;
    this.templates = [];
    try {
      const [templates, photo] = await Promise.all([this.deps.templates(r.galleryId), this.deps.photo(r.galleryId, r.imageId)]);
      if (run !== this.run) return;
      if (!photo || !templates.length) {
        this.deps.toast(photo ? 'poster.noTemplates' : 'poster.noPhoto');
        runInAction(() => (this.phase = 'closed'));
        return;
      }
      runInAction(() => {
        this.templates = templates;
        this.photo = photo;
        this.selectedId = templates[0].id;
        this.phase = 'choosing';
      });
    } catch {
      if (run !== this.run) return;
      this.deps.toast('poster.loadFailed');
      runInAction(() => (this.phase = 'closed'));
    }
  }

  choose(templateId: number): void {
    if (this.phase === 'choosing' && this.templates.some((t) => t.id === templateId)) this.selectedId = templateId;
  }

  /** 'Make': draw the poster; true once the preview shows it. */
  async make(): Promise<boolean> {
    const template = this.selected;
    const photo = this.photo;
    const r = this.request;
    if (this.phase !== 'choosing' || !template || !photo || !r) return false;
    const run = this.run;
    const started = this.deps.now();
    this.phase = 'making';
    const texts: PosterTexts = { title: r.content.title, desc: r.content.desc, scan: this.deps.scanText(), link: r.content.url };
    try {
      const drawn = await this.deps.render(template, imageUrl(photo.hash, POSTER_SOURCE_STYLE, photo.galleryid), texts);
      if (run !== this.run) {
        drawn.release();
        return false;
      }
      runInAction(() => {
        this.poster = drawn;
        this.saved = false;
        this.pressHold = false;
        this.phase = 'preview';
        this.lastMakeMs = this.deps.now() - started;
      });
      return true;
    } catch {
      if (run !== this.run) return false;
      this.deps.toast('poster.makeFailed');
      runInAction(() => (this.phase = 'choosing'));
      return false;
    }
  }

  /** Back from the preview to the template strip. */
  back(): void {
    if (this.phase !== 'preview') return;
    this.dropPoster();
    this.phase = 'choosing';
  }

  /** Save: a guest is sent to login instead; then the poster is uploaded, recorded and kept on the device. */
  async save(): Promise<boolean> {
    const poster = this.poster;
    const photo = this.photo;
    const template = this.selected;
    if (this.phase !== 'preview' || !poster || !photo || !template || this.saving) return false;
    if (!(await this.deps.requireLogin('poster_save'))) return false;
    runInAction(() => (this.saving = true));
    try {
      if (!this.saved) {
        const { key } = await this.deps.upload(photo.galleryid, template.id, photo.id, poster.dataUrl);
        await this.deps.record(photo.galleryid, [photo.id], key);
        runInAction(() => (this.saved = true));
      }
      if (this.deps.saveMode() === 'long-press') {
        runInAction(() => (this.pressHold = true));
        return true;
      }
      const outcome = await this.deps.save(poster, `poster-${photo.galleryid}-${photo.id}.jpg`);
      if (outcome === 'saved') this.deps.toast('poster.saved');
      else if (outcome === 'denied') this.deps.toast('download.denied');
      else this.deps.toast('poster.saveFailed');
      return outcome === 'saved';
    } catch {
      this.deps.toast('poster.saveFailed');
      return false;
    } finally {
      runInAction(() => (this.saving = false));
    }
  }

  close(): void {
    this.run++;
    this.dropPoster();
    this.phase = 'closed';
    this.request = null;
  }

  private dropPoster(): void {
    this.poster?.release();
    this.poster = null;
    this.saved = false;
    this.pressHold = false;
  }
}
