/**
 * Event information components (spec part 2 §2, §3): activity info (`actinfo`), the activity
 * flow (`actflow`), the guest list (`guests`) and a contact card (`contact`).
 * Pictures (guest photos, avatars, QR codes) are stored images' hashes.
 */

/** A place: its name and coordinates (WGS-84 as WeChat's map takes them; `gcj02` in mainland China). */
export interface MapPlace {
  name: string;
  latitude: number;
  longitude: number;
  /** Street address shown under the name. */
  address?: string;
}

/** `actinfo`: when, where, who hosts it, and a description. */
export interface ActInfoProps {
  /** When, as the organiser writes it ("22 Nov 2026, 18:00–23:00"). */
  time: string;
  map?: MapPlace;
  sponsor: string;
  detail: string;
}
export const ACTINFO_DEFAULTS: ActInfoProps = { time: '', sponsor: '', detail: '' };

/** One entry of the flow: a section title, or a timed step. */
export interface FlowItem {
  type: 'title' | 'flow';
  title: string;
  date?: string;
  time?: string;
  desc?: string;
}
/** `actflow`: the programme, top to bottom. */
export interface ActFlowProps {
  items: FlowItem[];
}
export const ACTFLOW_DEFAULTS: ActFlowProps = { items: [] };

export interface Guest {
  photo?: string;
  name: string;
  desc?: string;
}
/** `guests`: people with a photo, a name and a line about them; a tap shows the whole text. */
export interface GuestsProps {
  title?: string;
  items: Guest[];
}
export const GUESTS_DEFAULTS: GuestsProps = { items: [] };

export interface ContactPerson {
  cid?: string;
  name: string;
  /** Role or title ("Event manager"). */
  level?: string;
  avatar?: string;
  phone?: string;
  /** A QR code picture (WeChat contact, group), shown to scan or long-press. */
  qrcode?: string;
}
/** `contact`: one or more contact cards. */
export interface ContactProps {
  items: ContactPerson[];
}
export const CONTACT_DEFAULTS: ContactProps = { items: [] };
