/**
 * Red packets and the phone sign-up (spec part 3 §3 Red packet, Recipient; §4 red packet status;
 * §5 phone sign-up and red packet rules; §7 red packet and phone calls; issue 15 Deliver 4).
 * Money is integer cents in every answer; the send form's amount is yuan with at most two decimals.
 *
 * Sending: `precreate {amount, galleryid}` makes a payment order (the configured provider, the
 * sandbox by default) and answers `{tradeid, wxpay}`; the client pays, polls the order
 * (`GET /api/v2/pay/charge?id=`), then `create {number, amount, type, content, tradeid, galleryid}`.
 * The amount is split into shares when the packet is created. One packet per paid order: a
 * replayed create answers the packet already made and creates nothing. A paid order whose
 * create never succeeded is refunded by the sweep after RED_PACKET_REFUND_AFTER_S.
 *
 * Opening: `ask {id}` answers one of RedPacketAskStatus; on 'welcome' the client claims with
 * `get {id}`. 'wait' → 'Red packet status exception'; 'forbidden' → 'Current red packet can't be
 * open' (marked as got); 'phone' → the phone sign-up modal (bindphone), then ask again; any
 * other status (done, end, close) → marked as got, with `detail` shown.
 *
 * Status of a packet for the viewer (list, ask): wait (its target time is ahead), open, done
 * (the viewer got a share), end (every share taken), close (expired: leftovers refunded).
 */
import * as T from 'typebox';
import { defineCall } from './contract';
import { Id, Line, NullableInteger, PageNo, Text, MAX_UNIX_TIME } from './schema';
import { JsapiPayParamsSchema, PAY_CHANNELS, type PayChannel } from './pay';

/** Spec part 3 §9: total at most 200 yuan. */
export const RED_PACKET_MAX_TOTAL_CENTS = 20_000;
/** Spec part 3 §5: each single packet at least 1 yuan. */
export const RED_PACKET_MIN_SHARE_CENTS = 100;
/** Spec part 3 §5: the quantity is 1 to 5 digits. */
export const RED_PACKET_MAX_NUMBER_DIGITS = 5;
/** Unclaimed money is refunded after 24 hours (spec part 3 §9). */
export const RED_PACKET_REFUND_AFTER_S = 24 * 3600;
/** Recipients per page of the detail. */
export const RED_PACKET_DETAIL_PAGE_SIZE = 20;
/** Packets per list answer (newest first). */
export const RED_PACKET_LIST_SIZE = 50;
/** The live message is delayed on each phone by 1 to 5 s at random, so not every phone asks at once (client rule). */
export const RED_PACKET_LIVE_DELAY_MS = { min: 1000, max: 5000 } as const;
/** Greeting length. */
export const RED_PACKET_CONTENT_MAX = 60;
/** Spec part 3 §5: phone exactly 11 digits, captcha exactly 4 characters. */
export const BIND_PHONE_DIGITS = 11;
export const BIND_CAPTCHA_LENGTH = 4;
export const BIND_NAME_MAX = 32;

/** Stable codes of red packet and phone sign-up refusals (msg is the spec's text where it has one). */
export const RedPacketError = {
  /** Not a yuan amount with at most two decimals, or not above zero. */
  AMOUNT_INVALID: 201401,
  /** Above RED_PACKET_MAX_TOTAL_CENTS: msg 'max 200'. */
  AMOUNT_MAX: 201402,
  /** A share would be under RED_PACKET_MIN_SHARE_CENTS. */
  SHARE_MIN: 201403,
  /** The quantity is not 1 to 5 digits, or zero. */
  NUMBER_INVALID: 201404,
  /** No order of the visitor's for red packets with this trade id. */
  TRADE_UNKNOWN: 201405,
  /** The order is not paid (yet). */
  TRADE_UNPAID: 201406,
  /** create's amount differs from what the order paid. */
  TRADE_AMOUNT: 201407,
  /** use_package is off for the gallery. */
  DISABLED: 201408,
  /** The payment provider cannot refund, so leftovers could not go back: red packets are refused. */
  NO_REFUNDS: 201409,
  /** Phone sign-up: not exactly 11 digits. */
  PHONE_INVALID: 201410,
  /** Phone sign-up: no name. */
  NAME_REQUIRED: 201411,
  /** Phone sign-up: the captcha is not exactly 4 characters. */
  CAPTCHA_INVALID: 201412,
  /** The target time is in the past or more than a day ahead. */
  POSTTIME_INVALID: 201413,
  /** The paid order was never made a packet within 24 hours and went back to the payer. */
  TRADE_REFUNDED: 201414
} as const;

