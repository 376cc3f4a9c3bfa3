import { getRootStore, type RootStore } from '../RootStore';
import { FaceDialogStore } from './FaceDialogStore';
import type { FaceDialogHost, FaceDialogRequest } from './FaceDialogHost';
import { FaceTabsStore, type FaceTabsGallery } from './FaceTabsStore';
import { PersonListStore } from './PersonListStore';
import { MaybeStore } from './MaybeStore';

/*
 * Built here, not in UI code (docs/architecture.md): pages and components hold the
 * result with `useState(() => createX(…))`. The face stores stay in the chunks of the
 * dialog, the tabs and the person page that use them.
 */

/** One face dialog, for one request. */
export function createFaceDialogStore(request: FaceDialogRequest): FaceDialogStore {
  return new FaceDialogStore(request);
}

/** The My Photo and Following tabs of a gallery page. */
export function createFaceTabsStore(gallery: FaceTabsGallery, host: FaceDialogHost, root: RootStore = getRootStore()): FaceTabsStore {
  return new FaceTabsStore(gallery, host, { list: (o) => root.photoLists.get(o) });
}

/** The Person tag of a photo list: a gallery's persons. */
export function createPersonListStore(galleryId: number): PersonListStore {
  return new PersonListStore(galleryId);
}

/** The viewer's 'maybe' people; a person taken off a photo leaves the cached lists of their photos at once. */
export function createMaybeStore(root: RootStore = getRootStore()): MaybeStore {
  return new MaybeStore({
    hidden: (p) => {
      for (const list of root.photoLists.listsOf(p.galleryid)) if (list.options.person === p.personid) list.removePhotos([p.imageid]);
    }
  });
}
