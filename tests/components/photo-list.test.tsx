import { act, fireEvent, waitFor } from '@testing-library/react';
import Taro from '@tarojs/taro';
import { getPageInstance } from '@tarojs/runtime';
import PhotoArea from '../../src/page-components/photo';
import { fetchPhotoList } from '../../src/api/gallery';
import { PHOTO_DEFAULTS } from '../../types/page/photo';
import { DEFAULT_CONFIG, DEFAULT_THEME, type Gallery } from '../../types/api/gallery';
import { imageUrl } from '../../src/utils/image';
import { byTestId, isWeapp, makeGallery, makeRoot, photoPage, renderWith, setWindowWidth } from './helpers';
import { cellImage, fakeSelectorQuery, loadedCount } from './photo-helpers';

jest.mock('../../src/api/gallery');
const fetchMock = jest.mocked(fetchPhotoList);

const now = Math.floor(Date.now() / 1000);
const live = makeGallery({ config: { ...DEFAULT_CONFIG, sort: '-shoottime' } });
const ctxOf = (gallery: Gallery, children: Gallery[] = []) => ({ gallery, children, theme: DEFAULT_THEME });

/** The server: `total` photos, served 20 at a time. */
function serve(total: number) {
  fetchMock.mockImplementation(async (galleryId, q) => {
    const offset = q.offset ?? 0;
    return photoPage(offset, Math.max(0, Math.min(20, total - offset)), total, galleryId);
  });
}

function reachBottom() {
  const inst = getPageInstance('taro-app') as unknown as { onReachBottom?: Array<() => void> };
  act(() => inst.onReachBottom?.forEach((f) => f()));
}

const items = (el: HTMLElement) => byTestId(el, 'photo-item');
const loaded = loadedCount;

beforeEach(() => {
  fetchMock.mockReset();
  setWindowWidth(375);
});

describe('photo list', () => {
  it('loads the first 20 photos into a two-column grid of lazy thumbnails', async () => {
    serve(45);
    const { container } = renderWith(<PhotoArea id="p1" props={PHOTO_DEFAULTS} ctx={ctxOf(live)} />);
    await waitFor(() => expect(items(container)).toHaveLength(20));
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(fetchMock).toHaveBeenCalledWith(live.id, expect.objectContaining({ offset: 0, order: 'desc', sorttype: '-shoottime', page_size: 20 }));
    const img = cellImage(items(container)[0]);
    expect(img.src).toBe(imageUrl(photoPage(0, 1, 1).items[0].hash, 'wx_375_240', live.id));
    expect(img.lazy).toBe(true);
    expect(byTestId(container, 'list-end')).toHaveLength(0);
  });

  it('loads the next page on reach-bottom and says "This is the end" when all are in', async () => {
    serve(30);
    const { container } = renderWith(<PhotoArea id="p1" props={PHOTO_DEFAULTS} ctx={ctxOf(live)} />);
    await waitFor(() => expect(items(container)).toHaveLength(20));
    reachBottom();
    await waitFor(() => expect(loaded(container)).toBe(30));
    expect(fetchMock).toHaveBeenLastCalledWith(live.id, expect.objectContaining({ offset: 20 }));
    expect(byTestId(container, 'list-end')[0].textContent).toBe("You've reached the end");
    // At the end, reaching the bottom again asks for nothing.
    reachBottom();
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });

  it('a tap on "Load more" loads the next page too', async () => {
    serve(25);
    const { container } = renderWith(<PhotoArea id="p1" props={PHOTO_DEFAULTS} ctx={ctxOf(live)} />);
    await waitFor(() => expect(byTestId(container, 'list-more')).toHaveLength(1));
    fireEvent.click(byTestId(container, 'list-more')[0]);
    await waitFor(() => expect(loaded(container)).toBe(25));
  });

  it('shows "Loading" while a page is on its way', async () => {
    let resolve: (v: ReturnType<typeof photoPage>) => void = () => undefined;
    fetchMock.mockImplementation(() => new Promise((r) => (resolve = r)));
    const { container } = renderWith(<PhotoArea id="p1" props={PHOTO_DEFAULTS} ctx={ctxOf(live)} />);
    expect(byTestId(container, 'list-loading')[0].textContent).toContain('Loading');
    await act(async () => resolve(photoPage(0, 3, 3)));
    expect(byTestId(container, 'list-loading')).toHaveLength(0);
    expect(items(container)).toHaveLength(3);
  });

  it('shows "Waiting" for an empty gallery that has not started, "No photos" otherwise', async () => {
    serve(0);
    const waiting = makeGallery({ start_time: now + 3600, end_time: now + 7200 });
    const r1 = renderWith(<PhotoArea id="p1" props={PHOTO_DEFAULTS} ctx={ctxOf(waiting)} />);
    await waitFor(() => expect(byTestId(r1.container, 'empty-state')).toHaveLength(1));
    expect(byTestId(r1.container, 'empty-state')[0].textContent).toBe('The event has not started yet. Stay tuned!');
    expect(byTestId(r1.container, 'list-end')).toHaveLength(0);

    const r2 = renderWith(<PhotoArea id="p2" props={PHOTO_DEFAULTS} ctx={ctxOf(live)} />);
    await waitFor(() => expect(byTestId(r2.container, 'empty-state')).toHaveLength(1));
    expect(byTestId(r2.container, 'empty-state')[0].textContent).toBe('No photos');
  });

  it('shows an error that retries on tap', async () => {
    fetchMock.mockRejectedValueOnce(new Error('network down'));
    const { container } = renderWith(<PhotoArea id="p1" props={PHOTO_DEFAULTS} ctx={ctxOf(live)} />);
    await waitFor(() => expect(byTestId(container, 'list-error')).toHaveLength(1));
    expect(byTestId(container, 'list-error')[0].textContent).toBe('Could not load. Tap to retry');
    serve(5);
    fireEvent.click(byTestId(container, 'list-error')[0]);
    await waitFor(() => expect(items(container)).toHaveLength(5));
  });

  it('reloads from the start when the page refreshes or the sort order changes', async () => {
    serve(30);
    const { container, root, page } = renderWith(<PhotoArea id="p1" props={PHOTO_DEFAULTS} ctx={ctxOf(live)} />);
    await waitFor(() => expect(items(container)).toHaveLength(20));
    reachBottom();
    await waitFor(() => expect(loaded(container)).toBe(30));

    act(() => page.events.refresh());
    await waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(3));
    expect(fetchMock).toHaveBeenLastCalledWith(live.id, expect.objectContaining({ offset: 0 }));
    await waitFor(() => expect(items(container)).toHaveLength(20));

    act(() => root.settings.set('order', 'asc'));
    await waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(4));
    expect(fetchMock).toHaveBeenLastCalledWith(live.id, expect.objectContaining({ offset: 0, order: 'asc' }));
  });

  it('lists another gallery by gallery_id and takes its status for the empty state', async () => {
    serve(0);
    const child = makeGallery({ id: 1_000_009, link_id: 'kid009', status: 'wait' });
    const { container } = renderWith(<PhotoArea id="p1" props={{ ...PHOTO_DEFAULTS, gallery_id: child.id }} ctx={ctxOf(live, [child])} />);
    await waitFor(() => expect(byTestId(container, 'empty-state')).toHaveLength(1));
    expect(fetchMock).toHaveBeenCalledWith(child.id, expect.anything());
    expect(byTestId(container, 'empty-state')[0].textContent).toBe('The event has not started yet. Stay tuned!');
  });
});

