import { makeObservable, observable, action, runInAction } from 'mobx';
import type { Photo } from '../../../types/api/photo';
import type { LiveHandlers } from '../../../types/live';
import { fetchPhotosByIds } from '../../api/visits';
import type { PhotoListStore } from '../photos/PhotoListStore';
import type { PageEventsStore } from '../gallery/PageEventsStore';
import type { ViewerStore } from '../viewer/ViewerStore';
import type { GalleryStore } from '../gallery/GalleryStore';
import { badgeCount, chunk, isLoaded, LIVE_FETCH_BATCH, NEW_PHOTOS_BADGE_MS, newPhotosDelayMs, planInsert } from './liveRules';

type Timer = ReturnType<typeof setTimeout>;

export interface LiveAlbumDeps {
  /** The app's live connection (LiveConnection.watch). */
  watch: (gallery: number, handlers: LiveHandlers) => () => void;
  /** The cached photo lists of a gallery. */
  lists: (gallery: number) => PhotoListStore[];
  viewer: Pick<ViewerStore, 'list' | 'listInserted' | 'listRemoved'>;
  events: Pick<PageEventsStore, 'newPhotos' | 'setNewPhotos' | 'clearNewPhotos'>;
  /** The page's gallery counts (the header's photo count); none for a page without a header. */
  counts?: Pick<GalleryStore, 'photosShown' | 'photosGone'>;
  fetchByIds: (ids: number[]) => Promise<Photo[]>;
  setTimeout: (fn: () => void, ms: number) => Timer;
  clearTimeout: (t: Timer) => void;
  random: () => number;
}

/**
 * One gallery page's live album (spec part 3 §4): while the page is shown it
 * watches the rooms of the galleries its photo components show, applies
 * image_* messages to the loaded lists of that gallery (and keeps the viewer on
 * its photo), moves the header's photo count, and counts new photos for the
 * banner: only photos that no loaded list shows (past the loaded part, or a
 * list sorted by likes), since a photo inserted in place is already on screen.
 * The count shows after a random 1–3 s, capped at 99, and hides again after 5 s.
 */
export class LiveAlbumStore {
  /** The page is on screen (a page below another, or the app in the background, is not). */
  shown = true;
  private tracked = new Map<number, number>();
  private stops = new Map<number, () => void>();
  private counted = new Set<number>();
  /** Counted for the banner and not shown since: a later hide or delete takes them off the count. */
  private unseen = new Set<number>();
  private pending = 0;
  private countTimer: Timer | null = null;
  private hideTimer: Timer | null = null;
  private deps: LiveAlbumDeps;

  constructor(deps: Pick<LiveAlbumDeps, 'watch' | 'lists' | 'viewer' | 'events'> & Partial<LiveAlbumDeps>) {
    this.deps = {
      fetchByIds: fetchPhotosByIds,
      setTimeout: (fn, ms) => setTimeout(fn, ms),
      clearTimeout: (t) => clearTimeout(t),
      random: Math.random,
      ...deps
    };
    makeObservable(this, { shown: observable, show: action, hide: action });
  }

  /** A component shows this gallery's photos: watch its room while the page is shown. */
  track(gallery: number): () => void {
    this.tracked.set(gallery, (this.tracked.get(gallery) ?? 0) + 1);
    this.sync();
    let done = false;
    return () => {
      if (done) return;
      done = true;
      const n = (this.tracked.get(gallery) ?? 1) - 1;
      if (n > 0) this.tracked.set(gallery, n);
      else this.tracked.delete(gallery);
      this.sync();
    };
  }

  show(): void {
    this.shown = true;
    this.sync();
  }

  hide(): void {
    this.shown = false;
    this.sync();
  }

  /** The page is gone. */
  dispose(): void {
    this.tracked.clear();
    this.sync();
    for (const t of [this.countTimer, this.hideTimer]) if (t) this.deps.clearTimeout(t);
    this.countTimer = this.hideTimer = null;
    this.pending = 0;
  }

  get watching(): number[] {
    return [...this.stops.keys()];
  }

  private sync(): void {
    const want = this.shown ? new Set(this.tracked.keys()) : new Set<number>();
    for (const [g, stop] of this.stops) {
      if (!want.has(g)) {
        stop();
        this.stops.delete(g);
      }
    }
    for (const g of want) if (!this.stops.has(g)) this.stops.set(g, this.deps.watch(g, this.handlers));
  }

