import { FaceDialogStore } from './FaceDialogStore';
import type { FaceDialogRequest } from './FaceDialogHost';

/*
 * Built here, not in UI code (docs/architecture.md): pages and components hold the
 * result with `useState(() => createX(…))`. The face stores stay in the chunks of the
 * dialog, the tabs and the person page that use them.
 */

/** One face dialog, for one request. */
export function createFaceDialogStore(request: FaceDialogRequest): FaceDialogStore {
  return new FaceDialogStore(request);
}
