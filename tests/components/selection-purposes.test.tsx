// Selection purposes of the photo list, in H5 and (TARO_ENV_JEST=weapp) the
// mini-program: the chooser (Download, Share, Collage → long or grid), the bottom
// bar's action per purpose, the over-maximum and under-minimum alerts, Share
// opening the image share page, and OK drawing the collage into the preview
// sheet (Save goes through the login gate, then the platform's save).
import { act, fireEvent, waitFor } from '@testing-library/react';
import { runInAction } from 'mobx';
import Taro from '@tarojs/taro';
import PhotoArea, { listOptions } from '../../src/page-components/photo';
import { fetchPhotoList } from '../../src/api/gallery';
import { openUrl } from '../../src/platform/navigate';
import { renderCollage, releaseCollage } from '../../src/platform/collage';
import { saveCollage } from '../../src/platform/save-collage';
import { createLongPicture, showLongPicture } from '../../src/api/splice';
import { downloadOne } from '../../src/platform/download';
import { posterEntry } from '../../src/stores/share/posterEntry';
import { PHOTO_DEFAULTS } from '../../types/page/photo';
import { DEFAULT_THEME } from '../../types/api/gallery';
import { setPaymentStores } from '../../src/stores/pay/paymentStores';
import { byTestId, isWeapp, makeGallery, makeRoot, photoPage, renderWith, setWindowWidth } from './helpers';

jest.mock('../../src/api/gallery');
jest.mock('../../src/api/originals');
jest.mock('../../src/platform/navigate', () => ({ ...jest.requireActual('../../src/platform/navigate'), openUrl: jest.fn() }));
jest.mock('../../src/platform/collage', () => ({ renderCollage: jest.fn(), releaseCollage: jest.fn() }));
jest.mock('../../src/platform/save-collage', () => ({ saveCollage: jest.fn() }));
jest.mock('../../src/api/splice');
jest.mock('../../src/platform/download', () => ({ ...jest.requireActual('../../src/platform/download'), downloadOne: jest.fn() }));

const gallery = makeGallery();

async function open(opts: { total?: number; height?: number } = {}) {
  const total = opts.total ?? 30;
  jest.mocked(fetchPhotoList).mockImplementation(async (galleryId, q) => {
    const offset = q.offset ?? 0;
    return photoPage(offset, Math.max(0, Math.min(20, total - offset)), total, galleryId);
  });
  if (opts.height) tallWindow(opts.height);
  const root = makeRoot('en-US');
  runInAction(() => {
    root.session.status = 'ready';
    root.session.user = { openid: 'guest_abc', nickname: '', photo: '', is_mock: true };
  });
  const r = renderWith(<PhotoArea id="p1" props={PHOTO_DEFAULTS} ctx={{ gallery, children: [], theme: DEFAULT_THEME }} />, root);
  await waitFor(() => expect(byTestId(r.container, 'photo-item')).toHaveLength(20));
  const tap = (id: string) => act(() => fireEvent.click(byTestId(r.container, id)[0]));
  const cells = () => byTestId(r.container, 'photo-item');
  /** Tap the first n cells. */
  const pick = (n: number, from = 0) => {
    for (let i = from; i < from + n; i++) act(() => fireEvent.click(cells()[i]));
  };
  /** Load the further pages (the list's own store) until n cells show. */
  const loadAll = async (n: number) => {
    const store = root.photoLists.get(listOptions(gallery.id, { kind: 'all' }, root.settings.effectiveOrder, gallery.config?.sort));
    await act(async () => {
      while (store.state === 'more') await store.loadMore();
    });
    root.photoLists.release(store);
    await waitFor(() => expect(cells().length).toBeGreaterThanOrEqual(n));
  };
  return { ...r, tap, pick, cells, loadAll };
}

/** A window tall enough for the windowed list to render every cell. */
function tallWindow(px: number) {
  Object.defineProperty(window, 'innerHeight', { configurable: true, writable: true, value: px });
  window.dispatchEvent(new Event('resize'));
  if (isWeapp) {
    const info = { windowWidth: 375, windowHeight: px, screenWidth: 375, screenHeight: px, pixelRatio: 2, statusBarHeight: 20, screenTop: 0 };
    jest.mocked(Taro.getWindowInfo).mockReturnValue(info as never);
  }
}

