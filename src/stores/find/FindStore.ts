import { makeAutoObservable, observableRef, runInAction } from 'mobx';
import type { LovedImage, Splice } from '../../../types/api/mine';
import type { PaidImage } from '../../../types/api/pay';
import type { Person } from '../../../types/api/face';
import type { Gallery, GalleryDetail } from '../../../types/api/gallery';
import { fetchLovedImages, fetchPayedImages, fetchSplices } from '../../api/mine';
import { fetchFollowing } from '../../api/face';
import { fetchGallery } from '../../api/gallery';

export type FindTab = 'history' | 'splice' | 'love' | 'payed';
/** The four tabs in their order (spec part 3 §2 item 14). */
export const FIND_TABS: readonly FindTab[] = ['history', 'splice', 'love', 'payed'];
/**
 * Tabs a guest logs in for: the visitor's own splice posters, favourites and purchases
 * (part 3 §6: guests log in before saving posters and liking, and get no paid-image
 * list). Album history is a guest's too (visits are recorded for guests).
 */
export const FIND_LOGIN_TABS: ReadonlySet<FindTab> = new Set<FindTab>(['splice', 'love', 'payed']);

interface Page<T> {
  items: T[];
  total: number;
  page: number;
  page_size: number;
}
export type ListState = 'idle' | 'loading' | 'more' | 'noMore' | 'error';

/** One paged list: load from the start, then load more until the total is reached. */
export class PagedList<T extends { id: number }> {
  items: T[] = [];
  total = 0;
  page = 0;
  state: ListState = 'idle';

  constructor(private fetch: (page: number) => Promise<Page<T>>) {
    makeAutoObservable<PagedList<T>, 'fetch'>(this, { fetch: false });
  }

  async load(reset = false): Promise<void> {
    if (this.state === 'loading' || (!reset && this.state === 'noMore')) return;
    const page = reset ? 1 : this.page + 1;
    this.state = 'loading';
    try {
      const r = await this.fetch(page);
      runInAction(() => {
        this.items = reset ? r.items : [...this.items, ...r.items.filter((i) => !this.items.some((h) => h.id === i.id))];
        this.total = r.total;
        this.page = page;
        this.state = page * r.page_size >= r.total ? 'noMore' : 'more';
      });
    } catch {
      runInAction(() => {
        this.state = 'error';
      });
    }
  }
}

export interface FindApi {
  splices: (page: number) => Promise<Page<Splice>>;
  loved: (page: number) => Promise<Page<LovedImage>>;
  payed: (page: number) => Promise<Page<PaidImage>>;
  gallery: (linkId: string) => Promise<GalleryDetail>;
  following: (galleryId: number) => Promise<Person[]>;
}

const DEFAULT_API: FindApi = {
  splices: fetchSplices,
  loved: fetchLovedImages,
  payed: fetchPayedImages,
  gallery: (link_id) => fetchGallery({ link_id }),
  following: fetchFollowing
};

/** Whether the Find button (the find-person dialog) is offered: the gallery's face search is on (use_face). */
export const findOn = (gallery: Gallery | null): gallery is Gallery => !!gallery?.config?.use_face;

/** Whether a gallery shows its face-recognition list (spec part 3 §2 item 14: use_face on and active_on set). */
export const facesOn = (config: { use_face?: number; active_on?: number }): boolean => !!config.use_face && !!config.active_on;

/** The Find page: which tab is open and the three lists of the visitor's own photos. */
export class FindStore {
  tab: FindTab = 'history';
  readonly splices: PagedList<Splice>;
  readonly loved: PagedList<LovedImage>;
  readonly payed: PagedList<PaidImage>;

  /** The followed people of the Find page's gallery; null: the gallery has no face list (or none is known). */
  friends: Person[] | null = null;
  friendsState: 'idle' | 'loading' | 'ready' = 'idle';
  /** The page's gallery, once loaded (its face search drives the Find button). */
  gallery: Gallery | null = null;

  constructor(private api: FindApi = DEFAULT_API) {
    this.splices = new PagedList(api.splices);
    this.loved = new PagedList(api.loved);
    this.payed = new PagedList(api.payed);
    makeAutoObservable<FindStore, 'api'>(this, { splices: false, loved: false, payed: false, api: false, gallery: observableRef });
  }

  open(tab: FindTab): void {
    this.tab = tab;
  }

  /**
   * The followed-people area of the gallery `linkId` (the page's, else the last visited):
   * its face list when use_face and active_on are set; otherwise, or when it cannot be
   * loaded, none ('No friends').
   */
  async loadFriends(linkId: string | null): Promise<void> {
    this.friendsState = 'loading';
    let friends: Person[] | null = null;
    try {
      if (linkId) {
        const { gallery } = await this.api.gallery(linkId);
        runInAction(() => {
          this.gallery = gallery;
        });
        if (facesOn(gallery.config)) friends = await this.api.following(gallery.id);
      }
    } catch (e) {
      console.info('followed people not loaded', e);
    }
    runInAction(() => {
      this.friends = friends;
      this.friendsState = 'ready';
    });
  }
}
