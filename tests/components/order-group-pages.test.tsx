// The order / preorder page and the group page (issue 16), in H5 and (TARO_ENV_JEST=weapp) the
// mini-program branch: the offers with their prices, Buy through the app's pay flow (a guest logs in
// first, the sheet shows the price, the confirm tap runs the platform step, the offer turns Paid), and
// a group's galleries by its token with gated ones locked.
import { act, fireEvent, waitFor } from '@testing-library/react';
import { runInAction } from 'mobx';
import { useRouter } from '@tarojs/taro';
import OrderPage from '../../src/pages/order';
import GroupPage from '../../src/pages/group';
import { fetchOrderPage } from '../../src/api/orderPage';
import { fetchGroup } from '../../src/api/groups';
import { ApiError } from '../../src/api/client';
import { openUrl } from '../../src/platform/navigate';
import { PayStore } from '../../src/stores/pay/PayStore';
import { DownloadStore } from '../../src/stores/pay/DownloadStore';
import { setPaymentStores } from '../../src/stores/pay/paymentStores';
import { OrderPageErrorCode, type OrderPage as OrderPageData } from '../../types/api/orderPage';
import type { Group } from '../../types/api/groups';
import { byTestId, makeRoot, renderWith } from './helpers';

jest.mock('@tarojs/taro', () => ({ ...jest.requireActual('@tarojs/taro'), useRouter: jest.fn() }));
jest.mock('../../src/api/orderPage');
jest.mock('../../src/api/groups');
jest.mock('../../src/platform/navigate', () => ({ ...jest.requireActual('../../src/platform/navigate'), openUrl: jest.fn() }));

const flush = () =>
  act(async () => {
    for (let i = 0; i < 50; i++) await Promise.resolve();
  });

const page = (paid = false): OrderPageData => ({
  gallery: { id: 1_000_001, link_id: 'demo2026', name: 'Spring Gala', cover: null },
  offers: [
    { id: 41, name: 'Photographer, half day', description: '4 hours, 200 edited photos', price: 88800, paid },
    { id: 42, name: 'Photo book', description: '', price: 16800, paid: false }
  ]
});

function payFlow() {
  const requireLogin = jest.fn(async () => true);
  const api = {
    payToImage: jest.fn(),
    preDownImg: jest.fn(),
    makePrePay: jest.fn(async () => ({ id: 9, out_trade_no: 'T9', amount: 88800, status: 0, provider: 'sandbox', channel: 'native', code_url: 'http://h/sandbox/pay/T9' }) as never),
    getCharge: jest.fn(async () => ({ id: 9, status: 1 }) as never),
    goods: jest.fn(async (id: number) => ({ id, gallery_id: 1_000_001, name: 'Photographer, half day', price: 88800, kind: 'service' as const }))
  };
  const platformPay = jest.fn(async () => 'qr' as const);
  const toast = jest.fn();
  const pay = new PayStore({ api, requireLogin, toast, channel: () => 'native', platformPay, sleep: () => new Promise((r) => setTimeout(r, 5)), pollLimit: 100 });
  setPaymentStores({ pay, downloads: new DownloadStore(pay) });
  return { pay, api, requireLogin, platformPay, toast };
}

async function open(Page: () => JSX.Element, params: Record<string, string>) {
  jest.mocked(useRouter).mockReturnValue({ params } as never);
  const root = makeRoot('en-US');
  runInAction(() => {
    root.session.status = 'ready';
    root.session.user = { openid: 'g1', nickname: '', photo: '', is_mock: true };
  });
  const r = renderWith(<Page />, root);
  await flush();
  return r;
}

beforeEach(() => {
  jest.mocked(openUrl).mockClear();
  jest.mocked(fetchOrderPage).mockReset();
  jest.mocked(fetchGroup).mockReset();
});
afterEach(() => setPaymentStores(null));

