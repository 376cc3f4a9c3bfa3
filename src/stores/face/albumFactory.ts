import { getRootStore, type RootStore } from '../RootStore';
import { PersonAlbumStore } from './PersonAlbumStore';

/*
 * The person album page's store, in a factory of its own: the page's chunk alone carries
 * it (and platform/share), not the face dialog's or the tabs' (docs/architecture.md).
 */

/** The person album page. */
export function createPersonAlbumStore(root: RootStore = getRootStore()): PersonAlbumStore {
  return new PersonAlbumStore({ list: (o) => root.photoLists.get(o) });
}
