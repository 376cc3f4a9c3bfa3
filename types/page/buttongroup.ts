/**
 * `buttongroup`: a row of buttons (spec part 2 §2 "sponsor and button-group modals"). A button
 * follows its link, or opens one of the group's modals: the sponsors, the guests or the activity.
 */
import * as T from 'typebox';
import { Color, defineComponent, ImageHash, Line, OneOf, Props, Text } from './kit';
import { LinkSchema } from './link';
import { GuestSchema } from './eventinfo';

/** The modals a button can open. */
export const BUTTONGROUP_MODALS = ['sponsor', 'guest', 'activity'] as const;
export type ButtonGroupModal = (typeof BUTTONGROUP_MODALS)[number];
/** Most buttons in one group; at most BUTTONGROUP_MAX_COLUMNS side by side. */
export const BUTTONGROUP_ITEMS_MAX = 8;
export const BUTTONGROUP_MAX_COLUMNS = 4;

/** One button: its label, an optional icon, and either a modal to open or a link to follow (the modal wins). */
export const GroupButtonSchema = T.Object(
  { text: Line(20, { minLength: 1 }), icon: T.Optional(ImageHash()), modal: T.Optional(OneOf(BUTTONGROUP_MODALS)), link: T.Optional(LinkSchema) },
  { additionalProperties: false }
);
export type GroupButton = T.Static<typeof GroupButtonSchema>;

/** One sponsor of the sponsor modal: name, logo, a line about them, and where a tap leads. */
export const SponsorSchema = T.Object(
  { name: Line(60, { minLength: 1 }), logo: T.Optional(ImageHash()), desc: T.Optional(Text(500)), link: T.Optional(LinkSchema) },
  { additionalProperties: false }
);
export type Sponsor = T.Static<typeof SponsorSchema>;

/** The activity modal: what, when, where and the whole text. */
export const ActivitySchema = T.Object(
  { title: T.Optional(Line(100)), time: T.Optional(Line(100)), place: T.Optional(Line(200)), detail: T.Optional(Text(2000)), image: T.Optional(ImageHash()) },
  { additionalProperties: false }
);
export type Activity = T.Static<typeof ActivitySchema>;

export const ButtonGroupPropsSchema = Props({
  buttons: T.Array(GroupButtonSchema, { maxItems: BUTTONGROUP_ITEMS_MAX, default: [] }),
  /** Buttons per row: 0 lays them all in one row (up to BUTTONGROUP_MAX_COLUMNS, then wraps). */
  columns: T.Integer({ minimum: 0, maximum: BUTTONGROUP_MAX_COLUMNS, default: 0 }),
  /** Button background and text colours (the theme's main colour and white when unset). */
  color: T.Optional(Color()),
  text_color: T.Optional(Color()),
  sponsors: T.Array(SponsorSchema, { maxItems: 30, default: [] }),
  guests: T.Array(GuestSchema, { maxItems: 100, default: [] }),
  activity: T.Optional(ActivitySchema)
});
export type ButtonGroupProps = T.Static<typeof ButtonGroupPropsSchema>;

export const buttonGroupDefinition = defineComponent('buttongroup', ButtonGroupPropsSchema);
export const BUTTONGROUP_DEFAULTS: ButtonGroupProps = buttonGroupDefinition.defaults;