describe('photo list sentinel (lists too short to scroll)', () => {
  type StubObserver = { targets: Element[]; rootMargin: string; trigger: (on: boolean) => void };
  const stubs = () => (globalThis as unknown as { __intersectionObservers: StubObserver[] }).__intersectionObservers;

  it('loads the next page when the sentinel comes within 800 px of the bottom', async () => {
    serve(45);
    let weappCallback: ((res: { intersectionRatio: number }) => void) | null = null;
    let weappMargin: unknown = null;
    const restore: jest.SpyInstance[] = [];
    if (isWeapp) {
      const observer = {
        relativeToViewport: (m: unknown) => ((weappMargin = m), observer),
        observe: (_sel: string, cb: (res: { intersectionRatio: number }) => void) => ((weappCallback = cb), observer),
        disconnect: jest.fn()
      };
      restore.push(jest.spyOn(Taro, 'createIntersectionObserver').mockReturnValue(observer as never));
      restore.push(jest.spyOn(Taro, 'getCurrentInstance').mockReturnValue({ page: {} } as never));
      restore.push(jest.spyOn(Taro, 'nextTick').mockImplementation((fn: () => void) => fn()));
      restore.push(jest.spyOn(Taro, 'createSelectorQuery').mockReturnValue(fakeSelectorQuery() as never));
    }
    const { container } = renderWith(<PhotoArea id="p1" props={PHOTO_DEFAULTS} ctx={ctxOf(live)} />);
    await waitFor(() => expect(items(container)).toHaveLength(20));
    const enter = (near = true) => {
      if (isWeapp) {
        expect(weappMargin).toEqual({ bottom: 800 });
        weappCallback!({ intersectionRatio: near ? 1 : 0 });
      } else {
        const sentinel = container.querySelector('#photo-sentinel-p1')!;
        const io = stubs().filter((o) => o.targets.includes(sentinel)).pop()!;
        expect(io.rootMargin).toBe('0px 0px 800px 0px');
        io.trigger(near);
      }
    };
    // Far from the bottom: nothing more is asked for.
    act(() => enter(false));
    expect(fetchMock).toHaveBeenCalledTimes(1);
    act(() => enter());
    await waitFor(() => expect(loaded(container)).toBe(40));
    // A fresh observer reports the sentinel still in view: the next page follows without scrolling.
    act(() => enter());
    await waitFor(() => expect(loaded(container)).toBe(45));
    expect(byTestId(container, 'list-end')).toHaveLength(1);
    expect(fetchMock).toHaveBeenCalledTimes(3);
    restore.forEach((s) => s.mockRestore());
  });
});
