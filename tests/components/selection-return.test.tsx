// Selection mode and the collage preview across a login that leaves the page (issue 12:
// back to the same open sheet, and the interrupted action goes on), in H5 and
// (TARO_ENV_JEST=weapp) the mini-program branch: while the login prompt is up the bar
// describes itself (purpose, kind, photos, what was interrupted); given that description
// after the return, it opens the same selection (or the same collage) and goes on.
import { act, fireEvent, waitFor } from '@testing-library/react';
import { runInAction } from 'mobx';
import PhotoArea from '../../src/page-components/photo';
import { fetchPhotoList } from '../../src/api/gallery';
import { renderCollage, releaseCollage } from '../../src/platform/collage';
import { saveCollage } from '../../src/platform/save-collage';
import { createLongPicture, showLongPicture } from '../../src/api/splice';
import { downloadOne } from '../../src/platform/download';
import { PHOTO_DEFAULTS } from '../../types/page/photo';
import { DEFAULT_THEME } from '../../types/api/gallery';
import { PayStore } from '../../src/stores/pay/PayStore';
import { DownloadStore } from '../../src/stores/pay/DownloadStore';
import { setPaymentStores } from '../../src/stores/pay/paymentStores';
import type { LoginSheet } from '../../src/stores/login/loginPlace';
import { byTestId, makeGallery, makeRoot, photoPage, renderWith, setWindowWidth } from './helpers';

jest.mock('../../src/api/gallery');
jest.mock('../../src/api/originals');
jest.mock('../../src/platform/collage', () => ({ renderCollage: jest.fn(), releaseCollage: jest.fn() }));
jest.mock('../../src/platform/save-collage', () => ({ saveCollage: jest.fn() }));
jest.mock('../../src/api/splice');
jest.mock('../../src/platform/download', () => ({ ...jest.requireActual('../../src/platform/download'), downloadOne: jest.fn() }));

const gallery = makeGallery();

async function open() {
  jest.mocked(fetchPhotoList).mockImplementation(async (galleryId, q) => {
    const offset = q.offset ?? 0;
    return photoPage(offset, Math.max(0, Math.min(20, 30 - offset)), 30, galleryId);
  });
  const root = makeRoot('en-US');
  runInAction(() => {
    root.session.status = 'ready';
    root.session.user = { openid: 'guest_abc', nickname: '', photo: '', is_mock: true };
  });
  const pay = new PayStore({ requireLogin: async () => true, toast: () => undefined });
  const download = jest.fn(async () => true);
  const downloads = new DownloadStore(pay, { requireLogin: async () => true, toast: () => undefined });
  downloads.download = download;
  setPaymentStores({ pay, downloads });
  const r = renderWith(<PhotoArea id="p1" props={PHOTO_DEFAULTS} ctx={{ gallery, children: [], theme: DEFAULT_THEME }} />, root);
  await waitFor(() => expect(byTestId(r.container, 'photo-item')).toHaveLength(20));
  const tap = (id: string) => act(() => fireEvent.click(byTestId(r.container, id)[0]));
  const cells = () => byTestId(r.container, 'photo-item');
  const ids = (n: number) => cells().slice(0, n).map((c) => Number(c.dataset.id));
  const pick = (n: number) => {
    for (let i = 0; i < n; i++) act(() => fireEvent.click(cells()[i]));
  };
  /** A guest's gated tap: the prompt is up with its reason, as when the login leaves the page. */
  const describeAtLogin = (): LoginSheet => {
    act(() => void r.root.loginPrompt.requireLogin('download'));
    const sheet = r.root.loginPrompt.places.current()?.sheet;
    act(() => r.root.loginPrompt.cancel());
    expect(sheet).toBeDefined();
    return sheet!;
  };
  /** Back after the reload as a real user: the sheet is handed back. */
  const returnWith = (sheet: LoginSheet) => {
    runInAction(() => (r.root.session.user = { openid: 'o_real', nickname: 'Ann', photo: '', is_mock: false }));
    act(() => r.root.loginPrompt.places.restoreSheet(JSON.parse(JSON.stringify(sheet))));
  };
  return { ...r, tap, pick, cells, ids, download, describeAtLogin, returnWith };
}

beforeEach(() => {
  setWindowWidth(375);
  jest.mocked(renderCollage).mockReset();
  jest.mocked(saveCollage).mockReset();
  jest.mocked(releaseCollage).mockReset();
});
afterEach(() => setPaymentStores(null));

it('Download of a selection: the same photos are selected again after the return and the download goes on', async () => {
  const r = await open();
  r.tap('select-start');
  r.tap('select-purpose-download');
  r.pick(3);
  const chosen = r.ids(3);
  const sheet = r.describeAtLogin();
  expect(sheet).toEqual({ kind: 'selection', data: { gallery: gallery.id, purpose: 'download', jigsaw: 'grid', ids: chosen, preview: 0, then: 'download' } });
  // The page reloads: nothing selected any more.
  r.tap('select-cancel');
  expect(byTestId(r.container, 'select-check')).toHaveLength(0);
  r.returnWith(sheet);
  await waitFor(() => expect(r.download).toHaveBeenCalledTimes(1));
  expect((r.download.mock.calls[0] as unknown[])[1]).toEqual(chosen.map((id) => expect.objectContaining({ id })));
  expect(r.root.loginPrompt.places.pendingSheet).toBeNull();
});

