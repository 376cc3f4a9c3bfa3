/** `photo`: the gallery's photo list area. */
import * as T from 'typebox';
import { defineComponent, GalleryRef, OneOf, Props } from './kit';

export const PHOTO_DISPLAY_MODES = ['1', '2', '4', 'flow', 'waterfall'] as const;
export type PhotoDisplayMode = (typeof PHOTO_DISPLAY_MODES)[number];

export const PhotoPropsSchema = Props({
  /** Which gallery's photos; 0 means the page's own gallery. */
  gallery_id: GalleryRef({ default: 0 }),
  /** Display mode chosen by the organiser (visitors may override on their device). */
  mode: OneOf(PHOTO_DISPLAY_MODES, { default: '2' }),
  /** Show the category tag bar. */
  show_tags: T.Boolean({ default: true })
});
export type PhotoProps = T.Static<typeof PhotoPropsSchema>;

export const photoDefinition = defineComponent('photo', PhotoPropsSchema);
export const PHOTO_DEFAULTS: PhotoProps = photoDefinition.defaults;
