/** `gallery`: the list of sub-galleries of a page. */
export interface GalleryListProps {
  /** Display mode 1 to 4 (spec part 2 §2). */
  mode: 1 | 2 | 3 | 4;
  /** Gallery ids to list; empty means every child of the page. */
  ids: number[];
  /** Offer keyword search over name and description. */
  search: boolean;
  title: string;
}

export const GALLERY_LIST_DEFAULTS: GalleryListProps = { mode: 1, ids: [], search: false, title: '' };
