/**
 * `image` (in the page's flow) and `image_bottom` (docked to the bottom of the screen): pictures in
 * 1 to n columns (spec part 2 §2 "Image block with 1 to n columns and modal images").
 */
import * as T from 'typebox';
import { defineComponent, ImageHash, Props } from './kit';
import { LinkSchema } from './link';

/** Most columns an image block lays out side by side. */
export const IMAGE_BLOCK_MAX_COLUMNS = 4;
/** Most pictures in one block. */
export const IMAGE_BLOCK_ITEMS_MAX = 40;

/** One picture of an image block: a stored image's hash, and where a tap leads (any link type, modal images included). */
export const ImageBlockItemSchema = T.Object({ image: ImageHash(), link: T.Optional(LinkSchema) }, { additionalProperties: false });
export type ImageBlockItem = T.Static<typeof ImageBlockItemSchema>;

export const ImageBlockPropsSchema = Props({
  items: T.Array(ImageBlockItemSchema, { maxItems: IMAGE_BLOCK_ITEMS_MAX, default: [] }),
  /** Pictures per row, 1 to IMAGE_BLOCK_MAX_COLUMNS. */
  columns: T.Integer({ minimum: 1, maximum: IMAGE_BLOCK_MAX_COLUMNS, default: 1 }),
  /** Gap between pictures in design px (750 wide). */
  gap: T.Integer({ minimum: 0, maximum: 100, default: 0 })
});
export type ImageBlockProps = T.Static<typeof ImageBlockPropsSchema>;

export const imageBlockDefinition = defineComponent('image', ImageBlockPropsSchema);
export const IMAGE_BLOCK_DEFAULTS: ImageBlockProps = imageBlockDefinition.defaults;
