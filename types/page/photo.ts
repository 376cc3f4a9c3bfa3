/** `photo`: the gallery's photo list area. */
export type PhotoDisplayMode = '1' | '2' | '4' | 'flow' | 'waterfall';

export interface PhotoProps {
  /** Which gallery's photos; 0 means the page's own gallery. */
  gallery_id: number;
  /** Display mode chosen by the organiser (visitors may override on their device). */
  mode: PhotoDisplayMode;
  /** Show the category tag bar. */
  show_tags: boolean;
}

export const PHOTO_DEFAULTS: PhotoProps = { gallery_id: 0, mode: '2', show_tags: true };
