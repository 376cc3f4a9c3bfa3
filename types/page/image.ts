import type { Link } from './link';

/** One picture of an image block: a stored image's hash, and where a tap leads (any link type, modal images included). */
export interface ImageBlockItem {
  image: string;
  link?: Link;
}

/** Most columns an image block lays out side by side. */
export const IMAGE_BLOCK_MAX_COLUMNS = 4;

/**
 * `image` (in the page's flow) and `image_bottom` (docked to the bottom of the screen): pictures in
 * 1 to n columns (spec part 2 §2 "Image block with 1 to n columns and modal images").
 */
export interface ImageBlockProps {
  items: ImageBlockItem[];
  /** Pictures per row, 1 to IMAGE_BLOCK_MAX_COLUMNS. */
  columns: number;
  /** Gap between pictures in design px (750 wide). */
  gap: number;
}

export const IMAGE_BLOCK_DEFAULTS: ImageBlockProps = { items: [], columns: 1, gap: 0 };
