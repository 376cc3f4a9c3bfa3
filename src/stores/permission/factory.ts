import { getRootStore, type RootStore } from '../RootStore';
import { PermissionStore } from './PermissionStore';

/*
 * Built here, not in UI code: pages and components hold the result with
 * `useState(() => createX(root))` and never say `new` (docs/architecture.md).
 * One factory file per domain keeps a page's stores in that page's chunk.
 */

/** /page/permission/{id}: the password and phone gates (a guest logs in before submitting a phone). */
export function createPermissionStores(root: RootStore = getRootStore()): PermissionStore {
  return new PermissionStore({ requireLogin: (r) => root.loginPrompt.requireLogin(r) });
}
