/** Floating action buttons (spec part 1 §2 pendants, part 2 §3 pendent button). */
import * as T from 'typebox';
import { defineComponent, ImageHash, Line, OneOf, Props } from './kit';
import { LinkSchema } from './link';

export const PENDENT_TYPES = ['download', 'good', 'refresh', 'setting', 'lang', 'people', 'event', 'custom', 'order', 'jigsaw', 'redpackage', 'share', 'top'] as const;
export type PendentType = (typeof PENDENT_TYPES)[number];
/** Most buttons in one bar (and in one button's `child` list). */
export const PENDENT_BUTTONS_MAX = 20;

const buttonFields = {
  type: OneOf(PENDENT_TYPES),
  /** Image hash for the button icon (custom buttons); built-in types have their own icon. */
  image: T.Optional(ImageHash()),
  link: T.Optional(LinkSchema),
  /** Hidden buttons go into the fold-out more-menu on mobile. */
  hidden: T.Optional(T.Boolean()),
  /** The stat event a tap records (spec: pendent button `event`). */
  event: T.Optional(Line(64))
};

/** A button of a button's fold-out list (one level deep): a custom button without a link folds its `child` list out; other buttons keep their own action. */
export const PendentChildSchema = T.Object(buttonFields, { additionalProperties: false });

export const PendentButtonSchema = T.Object(
  { ...buttonFields, child: T.Optional(T.Array(PendentChildSchema, { maxItems: PENDENT_BUTTONS_MAX })) },
  { additionalProperties: false }
);
export type PendentButton = T.Static<typeof PendentButtonSchema>;

export const PendentPropsSchema = Props({
  buttons: T.Array(PendentButtonSchema, { maxItems: PENDENT_BUTTONS_MAX, default: [] })
});
export type PendentProps = T.Static<typeof PendentPropsSchema>;

export const pendentDefinition = defineComponent('pendent', PendentPropsSchema);
export const PENDENT_DEFAULTS: PendentProps = pendentDefinition.defaults;