let toasts: string[] = [];
let loadings: string[] = [];
beforeEach(() => {
  setWindowWidth(375);
  toasts = [];
  jest.spyOn(Taro, 'showToast').mockImplementation(((o: { title: string }) => {
    toasts.push(o.title);
    return Promise.resolve({});
  }) as never);
  loadings = [];
  Object.assign(Taro, {
    showLoading: jest.fn((o: { title: string }) => {
      loadings.push(`show:${o.title}`);
      return Promise.resolve({});
    }),
    hideLoading: jest.fn(() => {
      loadings.push('hide');
      return Promise.resolve({});
    })
  });
  jest.mocked(openUrl).mockClear();
  jest.mocked(renderCollage).mockReset();
  jest.mocked(saveCollage).mockReset();
  jest.mocked(releaseCollage).mockReset();
});
afterEach(() => {
  Object.defineProperty(window, 'innerHeight', { configurable: true, writable: true, value: 768 });
  window.dispatchEvent(new Event('resize'));
  setPaymentStores(null);
  jest.restoreAllMocks();
});

describe('the purpose chooser', () => {
  it('Select offers Download, Share and Collage; Collage asks long or grid; Back and Cancel step out', async () => {
    const r = await open();
    expect(byTestId(r.container, 'select-purposes')).toHaveLength(0);
    r.tap('select-start');
    expect(byTestId(r.container, 'select-purposes')[0].textContent).toBe('DownloadShareCollageCancel');
    expect(byTestId(r.container, 'select-check')).toHaveLength(0);
    r.tap('select-purpose-jigsaw');
    expect(byTestId(r.container, 'select-jigsaw-kinds')[0].textContent).toBe('Which collage?Long collage (2–12)Grid (1–9)Back');
    r.tap('select-menu-back');
    expect(byTestId(r.container, 'select-purposes')).toHaveLength(1);
    r.tap('select-menu-cancel');
    expect(byTestId(r.container, 'select-start')).toHaveLength(1);
    // Taps still open the viewer outside selection mode.
    act(() => fireEvent.click(r.cells()[0]));
    expect(r.page.viewer.isOpen).toBe(true);
  });

  it("the bar shows the count, the purpose's limits and its one action", async () => {
    const r = await open();
    const cases: Array<[string, string[], string, string]> = [
      ['select-purpose-download', [], 'select-download', 'Tap photos to select 1–50'],
      ['select-purpose-share', [], 'select-share', 'Tap photos to select 1–50'],
      ['select-purpose-jigsaw', ['select-jigsaw-long'], 'select-ok', 'Tap photos to select 2–12'],
      ['select-purpose-jigsaw', ['select-jigsaw-grid'], 'select-ok', 'Tap photos to select 1–9']
    ];
    for (const [purpose, then, action, hint] of cases) {
      r.tap('select-start');
      r.tap(purpose);
      for (const id of then) r.tap(id);
      expect(byTestId(r.container, 'select-check')).toHaveLength(20);
      r.pick(2);
      expect(byTestId(r.container, 'select-count')[0].textContent).toBe('2 selected');
      expect(byTestId(r.container, 'select-hint')[0].textContent).toBe(hint);
      const actions = ['select-download', 'select-share', 'select-ok'].filter((id) => byTestId(r.container, id).length);
      expect(actions).toEqual([action]);
      r.tap('select-cancel');
      expect(byTestId(r.container, 'select-check')).toHaveLength(0);
    }
    expect(byTestId(r.container, 'select-ok')).toHaveLength(0);
    expect(byTestId(r.container, 'select-download')).toHaveLength(0);
  });
});

