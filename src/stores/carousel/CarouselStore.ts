import { makeAutoObservable } from 'mobx';
import type { Photo } from '../../../types/api/photo';
import type { CarouselConfig } from '../../../types/api/gallery';
import type { PhotoListStore } from '../photos/PhotoListStore';
import { imageUrl } from '../../utils/image';
import { preloadImage } from '../../platform/preload';
import { readStored, writeStored } from '../../platform/storage';
import { CAROUSEL, carouselStorageKey, settingsFromConfig, validChoices, type CarouselEffect, type CarouselOrder, type CarouselSettings } from './carouselConfig';
import { ShuffleBag } from './shuffleBag';

export interface CarouselDeps {
  preload?: (url: string) => Promise<void>;
  /** A number in [0, 1), as Math.random. */
  random?: () => number;
  read?: <T>(key: string, fallback: T) => T;
  write?: (key: string, value: unknown) => void;
}

/**
 * The big-screen slideshow of one gallery (spec part 3 §2 item 11, §4): which
 * photo shows, what comes next, playing or paused, and the screen's settings.
 * The photos are a PhotoListStore in shoot-time ascending order; live inserts
 * and removals in it are reported through onListChange so the show stays on
 * the same photo.
 */
export class CarouselStore {
  settings: CarouselSettings;
  playing = false;
  /** Index of the shown photo in list.items; -1 before the first play. */
  index = -1;
  /** Counts changes of the shown photo (the flip card turns on each one). */
  step = 0;
  /** Random order: photos drawn in this round. */
  private bag: ShuffleBag;
  /** Random order: the photo drawn to come next (chosen ahead so it can be preloaded). */
  private nextId: number | null = null;
  /** Random order: ids shown before, for going back. */
  private history: number[] = [];
  private timer: ReturnType<typeof setTimeout> | null = null;
  private moveSeq = 0;
  private choices: Partial<CarouselSettings>;
  private preload: (url: string) => Promise<void>;
  private write: (key: string, value: unknown) => void;

  constructor(
    public list: PhotoListStore,
    private galleryId: number,
    config: Partial<CarouselConfig> | undefined,
    deps: CarouselDeps = {}
  ) {
    this.preload = deps.preload ?? preloadImage;
    this.bag = new ShuffleBag(deps.random);
    this.write = deps.write ?? writeStored;
    this.choices = validChoices((deps.read ?? readStored)(carouselStorageKey(galleryId), {}));
    this.settings = { ...settingsFromConfig(config), ...this.choices };
    const plain = { list: false, bag: false, history: false, timer: false, moveSeq: false, choices: false, preload: false, write: false } as const;
    makeAutoObservable<CarouselStore, 'bag' | 'history' | 'timer' | 'moveSeq' | 'choices' | 'preload' | 'write'>(this, plain);
  }

  get photos(): Photo[] {
    return this.list.items;
  }

  get current(): Photo | null {
    return this.photos[this.index] ?? null;
  }

  /** Index of the photo that comes next, or -1 (none yet: the rest of the album is still loading). */
  get upcomingIndex(): number {
    const n = this.photos.length;
    if (!n) return -1;
    if (this.settings.order === 'random') {
      const id = this.nextId;
      return id === null ? -1 : this.photos.findIndex((p) => p.id === id);
    }
    if (this.index + 1 < n) return this.index + 1;
    return this.list.hasMore ? -1 : 0;
  }

  /**
   * The photo behind the paused screen's title (issue 12, Experience 7): the one
   * shown last, else the album's first loaded photo; null while none is loaded. A
   * photo, not the cover: a cover is often a banner with its own text, which the
   * title would cover and cut.
   */
  get backdrop(): Photo | null {
    return this.current ?? this.photos[0] ?? null;
  }

  get upcoming(): Photo | null {
    return this.photos[this.upcomingIndex] ?? null;
  }

  get intervalMs(): number {
    return this.settings.time * 1000;
  }

  urlOf(photo: Photo): string {
    return imageUrl(photo.hash, CAROUSEL.STYLE, this.galleryId);
  }

  /** Load the first page (the paused background may be its first photo). */
  start(): void {
    if (this.list.state === 'idle' || this.list.state === 'error') void this.list.loadMore();
  }

  play(): void {
    if (this.playing) return;
    this.playing = true;
    // The first photo shows once decoded; the background stays until then.
    if (!this.current) void this.advance();
    this.schedule();
  }

  pause(): void {
    this.playing = false;
    this.clearTimer();
  }

  toggle(): void {
    if (this.playing) this.pause();
    else this.play();
  }

  next(): void {
    void this.advance();
    this.schedule();
  }

  prev(): void {
    const n = this.photos.length;
    if (!n) return;
    this.moveSeq++;
    if (this.settings.order === 'random') {
      const id = this.history.pop();
      const at = id === undefined ? -1 : this.photos.findIndex((p) => p.id === id);
      if (at >= 0) this.show(at, false);
    } else if (this.index > 0) {
      this.show(this.index - 1);
    } else if (!this.list.hasMore) {
      this.show(n - 1);
    }
    this.schedule();
  }

  setOrder(order: CarouselOrder): void {
    this.choose({ order });
    this.bag.clear();
    this.history = [];
    this.nextId = order === 'random' && this.current ? this.drawRandom(this.current.id) : null;
    this.preloadUpcoming();
  }

