/** A link a component can carry (spec part 1 §2 link types, part 2 §3 Link). */
export type LinkType =
  | 'custom' | 'page' | 'subgallery' | 'gallery' | 'video' | 'home' | 'order' | 'miniprogram' | 'empty';

export interface Link {
  type: LinkType;
  /** custom: a URL; page/subgallery/gallery/order: a link id; video: a video id. */
  value?: string;
  link_id?: string;
  url?: string;
  url_labeling?: string;
  /** miniprogram links. */
  appid?: string;
  path?: string;
}
