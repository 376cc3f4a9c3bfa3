import { makeAutoObservable, observable, runInAction } from 'mobx';
import type { Photo } from '../../../types/api/photo';
import type { GalleryConfig } from '../../../types/api/gallery';
import type { ImageStyleName } from '../../../types/image-style';
import type { PhotoListStore } from '../photos/PhotoListStore';
import type { MessageKey } from '../../i18n';
import { LikeStore } from './LikeStore';
import type { GatedAction } from '../login/loginGate';
import { VIEWER } from './viewerConstants';
import { indexAfterInsert, indexAfterRemoval } from '../live/liveRules';
import { fetchImageSize } from '../../api/viewer';
import { fetchSignedOriginal } from '../../api/originals';
import { imageUrl } from '../../utils/image';
import { windowWidth, WIDE_SCREEN } from '../../platform/env';
import { preloadImage } from '../../platform/preload';
import { offerSaveImage } from '../../platform/save-image';
import { t } from '../../i18n';

/** Full-image load of one photo (spec part 1 §4): none → loading (on request or zoom) → loaded; error → none. */
export type FullState = 'none' | 'loading' | 'loaded';

export interface ViewerNotice {
  key: MessageKey;
  seq: number;
}

export interface ViewerDeps {
  isGuest: () => boolean;
  /** `resume`: what the action needs to go on after a login that reloads the page. */
  requireLogin: (reason: GatedAction, resume?: Record<string, string | number>) => Promise<boolean>;
  fetchImageSize: (url: string) => Promise<number>;
  /** The photo's original URL, signed for this visitor (originals are never served unsigned). */
  signOriginal: (photoId: number) => Promise<string>;
  preload: (url: string) => Promise<void>;
  likes: LikeStore;
  now: () => number;
}

/** Long-press save is offered when the gallery gives originals or the photo has no watermark. */
export function canSaveImage(config: Pick<GalleryConfig, 'original_photo'> | null | undefined, p: Photo): boolean {
  return !!config?.original_photo || !p.show_mark;
}

/**
 * The full-screen viewer of one page (spec part 1 §4): index -1 when closed;
 * opening sets the index; next past the last photo shows the end toast. Also
 * the next-page preload, neighbour decoding, full image, slideshow and hearts.
 */
export class ViewerStore {
  index = -1;
  list: PhotoListStore | null = null;
  /** Bumped when "next" is pressed on the last photo: the UI shows 'This is the last one photo'. */
  lastPhotoHits = 0;
  /** The toast the viewer shows now (its own overlay, so it sits above the photo). */
  notice: ViewerNotice | null = null;
  /** Desktop layout (wider than 800 px): bigger images, arrows, keys, slideshow. */
  wide = false;
  playing = false;
  stripShown = true;
  full = observable.map<number, FullState>();
  sizes = observable.map<number, number>();
  /** Signed original URLs of the photos loaded in full. */
  originals = observable.map<number, string>();
  readonly likes: LikeStore;
  private deps: ViewerDeps;
  private lastLoadAt = Number.NEGATIVE_INFINITY;
  private noticeSeq = 0;
  private slideshow: ReturnType<typeof setInterval> | null = null;

  constructor(deps: Partial<ViewerDeps> = {}) {
    this.likes = deps.likes ?? new LikeStore();
    this.deps = {
      isGuest: () => true,
      requireLogin: async () => false,
      fetchImageSize,
      signOriginal: (id) => fetchSignedOriginal(id),
      preload: preloadImage,
      now: () => Date.now(),
      ...deps,
      likes: this.likes
    };
    makeAutoObservable<ViewerStore, 'deps' | 'lastLoadAt' | 'noticeSeq' | 'slideshow'>(this, {
      list: false,
      likes: false,
      deps: false,
      lastLoadAt: false,
      noticeSeq: false,
      slideshow: false
    });
  }

  get isOpen(): boolean {
    return this.index >= 0 && !!this.list;
  }

  get photos(): Photo[] {
    return this.list?.items ?? [];
  }

  get current(): Photo | null {
    return this.isOpen ? this.photos[this.index] ?? null : null;
  }

  get isLast(): boolean {
    return this.isOpen && this.index >= this.photos.length - 1;
  }

  open(list: PhotoListStore, index: number): void {
    if (index < 0 || index >= list.items.length) return;
    this.list = list;
    this.index = index;
    this.wide = windowWidth() > WIDE_SCREEN;
    this.moved();
  }

  close(): void {
    this.index = -1;
    this.stopSlideshow();
  }

  /** Move by one; past the end (with nothing more to load) it stays and shows the last-photo toast. */
  next(): void {
    if (!this.isOpen) return;
    if (this.index < this.photos.length - 1) {
      this.index++;
      this.moved();
    } else if (!this.list?.hasMore) {
      this.lastPhotoHits++;
      this.notify('viewer.lastPhoto', VIEWER.LAST_PHOTO_TOAST_MS);
      this.stopSlideshow();
    } else {
      this.preloadNextPage();
    }
  }

  prev(): void {
    if (this.isOpen && this.index > 0) {
      this.index--;
      this.moved();
    }
  }

  goTo(index: number): void {
    if (this.isOpen && index >= 0 && index < this.photos.length && index !== this.index) {
      this.index = index;
      this.moved();
    }
  }

  /** A photo was inserted live into `list`: keep showing the same photo. */
  listInserted(list: PhotoListStore, at: number): void {
    if (this.isOpen && list === this.list && at >= 0) this.index = indexAfterInsert(this.index, at);
  }

