/**
 * `guide`: the leading (splash) page (spec part 2 §3 "Leading page: image, autoPlay, duration,
 * link, showBar, barColor, opacity"; §2 "Leading (splash) page with a skip countdown"). A picture over
 * the whole screen when the page opens; it closes by itself after `duration` seconds (autoPlay) or
 * when skipped, and a tap on the picture follows its link.
 */
import * as T from 'typebox';
import { Color, defineComponent, ImageHash, Props } from './kit';
import { LinkSchema } from './link';

/** Longest a splash may stay (seconds). */
export const GUIDE_MAX_SECONDS = 30;

export const GuidePropsSchema = Props({
  /** The picture (a stored image's hash); without one the page opens without a splash. */
  image: T.Optional(ImageHash()),
  /** Close by itself when the countdown ends; otherwise it stays until skipped. */
  autoPlay: T.Boolean({ default: true }),
  /** Seconds of the countdown (the skip button counts them down). */
  duration: T.Integer({ minimum: 1, maximum: GUIDE_MAX_SECONDS, default: 5 }),
  link: T.Optional(LinkSchema),
  /** The skip bar (countdown and Skip) in the top corner. Without autoPlay it always shows, so a visitor is never stuck. */
  showBar: T.Boolean({ default: true }),
  barColor: Color({ default: '#000000' }),
  /** The bar's background opacity, 0 to 1. */
  opacity: T.Number({ minimum: 0, maximum: 1, default: 0.5 })
});
export type GuideProps = T.Static<typeof GuidePropsSchema>;

export const guideDefinition = defineComponent('guide', GuidePropsSchema);
export const GUIDE_DEFAULTS: GuideProps = guideDefinition.defaults;
