/** A link a component can carry (spec part 1 §2 link types, part 2 §3 Link). */
export type LinkType =
  | 'custom' | 'page' | 'subgallery' | 'gallery' | 'video' | 'home' | 'order' | 'miniprogram' | 'modal-image' | 'empty';

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
  desc?: string;
  /** modal-image links: the image (a stored image's hash) shown in a modal … */
  modalcontent?: string;
  /** … where a tap on it leads (a link of any other type) … */
  modallink?: Link;
  /** … and whether it opens by itself when the page opens (at most once per 24 h per image, spec part 2 §9). */
  modalauto?: boolean;
}