/** The spec's messages (part 3 §5, §8) and ours for the rest; the client shows `msg` ('the message returned'). */
export const RED_PACKET_MESSAGES = {
  AMOUNT_INVALID: 'Please input the right amount',
  AMOUNT_MAX: 'max 200',
  SHARE_MIN: 'Each red packet must be at least 1 yuan',
  NUMBER_INVALID: 'Please input the right number of red packets',
  TRADE_UNKNOWN: 'Creating a red packet needs its trade id',
  TRADE_UNPAID: 'The payment is not complete',
  TRADE_AMOUNT: 'The amount differs from the payment',
  DISABLED: 'Red packets are not enabled for this album',
  NO_REFUNDS: 'Red packets need a payment provider that can refund',
  PHONE_INVALID: 'Please input the right mobile phone number',
  NAME_REQUIRED: 'Please input name',
  CAPTCHA_INVALID: 'Please input the right captcha',
  POSTTIME_INVALID: 'The target time must be within the next 24 hours',
  TRADE_REFUNDED: 'This payment was refunded; pay again to send a red packet',
  ASK_WAIT: 'Red packet status exception',
  ASK_FORBIDDEN: "Current red packet can't be open"
} as const;

export const RED_PACKET_TYPES = ['luck', 'normal'] as const;
export type RedPacketType = (typeof RED_PACKET_TYPES)[number];
export type RedPacketPostType = 'now' | 'target';
export type RedPacketAccess = 'limit' | 'other';
/** The packet as the viewer sees it. */
export const RED_PACKET_STATUSES = ['wait', 'open', 'done', 'end', 'close'] as const;
export type RedPacketStatus = (typeof RED_PACKET_STATUSES)[number];
/** ask's answers: welcome, wait, forbidden, phone, or the packet's status for anything else. */
export const RED_PACKET_ASK_STATUSES = ['welcome', 'wait', 'forbidden', 'phone', 'done', 'end', 'close'] as const;
export type RedPacketAskStatus = (typeof RED_PACKET_ASK_STATUSES)[number];

const oneOf = <V extends string>(values: readonly V[], o: T.TSchemaOptions = {}) => T.Unsafe<V>({ type: 'string', enum: [...values], ...o });

/** Spec part 3 §3 Red packet (amount in cents), plus the viewer's own share. */
export const RedPacketSchema = T.Object({
  id: T.Integer(),
  galleryid: T.Integer(),
  /** Total in cents. */
  amount: T.Integer(),
  number: T.Integer(),
  /** Shares taken. */
  goted: T.Integer(),
  type: oneOf<RedPacketType>(RED_PACKET_TYPES),
  /** The sender. */
  nickname: T.String(),
  photo: T.String(),
  posttype: oneOf<RedPacketPostType>(['now', 'target']),
  /** When it opens (Unix seconds; the creation time for 'now'). */
  posttime: T.Integer(),
  /** The advance notice text and how many seconds before posttime it shows. */
  notice: T.String(),
  noticestep: T.Integer(),
  access_type: oneOf<RedPacketAccess>(['limit', 'other']),
  status: oneOf<RedPacketStatus>(RED_PACKET_STATUSES),
  content: T.String(),
  /** The name and photo shown on the packet (the sender's). */
  postname: T.String(),
  postphoto: T.String(),
  createtime: T.Integer(),
  /** When unclaimed shares are refunded. */
  expires_at: T.Integer(),
  /** The viewer's share in cents, null when none. */
  my_amount: NullableInteger()
});
export type RedPacket = T.Static<typeof RedPacketSchema>;

/** Spec part 3 §3 Red packet recipient. `best`: 1 on the largest share once every share is taken (the best-luck mark). */
export const RedPacketRecipientSchema = T.Object({
  nickname: T.String(),
  photo: T.String(),
  amount: T.Integer(),
  best: T.Integer(),
  createtime: T.Integer(),
  openid: T.String()
});
export type RedPacketRecipient = T.Static<typeof RedPacketRecipientSchema>;

export const RedPacketDetailSchema = T.Object({
  packet: RedPacketSchema,
  items: T.Array(RedPacketRecipientSchema),
  total: T.Integer(),
  page: T.Integer(),
  page_size: T.Integer()
});
export type RedPacketDetail = T.Static<typeof RedPacketDetailSchema>;

/** The yuan amount of the send form: digits with at most two decimals; anything else is refused with AMOUNT_INVALID by the server. */
const Amount = () => Line(16, { errorMessage: 'must be an amount in yuan' });
/** The quantity as typed: refused with NUMBER_INVALID unless 1 to 5 digits and not zero. */
const NumberText = () => Line(16, { errorMessage: 'must be the number of red packets' });
const Channel = () => T.Unsafe<PayChannel>({ type: 'string', enum: [...PAY_CHANNELS], errorMessage: `must be one of ${PAY_CHANNELS.join(', ')}` });

export const PrecreateRequestSchema = T.Object({
  /** Total in yuan ('12.5'); at most 200. */
  amount: Amount(),
  galleryid: Id(),
  /** Optional: the quantity, so a packet whose shares would be under 1 yuan is refused before anything is paid. */
  number: T.Optional(NumberText()),
  /** How the client pays (default jsapi: the WeChat browser; mp in the mini-program). */
  channel: T.Optional(Channel())
});
export type PrecreateRequest = T.Static<typeof PrecreateRequestSchema>;

