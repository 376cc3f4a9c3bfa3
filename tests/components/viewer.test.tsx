// The full-screen viewer's state machine and navigation, in H5 and (TARO_ENV_JEST=weapp)
// the mini-program branch: open/close, swipes, keys, last-photo toast, preload, thumbnails.
import { act, fireEvent, waitFor } from '@testing-library/react';
import { VIEWER } from '../../src/stores/viewer/viewerConstants';
import { imageUrl } from '../../src/utils/image';
import { byTestId, isWeapp, setWindowWidth } from './helpers';
import { drag, listOf, setup, viewerMocks } from './viewer-helpers';

jest.mock('../../src/api/viewer');
jest.mock('../../src/platform/preload');
const { size: sizeMock, loved: lovedMock, love: loveMock, preload: preloadMock } = viewerMocks();

describe('viewer navigation', () => {
  it('is closed at index -1, opens on a photo and closes again', async () => {
    const { list } = await listOf(80);
    const { viewer, one, currentId, container } = setup();
    expect(viewer.index).toBe(-1);
    expect(one('viewer')).toBeUndefined();
    act(() => viewer.open(list, 3));
    expect(one('viewer')).toBeDefined();
    expect(currentId()).toBe(4);
    expect(one('viewer-position').textContent).toBe('4/80');
    // Phones get the 750 style; the neighbours are decoded ahead.
    const slide = byTestId(container, 'viewer-slide').find((s) => s.dataset.current === 'true')!;
    expect(slide.querySelector('taro-image-core')!.getAttribute('src')).toBe(imageUrl(list.items[3].hash, 'wx_750_n', 1_000_001));
    expect(preloadMock).toHaveBeenCalledWith(imageUrl(list.items[4].hash, 'wx_750_n', 1_000_001));
    expect(preloadMock).toHaveBeenCalledWith(imageUrl(list.items[2].hash, 'wx_750_n', 1_000_001));
    fireEvent.click(one('viewer-close'));
    expect(viewer.index).toBe(-1);
    // The closing zoom plays, then the viewer is gone.
    await waitFor(() => expect(one('viewer')).toBeUndefined());
  });

  it('moves next and prev with swipes on a phone; no arrows there', async () => {
    const { list } = await listOf(80);
    const { viewer, one, currentId } = setup();
    act(() => viewer.open(list, 0));
    expect(one('viewer-next')).toBeUndefined();
    drag(one('viewer-stage'), -120, 5);
    expect(currentId()).toBe(2);
    drag(one('viewer-stage'), 120, -5);
    expect(currentId()).toBe(1);
    // A short drag is not a swipe.
    drag(one('viewer-stage'), -20, 0);
    expect(currentId()).toBe(1);
    // Past the first photo nothing happens.
    drag(one('viewer-stage'), 120, 0);
    expect(viewer.index).toBe(0);
  });

  it('a swipe right after the tap counts: while the stage still zooms out of the cell, the backdrop beside it takes the touch', async () => {
    const { list } = await listOf(80);
    const { viewer, one, currentId } = setup();
    act(() => viewer.open(list, 0));
    expect(one('viewer')!.className).toContain('viewer--entering');
    drag(one('viewer-backdrop'), -120, 5);
    expect(currentId()).toBe(2);
    drag(one('viewer-backdrop'), 0, VIEWER.SWIPE_DOWN_CLOSE_PX);
    expect(viewer.isOpen).toBe(false);
  });

  it('closes on a swipe down of 245 px or more, not less', async () => {
    const { list } = await listOf(80);
    const { viewer, one } = setup();
    act(() => viewer.open(list, 5));
    drag(one('viewer-stage'), 0, VIEWER.SWIPE_DOWN_CLOSE_PX - 45);
    expect(viewer.isOpen).toBe(true);
    drag(one('viewer-stage'), 10, VIEWER.SWIPE_DOWN_CLOSE_PX);
    expect(viewer.isOpen).toBe(false);
  });

  it('uses wx_1920_n, arrow buttons and a slideshow on desktops wider than 800 px', async () => {
    setWindowWidth(1280);
    const { list } = await listOf(80);
    const { viewer, one, currentId, container } = setup();
    act(() => viewer.open(list, 0));
    const slide = byTestId(container, 'viewer-slide').find((s) => s.dataset.current === 'true')!;
    expect(slide.querySelector('taro-image-core')!.getAttribute('src')).toBe(imageUrl(list.items[0].hash, 'wx_1920_n', 1_000_001));
    fireEvent.click(one('viewer-next'));
    fireEvent.click(one('viewer-next'));
    expect(currentId()).toBe(3);
    fireEvent.click(one('viewer-prev'));
    expect(currentId()).toBe(2);
    jest.useFakeTimers();
    fireEvent.click(one('viewer-play'));
    act(() => jest.advanceTimersByTime(VIEWER.SLIDESHOW_MS * 2));
    expect(currentId()).toBe(4);
    fireEvent.click(one('viewer-play'));
    act(() => jest.advanceTimersByTime(VIEWER.SLIDESHOW_MS * 2));
    expect(currentId()).toBe(4);
  });

  it('navigates with ←/→ on desktop width and closes on Escape in browsers; the mini-program has no key listener', async () => {
    setWindowWidth(1280);
    const { list } = await listOf(80);
    const { viewer, currentId } = setup();
    act(() => viewer.open(list, 4));
    fireEvent.keyDown(document, { key: 'ArrowRight' });
    if (isWeapp) {
      expect(currentId()).toBe(5);
      fireEvent.keyDown(document, { key: 'Escape' });
      expect(viewer.index).toBe(4);
      return;
    }
    expect(currentId()).toBe(6);
    fireEvent.keyDown(document, { key: 'ArrowLeft' });
    fireEvent.keyDown(document, { key: 'ArrowLeft' });
    expect(currentId()).toBe(4);
    fireEvent.keyDown(document, { key: 'Escape' });
    expect(viewer.index).toBe(-1);
  });

  it('ignores arrow keys on a phone', async () => {
    const { list } = await listOf(80);
    const { viewer, currentId } = setup();
    act(() => viewer.open(list, 4));
    fireEvent.keyDown(document, { key: 'ArrowRight' });
    expect(currentId()).toBe(5);
  });

  it("shows 'This is the last photo' for 1 s past the end", async () => {
    setWindowWidth(1280);
    const { list } = await listOf(3);
    expect(list.hasMore).toBe(false);
    const { viewer, one, toast } = setup();
    jest.useFakeTimers();
    act(() => viewer.open(list, 1));
    fireEvent.click(one('viewer-next'));
    expect(toast()).toBeNull();
    fireEvent.click(one('viewer-next'));
    expect(viewer.index).toBe(2);
    expect(viewer.lastPhotoHits).toBe(1);
    expect(toast()).toBe('This is the last photo');
    act(() => jest.advanceTimersByTime(VIEWER.LAST_PHOTO_TOAST_MS));
    expect(toast()).toBeNull();
  });

  it('loads the next page when 4 or fewer photos remain, at most once in 5 s', async () => {
    jest.useFakeTimers();
    const { list, load } = await listOf(80);
    const { viewer } = setup();
    act(() => viewer.open(list, 10));
    act(() => viewer.goTo(14));
    expect(load).toHaveBeenCalledTimes(1);
    act(() => viewer.goTo(15)); // 4 remain
    expect(load).toHaveBeenCalledTimes(2);
    expect(load).toHaveBeenLastCalledWith(1_000_001, expect.objectContaining({ offset: 20 }));
    await act(async () => undefined);
    expect(list.items).toHaveLength(40);
    act(() => viewer.goTo(36)); // 3 remain, but within 5 s of the last load
    expect(load).toHaveBeenCalledTimes(2);
    act(() => jest.advanceTimersByTime(VIEWER.LOAD_MORE_THROTTLE_MS));
    act(() => viewer.next());
    expect(load).toHaveBeenCalledTimes(3);
    expect(load).toHaveBeenLastCalledWith(1_000_001, expect.objectContaining({ offset: 40 }));
  });

  it('shows and hides the thumbnail strip; a thumbnail opens its photo', async () => {
    const { list } = await listOf(80);
    const { viewer, one, container, currentId } = setup();
    act(() => viewer.open(list, 0));
    const thumbs = byTestId(container, 'viewer-thumb');
    expect(thumbs.length).toBeGreaterThan(10);
    expect(thumbs[1].style.left).toBe(`${VIEWER.THUMB_STEP_NARROW}px`);
    fireEvent.click(thumbs[6]);
    expect(currentId()).toBe(7);
    fireEvent.click(one('viewer-thumbs-toggle'));
    expect(one('viewer-thumbs')).toBeUndefined();
    fireEvent.click(one('viewer-thumbs-toggle'));
    expect(one('viewer-thumbs')).toBeDefined();
  });
});
