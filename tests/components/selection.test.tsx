// Selection mode of the photo list (download), in H5 and (TARO_ENV_JEST=weapp) the
// mini-program: checkbox with number badge, the limit alert, Download through the
// download store (pay first where needed), and the ZIP progress display.
import { act, fireEvent, waitFor } from '@testing-library/react';
import PhotoArea from '../../src/page-components/photo';
import { fetchPhotoList } from '../../src/api/gallery';
import { PHOTO_DEFAULTS } from '../../types/page/photo';
import { DEFAULT_THEME } from '../../types/api/gallery';
import { PayStore } from '../../src/stores/pay/PayStore';
import { DownloadStore } from '../../src/stores/pay/DownloadStore';
import { setPaymentStores } from '../../src/stores/pay/paymentStores';
import { byTestId, isWeapp, makeGallery, photoPage, renderWith, setWindowWidth } from './helpers';

jest.mock('../../src/api/gallery');
jest.mock('../../src/api/originals');
const fetchMock = jest.mocked(fetchPhotoList);
const gallery = makeGallery();

function serve(total: number) {
  fetchMock.mockImplementation(async (galleryId, q) => {
    const offset = q.offset ?? 0;
    return photoPage(offset, Math.max(0, Math.min(20, total - offset)), total, galleryId);
  });
}

function stores() {
  const pay = new PayStore({ requireLogin: async () => true, toast: () => undefined });
  let progress: ((loaded: number, total: number | null) => void) | null = null;
  let finishZip!: () => void;
  const deps = {
    requireLogin: jest.fn(async () => true),
    signOriginal: jest.fn(async (id: number) => `/img/x!original?g=1&u=1&e=1&s=${id}`),
    requestZip: jest.fn(async () => ({ token: 't', url: '/api/v2/images/zip/t', expires: 0, count: 2 })),
    downloadOne: jest.fn(async () => 'saved' as const),
    downloadZip: jest.fn(
      (_url: string, _name: string, onProgress: (l: number, t: number | null) => void) =>
        new Promise<'saved'>((resolve) => {
          progress = onProgress;
          finishZip = () => resolve('saved');
        })
    ),
    toast: () => undefined
  };
  const downloads = new DownloadStore(pay, deps);
  setPaymentStores({ pay, downloads });
  return { pay, downloads, deps, progress: () => progress!, finishZip: () => finishZip() };
}

/** 'Select' → 'Download': the purpose chooser starts a download selection. */
function startDownload(container: HTMLElement) {
  act(() => fireEvent.click(byTestId(container, 'select-start')[0]));
  act(() => fireEvent.click(byTestId(container, 'select-purpose-download')[0]));
}

beforeEach(() => {
  fetchMock.mockReset();
  setWindowWidth(375);
});
afterEach(() => setPaymentStores(null));

describe('selection mode', () => {
  it('taps add and remove photos with a number badge instead of opening the viewer', async () => {
    serve(30);
    stores();
    const r = renderWith(<PhotoArea id="p1" props={PHOTO_DEFAULTS} ctx={{ gallery, children: [], theme: DEFAULT_THEME }} />);
    await waitFor(() => expect(byTestId(r.container, 'photo-item')).toHaveLength(20));
    expect(byTestId(r.container, 'select-check')).toHaveLength(0);
    startDownload(r.container);
    expect(byTestId(r.container, 'select-check')).toHaveLength(20);
    const cells = () => byTestId(r.container, 'photo-item');
    act(() => fireEvent.click(cells()[2]));
    act(() => fireEvent.click(cells()[0]));
    const badges = () => byTestId(r.container, 'select-check').map((c) => c.textContent);
    expect(badges()[2]).toBe('1');
    expect(badges()[0]).toBe('2');
    expect(byTestId(r.container, 'select-count')[0].textContent).toBe('2 selected');
    act(() => fireEvent.click(cells()[2]));
    expect(badges()[0]).toBe('1');
    expect(badges()[2]).toBe('');
    expect(r.page.viewer.isOpen).toBe(false);
    act(() => fireEvent.click(byTestId(r.container, 'select-cancel')[0]));
    expect(byTestId(r.container, 'select-check')).toHaveLength(0);
  });

  it('downloads one selected photo as a file and several as the ZIP with a progress display', async () => {
    serve(30);
    const s = stores();
    const r = renderWith(<PhotoArea id="p1" props={PHOTO_DEFAULTS} ctx={{ gallery, children: [], theme: DEFAULT_THEME }} />);
    await waitFor(() => expect(byTestId(r.container, 'photo-item')).toHaveLength(20));
    startDownload(r.container);
    const cells = () => byTestId(r.container, 'photo-item');
    act(() => fireEvent.click(cells()[0]));
    await act(async () => fireEvent.click(byTestId(r.container, 'select-download')[0]));
    await waitFor(() => expect(s.deps.downloadOne).toHaveBeenCalledTimes(1));
    expect((s.deps.requireLogin.mock.calls[0] as unknown[])[0]).toBe('download');

    startDownload(r.container);
    act(() => fireEvent.click(cells()[0]));
    act(() => fireEvent.click(cells()[1]));
    await act(async () => fireEvent.click(byTestId(r.container, 'select-download')[0]));
    if (isWeapp) {
      // No ZIP in the mini-program: each photo is saved to the album in turn.
      await waitFor(() => expect(s.deps.downloadOne).toHaveBeenCalledTimes(3));
      expect(s.deps.requestZip).not.toHaveBeenCalled();
      return;
    }
    await waitFor(() => expect(s.deps.downloadZip).toHaveBeenCalled());
    expect(s.deps.requestZip).toHaveBeenCalledWith(gallery.id, [expect.any(Number), expect.any(Number)]);
    act(() => s.progress()(512 * 1024, 1024 * 1024));
    expect(byTestId(r.container, 'zip-progress')[0].textContent).toMatch(/^Packing .+ of .+$/);
    await act(async () => s.finishZip());
    await waitFor(() => expect(byTestId(r.container, 'zip-progress')).toHaveLength(0));
    expect(byTestId(r.container, 'select-check')).toHaveLength(0);
  });
});