  /** Photos left `list` (indexes before removal): keep the same photo, or the same place; close when empty. */
  listRemoved(list: PhotoListStore, at: readonly number[]): void {
    if (!this.isOpen || list !== this.list || !at.length) return;
    const next = indexAfterRemoval(this.index, at, list.items.length);
    if (next < 0) this.close();
    else this.index = next;
  }

  toggleStrip(): void {
    this.stripShown = !this.stripShown;
  }

  /** The image style the viewer shows: wx_1920_n on desktops, wx_750_n on phones. */
  get style(): ImageStyleName {
    return this.wide ? 'wx_1920_n' : 'wx_750_n';
  }

  styledUrl(p: Photo): string {
    return imageUrl(p.hash, this.style, p.galleryid);
  }

  /** The signed original of a photo loaded in full (loadFull), else the styled image. */
  originalUrl(p: Photo): string {
    return this.originals.get(p.id) ?? this.styledUrl(p);
  }

  /** What the stage shows: the full image once loaded, else the styled one. */
  displayUrl(p: Photo): string {
    return this.fullState(p) === 'loaded' ? this.originalUrl(p) : this.styledUrl(p);
  }

  fullState(p: Photo): FullState {
    return this.full.get(p.id) ?? 'none';
  }

  /** Byte size of the original: the server's answer once asked, the list's until then. */
  fullSize(p: Photo): number {
    return this.sizes.get(p.id) ?? p.size;
  }

  /** Load the current photo's full image (tap on 'Full image', or zooming in). */
  async loadFull(): Promise<void> {
    const p = this.current;
    if (!p || this.fullState(p) !== 'none') return;
    this.full.set(p.id, 'loading');
    try {
      const url = await this.deps.signOriginal(p.id);
      runInAction(() => this.originals.set(p.id, url));
      const size = await this.deps.fetchImageSize(url);
      runInAction(() => this.sizes.set(p.id, size));
      await this.deps.preload(url);
      runInAction(() => this.full.set(p.id, 'loaded'));
    } catch {
      runInAction(() => this.full.set(p.id, 'none'));
      this.notify('common.LoadError', VIEWER.LOAD_ERROR_TOAST_MS);
    }
  }

  /** The heart: guests are asked to log in first (one shared prompt). */
  async toggleLike(): Promise<void> {
    const p = this.current;
    if (!p) return;
    const path = this.styledUrl(p).replace(/^https?:\/\/[^/]+/, '');
    if (this.deps.isGuest() && !(await this.deps.requireLogin('like', { photo: p.id, gallery: p.galleryid, path }))) return;
    const loved = await this.likes.toggle(p, path);
    if (loved === true) this.notify('viewer.loved', VIEWER.LIKE_TOAST_MS);
    else if (loved === false) this.notify('viewer.unloved', VIEWER.LIKE_TOAST_MS);
  }

  togglePlay(): void {
    if (this.playing) return this.stopSlideshow();
    if (!this.isOpen) return;
    this.playing = true;
    this.slideshow = setInterval(() => this.next(), VIEWER.SLIDESHOW_MS);
  }

  stopSlideshow(): void {
    if (this.slideshow) clearInterval(this.slideshow);
    this.slideshow = null;
    this.playing = false;
  }

  /** Mini-program long press: offer to save the photo (only where the gallery allows it). */
  async offerSave(config: Pick<GalleryConfig, 'original_photo'> | null | undefined): Promise<void> {
    const p = this.current;
    if (!p || !canSaveImage(config, p)) return;
    let url = imageUrl(p.hash, 'wx_1920_n', p.galleryid);
    if (config?.original_photo) {
      try {
        url = await this.deps.signOriginal(p.id);
      } catch {
        return this.notify('viewer.saveFailed', VIEWER.LIKE_TOAST_MS);
      }
    }
    const outcome = await offerSaveImage(url, {
      save: t('viewer.saveImage'),
      permissionTitle: t('viewer.albumPermissionTitle'),
      permissionText: t('viewer.albumPermissionText')
    });
    if (outcome === 'saved') this.notify('viewer.saved', VIEWER.LIKE_TOAST_MS);
    else if (outcome === 'failed') this.notify('viewer.saveFailed', VIEWER.LIKE_TOAST_MS);
  }

  notify(key: MessageKey, ms: number): void {
    const seq = ++this.noticeSeq;
    this.notice = { key, seq };
    setTimeout(() => runInAction(() => {
      if (this.notice?.seq === seq) this.notice = null;
    }), ms);
  }

  /** After every move: more photos when few remain, neighbours decoded, hearts known. */
  private moved(): void {
    const remaining = this.photos.length - 1 - this.index;
    if (remaining <= VIEWER.PRELOAD_REMAINING) this.preloadNextPage();
    for (let d = 1; d <= VIEWER.NEIGHBOURS_PRELOADED; d++) {
      for (const p of [this.photos[this.index + d], this.photos[this.index - d]]) {
        if (p) this.deps.preload(this.styledUrl(p)).catch(() => undefined);
      }
    }
    const p = this.current;
    if (p && !this.deps.isGuest()) {
      const ids = this.photos.slice(Math.max(0, this.index - 5), this.index + 15).map((x) => x.id);
      void this.likes.load(p.galleryid, ids);
    }
  }

  /** PhotoListStore.loadMore, at most once in 5 s. */
  private preloadNextPage(): void {
    const list = this.list;
    if (!list || !list.hasMore || list.state === 'loading') return;
    const now = this.deps.now();
    if (now - this.lastLoadAt < VIEWER.LOAD_MORE_THROTTLE_MS) return;
    this.lastLoadAt = now;
    void list.loadMore();
  }
}
