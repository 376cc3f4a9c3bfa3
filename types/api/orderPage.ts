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
  /** Offers in the organiser's order (oldest first). Empty: the event offers nothing to order. */
  offers: T.Array(ServiceOfferSchema)
});
export type OrderPage = T.Static<typeof OrderPageSchema>;

export const orderPageCalls = {
  /** The order page of a gallery: its service offers and what this visitor has paid. 404 for an unknown gallery. */
  show: defineCall('GET', '/api/v2/order/page/:link_id', { params: T.Object({ link_id: LinkId() }), response: OrderPageSchema })
};
