// Payment on the client, in H5 and (TARO_ENV_JEST=weapp) the mini-program branch:
// the confirmation sheet (what is bought, the price, the progress), the Native QR
// popup, a second tap while busy, and the viewer's PayToRemove and Download info links.
import { act, fireEvent, render, waitFor } from '@testing-library/react';
import { runInAction } from 'mobx';
import InfoBar from '../../src/components/viewer/InfoBar';
import PayQr from '../../src/components/pay-qr';
import { PayStore, type PayDeps } from '../../src/stores/pay/PayStore';
import { DownloadStore } from '../../src/stores/pay/DownloadStore';
import { setPaymentStores } from '../../src/stores/pay/paymentStores';
import { createPageStores } from '../../src/stores/RootStore';
import type { PayOrder, PrePayResult } from '../../types/api/pay';
import type { Locale } from '../../src/i18n';
import { byTestId, isWeapp, makeGallery, makePhoto, makeRoot, renderWith, setWindowWidth } from './helpers';
import { listOf, viewerMocks } from './viewer-helpers';
import { fetchSignedOriginal } from '../../src/api/originals';

jest.mock('../../src/api/viewer');
jest.mock('../../src/platform/preload');
jest.mock('../../src/api/originals');
const { size: sizeMock } = viewerMocks();
const signedUrl = (id: number) => `http://api.test/img/h!original?g=1&u=7&e=9&s=sig${id}`;
beforeEach(() => {
  jest.mocked(fetchSignedOriginal).mockReset().mockImplementation(async (id: number) => signedUrl(id));
  sizeMock.mockResolvedValue(2_000_000);
});

const prepay = (amount = 250): PrePayResult => ({ id: 11, out_trade_no: 'T11', amount, status: 0, provider: 'sandbox', channel: 'native', code_url: 'http://h/sandbox/pay/T11', sandbox_url: '/sandbox/pay/T11' });
const order = (ids: number[], amount = 250 * ids.length): PayOrder =>
  ({ id: 11, status: 0, out_trade_no: 'T11', goods_id: 3, gallery_id: 1, amount, photo_ids: ids, state: 'created', created_at: 0, paid_at: null, already_paid: [] }) as PayOrder;

function deferred<T>() {
  let resolve!: (v: T) => void;
  const promise = new Promise<T>((r) => (resolve = r));
  return { promise, resolve };
}

function payStore(over: Partial<PayDeps> = {}, getCharge = jest.fn(async () => ({ id: 11, status: 1 }) as never)) {
  const toasts: string[] = [];
  const api = {
    payToImage: jest.fn(async (b: { imgids: number[] | string }) => order(b.imgids as number[])),
    preDownImg: jest.fn(async (b: { imgids: number[] | string }) => order(b.imgids as number[])),
    makePrePay: jest.fn(async () => prepay()),
    getCharge,
    goods: jest.fn(async (id: number) => ({ id, gallery_id: 1, name: 'Remove watermark', price: 250, kind: 'remove_watermark' as const }))
  };
  const platformPay = jest.fn(async () => 'qr' as const);
  const pay = new PayStore({
    api,
    requireLogin: async () => true,
    toast: (k) => toasts.push(k),
    channel: () => 'native',
    platformPay,
    sleep: () => new Promise((r) => setTimeout(r, 10)),
    pollLimit: 1000,
    ...over
  });
  return { pay, api, toasts, platformPay };
}

const gallery = { id: 1, is_pay_down: 3, link_id: 'carpet26' };

function renderSheets(pay: PayStore, language: Locale = 'en-US', downloads = new DownloadStore(pay)) {
  makeRoot(language);
  const r = render(<PayQr pay={pay} downloads={downloads} />);
  const one = (id: string) => byTestId(r.container, id)[0];
  const text = (id: string) => one(id)?.textContent ?? null;
  return { r, one, text };
}

afterEach(() => setPaymentStores(null));

