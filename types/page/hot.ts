/**
 * `hot` and `hot_pic`: a gallery's most-liked photos (spec part 2 §2 "Hot list and hot-picture:
 * template1 is a grid, others are lists; a big-picture viewer opens. A hot list with 4 or more items is
 * split into two rows (template1)"). `hot` ranks them (NO.n and the like count), `hot_pic` shows the
 * pictures alone. A tap opens the photo in the page's viewer.
 */
import * as T from 'typebox';
import { defineComponent, GalleryRef, Line, OneOf, Props } from './kit';

export const HOT_TEMPLATES = ['template1', 'template2', 'template3'] as const;
export type HotTemplate = (typeof HOT_TEMPLATES)[number];
/** Most photos one block shows. */
export const HOT_COUNT_MAX = 20;
/** From this many photos a grid (template1) is split into two rows. */
export const HOT_TWO_ROWS_FROM = 4;

export const HotPropsSchema = Props({
  /** The gallery whose photos rank (0: the page's own). */
  gallery_id: GalleryRef({ default: 0 }),
  /** How many of its most-liked photos. */
  count: T.Integer({ minimum: 1, maximum: HOT_COUNT_MAX, default: 8 }),
  /** template1: a grid; template2, template3: lists (a row per photo; template3 with large pictures). */
  template: OneOf(HOT_TEMPLATES, { default: 'template1' }),
  title: Line(60, { default: '' })
});
export type HotProps = T.Static<typeof HotPropsSchema>;

export const hotDefinition = defineComponent('hot', HotPropsSchema);
export const hotPicDefinition = defineComponent('hot_pic', HotPropsSchema);
export const HOT_DEFAULTS: HotProps = hotDefinition.defaults;
