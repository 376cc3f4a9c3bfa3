// Taro's runtime is ESM-only and unused here: the store's platform pieces are injected.
jest.mock('@tarojs/taro', () => ({ __esModule: true, default: {} }));

import { PayStore, type PayDeps, type PayGallery } from '../../src/stores/pay/PayStore';
import { ApiError } from '../../src/api/client';
import type { Photo } from '../../types/api/photo';
import type { Charge, PayOrder, PrePayResult } from '../../types/api/pay';

const gallery: PayGallery = { id: 7, is_pay_down: 3, link_id: 'carpet26', config: { original_photo: 0 } };

function photo(id: number, extra: Partial<Photo> = {}): Photo {
  return { id, hash: `h${id}`, galleryid: 7, width: 10, height: 10, size: 1000, origin: `P${id}.JPG`, show_mark: 1, love: 0, shoottime: 0, createtime: 0, tags: [], check: 1, trash: 0, ...extra };
}

function order(ids: number[], extra: Partial<PayOrder> = {}): PayOrder {
  return { id: 11, status: 0, out_trade_no: 'T11', goods_id: 3, gallery_id: 7, amount: 100 * ids.length, photo_ids: ids, state: 'created', created_at: 0, paid_at: null, already_paid: [], ...extra };
}

const prepay = (extra: Partial<PrePayResult> = {}): PrePayResult => ({
  id: 11, out_trade_no: 'T11', amount: 100, status: 0, provider: 'sandbox', channel: 'native',
  code_url: 'http://x/sandbox/pay/T11', sandbox_url: '/sandbox/pay/T11', ...extra
});

const charge = (status: 0 | 1) => ({ id: 11, status } as Charge);

function setup(over: Partial<PayDeps> = {}, chargeStatuses: Array<0 | 1> = [1]) {
  const toasts: string[] = [];
  const statuses = [...chargeStatuses];
  const api = {
    payToImage: jest.fn(async (b: { imgids: number[] | string }) => order(b.imgids as number[])),
    preDownImg: jest.fn(async (b: { imgids: number[] | string }) => order(b.imgids as number[])),
    makePrePay: jest.fn(async () => prepay()),
    getCharge: jest.fn(async () => charge(statuses.length > 1 ? statuses.shift()! : statuses[0]))
  };
  const login = jest.fn(async () => true);
  const store = new PayStore({
    api,
    requireLogin: login,
    toast: (k) => toasts.push(k),
    channel: () => 'native',
    platformPay: async (r) => (r.channel === 'native' ? 'qr' : 'done'),
    sleep: async () => undefined,
    pollMs: 0,
    pollLimit: 4,
    ...over
  });
  return { store, api, toasts, login };
}