describe('share', () => {
  it('under the minimum alerts; OK opens the image share page with my openid and the ids in order', async () => {
    const r = await open();
    r.tap('select-start');
    r.tap('select-purpose-share');
    r.tap('select-share');
    expect(toasts).toEqual(['Select at least 1 photo']);
    expect(openUrl).not.toHaveBeenCalled();
    act(() => fireEvent.click(r.cells()[3]));
    act(() => fireEvent.click(r.cells()[0]));
    r.tap('select-share');
    expect(openUrl).toHaveBeenCalledTimes(1);
    // The list shows photos 1, 2, 3 …: the 4th cell is photo 4, then photo 1.
    expect(decodeURIComponent(jest.mocked(openUrl).mock.calls[0][0])).toBe('/page/share/guest_abc/4,1');
    // Selection mode ends once the share page opens.
    expect(byTestId(r.container, 'select-check')).toHaveLength(0);
  });

  it('the 51st photo alerts MAX_SHARE_NUM with 50 and is not added', async () => {
    const r = await open({ total: 60, height: 20000 });
    await r.loadAll(60);
    r.tap('select-start');
    r.tap('select-purpose-share');
    r.pick(51);
    expect(toasts).toEqual(['Share at most 50 photos at a time']);
    expect(byTestId(r.container, 'select-count')[0].textContent).toBe('50 selected');
    expect(byTestId(r.container, 'select-check')[50].getAttribute('data-selected')).toBe('false');
  });
});

