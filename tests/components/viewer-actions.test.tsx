// The viewer's actions, in H5 and (TARO_ENV_JEST=weapp) the mini-program branch:
// full image with its size, the favourite heart, the guest login prompt, long-press save.
import Taro from '@tarojs/taro';
import { act, fireEvent, waitFor } from '@testing-library/react';
import { VIEWER } from '../../src/stores/viewer/viewerConstants';
import { imageUrl } from '../../src/utils/image';
import { canSaveImage } from '../../src/stores/viewer/ViewerStore';
import { fetchSignedOriginal } from '../../src/api/originals';
import { byTestId, isWeapp, makePhoto, setWindowWidth } from './helpers';
import { listOf, setup, touch, viewerMocks } from './viewer-helpers';

jest.mock('../../src/api/viewer');
jest.mock('../../src/platform/preload');
jest.mock('../../src/api/originals');
const { size: sizeMock, loved: lovedMock, love: loveMock, preload: preloadMock } = viewerMocks();
const signMock = jest.mocked(fetchSignedOriginal);
/** What the server's signing call answers in these tests. */
const signedUrl = (id: number) => `http://api.test/img/h!original?g=1&u=7&e=9&s=sig${id}`;
beforeEach(() => signMock.mockReset().mockImplementation(async (id: number) => signedUrl(id)));