describe('order page /page/order/{link_id}', () => {
  it('lists the offers with prices; Buy: login first, the sheet with the price, the confirm tap pays, the offer turns Paid', async () => {
    jest.mocked(fetchOrderPage).mockResolvedValue(page());
    const { api, requireLogin, platformPay } = payFlow();
    const r = await open(OrderPage, { link_id: 'demo2026', from: 'order', from_id: '7' });
    expect(fetchOrderPage).toHaveBeenCalledWith('demo2026');
    expect(byTestId(r.container, 'order-gallery-name')[0].textContent).toBe('Spring Gala');
    const offers = byTestId(r.container, 'order-offer');
    expect(offers.map((o) => o.querySelector('[data-testid="order-offer-price"]')?.textContent)).toEqual(['¥888.00', '¥168.00']);
    expect(offers[0].textContent).toContain('4 hours, 200 edited photos');

    fireEvent.click(byTestId(offers[0], 'order-offer-buy')[0]);
    await flush();
    // A guest is asked to log in before anything is ordered; the order carries the page's order context.
    expect(requireLogin).toHaveBeenCalledWith('pay');
    expect(api.makePrePay).toHaveBeenCalledWith({ goods_id: 41, channel: 'native', from: 'order', from_id: '7' });
    await waitFor(() => expect(byTestId(r.container, 'pay-sheet')[0]?.dataset.phase).toBe('confirm'));
    expect(byTestId(r.container, 'pay-sheet-total')[0].textContent).toBe('¥888.00');
    expect(byTestId(r.container, 'order-offer')[0].dataset.state).toBe('paying');
    act(() => fireEvent.click(byTestId(r.container, 'pay-sheet-confirm')[0]));
    expect(platformPay).toHaveBeenCalledTimes(1);
    await waitFor(() => expect(byTestId(r.container, 'order-offer')[0].dataset.state).toBe('paid'));
    expect(byTestId(r.container, 'order-offer-paid')[0].textContent).toBe('Paid');
    // The other offer is still to buy, and a paid one offers no Buy.
    expect(byTestId(r.container, 'order-offer')[1].dataset.state).toBe('buy');
    expect(byTestId(byTestId(r.container, 'order-offer')[0], 'order-offer-buy')).toHaveLength(0);
  });

  it('drops a garbled order context value; an offer withdrawn meanwhile is refused with its own message and stays to buy', async () => {
    jest.mocked(fetchOrderPage).mockResolvedValue(page());
    const { api, toast } = payFlow();
    const r = await open(OrderPage, { link_id: 'demo2026', from: 'a b<c>', from_id: 'ord_7.x' });
    api.makePrePay.mockRejectedValueOnce(new ApiError(410, OrderPageErrorCode.WITHDRAWN, { goods_id: 42 }, 'This offer has been withdrawn'));
    fireEvent.click(byTestId(byTestId(r.container, 'order-offer')[1], 'order-offer-buy')[0]);
    await flush();
    expect(api.makePrePay).toHaveBeenCalledWith({ goods_id: 42, channel: 'native', from_id: 'ord_7.x' });
    expect(toast).toHaveBeenLastCalledWith('pay.withdrawn');
    expect(byTestId(r.container, 'pay-sheet')).toHaveLength(0);
    expect(byTestId(r.container, 'order-offer')[1].dataset.state).toBe('buy');
  });

  it('a paid offer shows Paid; no offers: the empty state; an unknown album: not found; a gated one: its permission page', async () => {
    payFlow();
    jest.mocked(fetchOrderPage).mockResolvedValueOnce(page(true));
    let r = await open(OrderPage, { link_id: 'demo2026' });
    expect(byTestId(r.container, 'order-offer')[0].dataset.state).toBe('paid');
    r.unmount();
    jest.mocked(fetchOrderPage).mockResolvedValueOnce({ ...page(), offers: [] });
    r = await open(OrderPage, { link_id: 'demo2026' });
    expect(byTestId(r.container, 'order-empty')[0].textContent).toContain('No preorder for this album');
    r.unmount();
    jest.mocked(fetchOrderPage).mockRejectedValueOnce(new ApiError(200, 404, { code: 404, data: null, msg: 'Gallery nosuch99 not found' }, 'x'));
    r = await open(OrderPage, { link_id: 'nosuch99' });
    expect(byTestId(r.container, 'not-found')).toHaveLength(1);
    r.unmount();
    jest.mocked(fetchOrderPage).mockRejectedValueOnce(new ApiError(200, 200202, { code: 200202, data: { gallery_id: 77, kind: 'pgdata', access_type: 'password' }, msg: 'Permission Error' }, 'x'));
    r = await open(OrderPage, { link_id: 'gated001' });
    expect(openUrl).toHaveBeenCalledWith('/page/permission/77', { replace: true });
    r.unmount();
    // A link id that cannot be one is not asked for.
    r = await open(OrderPage, { link_id: 'x' });
    expect(fetchOrderPage).toHaveBeenCalledTimes(4);
    expect(byTestId(r.container, 'not-found')).toHaveLength(1);
  });
});

describe('group page /page/group/{token}', () => {
  const TOKEN = 'demoSpringGala2026AlbumsGroup000';
  const group: Group = {
    token: TOKEN,
    name: 'Conference 2026',
    galleries: [
      { id: 12, link_id: 'groupa01', name: 'Day 1', cover: 'c'.repeat(64), image_total: 12, start_time: null, end_time: null, locked: false },
      { id: 1_000_200, link_id: 'groupc01', name: 'VIP dinner', cover: null, image_total: 0, start_time: null, end_time: null, locked: true }
    ]
  };

  it('shows the group and its galleries; a gated one is locked and opens at its address; a tap opens the gallery', async () => {
    jest.mocked(fetchGroup).mockResolvedValue(group);
    const r = await open(GroupPage, { token: TOKEN });
    expect(fetchGroup).toHaveBeenCalledWith(TOKEN);
    expect(byTestId(r.container, 'group-name')[0].textContent).toBe('Conference 2026');
    const cards = byTestId(r.container, 'group-gallery');
    expect(cards.map((c) => c.dataset.locked)).toEqual(['0', '1']);
    expect(cards[0].textContent).toContain('12 photos');
    expect(cards[1].textContent).toContain('Password or phone check needed');
    fireEvent.click(cards[0]);
    // An old gallery (id below 1,000,000) by its legacy address; a newer one by its link.
    expect(openUrl).toHaveBeenLastCalledWith('/wx/gallery?id=12');
    fireEvent.click(cards[1]);
    expect(openUrl).toHaveBeenLastCalledWith('/g/groupc01');
  });

  it('an unknown token says the link has expired; a malformed one is not asked for', async () => {
    jest.mocked(fetchGroup).mockRejectedValueOnce(new ApiError(200, 404, { code: 404, data: null, msg: 'Group not found' }, 'x'));
    let r = await open(GroupPage, { token: 'A'.repeat(32) });
    expect(byTestId(r.container, 'group-not-found')[0].textContent).toContain('This group link has expired');
    r.unmount();
    r = await open(GroupPage, { token: 'short' });
    expect(fetchGroup).toHaveBeenCalledTimes(1);
    expect(byTestId(r.container, 'group-not-found')).toHaveLength(1);
  });
});
