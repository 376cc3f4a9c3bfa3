/** `gallery`: the list of sub-galleries of a page. */
import * as T from 'typebox';
import { Id } from '../api/schema';
import { defineComponent, Line, OneOf, Props } from './kit';

/** Most galleries one list names. */
export const GALLERY_LIST_IDS_MAX = 200;

/** Gallery ids to list; empty means every child of the page. */
export const GalleryIds = () => T.Array(Id(), { maxItems: GALLERY_LIST_IDS_MAX, default: [] });
/** Display mode 1 to 4 (spec part 2 §2). */
export const GALLERY_LIST_MODES = [1, 2, 3, 4] as const;

export const GalleryListPropsSchema = Props({
  mode: OneOf(GALLERY_LIST_MODES, { default: 1 }),
  ids: GalleryIds(),
  /** Offer keyword search over name and description. */
  search: T.Boolean({ default: false }),
  title: Line(100, { default: '' })
});
export type GalleryListProps = T.Static<typeof GalleryListPropsSchema>;

export const galleryListDefinition = defineComponent('gallery', GalleryListPropsSchema);
export const GALLERY_LIST_DEFAULTS: GalleryListProps = galleryListDefinition.defaults;
