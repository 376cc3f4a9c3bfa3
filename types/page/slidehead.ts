/** `slidehead`: the head carousel with dots. */
import * as T from 'typebox';
import { defineComponent, ImageHash, Props } from './kit';
import { LinkSchema } from './link';

/** Most slides in one head. */
export const SLIDEHEAD_ITEMS_MAX = 20;
/** One slide never turns: 1 h. */
export const SLIDEHEAD_SINGLE_INTERVAL = 3_600_000;

export const SlideheadItemSchema = T.Object(
  {
    /** Image hash in our store. */
    image: ImageHash(),
    link: T.Optional(LinkSchema)
  },
  { additionalProperties: false }
);
export type SlideheadItem = T.Static<typeof SlideheadItemSchema>;

export const SlideheadPropsSchema = Props({
  items: T.Array(SlideheadItemSchema, { maxItems: SLIDEHEAD_ITEMS_MAX, default: [] }),
  /** Autoplay interval in ms (spec part 2 §9: 5000; a single slide 1 h). */
  interval: T.Integer({ minimum: 1000, maximum: SLIDEHEAD_SINGLE_INTERVAL, default: 5000 }),
  /** Height as a fraction of the width (0.5 = 2:1), above 0 and at most 4. */
  ratio: T.Number({ exclusiveMinimum: 0, maximum: 4, default: 0.5 }),
  /**
   * While `items` is empty, show the gallery's cover as the one slide (the default
   * page of a new gallery, server/src/services/gallery/defaultPage.ts). The server
   * resolves it before the page reaches a client, so renderers only read `items`.
   */
  from_cover: T.Optional(T.Boolean())
});
export type SlideheadProps = T.Static<typeof SlideheadPropsSchema>;

export const slideheadDefinition = defineComponent('slidehead', SlideheadPropsSchema);
export const SLIDEHEAD_DEFAULTS: SlideheadProps = slideheadDefinition.defaults;
