import { orderPageCalls, type OrderPage } from '../../types/api/orderPage';
import { call } from './call';

/** The order / preorder page of a gallery: its service offers and what this visitor has paid. */
export const fetchOrderPage = (linkId: string): Promise<OrderPage> => call(orderPageCalls.show, { params: { link_id: linkId } });
