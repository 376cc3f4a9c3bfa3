import * as T from 'typebox';
import { defineCall } from './contract';
import { Id, LinkId, NullableInteger, NullableString } from './schema';
import type { AccessType } from './gallery';

/**
 * Gated pages (spec part 3 §2 permission pages, §7 permission calls; issue 5 item 5).
 *
 * A gallery has up to two gates, one per family of calls in the spec:
 * - 'pgdata' (`/api/v2/gallerypgdata/permisson/…`): the page itself. Until it is
 *   passed the visitor sees only what the gate page needs (id, link_id, name, cover,
 *   theme, status, times); pagedata, desc and sub-pages are withheld, and so are
 *   the photos.
 * - 'watermark' (`/api/v2/gallery/watermark/…`): the photos. The page renders, but
 *   the photo list, batch lists, sizes, image bytes and archives need the pass.
 * Each gate is free, password or phone (part 1 §4 access types). A pass is kept per
 * visitor session user, per gallery and per gate for PASS_TTL_S.
 */
export type GateKind = 'watermark' | 'pgdata';

/** How long a pass lasts (seconds). */
export const PASS_TTL_S = 24 * 3600;
/** SMS code: 4 digits (part 2 §5), valid 5 minutes, void after 5 wrong tries. */
export const SMS_CODE_LENGTH = 4;
export const SMS_CODE_TTL_S = 5 * 60;
export const SMS_CODE_MAX_TRIES = 5;
/** Resend wait (part 3 §9 SMS countdown). */
export const SMS_RESEND_S = 60;
/** Phone numbers: 11 digits (part 3 §9). */
export const PHONE_RE = /^1\d{10}$/;

/**
 * `GET /api/v2/gallery/watermark/ispass/{id}` and
 * `GET /api/v2/gallerypgdata/permisson/ispass/{id}` (id: gallery id). Token header
 * optional: a guest without a session is simply not passed.
 */
export const IsPassResponseSchema = T.Object({
  gallery_id: T.Integer(),
  kind: T.Unsafe<GateKind>({ type: 'string' }),
  /** This gate's type; 'free' means there is nothing to pass. */
  access_type: T.Unsafe<AccessType>({ type: 'string' }),
  /** True when free or passed. */
  ispass: T.Boolean(),
  /** Unix seconds; null when free or not passed. */
  expires_at: NullableInteger(),
  /**
   * Image ticket for `<img>` URLs of this gallery's photos: append `&p={ticket}` to
   * `/img/{hash}!{style}?g={gallery id}`. Bound to the gallery, valid 1–2 hours
   * (ask ispass again for a fresh one), whichever gate kind was asked. Null when the
   * gallery has no gate (its own or an ancestor's page gate) or one is still closed.
   */
  image_ticket: NullableString()
});
export type IsPassResponse = T.Static<typeof IsPassResponseSchema>;

/**
 * `POST /api/v2/gallery/watermark/visit/check` and
 * `POST /api/v2/gallerypgdata/permisson/visit/check`: JSON body only (never a
 * query: passwords stay out of URLs and logs). Needs the session token (guests too).
 * A password gate takes `password`; a phone gate takes `phone` and `code` (the same
 * check as `/api/v2/policy/sms/validation`).
 */
export interface VisitCheckRequest {
  id: number;
  password?: string;
  phone?: string;
  code?: string;
}
/** Success answers the new pass (same shape as ispass). */
export type VisitCheckResponse = IsPassResponse;

/**
 * `POST /api/v2/policy/sms/send` (path ours; the spec does not show it). Sends a
 * 4-digit code to `phone` for the phone gate of `gallery_id`. 1 send per 60 s per
 * phone, a daily cap per phone and per IP (429 with data.retry_after). A phone not
 * on the gallery's whitelist gets the same answer but no SMS (no whitelist probing).
 */
export interface SmsSendRequest {
  phone: string;
  gallery_id: number;
}
export const SmsSendResponseSchema = T.Object({
  /** Seconds before another code may be sent (the client's countdown). */
  resend_after: T.Integer(),
  /** Seconds the code stays valid. */
  expires_in: T.Integer()
});
export type SmsSendResponse = T.Static<typeof SmsSendResponseSchema>;

