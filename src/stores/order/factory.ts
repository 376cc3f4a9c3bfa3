import type { RootStore } from '../RootStore';
import { getPaymentStores } from '../pay/paymentStores';
import { fetchOrderPage } from '../../api/orderPage';
import { OrderPageStore } from './OrderPageStore';

/** The order page's own store (the page holds it with useState). */
export function createOrderPageStore(root: RootStore): OrderPageStore {
  return new OrderPageStore({ load: fetchOrderPage, payGoods: (id, context) => getPaymentStores(root).pay.payGoods(id, undefined, context) });
}
