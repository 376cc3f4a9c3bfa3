// Payment on the client, in H5 and (TARO_ENV_JEST=weapp) the mini-program branch:
// the Native QR popup, and the viewer's PayToRemove and Download info links.
import { act, fireEvent, render, waitFor } from '@testing-library/react';
import { runInAction } from 'mobx';
import InfoBar from '../../src/components/viewer/InfoBar';
import PayQr from '../../src/components/pay-qr';
import { PayStore } from '../../src/stores/pay/PayStore';
import { DownloadStore } from '../../src/stores/pay/DownloadStore';
import { setPaymentStores } from '../../src/stores/pay/paymentStores';
import { createPageStores } from '../../src/stores/RootStore';
import type { PrePayResult } from '../../types/api/pay';
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

const prepay: PrePayResult = { id: 11, out_trade_no: 'T11', amount: 250, status: 0, provider: 'sandbox', channel: 'native', code_url: 'http://h/sandbox/pay/T11', sandbox_url: '/sandbox/pay/T11' };

function payStore(getCharge = jest.fn(async () => ({ id: 11, status: 1 }) as never)) {
  const toasts: string[] = [];
  const api = {
    payToImage: jest.fn(async () => ({ id: 11, status: 0, photo_ids: [1], already_paid: [] }) as never),
    preDownImg: jest.fn(async () => ({ id: 11, status: 0, photo_ids: [1], already_paid: [] }) as never),
    makePrePay: jest.fn(async () => prepay),
    getCharge
  };
  const pay = new PayStore({ api, requireLogin: async () => true, toast: (k) => toasts.push(k), channel: () => 'native', platformPay: async () => 'qr', sleep: () => new Promise((r) => setTimeout(r, 10)), pollLimit: 1000 });
  return { pay, api, toasts };
}

afterEach(() => setPaymentStores(null));

describe('pay QR popup', () => {
  it("shows 'Scan to pay', the price, a local QR, the sandbox link, 'already paid' and close", async () => {
    const { pay, api, toasts } = payStore(jest.fn(async () => ({ id: 11, status: 0 }) as never));
    makeRoot('en-US');
    const r = render(<PayQr pay={pay} />);
    expect(byTestId(r.container, 'pay-qr')).toHaveLength(0);
    let done!: Promise<boolean>;
    act(() => {
      done = pay.pay({ id: 1, is_pay_down: 3, link_id: 'carpet26' }, [makePhoto(1)], 'remove_watermark');
    });
    await waitFor(() => expect(byTestId(r.container, 'pay-qr')).toHaveLength(1));
    const one = (id: string) => byTestId(r.container, id)[0];
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
    const r = renderWith(<InfoBar viewer={page.viewer} />, root, page);
    return { r, pay, api, downloads, list };
  }

  it('PayToRemove shows for a watermarked, unpaid photo of a charging gallery, and pays then shows the original', async () => {
    setWindowWidth(375);
    const { r, pay, api, list } = await openViewer({ is_pay_down: 3 });
    const link = () => byTestId(r.container, 'viewer-pay-remove');
    expect(link()).toHaveLength(1);
    expect(link()[0].textContent).toBe('Remove watermark');
    await act(async () => {
      fireEvent.click(link()[0]);
    });
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
