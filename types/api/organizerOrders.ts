/**
 * The organiser's order list (issue 16): a gallery's orders, newest first, with their buyer, what
 * they cover and where the buyer came from (the order page's context, migration 029), and totals
 * for the filter. Organiser only (`Authorization: Bearer <ORGANIZER_TOKEN>`, checked in the
 * service: 401 without a token, 403 with another one or a visitor's session); an unknown gallery
 * is 404. `npm run gallery -- orders <gallery> [--status paid] [--purpose service] [--page N]`
 * prints it as a table.
 */
import * as T from 'typebox';
import { defineCall } from './contract';
import { Count, MAX_ID, NullableInteger, NullableString } from './schema';

/**
 * What the list calls an order's state (the schema's `orders.status` and `refund_state`):
 * - unpaid: made, not paid (an expired one stays unpaid until the order sweep closes it);
 * - paid: paid and kept;
 * - closed: expired or closed unpaid;
 * - refunded: paid, and the whole payment goes back (`refund` says whether it is done), such as an
 *   unused red packet, an unsent paid gift, or a second payment for a form's phone.
 */
export const ORGANIZER_ORDER_STATUSES = ['unpaid', 'paid', 'closed', 'refunded'] as const;
export type OrganizerOrderStatus = (typeof ORGANIZER_ORDER_STATUSES)[number];

/**
 * What an order buys: remove_watermark / download (photos; `photo_ids`), service (an offer of the
 * order page, or another photo-less good), form (a form's pay field, for a verified phone),
 * redpacket, gift (a paid comment gift).
 */
export const ORGANIZER_ORDER_PURPOSES = ['remove_watermark', 'download', 'service', 'form', 'redpacket', 'gift'] as const;
export type OrganizerOrderPurpose = (typeof ORGANIZER_ORDER_PURPOSES)[number];

/** Orders a page by default, and at most. */
export const ORGANIZER_ORDERS_PAGE_SIZE = 20;
export const ORGANIZER_ORDERS_PAGE_SIZE_MAX = 100;
/** Highest page asked for. */
export const ORGANIZER_ORDERS_PAGE_MAX = 100_000;

/** Refusals of the order list's query (HTTP 400), 202100–202109. */
export const OrganizerOrdersErrorCode = {
  /** `status` is not one of ORGANIZER_ORDER_STATUSES (or `all`). */
  BAD_STATUS: 202100,
  /** `purpose` is not one of ORGANIZER_ORDER_PURPOSES. */
  BAD_PURPOSE: 202101,
  /** `page` is not a whole number from 1 to ORGANIZER_ORDERS_PAGE_MAX. */
  BAD_PAGE: 202102,
  /** `page_size` is not a whole number from 1 to ORGANIZER_ORDERS_PAGE_SIZE_MAX. */
  BAD_PAGE_SIZE: 202103
} as const;

const oneOf = <V extends string>(values: readonly V[]) => T.Unsafe<V>({ type: 'string', enum: [...values] });

/** One order. Money in integer cents; times in Unix seconds. */
export const OrganizerOrderSchema = T.Object({
  id: T.Integer(),
  out_trade_no: T.String(),
  purpose: oneOf(ORGANIZER_ORDER_PURPOSES),
  status: oneOf(ORGANIZER_ORDER_STATUSES),
  /** A refunded order's refund: pending (asked of the provider) or done; null for any other. */
  refund: T.Unsafe<'pending' | 'done' | null>({ type: ['string', 'null'], enum: ['pending', 'done', null] }),
  amount: T.Integer(),
  created_at: T.Integer(),
  paid_at: NullableInteger(),
  /** The buyer. */
  user_id: T.Integer(),
  nickname: T.String(),
  /** The good bought (null for a red packet or gift) and its name. */
  goods_id: NullableInteger(),
  goods_name: NullableString(),
  /** The photos it covers (photo orders; empty otherwise). */
  photo_ids: T.Array(T.Integer()),
  /** A form order's form component id. */
  form_id: NullableString(),
  /** The order context it was made with (`/page/order/{link_id}?from=&from_id=`, types/api/orderPage.ts); null: none. */
  from: NullableString(),
  from_id: NullableString()
});
export type OrganizerOrder = T.Static<typeof OrganizerOrderSchema>;

export const OrganizerOrderListSchema = T.Object({
  gallery_id: T.Integer(),
  /** The filter as applied: a status or `all`, a purpose or null for every purpose. */
  status: T.Unsafe<OrganizerOrderStatus | 'all'>({ type: 'string', enum: [...ORGANIZER_ORDER_STATUSES, 'all'] }),
  purpose: T.Unsafe<OrganizerOrderPurpose | null>({ type: ['string', 'null'], enum: [...ORGANIZER_ORDER_PURPOSES, null] }),
  page: T.Integer(),
  page_size: T.Integer(),
  /** Orders matching the filter (every page). */
  total: T.Integer(),
  /** What the matching paid (not refunded) orders brought in, in cents. */
  paid_cents: T.Integer(),
  items: T.Array(OrganizerOrderSchema)
});
export type OrganizerOrderList = T.Static<typeof OrganizerOrderListSchema>;

export const organizerOrderCalls = {
  /**
   * A gallery's orders, newest first. Query (each optional): `status` unpaid|paid|closed|refunded|all
   * (default all), `purpose` one of ORGANIZER_ORDER_PURPOSES (default every one), `page` from 1,
   * `page_size` 1–100 (default 20). The values are checked by the service so a bad one answers its
   * own code (OrganizerOrdersErrorCode, 400) rather than the schema's 400.
   */
  list: defineCall('GET', '/api/v2/organizer/galleries/:id/orders', {
    params: T.Object({ id: Count(MAX_ID) }),
    query: T.Object({ status: T.Optional(T.String()), purpose: T.Optional(T.String()), page: T.Optional(T.String()), page_size: T.Optional(T.String()) }),
    response: OrganizerOrderListSchema
  })
};
