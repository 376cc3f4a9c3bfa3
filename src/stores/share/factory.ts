import { getRootStore, type RootStore } from '../RootStore';
import { SharePageStore } from './SharePageStore';

/*
 * Built here, not in UI code: pages and components hold the result with
 * `useState(() => createX(root))` and never say `new` (docs/architecture.md).
 * One factory file per domain keeps a page's stores in that page's chunk.
 */

/** /page/share/{openid}/{ids}: the shared photos and their sharer. */
export function createSharePageStores(root: RootStore = getRootStore()): SharePageStore {
  return new SharePageStore({ directory: root.directory });
}