describe('viewer actions', () => {
  it('loads the full image with its size: none → loading → loaded', async () => {
    const { list } = await listOf(20);
    let answer!: (n: number) => void;
    sizeMock.mockImplementation(() => new Promise((r) => (answer = r)));
    const { viewer, one } = setup();
    act(() => viewer.open(list, 0));
    expect(one('viewer-full').dataset.state).toBe('none');
    expect(one('viewer-full').textContent).toBe('Full image (293K)');
    fireEvent.click(one('viewer-full'));
    expect(one('viewer-full').dataset.state).toBe('loading');
    // The original is fetched through a URL the server signed for this visitor, never built locally.
    await waitFor(() => expect(sizeMock).toHaveBeenCalledWith(signedUrl(list.items[0].id)));
    expect(signMock).toHaveBeenCalledWith(list.items[0].id);
    expect(sizeMock).not.toHaveBeenCalledWith(imageUrl(list.items[0].hash, 'original', 1_000_001));
    await act(async () => answer(2_411_725));
    await waitFor(() => expect(one('viewer-full').dataset.state).toBe('loaded'));
    expect(one('viewer-full').textContent).toBe('Loaded');
    expect(preloadMock).toHaveBeenCalledWith(signedUrl(list.items[0].id));
    // The next photo has not been loaded in full; its size comes from the list.
    act(() => viewer.next());
    expect(one('viewer-full').dataset.state).toBe('none');
    act(() => viewer.prev());
    expect(one('viewer-full').dataset.state).toBe('loaded');
  });

  it('starts the full-image load when the photo is zoomed: double tap or pinch', async () => {
    const { list } = await listOf(20);
    sizeMock.mockImplementation(() => new Promise(() => undefined));
    const { viewer, one } = setup();
    act(() => viewer.open(list, 0));
    const stage = one('viewer-stage');
    touch(stage, 'touchStart', 100, 100);
    touch(stage, 'touchEnd', 100, 100);
    touch(stage, 'touchStart', 100, 100);
    touch(stage, 'touchEnd', 100, 100);
    expect(one('viewer-full').dataset.state).toBe('loading');
    await waitFor(() => expect(sizeMock).toHaveBeenCalledTimes(1));
    // Pinch on the next photo: two fingers moving apart.
    act(() => viewer.next());
    expect(one('viewer-full').dataset.state).toBe('none');
    const two = (d: number) => [
      { clientX: 150 - d / 2, clientY: 300, identifier: 0, target: stage },
      { clientX: 150 + d / 2, clientY: 300, identifier: 1, target: stage }
    ];
    fireEvent.touchStart(stage, { touches: two(100) });
    fireEvent.touchMove(stage, { touches: two(250) });
    fireEvent.touchEnd(stage, { touches: [] });
    expect(one('viewer-full').dataset.state).toBe('loading');
    expect(viewer.index).toBe(1);
  });

  it('shows the full size from the server once known', async () => {
    const { list } = await listOf(20);
    sizeMock.mockResolvedValue(2_411_725);
    preloadMock.mockImplementation(() => new Promise(() => undefined));
    const { viewer, one } = setup();
    act(() => viewer.open(list, 0));
    await act(async () => void viewer.loadFull());
    expect(viewer.fullSize(list.items[0])).toBe(2_411_725);
  });

  it('returns to none with a LoadError toast (1 s) when the full image fails', async () => {
    const { list } = await listOf(20);
    sizeMock.mockRejectedValue(new Error('boom'));
    const { viewer, one, toast } = setup();
    act(() => viewer.open(list, 0));
    jest.useFakeTimers();
    await act(async () => {
      fireEvent.click(one('viewer-full'));
    });
    expect(one('viewer-full').dataset.state).toBe('none');
    expect(toast()).toBe('Could not load');
    act(() => jest.advanceTimersByTime(VIEWER.LOAD_ERROR_TOAST_MS));
    expect(toast()).toBeNull();
  });

  it('shows LoadError and requests no original when the server refuses to sign it (not paid)', async () => {
    const { list } = await listOf(20);
    signMock.mockRejectedValue(new Error('403 Original photo is not available'));
    const { viewer, one, toast } = setup();
    act(() => viewer.open(list, 0));
    await act(async () => void viewer.loadFull());
    expect(one('viewer-full').dataset.state).toBe('none');
    expect(toast()).toBe('Could not load');
    expect(sizeMock).not.toHaveBeenCalled();
    expect(preloadMock).not.toHaveBeenCalledWith(expect.stringContaining('!original'));
  });

  it('turns the heart red and back with the favourite toasts (logged-in visitor)', async () => {
    const { list } = await listOf(20);
    loveMock.mockImplementation(async (b) => ({ id: b.id, loved: b.love === 1, love: b.love === 1 ? 1 : 0 }));
    const { viewer, one, toast } = setup({ loggedIn: true });
    act(() => viewer.open(list, 2));
    expect(lovedMock).toHaveBeenCalledWith(1_000_001, expect.arrayContaining([3]));
    expect(one('viewer-like').dataset.loved).toBe('false');
    await act(async () => {
      fireEvent.click(one('viewer-like'));
    });
    expect(loveMock).toHaveBeenCalledWith({ id: 3, galleryid: 1_000_001, path: `/img/${list.items[2].hash}!wx_750_n?g=1000001`, love: 1 });
    expect(one('viewer-like').dataset.loved).toBe('true');
    expect(one('viewer-like').textContent).toContain('1');
    expect(toast()).toBe('Added to your favorites');
    await act(async () => {
      fireEvent.click(one('viewer-like'));
    });
    expect(one('viewer-like').dataset.loved).toBe('false');
    expect(toast()).toBe('Removed from your favorites');
  });

  it('asks a guest to log in through the one shared prompt instead of liking', async () => {
    const { list } = await listOf(20);
    const { viewer, one, root, container } = setup();
    act(() => viewer.open(list, 0));
    fireEvent.click(one('viewer-like'));
    fireEvent.click(one('viewer-like'));
    await waitFor(() => expect(one('login-prompt')).toBeDefined());
    expect(byTestId(container, 'login-prompt')).toHaveLength(1);
    expect(one('login-prompt').textContent).toContain('WeChat authorization');
    expect(one('login-prompt').dataset.reason).toBe('like');
    fireEvent.click(one('login-prompt-ok'));
    expect(one('login-prompt-text').textContent).toBe('Login is not available on this server.');
    fireEvent.click(one('login-prompt-close'));
    expect(root.loginPrompt.isOpen).toBe(false);
    await act(async () => undefined);
    expect(loveMock).not.toHaveBeenCalled();
    expect(one('viewer-like').dataset.loved).toBe('false');
    expect(lovedMock).not.toHaveBeenCalled();
  });

  it('offers saving only where the gallery gives originals or the photo has no watermark', () => {
    const marked = { ...makePhoto(1), show_mark: 1 };
    expect(canSaveImage({ original_photo: 0 }, marked)).toBe(false);
    expect(canSaveImage({ original_photo: 1 }, marked)).toBe(true);
    expect(canSaveImage({ original_photo: 0 }, makePhoto(2))).toBe(true);
  });

  it(isWeapp ? 'offers to save the image after a 900 ms long press (mini-program)' : 'offers nothing on a long press in browsers', async () => {
    const { list } = await listOf(20);
    const sheet = jest.fn().mockResolvedValue({ tapIndex: 0 });
    const download = jest.fn().mockResolvedValue({ statusCode: 200, tempFilePath: '/tmp/x.jpg' });
    const save = jest.fn().mockResolvedValue({});
    const t = Taro as unknown as Record<string, unknown>;
    const saved = { showActionSheet: t.showActionSheet, downloadFile: t.downloadFile, saveImageToPhotosAlbum: t.saveImageToPhotosAlbum };
    Object.assign(t, { showActionSheet: sheet, downloadFile: download, saveImageToPhotosAlbum: save });
    try {
      const { viewer, one, toast } = setup();
      act(() => viewer.open(list, 0));
      jest.useFakeTimers();
      touch(one('viewer-stage'), 'touchStart', 100, 100);
      act(() => jest.advanceTimersByTime(VIEWER.LONG_PRESS_MS - 100));
      expect(sheet).not.toHaveBeenCalled();
      await act(async () => {
        jest.advanceTimersByTime(100);
      });
      touch(one('viewer-stage'), 'touchEnd', 100, 100);
      if (!isWeapp) {
        expect(sheet).not.toHaveBeenCalled();
        return;
      }
      expect(sheet).toHaveBeenCalledWith({ itemList: ['Save image'] });
      await act(async () => undefined);
      await act(async () => undefined);
      expect(download).toHaveBeenCalledWith({ url: imageUrl(list.items[0].hash, 'wx_1920_n', 1_000_001) });
      expect(save).toHaveBeenCalledWith({ filePath: '/tmp/x.jpg' });
      expect(toast()).toBe('Saved to your photo album');
    } finally {
      Object.assign(t, saved);
    }
  });
});