/** precreate's answer: the order's trade id and the client's pay parameters. */
export const PrecreateResultSchema = T.Object({
  tradeid: T.String(),
  /** The order id, polled with GET /api/v2/pay/charge?id= until paid. */
  order_id: T.Integer(),
  /** Cents to pay. */
  amount: T.Integer(),
  provider: T.String(),
  /** Parameters for requestPayment / getBrandWCPayRequest (the sandbox's are not WeChat's: open sandbox_url instead). */
  wxpay: T.Union([JsapiPayParamsSchema, T.Null()]),
  code_url: T.Optional(T.String()),
  sandbox_url: T.Optional(T.String())
});
export type PrecreateResult = T.Static<typeof PrecreateResultSchema>;

export const CreateRequestSchema = T.Object({
  number: NumberText(),
  amount: Amount(),
  type: oneOf<RedPacketType>(RED_PACKET_TYPES, { errorMessage: 'must be luck or normal' }),
  content: T.Optional(Text(RED_PACKET_CONTENT_MAX)),
  tradeid: Line(64, { minLength: 1, errorMessage: 'must be the trade id of precreate' }),
  galleryid: Id(),
  /** Post at a target time (Unix seconds, within 24 hours) instead of now. */
  posttime: T.Optional(T.Integer({ minimum: 0, maximum: MAX_UNIX_TIME, errorMessage: 'must be a Unix time' })),
  notice: T.Optional(Line(RED_PACKET_CONTENT_MAX)),
  noticestep: T.Optional(T.Integer({ minimum: 0, maximum: 86_400, errorMessage: 'must be 0 to 86400 seconds' })),
  /** 'limit': only visitors who signed up with their phone (bindphone) may open it. */
  access_type: T.Optional(oneOf<RedPacketAccess>(['limit', 'other'], { errorMessage: 'must be limit or other' }))
});
export type CreateRequest = T.Static<typeof CreateRequestSchema>;

/** create's answer: the packet (the same one for a replay), `replayed` true when it already existed. */
export const CreateResultSchema = T.Object({ packet: RedPacketSchema, replayed: T.Boolean() });
export type CreateResult = T.Static<typeof CreateResultSchema>;

export const AskResultSchema = T.Object({
  status: oneOf<RedPacketAskStatus>(RED_PACKET_ASK_STATUSES),
  /** The spec's alert for wait and forbidden. */
  msg: T.String(),
  packet: RedPacketSchema,
  /** For done, end and close: the first page of recipients. */
  detail: T.Optional(RedPacketDetailSchema)
});
export type AskResult = T.Static<typeof AskResultSchema>;

/** get's answer: the status after the claim; `amount` the viewer's share in cents when 'done'. */
export const GrabResultSchema = T.Object({
  status: oneOf<RedPacketAskStatus>(RED_PACKET_ASK_STATUSES),
  msg: T.String(),
  amount: NullableInteger(),
  /** True when this call took the share (false when the viewer had it already). */
  won: T.Boolean(),
  packet: RedPacketSchema
});
export type GrabResult = T.Static<typeof GrabResultSchema>;

export const BindPhoneRequestSchema = T.Object({
  phone: Line(32, { errorMessage: 'must be a phone number' }),
  galleryid: Id(),
  content: T.Optional(Text(200)),
  code: Line(16, { errorMessage: 'must be the SMS code' }),
  nickname: Line(BIND_NAME_MAX * 2, { errorMessage: 'must be a name' })
});
export type BindPhoneRequest = T.Static<typeof BindPhoneRequestSchema>;

export const BindPhoneResultSchema = T.Object({ phone: T.String(), name: T.String(), galleryid: T.Integer() });
export type BindPhoneResult = T.Static<typeof BindPhoneResultSchema>;

const PacketId = () => T.Object({ id: Id() });

export const redPacketCalls = {
  precreate: defineCall('POST', '/api/v2/redpackage/precreate', { body: PrecreateRequestSchema, response: PrecreateResultSchema }),
  create: defineCall('POST', '/api/v2/redpackage/create', { body: CreateRequestSchema, response: CreateResultSchema }),
  ask: defineCall('POST', '/api/v3/redpackage/ask', { body: PacketId(), response: AskResultSchema }),
  get: defineCall('POST', '/api/v3/redpackage/get', { body: PacketId(), response: GrabResultSchema }),
  /** A gallery's packets, newest first (guests get none: an empty list). */
  list: defineCall('GET', '/api/v2/redpackage/list', { query: T.Object({ galleryid: Id() }), response: T.Array(RedPacketSchema) }),
  /** Any session (a guest's too); 401 without one. */
  detail: defineCall('GET', '/api/v2/redpackage/detail', { query: T.Object({ id: Id(), page: T.Optional(PageNo()) }), response: RedPacketDetailSchema }),
  bindPhone: defineCall('POST', '/api/v2/wxuser/bindphone', { body: BindPhoneRequestSchema, response: BindPhoneResultSchema })
};
