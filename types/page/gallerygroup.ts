/** `gallerygroup` (alias `groupgallery`): galleries split into year tabs by start time (spec part 2 §2). */
export interface GalleryGroupProps {
  /** Gallery ids to list; empty means every child of the page. */
  ids: number[];
  /** Offer search by name. */
  search: boolean;
  title: string;
  /** Card layout inside a tab, as the gallery list's modes 1 to 4. */
  mode: 1 | 2 | 3 | 4;
}

export const GALLERY_GROUP_DEFAULTS: GalleryGroupProps = { ids: [], search: true, title: '', mode: 3 };