/**
 * `POST /api/v2/policy/sms/validation` {phone, code}: checks the latest code sent to
 * the phone and, when right, passes every phone gate of the gallery it was sent for.
 */
export interface SmsValidationRequest {
  phone: string;
  code: string;
}
export const SmsValidationResponseSchema = T.Object({
  gallery_id: T.Integer(),
  /** The gates now passed. */
  passes: T.Array(IsPassResponseSchema)
});
export type SmsValidationResponse = T.Static<typeof SmsValidationResponseSchema>;

/**
 * `GET /api/v2/permissibility?link={link_id}`: what the client asks before showing
 * a gallery.
 * - 'free': no gate;
 * - 'password' / 'phone': show `/page/permission/{gallery_id}` for gate `kind`;
 * - 'passed': gated, and every gate is passed.
 */
export type PermissibilityState = 'free' | 'password' | 'phone' | 'passed';

const GateStateSchema = T.Object({ access_type: T.Unsafe<AccessType>({ type: 'string' }), ispass: T.Boolean() });
export const PermissibilityResponseSchema = T.Object({
  gallery_id: T.Integer(),
  link_id: T.String(),
  /** Enough to render the gate page. */
  name: T.String(),
  cover: NullableString(),
  state: T.Unsafe<PermissibilityState>({ type: 'string' }),
  /** The gate to pass next (pgdata first); null when free or passed. */
  kind: T.Unsafe<GateKind | null>({ type: ['string', 'null'] }),
  gates: T.Object({ watermark: GateStateSchema, pgdata: GateStateSchema })
});
export type PermissibilityResponse = T.Static<typeof PermissibilityResponseSchema>;

/**
 * Error answers of these calls (`{code, data, msg}`, HTTP 200 like the other spec codes):
 * - 200209 'Wrong password' (data null);
 * - 200210 'Captcha error' with data.key 'PhoneCodeError' (wrong, expired or used-up
 *   code) or 'PhoneCodeErrorWhite' (the gallery has a phone whitelist: wrong code or
 *   phone not allowed, deliberately indistinguishable);
 * - 200202 'Permission Error' from any gated path without the pass, data NoPermissionData;
 *   image bytes answer HTTP 403 with the same envelope;
 * - 429 from the abuse limits, data {retry_after}.
 */
export type CaptchaErrorKey = 'PhoneCodeError' | 'PhoneCodeErrorWhite';
export interface CaptchaErrorData {
  key: CaptchaErrorKey;
}
export interface NoPermissionData {
  gallery_id: number;
  kind: GateKind;
  access_type: AccessType;
}

/** Longest password a gate takes. */
export const PASSWORD_MAX_LEN = 64;
const Phone = () => T.String({ pattern: '^1\\d{10}$', errorMessage: 'must be 11 digits' });
const Code = () =>
  // A number first: ajv coerces `"0123"` to 123, which the service pads back to four digits.
  T.Union([T.Integer({ minimum: 0, maximum: 10 ** SMS_CODE_LENGTH - 1 }), T.String({ pattern: `^\\d{${SMS_CODE_LENGTH}}$` })], { errorMessage: `must be ${SMS_CODE_LENGTH} digits` });
const GalleryParam = () => T.Object({ id: Id() });

/** The two gate families' paths: the watermark (photos) gate and the page (pgdata) gate. */
export const GATE_BASES: Record<GateKind, string> = { watermark: '/api/v2/gallery/watermark', pgdata: '/api/v2/gallerypgdata/permisson' };

const gateCalls = (kind: GateKind) => ({
  isPass: defineCall('GET', `${GATE_BASES[kind]}/ispass/:id`, { params: GalleryParam(), response: IsPassResponseSchema }),
  check: defineCall('POST', `${GATE_BASES[kind]}/visit/check`, {
    body: T.Object({
      id: Id(),
      password: T.Optional(T.String({ maxLength: PASSWORD_MAX_LEN, errorMessage: `is longer than ${PASSWORD_MAX_LEN} characters` })),
      phone: T.Optional(Phone()),
      code: T.Optional(Code())
    }),
    response: IsPassResponseSchema
  })
});

