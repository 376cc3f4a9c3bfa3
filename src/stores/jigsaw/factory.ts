import { getRootStore, type RootStore } from '../RootStore';
import { JigsawStore } from './JigsawStore';

/*
 * Built here, not in UI code: pages and components hold the result with
 * `useState(() => createX(root))` and never say `new` (docs/architecture.md).
 * One factory file per domain keeps a page's stores in that page's chunk.
 */

/** One selection bar's collage (saving is a download: a guest logs in first). */
export function createJigsawStore(root: RootStore = getRootStore()): JigsawStore {
  return new JigsawStore({ requireLogin: (r) => root.loginPrompt.requireLogin(r) });
}
