// Taro's runtime is ESM-only and unused here: the store's platform pieces are injected.
jest.mock('@tarojs/taro', () => ({ __esModule: true, default: {} }));

import { when } from 'mobx';
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
    getCharge: jest.fn(async () => charge(statuses.length > 1 ? statuses.shift()! : statuses[0])),
    goods: jest.fn(async (id: number) => ({ id, gallery_id: 7, name: 'Remove watermark', price: 100, kind: 'remove_watermark' as const }))
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

/** A promise the test settles itself. */
function deferred<T>() {
  let resolve!: (v: T) => void;
  const promise = new Promise<T>((r) => (resolve = r));
  return { promise, resolve };
}

/** The visitor confirms the sheet as soon as it shows the price. */
function confirming(store: PayStore): void {
  void when(() => store.sheet?.phase === 'confirm', () => store.confirm());
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
    confirming(store);
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
    confirming(store);
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
    confirming(store);
    const done = store.pay(gallery, [photo(1)], 'remove_watermark');
    await new Promise((r) => setTimeout(r, 20));
    expect(store.qr).toMatchObject({ chargeId: 11, sandboxUrl: '/sandbox/pay/T11', amount: 100 });
    await store.checkNow();
    expect(toasts).toContain('pay.noRecord');
    expect(store.qr).not.toBeNull();
    store.closeQr();
    await expect(done).resolves.toBe(false);
    expect(store.isPaid(photo(1))).toBe(false);
    expect(toasts[toasts.length - 1]).toBe('pay.cancelled');
  });

  it("'already paid' after paying ends the wait at once", async () => {
    const { store, api } = setup({ pollLimit: 1000, sleep: () => new Promise((r) => setTimeout(r, 5)) }, [0]);
    confirming(store);
    const done = store.pay(gallery, [photo(1)], 'remove_watermark');
    await new Promise((r) => setTimeout(r, 20));
    api.getCharge.mockResolvedValue(charge(1));
    await store.checkNow();
    await expect(done).resolves.toBe(true);
  });

  it('polling up to the limit without payment says 未查询到付费记录', async () => {
    const { store, toasts, api } = setup({ pollLimit: 3 }, [0]);
    confirming(store);
    await expect(store.pay(gallery, [photo(1)], 'remove_watermark')).resolves.toBe(false);
    expect(api.getCharge).toHaveBeenCalledTimes(3);
    expect(toasts[toasts.length - 1]).toBe('pay.noRecord');
  });

  it('a cancelled client payment says 已取消支付, a refused one 付费失败，请重新支付; a failed order says 付费失败', async () => {
    const a = setup({ channel: () => 'mp', platformPay: async () => 'cancelled' });
    a.api.makePrePay.mockResolvedValue(prepay({ channel: 'mp', provider: 'wechat' }));
    confirming(a.store);
    await expect(a.store.pay(gallery, [photo(1)], 'remove_watermark')).resolves.toBe(false);
    expect(a.toasts).toEqual(['pay.ReadyToPay', 'pay.cancelled']);
    const refused = setup({ channel: () => 'mp', platformPay: async () => 'failed' });
    refused.api.makePrePay.mockResolvedValue(prepay({ channel: 'mp', provider: 'wechat' }));
    confirming(refused.store);
    await expect(refused.store.pay(gallery, [photo(1)], 'remove_watermark')).resolves.toBe(false);
    expect(refused.toasts).toEqual(['pay.ReadyToPay', 'pay.retry']);
    const b = setup();
    b.api.payToImage.mockRejectedValue(new ApiError(500, 500, null, 'down'));
    await expect(b.store.pay(gallery, [photo(1)], 'remove_watermark')).resolves.toBe(false);
    expect(b.toasts).toEqual(['pay.ReadyToPay', 'pay.failed']);
  });

  it('mini-program: requestPayment ok is checked with the server before success', async () => {
    const { store, api, toasts } = setup({ channel: () => 'mp', platformPay: async () => 'done' }, [1]);
    api.makePrePay.mockResolvedValue(prepay({ channel: 'mp', provider: 'wechat' }));
    confirming(store);
    await expect(store.pay(gallery, [photo(1)], 'download')).resolves.toBe(true);
    expect(api.getCharge).toHaveBeenCalled();
    expect(toasts).toEqual(['pay.ReadyToPay', 'pay.success']);
  });

  it('the sheet shows what is bought while ordering, then the count, the price per photo and the total from the server', async () => {
    const { store, api } = setup();
    const ordered = deferred<PayOrder>();
    api.preDownImg.mockReturnValueOnce(ordered.promise);
    api.makePrePay.mockResolvedValueOnce(prepay({ amount: 500 }));
    api.goods.mockResolvedValueOnce({ id: 3, gallery_id: 7, name: 'Remove watermark', price: 250, kind: 'remove_watermark' });
    const done = store.pay(gallery, [photo(4), photo(5), photo(6)], 'download');
    expect(store.busy).toBe(true);
    await when(() => !!store.sheet);
    expect(store.sheet).toEqual({ purpose: 'download', phase: 'ordering', count: 3, alreadyPaid: 0, unitPrice: null, total: null });
    ordered.resolve(order([5, 6], { amount: 500, already_paid: [4] }));
    await when(() => store.sheet?.phase === 'confirm');
    expect(store.sheet).toEqual({ purpose: 'download', phase: 'confirm', count: 2, alreadyPaid: 1, unitPrice: 250, total: 500 });
    expect(api.goods).toHaveBeenCalledWith(3);
    store.confirm();
    await expect(done).resolves.toBe(true);
    expect(store.sheet).toBeNull();
    expect(store.busy).toBe(false);
  });

  it('the confirm tap runs the platform pay step inside the tap (a browser opens the pay page from the tap itself)', async () => {
    const calls: string[] = [];
    const { store } = setup({
      channel: () => 'jsapi',
      platformPay: (r) => {
        calls.push(`platformPay ${r.out_trade_no}`);
        return Promise.resolve('opened');
      }
    });
    const done = store.pay(gallery, [photo(1)], 'remove_watermark');
    await when(() => store.sheet?.phase === 'confirm');
    expect(calls).toEqual([]);
    store.confirm();
    // Synchronously, before any await: what window.open needs to count as the tap's.
    expect(calls).toEqual(['platformPay T11']);
    expect(store.sheet?.phase).toBe('paying');
    await expect(done).resolves.toBe(true);
  });

  it('an opened pay page leaves the sheet waiting: 已支付 asks now, Cancel abandons with 已取消支付', async () => {
    const { store, api, toasts } = setup({ channel: () => 'jsapi', platformPay: async () => 'opened', pollLimit: 1000, sleep: () => new Promise((r) => setTimeout(r, 5)) }, [0]);
    confirming(store);
    const done = store.pay(gallery, [photo(1)], 'remove_watermark');
    await when(() => store.sheet?.phase === 'waiting');
    expect(store.qr).toBeNull();
    store.cancel();
    await expect(done).resolves.toBe(false);
    expect(toasts).toEqual(['pay.ReadyToPay', 'pay.cancelled']);
    expect(store.sheet).toBeNull();
    api.getCharge.mockResolvedValue(charge(1));
    confirming(store);
    const again = store.pay(gallery, [photo(1)], 'remove_watermark');
    await when(() => store.sheet?.phase === 'waiting');
    await store.checkNow();
    await expect(again).resolves.toBe(true);
  });

  it('Cancel on the sheet, while ordering or at the price, pays nothing and says 已取消支付', async () => {
    const platformPay = jest.fn(async () => 'qr' as const);
    const { store, api, toasts } = setup({ platformPay });
    const early = store.pay(gallery, [photo(1)], 'remove_watermark');
    await when(() => store.sheet?.phase === 'ordering');
    store.cancel();
    expect(store.sheet).toBeNull();
    await expect(early).resolves.toBe(false);
    const late = store.pay(gallery, [photo(1)], 'remove_watermark');
    await when(() => store.sheet?.phase === 'confirm');
    store.cancel();
    await expect(late).resolves.toBe(false);
    expect(platformPay).not.toHaveBeenCalled();
    expect(api.getCharge).not.toHaveBeenCalled();
    expect(toasts.filter((k) => k === 'pay.cancelled')).toHaveLength(2);
    expect(store.busy).toBe(false);
  });

  it('a second tap while a payment runs says 正在处理付款 instead of doing nothing', async () => {
    const { store, api, toasts } = setup();
    const ordered = deferred<PayOrder>();
    api.payToImage.mockReturnValueOnce(ordered.promise);
    const first = store.pay(gallery, [photo(1)], 'remove_watermark');
    await expect(store.pay(gallery, [photo(1)], 'remove_watermark')).resolves.toBe(false);
    expect(toasts).toEqual(['pay.ReadyToPay', 'pay.busy']);
    // The sheet's pay button before the price is known: the same answer.
    await when(() => store.sheet?.phase === 'ordering');
    store.confirm();
    expect(toasts[toasts.length - 1]).toBe('pay.busy');
    ordered.resolve(order([1]));
    await when(() => store.sheet?.phase === 'confirm');
    store.confirm();
    // Tapped again while paying.
    store.confirm();
    expect(toasts[toasts.length - 1]).toBe('pay.busy');
    await expect(first).resolves.toBe(true);
    expect(api.payToImage).toHaveBeenCalledTimes(1);
    expect(api.makePrePay).toHaveBeenCalledTimes(1);
  });
});