describe('PayStore', () => {
  it('needs payment only for watermarked, unpaid photos of a charging gallery without free originals', () => {
    const { store } = setup();
    expect(store.needsPayment(photo(1), gallery)).toBe(true);
    expect(store.needsPayment(photo(1, { show_mark: 0 }), gallery)).toBe(false);
    expect(store.needsPayment(photo(1, { payed: 1 }), gallery)).toBe(false);
    expect(store.needsPayment(photo(1), { ...gallery, is_pay_down: 0 })).toBe(false);
    expect(store.needsPayment(photo(1), { ...gallery, config: { original_photo: 1 } })).toBe(false);
    store.markPaid([1]);
    expect(store.needsPayment(photo(1), gallery)).toBe(false);
  });

  it("toasts ReadyToPay first, then asks a guest to log in; no login, no order", async () => {
    const refuse = jest.fn(async () => false);
    const { store, api, toasts } = setup({ requireLogin: refuse });
    await expect(store.pay(gallery, [photo(1)], 'remove_watermark')).resolves.toBe(false);
    expect(toasts).toEqual(['pay.ReadyToPay']);
    // With what a login that reloads the page needs to resume this payment (WeChat OAuth).
    expect(refuse).toHaveBeenCalledWith('pay', { gallery: 7, photo: 1, purpose: 'remove_watermark' });
    expect(api.payToImage).not.toHaveBeenCalled();
  });

  it('native: shows the QR popup, polls getCharge until paid, marks the photos paid and says 付费成功', async () => {
    const { store, api, toasts } = setup({}, [0, 0, 1]);
    const done = store.pay(gallery, [photo(1), photo(2, { payed: 1 })], 'remove_watermark');
    await expect(done).resolves.toBe(true);
    expect(api.payToImage).toHaveBeenCalledWith({ gallery_id: 7, goods_id: 3, link_id: 'carpet26', imgids: [1] });
    expect(api.makePrePay).toHaveBeenCalledWith({ id: 11, channel: 'native' });
    expect(api.getCharge).toHaveBeenCalledTimes(3);
    expect(store.isPaid(photo(1))).toBe(true);
    expect(store.qr).toBeNull();
    expect(toasts).toEqual(['pay.ReadyToPay', 'pay.success']);
  });

  it('paid download uses predownimg', async () => {
    const { store, api } = setup();
    await store.pay(gallery, [photo(5)], 'download');
    expect(api.preDownImg).toHaveBeenCalled();
    expect(api.payToImage).not.toHaveBeenCalled();
  });

  it('code 200201: the already-paid ids count as paid and the action goes on', async () => {
    const { store, api } = setup();
    api.payToImage.mockRejectedValueOnce(new ApiError(200, 200201, { code: 200201, data: [1, 2], msg: '' }, 'already paid'));
    await expect(store.pay(gallery, [photo(1), photo(2)], 'remove_watermark')).resolves.toBe(true);
    expect(store.isPaid(photo(2))).toBe(true);
    expect(api.makePrePay).not.toHaveBeenCalled();
  });

  it("'already paid' with no payment yet says 未查询到付费记录 and keeps the popup; close abandons", async () => {
    const { store, toasts } = setup({ pollLimit: 1000, sleep: () => new Promise((r) => setTimeout(r, 5)) }, [0]);
    const done = store.pay(gallery, [photo(1)], 'remove_watermark');
    await new Promise((r) => setTimeout(r, 20));
    expect(store.qr).toMatchObject({ chargeId: 11, sandboxUrl: '/sandbox/pay/T11', amount: 100 });
    await store.checkNow();
    expect(toasts).toContain('pay.noRecord');
    expect(store.qr).not.toBeNull();
    store.closeQr();
    await expect(done).resolves.toBe(false);
    expect(store.isPaid(photo(1))).toBe(false);
  });

  it("'already paid' after paying ends the wait at once", async () => {
    const { store, api } = setup({ pollLimit: 1000, sleep: () => new Promise((r) => setTimeout(r, 5)) }, [0]);
    const done = store.pay(gallery, [photo(1)], 'remove_watermark');
    await new Promise((r) => setTimeout(r, 20));
    api.getCharge.mockResolvedValue(charge(1));
    await store.checkNow();
    await expect(done).resolves.toBe(true);
  });

  it('polling up to the limit without payment says 未查询到付费记录', async () => {
    const { store, toasts, api } = setup({ pollLimit: 3 }, [0]);
    await expect(store.pay(gallery, [photo(1)], 'remove_watermark')).resolves.toBe(false);
    expect(api.getCharge).toHaveBeenCalledTimes(3);
    expect(toasts[toasts.length - 1]).toBe('pay.noRecord');
  });

  it('a cancelled client payment says 付费失败，请重新支付; a failed order says 付费失败', async () => {
    const a = setup({ channel: () => 'mp', platformPay: async () => 'cancelled' });
    a.api.makePrePay.mockResolvedValue(prepay({ channel: 'mp', provider: 'wechat' }));
    await expect(a.store.pay(gallery, [photo(1)], 'remove_watermark')).resolves.toBe(false);
    expect(a.toasts).toEqual(['pay.ReadyToPay', 'pay.retry']);
    const b = setup();
    b.api.payToImage.mockRejectedValue(new ApiError(500, 500, null, 'down'));
    await expect(b.store.pay(gallery, [photo(1)], 'remove_watermark')).resolves.toBe(false);
    expect(b.toasts).toEqual(['pay.ReadyToPay', 'pay.failed']);
  });

  it('mini-program: requestPayment ok is checked with the server before success', async () => {
    const { store, api, toasts } = setup({ channel: () => 'mp', platformPay: async () => 'done' }, [1]);
    api.makePrePay.mockResolvedValue(prepay({ channel: 'mp', provider: 'wechat' }));
    await expect(store.pay(gallery, [photo(1)], 'download')).resolves.toBe(true);
    expect(api.getCharge).toHaveBeenCalled();
    expect(toasts).toEqual(['pay.ReadyToPay', 'pay.success']);
  });
});