export const permissionCalls = {
  watermark: gateCalls('watermark'),
  pgdata: gateCalls('pgdata'),
  /** Path ours (the spec does not show the send call). */
  smsSend: defineCall('POST', '/api/v2/policy/sms/send', { body: T.Object({ phone: Phone(), gallery_id: Id() }), response: SmsSendResponseSchema }),
  smsValidation: defineCall('POST', '/api/v2/policy/sms/validation', { body: T.Object({ phone: Phone(), code: Code() }), response: SmsValidationResponseSchema }),
  permissibility: defineCall('GET', '/api/v2/permissibility', { query: T.Object({ link: LinkId() }), response: PermissibilityResponseSchema })
};

/**
 * Organiser calls (`Authorization: Bearer <ORGANIZER_TOKEN>`): a gallery's gates.
 * Setting a gate voids the passes through it; a page (pgdata) gate also covers the
 * gallery's sub-pages, which list it under `inherited`. `access_type` 'free' (or the
 * clear call) removes the gate. Password hashes never leave the server.
 */
/** Most phones on one gate's whitelist. */
export const GATE_WHITELIST_MAX = 10_000;

export const OrganizerGateSchema = T.Object({
  gallery_id: T.Integer(),
  kind: T.Unsafe<GateKind>({ type: 'string' }),
  access_type: T.Unsafe<AccessType>({ type: 'string' }),
  /** Whether a password is set (it is stored as a salted hash only). */
  has_password: T.Boolean(),
  /** Phones a phone gate lets through; empty: any phone that receives the code. */
  whitelist: T.Array(T.String()),
  /** Unix seconds of the last change; null for a gate never set. */
  updated_at: NullableInteger()
});
export type OrganizerGate = T.Static<typeof OrganizerGateSchema>;

export const OrganizerGatesSchema = T.Object({
  /** The gallery's own gates, one per kind ('free' when unset). */
  gates: T.Array(OrganizerGateSchema),
  /** Page gates of its ancestors, outermost first: visitors pass them too. */
  inherited: T.Array(OrganizerGateSchema)
});
export type OrganizerGates = T.Static<typeof OrganizerGatesSchema>;

const GateParams = () =>
  T.Object({ id: Id(), kind: T.Union([T.Literal('pgdata'), T.Literal('watermark')], { errorMessage: 'must be pgdata or watermark' }) });

export const GateSettingSchema = T.Object({
  access_type: T.Union([T.Literal('free'), T.Literal('password'), T.Literal('phone')], { errorMessage: 'must be free, password or phone' }),
  /** Password gates only: 1 to PASSWORD_MAX_LEN characters, no control characters. */
  password: T.Optional(
    T.String({
      minLength: 1,
      maxLength: PASSWORD_MAX_LEN,
      pattern: '^[^\\u0000-\\u001f\\u007f]+$',
      errorMessage: `must be 1 to ${PASSWORD_MAX_LEN} characters without control characters`
    })
  ),
  /** Phone gates only: the phones let through (none or empty: any phone). */
  whitelist: T.Optional(T.Array(Phone(), { maxItems: GATE_WHITELIST_MAX, errorMessage: `must be a list of at most ${GATE_WHITELIST_MAX} phones of 11 digits` }))
});
export type GateSettingInput = T.Static<typeof GateSettingSchema>;

export const organizerGateCalls = {
  /** A gallery's own gates and the page gates it inherits. */
  list: defineCall('GET', '/api/v2/organizer/galleries/:id/gates', { params: T.Object({ id: Id() }), response: OrganizerGatesSchema }),
  /** Set (or replace) one gate; passes through the old one end. */
  set: defineCall('POST', '/api/v2/organizer/galleries/:id/gates/:kind', { params: GateParams(), body: GateSettingSchema, response: OrganizerGateSchema }),
  /** Remove one gate (the same as setting it 'free'). */
  clear: defineCall('POST', '/api/v2/organizer/galleries/:id/gates/:kind/clear', { params: GateParams(), response: OrganizerGateSchema })
};
