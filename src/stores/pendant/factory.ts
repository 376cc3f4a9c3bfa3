import { PraiseStore } from './PraiseStore';
import { GalleryShareStore } from './GalleryShareStore';

/*
 * Built here, not in UI code: pages and components hold the result with
 * `useState(() => createX())` and never say `new` (docs/architecture.md).
 */

/** The good pendant's praise counts (kept per gallery on the device). */
export function createPraiseStore(): PraiseStore {
  return new PraiseStore();
}

/** The share pendant's share (browsers) and its WeChat menu hint. */
export function createGalleryShareStore(): GalleryShareStore {
  return new GalleryShareStore();
}