  setTime(time: number): void {
    this.choose({ time });
    this.schedule();
  }

  setEffect(effect: CarouselEffect): void {
    this.choose({ effect });
  }

  toggleQr(): void {
    this.choose({ qrcode: !this.settings.qrcode });
  }

  toggleDanmaku(): void {
    this.choose({ danmaku: !this.settings.danmaku });
  }

  /**
   * The photo list changed under the show (live insert or removal, spec part 3 §4):
   * `count` photos were inserted at `at`, or removed from `at` on (positions before
   * the removal). Call after the list changed. The current index shifts so the show
   * stays on the same photo; when the shown photo itself went, the one after it shows.
   */
  onListChange(kind: 'insert' | 'remove', at: number, count: number): void {
    if (this.index < 0 || count <= 0) return;
    if (kind === 'insert') {
      if (at <= this.index) this.index += count;
    } else if (at + count <= this.index) {
      this.index -= count;
    } else if (at <= this.index) {
      const n = this.photos.length;
      this.index = n === 0 ? -1 : at < n ? at : 0;
      this.step++;
    }
    this.preloadUpcoming();
  }

  /** Removals as PhotoListStore.removePhotos reports them: the former positions of the removed photos. */
  onRemoved(indices: readonly number[]): void {
    // Highest first, so each position still means the list before that one removal.
    for (const i of [...indices].sort((a, b) => b - a)) this.onListChange('remove', i, 1);
  }

  /** LiveAlbumStore's list hooks (same shape as the viewer's): a photo went into `list` at `at`. */
  listInserted(list: PhotoListStore, at: number): void {
    if (list === this.list && at >= 0) this.onListChange('insert', at, 1);
  }

  /** LiveAlbumStore's list hooks: photos left `list` from these (former) positions. */
  listRemoved(list: PhotoListStore, at: readonly number[]): void {
    if (list === this.list) this.onRemoved(at);
  }

  dispose(): void {
    this.pause();
    this.moveSeq++;
  }

  /** Move to the next photo once it is decoded; a photo that fails to load is skipped. */
  async advance(): Promise<void> {
    const seq = ++this.moveSeq;
    for (let tries = 0; tries < CAROUSEL.MAX_SKIPS; tries++) {
      if (this.upcomingIndex < 0 && this.list.hasMore) {
        await this.list.loadMore();
        if (seq !== this.moveSeq) return;
      }
      if (this.upcomingIndex < 0) this.redraw();
      const target = this.upcoming;
      if (!target) return;
      try {
        await this.preload(this.urlOf(target));
      } catch {
        if (seq !== this.moveSeq) return;
        this.skip(target);
        continue;
      }
      if (seq !== this.moveSeq) return;
      // The list may have changed while the photo loaded: find it again.
      const at = this.photos[this.upcomingIndex]?.id === target.id ? this.upcomingIndex : this.photos.findIndex((p) => p.id === target.id);
      if (at >= 0) this.show(at);
      return;
    }
  }

  /** Random order: draw the next photo again from what is loaded now. */
  private redraw(): void {
    if (this.settings.order === 'random') this.nextId = this.drawRandom(this.current?.id ?? null);
  }

  private skip(broken: Photo): void {
    if (this.settings.order === 'random') {
      this.bag.mark(broken.id);
      this.nextId = this.drawRandom(this.current?.id ?? null);
    } else {
      // Step over it: pretend it was shown, without a transition.
      const at = this.photos.findIndex((p) => p.id === broken.id);
      if (at >= 0) this.index = at;
    }
  }

  private show(at: number, remember = true): void {
    const before = this.current;
    this.index = at;
    this.step++;
    const shown = this.photos[at];
    if (this.settings.order === 'random' && shown) {
      if (remember && before && before.id !== shown.id) this.history = [...this.history.slice(-49), before.id];
      this.bag.mark(shown.id);
      this.nextId = this.drawRandom(shown.id);
    }
    this.loadAhead();
    this.preloadUpcoming();
  }

  private drawRandom(currentId: number | null): number | null {
    return this.bag.draw(this.photos.map((p) => p.id), currentId);
  }

  /** Keep pages coming: within LOAD_AHEAD photos of the loaded end (any time in random order, to grow the bag). */
  private loadAhead(): void {
    const s = this.list.state;
    if (s !== 'more' && s !== 'error') return;
    const near = this.settings.order === 'random' || this.photos.length - 1 - this.index < CAROUSEL.LOAD_AHEAD;
    if (near) void this.list.loadMore();
  }

  private preloadUpcoming(): void {
    const p = this.upcoming;
    if (p) this.preload(this.urlOf(p)).catch(() => undefined);
  }

  private choose(c: Partial<CarouselSettings>): void {
    this.choices = { ...this.choices, ...c };
    this.settings = { ...this.settings, ...c };
    this.write(carouselStorageKey(this.galleryId), this.choices);
  }

  private schedule(): void {
    this.clearTimer();
    if (!this.playing) return;
    this.timer = setTimeout(() => {
      this.timer = null;
      // The next tick is due one interval from now, however long this photo takes to load.
      this.schedule();
      void this.advance();
    }, this.intervalMs);
  }

  private clearTimer(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
  }
}