it('a selection being made (no action yet) comes back as it was, badges in order', async () => {
  const r = await open();
  r.tap('select-start');
  r.tap('select-purpose-download');
  act(() => fireEvent.click(r.cells()[2]));
  act(() => fireEvent.click(r.cells()[0]));
  // A gated tap of another kind (a tab) leaves the page while selecting.
  act(() => void r.root.loginPrompt.requireLogin('tab_me'));
  const sheet = r.root.loginPrompt.places.current()!.sheet!;
  act(() => r.root.loginPrompt.cancel());
  expect(sheet.data.then).toBe('');
  r.tap('select-cancel');
  r.returnWith(sheet);
  await waitFor(() => expect(byTestId(r.container, 'select-count')[0]?.textContent).toBe('2 selected'));
  const badges = byTestId(r.container, 'select-check').map((c) => c.textContent);
  expect(badges[2]).toBe('1');
  expect(badges[0]).toBe('2');
  expect(r.download).not.toHaveBeenCalled();
});

it('the long picture preview: made again from the same photos after the return, and its Save goes on', async () => {
  const hash = 'c'.repeat(64);
  jest.mocked(createLongPicture).mockResolvedValue(hash);
  jest.mocked(showLongPicture).mockImplementation(async (galleryid, ids) => ({
    hash, url: `/api/v2/usersplice/image/${hash}?u=1&e=2&s=x`, width: 1080, height: 1452, gallery_id: galleryid, image_ids: [...ids], created_at: 1
  }));
  jest.mocked(downloadOne).mockResolvedValue('saved');
  const r = await open();
  r.tap('select-start');
  r.tap('select-purpose-jigsaw');
  r.tap('select-jigsaw-long');
  r.pick(2);
  const chosen = r.ids(2);
  r.tap('select-ok');
  await waitFor(() => expect(byTestId(r.container, 'jigsaw-image')).toHaveLength(1));
  const sheet = r.describeAtLogin();
  expect(sheet).toEqual({ kind: 'selection', data: { gallery: gallery.id, purpose: 'jigsaw', jigsaw: 'long', ids: chosen, preview: 1, then: 'save' } });
  r.tap('jigsaw-close');
  expect(byTestId(r.container, 'jigsaw-preview')).toHaveLength(0);
  r.returnWith(sheet);
  await waitFor(() => expect(byTestId(r.container, 'jigsaw-image')).toHaveLength(1));
  expect(jest.mocked(createLongPicture).mock.calls).toEqual([[gallery.id, chosen], [gallery.id, chosen]]);
  await waitFor(() => expect(downloadOne).toHaveBeenCalledTimes(1));
  expect(jest.mocked(downloadOne).mock.calls[0][0]).toBe(`/api/v2/usersplice/image/${hash}?u=1&e=2&s=x`);
});

it('the grid preview: drawn again from the same photos after the return, and its Save goes on', async () => {
  const collage = { src: 'blob:collage', width: 1080, height: 1452, blob: new Blob(['x']) };
  jest.mocked(renderCollage).mockResolvedValue(collage);
  jest.mocked(saveCollage).mockResolvedValue('saved');
  const r = await open();
  r.tap('select-start');
  r.tap('select-purpose-jigsaw');
  r.tap('select-jigsaw-grid');
  r.pick(2);
  const chosen = r.ids(2);
  r.tap('select-ok');
  await waitFor(() => expect(byTestId(r.container, 'jigsaw-image')).toHaveLength(1));
  const urls = jest.mocked(renderCollage).mock.calls[0][1];
  const sheet = r.describeAtLogin();
  expect(sheet).toEqual({ kind: 'selection', data: { gallery: gallery.id, purpose: 'jigsaw', jigsaw: 'grid', ids: chosen, preview: 1, then: 'save' } });
  r.tap('jigsaw-close');
  r.returnWith(sheet);
  await waitFor(() => expect(byTestId(r.container, 'jigsaw-image')).toHaveLength(1));
  expect(jest.mocked(renderCollage).mock.calls[1][0]).toBe('grid');
  expect(jest.mocked(renderCollage).mock.calls[1][1]).toEqual(urls);
  await waitFor(() => expect(saveCollage).toHaveBeenCalledTimes(1));
});

it('a sheet of another gallery, or a stored sheet with no listed photo, opens nothing', async () => {
  const r = await open();
  r.returnWith({ kind: 'selection', data: { gallery: gallery.id + 1, purpose: 'download', ids: r.ids(2), preview: 0, then: 'download' } });
  r.returnWith({ kind: 'selection', data: { gallery: gallery.id, purpose: 'download', ids: [999_999], preview: 0, then: 'download' } });
  await act(async () => undefined);
  expect(byTestId(r.container, 'select-check')).toHaveLength(0);
  expect(r.download).not.toHaveBeenCalled();
});
