import type { Link } from './link';

/** `slidehead`: the head carousel with dots. */
export interface SlideheadItem {
  /** Image hash in our store. */
  image: string;
  link?: Link;
}

export interface SlideheadProps {
  items: SlideheadItem[];
  /** Autoplay interval in ms (spec part 2 §9: 5000; a single slide 1 h). */
  interval: number;
  /** Height as a fraction of the width (0.5 = 2:1). */
  ratio: number;
  /**
   * While `items` is empty, show the gallery's cover as the one slide (the default
   * page of a new gallery, server/src/services/gallery/defaultPage.ts). The server
   * resolves it before the page reaches a client, so renderers only read `items`.
   */
  from_cover?: boolean;
}

export const SLIDEHEAD_DEFAULTS: SlideheadProps = { items: [], interval: 5000, ratio: 0.5 };
/** One slide never turns: 1 h. */
export const SLIDEHEAD_SINGLE_INTERVAL = 3_600_000;
