import { getRootStore, type PageStores, type RootStore } from '../RootStore';
import { DanmakuStore } from './DanmakuStore';
import { DanmakuSwitch } from './DanmakuSwitch';
import { danmakuHistoryOf } from './historySource';

/*
 * Built here, not in UI code (docs/architecture.md): components hold the result with
 * `useState(() => createX(root))`.
 */

/** A gallery's bullet screen, fed by the app's live connection and the gallery's comment history. */
export function createDanmakuStore(galleryId: number, root: RootStore = getRootStore()): DanmakuStore {
  return new DanmakuStore({ galleryId, watch: (g, h) => root.live.watch(g, h), loadHistory: danmakuHistoryOf(galleryId) });
}

let deviceSwitch: DanmakuSwitch | null = null;
/** The device's one bullet-screen switch (`danSwitch`), shared by the gallery page, the viewer and the comment sheet. */
export function getDanmakuSwitch(): DanmakuSwitch {
  return (deviceSwitch ??= new DanmakuSwitch());
}

const ofPage = new WeakMap<PageStores, DanmakuStore>();
/**
 * A gallery page's bullet screen: one store for the page and its viewer, so a message keeps its
 * place when the viewer opens over the page. A page showing another gallery gets a new one.
 */
export function pageDanmaku(page: PageStores, galleryId: number, root: RootStore = getRootStore()): DanmakuStore {
  const had = ofPage.get(page);
  if (had && had.galleryId === galleryId) return had;
  had?.stop();
  const store = createDanmakuStore(galleryId, root);
  ofPage.set(page, store);
  return store;
}
