// The download and collage pendants act on the page's photo list (issue 14 part 3):
// the list offers them while it shows; download puts it in download selection mode
// (then the existing download flow: pay where needed, save), collage opens its kinds.
// Runs in H5 and in the mini-program branch (TARO_ENV_JEST=weapp).
import { act, fireEvent, waitFor } from '@testing-library/react';
import PhotoArea from '../../src/page-components/photo';
import Pendent from '../../src/page-components/pendent';
import { fetchPhotoList } from '../../src/api/gallery';
import { PHOTO_DEFAULTS } from '../../types/page/photo';
import { DEFAULT_THEME } from '../../types/api/gallery';
import { PayStore } from '../../src/stores/pay/PayStore';
import { DownloadStore } from '../../src/stores/pay/DownloadStore';
import { setPaymentStores } from '../../src/stores/pay/paymentStores';
import { scrollToElement } from '../../src/platform/scroll';
import { byTestId, makeGallery, photoPage, renderWith, setWindowWidth } from './helpers';

jest.mock('../../src/api/gallery');
jest.mock('../../src/api/originals');
jest.mock('../../src/platform/scroll', () => ({ ...jest.requireActual('../../src/platform/scroll'), scrollToElement: jest.fn() }));

const WECHAT_UA = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 MicroMessenger/8.0.47(0x18002f2c) NetType/WIFI Language/zh_CN';
const gallery = makeGallery();
const ctx = { gallery, children: [], theme: DEFAULT_THEME };

beforeEach(() => {
  jest.mocked(fetchPhotoList).mockImplementation(async (galleryId, q) => photoPage(q.offset ?? 0, 20, 30, galleryId));
  jest.mocked(scrollToElement).mockClear();
  setWindowWidth(390);
  Object.defineProperty(navigator, 'userAgent', { configurable: true, get: () => WECHAT_UA });
});
afterEach(() => {
  setPaymentStores(null);
  delete (navigator as unknown as { userAgent?: string }).userAgent;
});

function page() {
  const pay = new PayStore({ requireLogin: async () => true, toast: () => undefined });
  const deps = { requireLogin: jest.fn(async () => true), downloadOne: jest.fn(async () => 'saved' as const), saveMode: () => 'files' as const, toast: () => undefined };
  setPaymentStores({ pay, downloads: new DownloadStore(pay, deps) });
  const r = renderWith(
    <>
      <PhotoArea id="p1" props={PHOTO_DEFAULTS} ctx={ctx} />
      <Pendent id="pd" props={{ buttons: [{ type: 'download' }, { type: 'jigsaw' }, { type: 'top' }] }} ctx={ctx} />
    </>
  );
  return { ...r, deps };
}

it('download: up to the list, in download selection mode, and the selected photo is downloaded', async () => {
  const r = page();
  await waitFor(() => expect(byTestId(r.container, 'photo-item')).toHaveLength(20));
  expect(r.page.events.pendantOffered('download')).toBe(true);
  act(() => fireEvent.click(byTestId(r.container, 'pendent-download')[0]));
  expect(scrollToElement).toHaveBeenCalledWith('photo-area-p1');
  expect(byTestId(r.container, 'select-bar')[0].getAttribute('data-purpose')).toBe('download');
  act(() => fireEvent.click(byTestId(r.container, 'photo-item')[0]));
  await act(async () => fireEvent.click(byTestId(r.container, 'select-download')[0]));
  await waitFor(() => expect(r.deps.downloadOne).toHaveBeenCalledTimes(1));
});

it('collage: the bar offers its kinds (long or grid), each tap again', async () => {
  const r = page();
  await waitFor(() => expect(byTestId(r.container, 'photo-item')).toHaveLength(20));
  act(() => fireEvent.click(byTestId(r.container, 'pendent-jigsaw')[0]));
  expect(byTestId(r.container, 'select-jigsaw-kinds')).toHaveLength(1);
  act(() => fireEvent.click(byTestId(r.container, 'select-menu-back')[0]));
  expect(byTestId(r.container, 'select-jigsaw-kinds')).toHaveLength(0);
  act(() => fireEvent.click(byTestId(r.container, 'pendent-jigsaw')[0]));
  expect(byTestId(r.container, 'select-jigsaw-kinds')).toHaveLength(1);
});

it('without the list the offers are withdrawn and the two buttons leave the bar', async () => {
  const r = page();
  await waitFor(() => expect(byTestId(r.container, 'photo-item')).toHaveLength(20));
  expect(Array.from(r.container.querySelectorAll('.pendent__slot')).map((b) => b.getAttribute('data-testid'))).toEqual(['pendent-download', 'pendent-jigsaw', 'pendent-top']);
  r.rerender(<Pendent id="pd" props={{ buttons: [{ type: 'download' }, { type: 'jigsaw' }, { type: 'top' }] }} ctx={ctx} />);
  expect(r.page.events.pendantOffered('download')).toBe(false);
  expect(Array.from(r.container.querySelectorAll('.pendent__slot')).map((b) => b.getAttribute('data-testid'))).toEqual(['pendent-top']);
});