  private readonly handlers: LiveHandlers = {
    image_add: (d, room) => {
      this.deps.counts?.photosShown(room, [d.id]);
      void this.add(room, [d.id], true);
    },
    image_show: (d, room) => {
      this.deps.counts?.photosShown(room, d.ids);
      void this.add(room, d.ids, false);
    },
    image_delete: (d, room) => {
      this.deps.counts?.photosGone(room, d.ids);
      this.remove(room, d.ids);
    },
    image_hide: (d, room) => {
      this.deps.counts?.photosGone(room, d.ids);
      this.remove(room, d.ids);
    },
    image_check: (d, room) => this.update(room, d.ids, 1),
    image_uncheck: (d, room) => this.update(room, d.ids, 0)
  };

  /** The loaded lists of a gallery, the viewer's among them: only these take events. */
  private loadedLists(gallery: number): PhotoListStore[] {
    const lists = this.deps.lists(gallery);
    const v = this.deps.viewer.list;
    if (v && v.options.galleryId === gallery && !lists.includes(v)) lists.push(v);
    return lists.filter(isLoaded);
  }

  /** image_add / image_show: fetch the photos by id and insert them where they belong. */
  async add(gallery: number, ids: number[], isNew: boolean): Promise<void> {
    const lists = this.loadedLists(gallery);
    if (!lists.length) return;
    const fresh = ids.filter((id) => !lists.some((l) => l.items.some((p) => p.id === id)));
    if (!fresh.length) return;
    for (const batch of chunk(fresh, LIVE_FETCH_BATCH)) {
      let photos: Photo[];
      try {
        photos = await this.deps.fetchByIds(batch);
      } catch {
        // Not shown: the next refresh or page brings them, and the banner says so.
        if (isNew) this.countNew(batch);
        continue;
      }
      const notShown: number[] = [];
      runInAction(() => {
        for (const p of photos) {
          if (p.galleryid !== gallery) continue;
          const targets = this.loadedLists(gallery);
          // Photos the lists would only show after paging or a refresh (not their tags: never there).
          const pending = targets.some((l) => {
            const plan = planInsert(l, p);
            return plan.kind === 'beyond' || (plan.kind === 'skip' && plan.reason === 'hot');
          });
          let shown = false;
          for (const list of targets) {
            const at = list.insertPhoto(p);
            if (at >= 0) {
              shown = true;
              this.deps.viewer.listInserted(list, at);
            }
          }
          if (!shown && pending) notShown.push(p.id);
        }
      });
      if (isNew) this.countNew(notShown);
    }
  }

  remove(gallery: number, ids: number[]): void {
    this.uncount(ids);
    runInAction(() => {
      for (const list of this.loadedLists(gallery)) {
        const at = list.removePhotos(ids);
        if (at.length) this.deps.viewer.listRemoved(list, at);
      }
    });
  }

  update(gallery: number, ids: number[], check: 0 | 1): void {
    runInAction(() => {
      for (const list of this.loadedLists(gallery)) list.updatePhotos(ids, { check });
    });
  }

  private countNew(ids: number[]): void {
    for (const id of ids) {
      if (this.counted.has(id)) continue;
      this.counted.add(id);
      this.unseen.add(id);
      this.pending++;
    }
    if (!this.pending || this.countTimer) return;
    this.countTimer = this.deps.setTimeout(() => this.flushCount(), newPhotosDelayMs(this.deps.random()));
  }

  /** Counted photos that went before the visitor saw them leave the banner's count. */
  private uncount(ids: readonly number[]): void {
    let n = 0;
    for (const id of ids) if (this.unseen.delete(id)) n++;
    if (!n) return;
    const waiting = Math.min(n, this.pending);
    this.pending -= waiting;
    const shownOff = n - waiting;
    if (shownOff > 0 && this.deps.events.newPhotos > 0) {
      runInAction(() => this.deps.events.setNewPhotos(this.deps.events.newPhotos - shownOff));
    }
  }

  private flushCount(): void {
    this.countTimer = null;
    const n = this.pending;
    this.pending = 0;
    if (!n) return;
    runInAction(() => this.deps.events.setNewPhotos(badgeCount(this.deps.events.newPhotos + n)));
    if (this.hideTimer) this.deps.clearTimeout(this.hideTimer);
    this.hideTimer = this.deps.setTimeout(() => {
      this.hideTimer = null;
      runInAction(() => this.deps.events.clearNewPhotos());
    }, NEW_PHOTOS_BADGE_MS);
  }
}