describe('the confirmation sheet', () => {
  it('shows what is bought, the price per photo, the count and the total from the server; Pay runs the platform step inside the tap', async () => {
    const { pay, api, platformPay } = payStore();
    const { r, one, text } = renderSheets(pay);
    let done!: Promise<boolean>;
    act(() => {
      done = pay.pay(gallery, [makePhoto(1)], 'remove_watermark');
    });
    await waitFor(() => expect(one('pay-sheet')?.dataset.phase).toBe('confirm'));
    expect(text('pay-sheet-title')).toBe('Remove watermark');
    expect(text('pay-sheet-what')).toBe('Remove the watermark from 1 photo');
    expect(text('pay-sheet-unit')).toBe('¥2.50');
    expect(text('pay-sheet-count')).toBe('1');
    expect(text('pay-sheet-total')).toBe('¥2.50');
    expect(text('pay-sheet-confirm')).toBe('Pay ¥2.50');
    expect(api.goods).toHaveBeenCalledWith(3);
    expect(platformPay).not.toHaveBeenCalled();
    act(() => fireEvent.click(one('pay-sheet-confirm')));
    // Called in the tap itself, before anything awaited: a browser may open the pay page here.
    expect(platformPay).toHaveBeenCalledTimes(1);
    // Native: the QR popup takes over from the sheet.
    await waitFor(() => expect(byTestId(r.container, 'pay-qr')).toHaveLength(1));
    expect(byTestId(r.container, 'pay-sheet')).toHaveLength(0);
    await expect(done).resolves.toBe(true);
  });

  it('a paid download of two photos, in Chinese: 付费下载原图, the unit price per photo and the total', async () => {
    const { pay } = payStore();
    const { one, text } = renderSheets(pay, 'zh-CN');
    act(() => {
      void pay.pay(gallery, [makePhoto(1), makePhoto(2)], 'download');
    });
    await waitFor(() => expect(one('pay-sheet')?.dataset.phase).toBe('confirm'));
    expect(one('pay-sheet').dataset.purpose).toBe('download');
    expect(text('pay-sheet-title')).toBe('付费下载原图');
    expect(text('pay-sheet-what')).toBe('下载 2 张无水印原图');
    expect(text('pay-sheet-unit')).toBe('¥2.50 / 张');
    expect(text('pay-sheet-count')).toBe('2 张');
    expect(text('pay-sheet-total')).toBe('¥5.00');
    expect(text('pay-sheet-confirm')).toBe('支付 ¥5.00');
    act(() => pay.cancel());
  });

  it('shows the progress while ordering; a tap on it, or on PayToRemove again, says a payment is in progress', async () => {
    const { pay, api, toasts } = payStore();
    const ordered = deferred<PayOrder>();
    api.payToImage.mockReturnValueOnce(ordered.promise);
    const { r, one, text } = renderSheets(pay);
    let done!: Promise<boolean>;
    act(() => {
      done = pay.pay(gallery, [makePhoto(1)], 'remove_watermark');
    });
    await waitFor(() => expect(one('pay-sheet')?.dataset.phase).toBe('ordering'));
    expect(text('pay-sheet-confirm')).toBe('Preparing your order…');
    expect(one('pay-sheet-confirm').dataset.busy).toBe('true');
    expect(text('pay-sheet-total')).toBe('…');
    act(() => fireEvent.click(one('pay-sheet-confirm')));
    expect(toasts).toEqual(['pay.ReadyToPay', 'pay.busy']);
    await act(async () => {
      await expect(pay.pay(gallery, [makePhoto(1)], 'remove_watermark')).resolves.toBe(false);
    });
    expect(toasts).toEqual(['pay.ReadyToPay', 'pay.busy', 'pay.busy']);
    expect(api.payToImage).toHaveBeenCalledTimes(1);
    ordered.resolve(order([1]));
    await waitFor(() => expect(one('pay-sheet')?.dataset.phase).toBe('confirm'));
    expect(one('pay-sheet-confirm').dataset.busy).toBe('false');
    act(() => fireEvent.click(one('pay-sheet-cancel')));
    expect(byTestId(r.container, 'pay-sheet')).toHaveLength(0);
    await expect(done).resolves.toBe(false);
    expect(toasts[toasts.length - 1]).toBe('pay.cancelled');
    expect(api.makePrePay).toHaveBeenCalledTimes(1);
  });

  it('a pay page opened in its own tab leaves the sheet waiting, with Already paid and Cancel', async () => {
    const getCharge = jest.fn(async () => ({ id: 11, status: 0 }) as never);
    const { pay, toasts } = payStore({ channel: () => 'jsapi', platformPay: jest.fn(async () => 'opened' as const) }, getCharge);
    const { one, text } = renderSheets(pay);
    let done!: Promise<boolean>;
    act(() => {
      done = pay.pay(gallery, [makePhoto(1)], 'remove_watermark');
    });
    await waitFor(() => expect(one('pay-sheet')?.dataset.phase).toBe('confirm'));
    act(() => fireEvent.click(one('pay-sheet-confirm')));
    await waitFor(() => expect(one('pay-sheet')?.dataset.phase).toBe('waiting'));
    expect(text('pay-sheet-status')).toContain('Waiting for your payment…');
    await act(async () => fireEvent.click(one('pay-sheet-paid')));
    expect(toasts).toContain('pay.noRecord');
    getCharge.mockResolvedValue({ id: 11, status: 1 } as never);
    await act(async () => fireEvent.click(one('pay-sheet-paid')));
    await expect(done).resolves.toBe(true);
    expect(toasts[toasts.length - 1]).toBe('pay.success');
    expect(byTestId(document.body, 'pay-sheet')).toHaveLength(0);
  });
});