describe('jigsaw', () => {
  const collage = { src: 'blob:collage', width: 1080, height: 1452, blob: new Blob(['x']) };

  it('long: under 2 alerts; the 13th photo alerts MAX_JIGSAW_NUM 12; OK asks the server with the Collaging loading, then previews the long picture; Save asks a guest to log in first', async () => {
    const r = await open();
    const login = jest.spyOn(r.root.loginPrompt, 'requireLogin').mockResolvedValue(false);
    const hash = 'b'.repeat(64);
    let finish!: (h: string) => void;
    jest.mocked(createLongPicture).mockImplementation(() => new Promise((res) => (finish = res)));
    jest.mocked(showLongPicture).mockImplementation(async (galleryid, ids) => ({
      hash, url: `/api/v2/usersplice/image/${hash}?u=1&e=2&s=x`, width: 1080, height: 1452, gallery_id: galleryid, image_ids: [...ids], created_at: 1
    }));
    jest.mocked(downloadOne).mockResolvedValue('saved');
    r.tap('select-start');
    r.tap('select-purpose-jigsaw');
    r.tap('select-jigsaw-long');
    r.pick(1);
    r.tap('select-ok');
    expect(toasts).toEqual(['Select at least 2 photos']);
    r.pick(12, 1);
    expect(toasts).toEqual(['Select at least 2 photos', 'A collage takes at most 12 photos']);
    expect(byTestId(r.container, 'select-count')[0].textContent).toBe('12 selected');
    // Back to two photos (tap to remove), then OK.
    for (let i = 2; i < 12; i++) act(() => fireEvent.click(r.cells()[i]));
    expect(byTestId(r.container, 'select-count')[0].textContent).toBe('2 selected');
    r.tap('select-ok');
    // The server draws it: the 'Collaging' loading, no sheet yet, nothing drawn on the device.
    await waitFor(() => expect(createLongPicture).toHaveBeenCalledTimes(1));
    // The first two photos of the list (ids 1 and 2), in the order tapped.
    expect(jest.mocked(createLongPicture).mock.calls[0]).toEqual([gallery.id, [1, 2]]);
    expect(loadings).toEqual(['show:Collaging']);
    expect(byTestId(r.container, 'jigsaw-preview')).toHaveLength(0);
    expect(renderCollage).not.toHaveBeenCalled();
    await act(async () => finish(hash));
    await waitFor(() => expect(byTestId(r.container, 'jigsaw-image')).toHaveLength(1));
    expect(loadings).toEqual(['show:Collaging', 'hide']);
    const img = byTestId(r.container, 'jigsaw-image')[0];
    expect(img.getAttribute('data-width')).toBe('1080');
    expect(img.getAttribute('data-kind')).toBe('long');
    expect(img.getAttribute('src')).toContain(`/api/v2/usersplice/image/${hash}`);
    // Selection mode has ended; the preview stays until closed.
    expect(byTestId(r.container, 'select-check')).toHaveLength(0);

    await act(async () => fireEvent.click(byTestId(r.container, 'jigsaw-save')[0]));
    expect(login).toHaveBeenCalledWith('download');
    expect(downloadOne).not.toHaveBeenCalled();
    login.mockResolvedValue(true);
    await act(async () => fireEvent.click(byTestId(r.container, 'jigsaw-save')[0]));
    await waitFor(() => expect(downloadOne).toHaveBeenCalledTimes(1));
    expect(jest.mocked(downloadOne).mock.calls[0][0]).toBe(`/api/v2/usersplice/image/${hash}?u=1&e=2&s=x`);
    expect(jest.mocked(downloadOne).mock.calls[0][1]).toBe('abc123-long.jpg');
    await waitFor(() => expect(toasts).toContain('Collage saved'));
    r.tap('jigsaw-close');
    expect(byTestId(r.container, 'jigsaw-preview')).toHaveLength(0);
  });

  it('long: a failed long picture hides the loading, then shows the error, and opens no preview', async () => {
    const r = await open();
    jest.mocked(createLongPicture).mockRejectedValue(new Error('network'));
    r.tap('select-start');
    r.tap('select-purpose-jigsaw');
    r.tap('select-jigsaw-long');
    r.pick(3);
    r.tap('select-ok');
    await waitFor(() => expect(toasts).toContain('The long picture could not be made, please try again'));
    expect(loadings).toEqual(['show:Collaging', 'hide']);
    expect(byTestId(r.container, 'jigsaw-preview')).toHaveLength(0);
    // The selection stays, so the visitor can try again.
    expect(byTestId(r.container, 'select-count')[0].textContent).toBe('3 selected');
  });

  it('poster: offered once a poster maker is there; it takes exactly one photo and opens the maker with it', async () => {
    const r = await open();
    r.tap('select-start');
    r.tap('select-purpose-jigsaw');
    expect(byTestId(r.container, 'select-jigsaw-poster')).toHaveLength(0);
    r.tap('select-menu-back');
    r.tap('select-menu-cancel');
    const maker = { accepts: jest.fn(() => true), open: jest.fn() };
    const unregister = posterEntry.register(maker);
    try {
      r.tap('select-start');
      r.tap('select-purpose-jigsaw');
      r.tap('select-jigsaw-poster');
      r.pick(2);
      expect(toasts).toEqual(['A collage takes at most 1 photos']);
      r.tap('select-ok');
      expect(maker.open).toHaveBeenCalledTimes(1);
      expect(maker.open.mock.calls[0][0]).toMatchObject({ galleryId: gallery.id, imageId: 1 });
      expect(byTestId(r.container, 'select-check')).toHaveLength(0);
    } finally {
      unregister();
    }
  });

  it('grid: none selected alerts the minimum 1; the 10th photo alerts MAX_JIGSAW_NUM 9; a photo that fails to load gives a clear toast', async () => {
    const r = await open();
    jest.mocked(renderCollage).mockRejectedValue(Object.assign(new Error('x'), { name: 'CollageLoadError', index: 2 }));
    r.tap('select-start');
    r.tap('select-purpose-jigsaw');
    r.tap('select-jigsaw-grid');
    r.tap('select-ok');
    expect(toasts).toEqual(['Select at least 1 photo']);
    r.pick(10);
    expect(toasts).toEqual(['Select at least 1 photo', 'A collage takes at most 9 photos']);
    expect(byTestId(r.container, 'select-count')[0].textContent).toBe('9 selected');
    r.tap('select-ok');
    await waitFor(() => expect(toasts).toContain('Photo 3 could not be loaded, so the collage was not made'));
    expect(jest.mocked(renderCollage).mock.calls[0][0]).toBe('grid');
    expect(jest.mocked(renderCollage).mock.calls[0][1]).toHaveLength(9);
    expect(jest.mocked(renderCollage).mock.calls[0][1][0]).toMatch(/!wx_750_n\?g=/);
    await waitFor(() => expect(byTestId(r.container, 'jigsaw-preview')).toHaveLength(0));
    // The selection stays, to try again or change photos.
    expect(byTestId(r.container, 'select-count')[0].textContent).toBe('9 selected');
  });
});
