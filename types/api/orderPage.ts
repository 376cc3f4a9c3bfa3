/**
 * The order / preorder page (issue 16; spec part 1 §2 `/page/order/{id}`, tab 4, the Preorder button,
 * and the order context `/g/{link_id}?from={source}&from_id={orderid}`).
 *
 * What it is: a gallery's photo-service offers. An organiser adds goods of kind `service` to a gallery
 * (`organizerSettingsCalls.addGoods`, `npm run gallery -- goods <id> add --kind service …`), each with a
 * name, a description and an integer price in cents. The page lists them with what this visitor has
 * already bought. Buying one is the pay component's photo-less purchase (`POST /api/v2/pay/prepay
 * {goods_id, channel}`, then the provider's pay step and `GET /api/v2/pay/charge`): one order per visitor
 * and offer, a repeated prepay pays the same order, a paid one answers paid, and the payment is settled once.
 * Guests log in before paying (401 from prepay). A gallery behind a gate answers 200202 until it is passed.
 */
import * as T from 'typebox';
import { defineCall } from './contract';
import { LinkId, NullableString } from './schema';

/**
 * The order context (`?from={source}&from_id={orderid}`, spec part 1 §2; ours: what the values may
 * be): where the visitor came to the order page from, kept on the order bought from it (prepay's
 * `from`, `from_id`). Each is 1 to ORDER_FROM_MAX / ORDER_FROM_ID_MAX letters, digits, `_`, `-` or `.`.
 * The address may have been forwarded, cut or edited, and the context only says where a sale came
 * from: the client drops a value that is not of this shape (orderContext) rather than refuse the
 * payment; the server's prepay schema refuses one with 400 (`from …` / `from_id …`), so an order
 * never stores anything else.
 */
export const ORDER_FROM_MAX = 32;
export const ORDER_FROM_ID_MAX = 64;
const CONTEXT_PATTERN = '^[A-Za-z0-9_.-]+$';
const CONTEXT_RE = new RegExp(CONTEXT_PATTERN);
export const OrderFrom = () =>
  T.String({ minLength: 1, maxLength: ORDER_FROM_MAX, pattern: CONTEXT_PATTERN, errorMessage: `must be 1 to ${ORDER_FROM_MAX} letters, digits, _, - or .` });
export const OrderFromId = () =>
  T.String({ minLength: 1, maxLength: ORDER_FROM_ID_MAX, pattern: CONTEXT_PATTERN, errorMessage: `must be 1 to ${ORDER_FROM_ID_MAX} letters, digits, _, - or .` });

export interface OrderContext {
  from?: string;
  from_id?: string;
}

/** The valid part of an address's order context: each value kept only when of the shape above. */
export function orderContext(q: { from?: unknown; from_id?: unknown }): OrderContext {
  const ok = (v: unknown, max: number): v is string => typeof v === 'string' && v.length <= max && CONTEXT_RE.test(v);
  return { ...(ok(q.from, ORDER_FROM_MAX) ? { from: q.from } : {}), ...(ok(q.from_id, ORDER_FROM_ID_MAX) ? { from_id: q.from_id } : {}) };
}

/** Refusals of the order page's offers (201900–201919). */
export const OrderPageErrorCode = {
  /** prepay or usecharge for an offer its organiser withdrew (410; a visitor who paid it keeps it). */
  WITHDRAWN: 201900,
  /** The organiser API: only service offers (kind `service`) can be withdrawn or offered again (400). */
  NOT_SERVICE: 201901
} as const;

/** One offer of the event's photo service. `price` in cents. */
export const ServiceOfferSchema = T.Object({
  id: T.Integer(),
  name: T.String(),
  description: T.String(),
  price: T.Integer(),
  /** This visitor has paid for it. */
  paid: T.Boolean()
});
export type ServiceOffer = T.Static<typeof ServiceOfferSchema>;

export const OrderPageSchema = T.Object({
  gallery: T.Object({ id: T.Integer(), link_id: T.String(), name: T.String(), cover: NullableString() }),
  /**
   * Offers in the organiser's order (oldest first). Empty: the event offers nothing to order. An offer
   * the organiser withdrew is listed only to a visitor who paid for it (as paid).
   */
  offers: T.Array(ServiceOfferSchema)
});
export type OrderPage = T.Static<typeof OrderPageSchema>;

export const orderPageCalls = {
  /** The order page of a gallery: its service offers and what this visitor has paid. 404 for an unknown gallery. */
  show: defineCall('GET', '/api/v2/order/page/:link_id', { params: T.Object({ link_id: LinkId() }), response: OrderPageSchema })
};
