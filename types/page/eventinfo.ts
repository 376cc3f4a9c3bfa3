/**
 * Event information components (spec part 2 §2, §3): activity info (`actinfo`), the activity
 * flow (`actflow`), the guest list (`guests`) and a contact card (`contact`).
 * Pictures (guest photos, avatars, QR codes) are stored images' hashes.
 */
import * as T from 'typebox';
import { defineComponent, ImageHash, Line, OneOf, Props, Text } from './kit';

/** A place: its name and coordinates (as WeChat's map takes them). */
export const MapPlaceSchema = T.Object(
  {
    name: Line(100),
    latitude: T.Number({ minimum: -90, maximum: 90 }),
    longitude: T.Number({ minimum: -180, maximum: 180 }),
    /** Street address shown under the name. */
    address: T.Optional(Line(200))
  },
  { additionalProperties: false }
);
export type MapPlace = T.Static<typeof MapPlaceSchema>;

/** `actinfo`: when, where, who hosts it, and a description. */
export const ActInfoPropsSchema = Props({
  /** When, as the organiser writes it ("22 Nov 2026, 18:00–23:00"). */
  time: Line(100, { default: '' }),
  map: T.Optional(MapPlaceSchema),
  sponsor: Line(100, { default: '' }),
  detail: Text(2000, { default: '' })
});
export type ActInfoProps = T.Static<typeof ActInfoPropsSchema>;
export const actInfoDefinition = defineComponent('actinfo', ActInfoPropsSchema);
export const ACTINFO_DEFAULTS: ActInfoProps = actInfoDefinition.defaults;

/** One entry of the flow: a section title, or a timed step. */
export const FlowItemSchema = T.Object(
  { type: OneOf(['title', 'flow'] as const), title: Line(100), date: T.Optional(Line(40)), time: T.Optional(Line(40)), desc: T.Optional(Text(500)) },
  { additionalProperties: false }
);
export type FlowItem = T.Static<typeof FlowItemSchema>;
/** `actflow`: the programme, top to bottom. */
export const ActFlowPropsSchema = Props({ items: T.Array(FlowItemSchema, { maxItems: 100, default: [] }) });
export type ActFlowProps = T.Static<typeof ActFlowPropsSchema>;
export const actFlowDefinition = defineComponent('actflow', ActFlowPropsSchema);
export const ACTFLOW_DEFAULTS: ActFlowProps = actFlowDefinition.defaults;

export const GuestSchema = T.Object({ photo: T.Optional(ImageHash()), name: Line(60), desc: T.Optional(Text(1000)) }, { additionalProperties: false });
export type Guest = T.Static<typeof GuestSchema>;
/** `guests`: people with a photo, a name and a line about them; a tap shows the whole text. */
export const GuestsPropsSchema = Props({ title: T.Optional(Line(60)), items: T.Array(GuestSchema, { maxItems: 100, default: [] }) });
export type GuestsProps = T.Static<typeof GuestsPropsSchema>;
export const guestsDefinition = defineComponent('guests', GuestsPropsSchema);
export const GUESTS_DEFAULTS: GuestsProps = guestsDefinition.defaults;

export const ContactPersonSchema = T.Object(
  {
    cid: T.Optional(Line(40)),
    name: Line(60),
    /** Role or title ("Event manager"). */
    level: T.Optional(Line(60)),
    avatar: T.Optional(ImageHash()),
    phone: T.Optional(T.String({ maxLength: 30, pattern: '^[0-9+() -]*$', errorMessage: 'must be a phone number (digits, +, spaces, dashes, brackets)' })),
    /** A QR code picture (WeChat contact, group), shown to scan or long-press. */
    qrcode: T.Optional(ImageHash())
  },
  { additionalProperties: false }
);
export type ContactPerson = T.Static<typeof ContactPersonSchema>;
/** `contact`: one or more contact cards. */
export const ContactPropsSchema = Props({ items: T.Array(ContactPersonSchema, { maxItems: 20, default: [] }) });
export type ContactProps = T.Static<typeof ContactPropsSchema>;
export const contactDefinition = defineComponent('contact', ContactPropsSchema);
export const CONTACT_DEFAULTS: ContactProps = contactDefinition.defaults;
