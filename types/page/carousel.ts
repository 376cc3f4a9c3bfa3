/**
 * `carousel`: the venue-screen slideshow (spec part 3 §2 item 11) as a block on a page: a gallery's
 * photos one after the other in a box of the page's width, live photos joining the show; a button
 * opens the same show over the whole screen with its control bar.
 */
import * as T from 'typebox';
import { defineComponent, GalleryRef, OneOf, Props } from './kit';

export const CarouselPropsSchema = Props({
  /** The gallery shown (0: the page's own, or one of its sub-galleries). */
  gallery_id: GalleryRef({ default: 0 }),
  /** Height of the box as a share of its width. */
  ratio: T.Number({ minimum: 0.3, maximum: 2, default: 0.5625 }),
  /** Start the show when the page opens (otherwise it waits for Play). */
  autoplay: T.Boolean({ default: false }),
  /** Override the gallery's carousel settings (spec part 3 §3) for this block. */
  order: T.Optional(OneOf(['asc', 'random'] as const)),
  time: T.Optional(OneOf([3, 5, 10, 15, 20] as const)),
  effect: T.Optional(OneOf(['fade', 'slide', 'zoom', 'flip-card'] as const))
});
export type CarouselProps = T.Static<typeof CarouselPropsSchema>;

export const carouselDefinition = defineComponent('carousel', CarouselPropsSchema);
export const CAROUSEL_BLOCK_DEFAULTS: CarouselProps = carouselDefinition.defaults;