describe('pay QR popup', () => {
  it("shows 'Scan to pay', the price, a local QR, the sandbox link, 'already paid' and close", async () => {
    const { pay, api, toasts } = payStore({}, jest.fn(async () => ({ id: 11, status: 0 }) as never));
    const { r, one } = renderSheets(pay);
    expect(byTestId(r.container, 'pay-qr')).toHaveLength(0);
    let done!: Promise<boolean>;
    act(() => {
      done = pay.pay({ id: 1, is_pay_down: 3, link_id: 'carpet26' }, [makePhoto(1)], 'remove_watermark');
    });
    await waitFor(() => expect(one('pay-sheet')?.dataset.phase).toBe('confirm'));
    act(() => fireEvent.click(one('pay-sheet-confirm')));
    await waitFor(() => expect(byTestId(r.container, 'pay-qr')).toHaveLength(1));
    expect(one('pay-qr-title').textContent).toBe('Scan to pay');
    expect(one('pay-qr-price').textContent).toBe('¥2.50');
    // The QR is drawn locally from code_url (no QR service).
    expect(one('pay-qr-code').getAttribute('style') ?? '').toContain('data:image/svg+xml');
    expect(one('pay-qr-sandbox').textContent).toMatch(/sandbox/i);
    expect(one('pay-qr-paid').textContent).toBe('Already paid');
    await act(async () => fireEvent.click(one('pay-qr-paid')));
    expect(toasts).toContain('pay.noRecord');
    expect(byTestId(r.container, 'pay-qr')).toHaveLength(1);
    act(() => fireEvent.click(one('pay-qr-close')));
    await expect(done).resolves.toBe(false);
    expect(byTestId(r.container, 'pay-qr')).toHaveLength(0);
    expect(toasts[toasts.length - 1]).toBe('pay.cancelled');
    expect(api.makePrePay).toHaveBeenCalledTimes(1);
  });
});

describe('viewer info links', () => {
  async function openViewer(galleryOver: Parameters<typeof makeGallery>[0], photoOver: Record<string, unknown> = { show_mark: 1 }) {
    const { list } = await listOf(3);
    runInAction(() => list.items.forEach((p) => Object.assign(p, photoOver)));
    const root = makeRoot('en-US');
    runInAction(() => (root.session.user = { openid: 'u1', nickname: 'Ann', photo: '', is_mock: false }));
    const { pay, api } = payStore();
    const downloads = new DownloadStore(pay, { requireLogin: async () => true, downloadOne: jest.fn(async () => 'saved' as const) });
    setPaymentStores({ pay, downloads });
    const page = createPageStores(root);
    runInAction(() => (page.gallery.gallery = makeGallery({ id: 1_000_001, ...galleryOver })));
    act(() => page.viewer.open(list, 0));
    const r = renderWith(
      <>
        <InfoBar viewer={page.viewer} />
        <PayQr />
      </>,
      root,
      page
    );
    return { r, pay, api, downloads, list };
  }

  it('PayToRemove shows for a watermarked, unpaid photo of a charging gallery: the sheet with the price, then the original', async () => {
    setWindowWidth(375);
    const { r, pay, api, list } = await openViewer({ is_pay_down: 3 });
    const link = () => byTestId(r.container, 'viewer-pay-remove');
    expect(link()).toHaveLength(1);
    expect(link()[0].textContent).toBe('Remove watermark');
    act(() => fireEvent.click(link()[0]));
    const sheet = () => byTestId(r.container, 'pay-sheet')[0];
    await waitFor(() => expect(sheet()?.dataset.phase).toBe('confirm'));
    expect(byTestId(r.container, 'pay-sheet-total')[0].textContent).toBe('¥2.50');
    act(() => fireEvent.click(byTestId(r.container, 'pay-sheet-confirm')[0]));
    await waitFor(() => expect(pay.isPaid(list.items[0])).toBe(true));
    expect(api.payToImage).toHaveBeenCalledWith(expect.objectContaining({ gallery_id: 1_000_001, goods_id: 3, imgids: [list.items[0].id] }));
    await waitFor(() => expect(link()).toHaveLength(0));
    // The interrupted action goes on: the viewer shows the signed original, without watermark.
    await waitFor(() => expect(r.page.viewer.displayUrl(list.items[0])).toBe(signedUrl(list.items[0].id)));
  });

  it('no PayToRemove without a watermark, for a paid photo, or when the gallery does not charge', async () => {
    for (const [g, p] of [[{ is_pay_down: 3 }, { show_mark: 0 }], [{ is_pay_down: 3 }, { show_mark: 1, payed: 1 }], [{ is_pay_down: 0 }, { show_mark: 1 }]] as const) {
      const { r } = await openViewer(g, p);
      expect(byTestId(r.container, 'viewer-pay-remove')).toHaveLength(0);
      r.unmount();
    }
  });

  it('Download shows only on wide non-WeChat screens with activation on', async () => {
    setWindowWidth(1280);
    const wide = await openViewer({ is_pay_down: 0, config: { ...makeGallery().config, active_on: 1 } });
    expect(byTestId(wide.r.container, 'viewer-download')).toHaveLength(isWeapp ? 0 : 1);
    wide.r.unmount();
    const off = await openViewer({ is_pay_down: 0, config: { ...makeGallery().config, active_on: 0 } });
    expect(byTestId(off.r.container, 'viewer-download')).toHaveLength(0);
    off.r.unmount();
    setWindowWidth(800);
    const narrow = await openViewer({ is_pay_down: 0, config: { ...makeGallery().config, active_on: 1 } });
    expect(byTestId(narrow.r.container, 'viewer-download')).toHaveLength(0);
  });
});
