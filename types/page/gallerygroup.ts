/** `gallerygroup` (alias `groupgallery`): galleries split into year tabs by start time (spec part 2 §2). */
import * as T from 'typebox';
import { defineComponent, Line, OneOf, Props } from './kit';
import { GALLERY_LIST_MODES, GalleryIds } from './gallery';

export const GalleryGroupPropsSchema = Props({
  ids: GalleryIds(),
  /** Offer search by name. */
  search: T.Boolean({ default: true }),
  title: Line(100, { default: '' }),
  /** Card layout inside a tab, as the gallery list's modes 1 to 4. */
  mode: OneOf(GALLERY_LIST_MODES, { default: 3 })
});
export type GalleryGroupProps = T.Static<typeof GalleryGroupPropsSchema>;

export const galleryGroupDefinition = defineComponent('gallerygroup', GalleryGroupPropsSchema);
export const GALLERY_GROUP_DEFAULTS: GalleryGroupProps = galleryGroupDefinition.defaults;