describe('payGoods (a form pay field: a photo-less good)', () => {
  it('orders the good, shows its name and price on the sheet, pays through the platform step, then says paid', async () => {
    const { store, api, toasts, login } = setup({ platformPay: async () => 'done' });
    const seen: unknown[] = [];
    void when(
      () => store.sheet?.phase === 'confirm',
      () => {
        seen.push({ ...store.sheet });
        store.confirm();
      }
    );
    expect(await store.payGoods(5)).toBe(true);
    expect(login).toHaveBeenCalledWith('pay');
    expect(api.makePrePay).toHaveBeenCalledWith({ goods_id: 5, channel: 'native' });
    expect(seen).toEqual([expect.objectContaining({ purpose: 'goods', unitPrice: 100, total: 100, name: 'Remove watermark' })]);
    expect(toasts).toEqual(['pay.ReadyToPay', 'pay.success']);
    expect(store.sheet).toBeNull();
  });

  it('a good already paid answers paid at once, without the sheet; a guest who declines the login pays nothing', async () => {
    const paid = setup();
    paid.api.makePrePay.mockResolvedValueOnce(prepay({ status: 1 }));
    expect(await paid.store.payGoods(5)).toBe(true);
    const declined = setup({ requireLogin: async () => false });
    expect(await declined.store.payGoods(5)).toBe(false);
    expect(declined.api.makePrePay).not.toHaveBeenCalled();
  });

  it("a form's pay field sends the form and its verified phone; a phone another account paid (200201) is paid, without the sheet; other refusals fail", async () => {
    const form = { gallery_id: 42, action: 'reg', phone: '13800000001', country: '86' };
    const { store, api, toasts } = setup({ platformPay: async () => 'done' });
    api.makePrePay.mockRejectedValueOnce(new ApiError(200, 200201, { paid: true }, 'This phone number has already paid'));
    expect(await store.payGoods(5, form)).toBe(true);
    expect(api.makePrePay).toHaveBeenCalledWith({ goods_id: 5, channel: 'native', form });
    expect(toasts).toEqual(['pay.ReadyToPay', 'pay.phonePaid']);
    expect(store.sheet).toBeNull();
    api.makePrePay.mockRejectedValueOnce(new ApiError(200, 200202, null, 'Verify the phone number first'));
    expect(await store.payGoods(5, form)).toBe(false);
    expect(toasts[toasts.length - 1]).toBe('pay.failed');
    expect(store.busy).toBe(false);
  });

  it("a form's payment the server refunds (the phone was paid meanwhile from another order) says so and counts as paid; another account paying the phone (202000) says so", async () => {
    const form = { gallery_id: 42, action: 'reg', phone: '13800000001', country: '86' };
    for (const platformPay of [async () => 'done' as const, async () => 'qr' as const]) {
      const { store, api, toasts } = setup({ platformPay });
      api.getCharge.mockResolvedValue({ ...charge(1), refund: 'pending' });
      confirming(store);
      expect(await store.payGoods(5, form)).toBe(true);
      expect(toasts).toEqual(['pay.ReadyToPay', 'pay.phoneRefunded']);
      expect(store.qr).toBeNull();
    }
    const toastParams: unknown[] = [];
    const { store, api, toasts } = setup({ toast: (k, params) => void (toasts.push(k), toastParams.push(params)) });
    api.makePrePay.mockRejectedValueOnce(new ApiError(409, 202000, { code: 202000, data: { retry_after: 541 }, msg: 'Another account is paying for this phone number' }, 'Another account is paying for this phone number'));
    expect(await store.payGoods(5, form)).toBe(false);
    expect(toasts).toEqual(['pay.ReadyToPay', 'pay.phoneBusy']);
    expect(toastParams).toEqual([undefined, { num: 10 }]);
    expect(store.busy).toBe(false);
    expect(store.sheet).toBeNull();
  });
});
