import { ContentStore } from './content/ContentStore';
import { ModalImageStore } from './links/ModalImageStore';
import { MiniProgramHintStore } from './links/MiniProgramHintStore';
import { createContext, useContext } from 'react';
import { reaction } from 'mobx';
import { SessionStore } from './session/SessionStore';
import { SettingsStore } from './settings/SettingsStore';
import { HomeStore } from './gallery/HomeStore';
import { ClockStore } from './session/ClockStore';
import { GalleryStore } from './gallery/GalleryStore';
import { PageEventsStore } from './gallery/PageEventsStore';
import { ViewerStore } from './viewer/ViewerStore';
import { StatsStore } from './stats/StatsStore';
import { VisitStore } from './visits/VisitStore';
import { GalleryDirectoryStore } from './gallery/GalleryDirectoryStore';
import { PhotoListCache } from './photos/PhotoListCache';
import { createLoginPrompt } from './login/loginPromptDeps';
import { LiveAlbumStore } from './live/LiveAlbumStore';
import { LiveConnection } from '../api/live';
import { FaceDialogHost } from './face/FaceDialogHost';
import { createPageShareStore } from './share/pageShareDeps';

/** App-wide client state: one instance per app, handed to components by context. */
export class RootStore {
  session = new SessionStore();
  settings = new SettingsStore();
  clock = new ClockStore();
  home = new HomeStore();
  /** Stat events, batched to the server every 5 s and on leaving. */
  stats = new StatsStore();
  /** My visit history. */
  visits = new VisitStore();
  /** Galleries known by id (lists by id, visit parents, switch panel). */
  directory = new GalleryDirectoryStore();
  /** The one shared 'WeChat authorisation' prompt. */
  loginPrompt = createLoginPrompt(this.session);
  /** Photo lists reopened within 2 minutes keep their photos. */
  photoLists = new PhotoListCache();
  /** The one live-channel socket; it opens when a page first watches a gallery. */
  live = new LiveConnection();
  /** Rich content blocks by hash. */
  contents = new ContentStore();
  /** What the page on top shares, and WeChat's JS-SDK configured for it (in WeChat's browser). */
  pageShare = createPageShareStore(this.session);

  constructor() {
    // A session that arrives late (the app ran without one after a 429) lets the waiting live channel connect.
    reaction(
      () => this.session.user !== null,
      (has) => has && this.live.resume()
    );
  }
}

let root: RootStore | null = null;
export function getRootStore(): RootStore {
  return (root ??= new RootStore());
}

export const StoreContext = createContext<RootStore | null>(null);

export function useStores(): RootStore {
  return useContext(StoreContext) ?? getRootStore();
}

/**
 * State of one open page. Pages stay mounted underneath the one on top (H5 and
 * the mini-program keep a stack), so each gallery page owns its album and events.
 */
export class PageStores {
  events = new PageEventsStore();
  /** The page's face dialog (its code loads when first asked for) and what a face search found. */
  face = new FaceDialogHost();
  /** The page's image modal (modal-image links from any component). */
  modalImage = new ModalImageStore();
  /** The page's "open in WeChat" sheet (miniprogram links in browsers). */
  miniProgram = new MiniProgramHintStore();
  viewer: ViewerStore;
  /** Live photo events for the galleries this page shows. */
  live: LiveAlbumStore;
  constructor(
    public gallery: GalleryStore,
    root: RootStore = getRootStore()
  ) {
    this.viewer = new ViewerStore({ isGuest: () => root.session.isGuest, requireLogin: (r, resume) => root.loginPrompt.requireLogin(r, resume) });
    this.live = new LiveAlbumStore({
      watch: (g, h) => root.live.watch(g, h),
      lists: (g) => root.photoLists.listsOf(g),
      viewer: this.viewer,
      events: this.events,
      counts: gallery
    });
  }
}

export function createPageStores(root: RootStore = getRootStore()): PageStores {
  return new PageStores(new GalleryStore(root.clock), root);
}

export const PageStoreContext = createContext<PageStores | null>(null);

let fallbackPage: PageStores | null = null;
/** The page's own stores; outside a page (tests of a lone component) a shared default. */
export function usePageStores(): PageStores {
  return useContext(PageStoreContext) ?? (fallbackPage ??= createPageStores());
}
