import { act, fireEvent, waitFor } from '@testing-library/react';
import Taro from '@tarojs/taro';
import PhotoArea from '../../src/page-components/photo';
import { fetchPhotoList } from '../../src/api/gallery';
import { PHOTO_DEFAULTS, type PhotoDisplayMode, type PhotoProps } from '../../types/page/photo';
import { DEFAULT_CONFIG, DEFAULT_THEME, type Gallery } from '../../types/api/gallery';
import type { Photo, PhotoListQuery } from '../../types/api/photo';
import { byTestId, isWeapp, makeGallery, makePhoto, makeRoot, renderWith, setWindowWidth } from './helpers';
import { cellImage, fakeSelectorQuery, loadedCount, renderedIndexes, scrollListTo, settleFrame } from './photo-helpers';

jest.mock('../../src/api/gallery');
const fetchMock = jest.mocked(fetchPhotoList);

const gallery = makeGallery({ tags: 'Stage, Guests' as unknown as string[], config: { ...DEFAULT_CONFIG, sort: '-shoottime', use_face: 1 } });
const ctx = { gallery, children: [] as Gallery[], theme: DEFAULT_THEME };
const T0 = 1_700_000_000;

/** Varied photos: sizes cycle, shot 10 minutes apart (three to a timeline group), likes descending. */
function photo(i: number): Photo {
  const p = makePhoto(i + 1);
  return { ...p, width: [1500, 1000, 1200][i % 3], height: [1000, 1500, 1200][i % 3], shoottime: T0 - i * 600, love: 10_000 - i };
}

/** The server: `total` photos, `pageSize` a page (the real one serves 20). */
function serve(total: number, pageSize = 20) {
  fetchMock.mockImplementation(async (_g, q: PhotoListQuery) => {
    const offset = q.offset ?? 0;
    const n = Math.max(0, Math.min(pageSize, total - offset));
    const items = Array.from({ length: n }, (_, k) => photo(offset + k));
    return {
      items,
      total,
      pagedata: { offset, page_size: pageSize, next_offset: offset + n, has_more: offset + n < total, sorttype: 'shoottime', order: 'desc' }
    };
  });
}

const restore: jest.SpyInstance[] = [];
beforeEach(() => {
  fetchMock.mockReset();
  setWindowWidth(375);
  Object.defineProperty(window, 'innerHeight', { configurable: true, writable: true, value: 700 });
  window.dispatchEvent(new Event('resize'));
  Object.defineProperty(window, 'scrollY', { configurable: true, value: 0 });
  if (isWeapp) {
    restore.push(jest.spyOn(Taro, 'getCurrentInstance').mockReturnValue({ page: {} } as never));
    restore.push(jest.spyOn(Taro, 'createSelectorQuery').mockReturnValue(fakeSelectorQuery() as never));
    restore.push(jest.spyOn(Taro, 'createIntersectionObserver').mockReturnValue({ relativeToViewport: () => ({ observe: () => undefined }), disconnect: () => undefined } as never));
  }
});
afterEach(() => {
  restore.splice(0).forEach((s) => s.mockRestore());
});

function mount(props: Partial<PhotoProps> = {}, mode?: PhotoDisplayMode) {
  const root = makeRoot();
  if (mode) act(() => root.settings.set('mode', mode));
  return renderWith(<PhotoArea id="p1" props={{ ...PHOTO_DEFAULTS, ...props }} ctx={ctx} />, root);
}

const cells = (el: HTMLElement) => byTestId(el, 'photo-item');
const cellStyle = (el: HTMLElement, i = 0) => (cells(el)[i] as HTMLElement).style;
const srcOf = (el: HTMLElement, i = 0) => cellImage(cells(el)[i]).src;

describe('display modes', () => {
  it('follows the organiser mode while the visitor setting is "system"', async () => {
    serve(40);
    const { container } = mount({ mode: '4' });
    await waitFor(() => expect(cells(container).length).toBeGreaterThan(0));
    expect(byTestId(container, 'photo-area')[0].getAttribute('data-mode')).toBe('4');
  });

  it('mode 1: one column of whole photos in the 750 style', async () => {
    serve(40);
    const { container } = mount({}, '1');
    await waitFor(() => expect(cells(container).length).toBeGreaterThan(0));
    expect(cellStyle(container).width).toBe('363px');
    // A 3:2 photo, then a 2:3 one: heights follow each photo's shape.
    expect(parseFloat(cellStyle(container, 1).height)).toBeGreaterThan(parseFloat(cellStyle(container, 0).height) * 2);
    expect(srcOf(container)).toContain('!wx_750_n');
  });

  it('mode 2: two equal cropped cells a row in the 375 crop style', async () => {
    serve(40);
    const { container } = mount({}, '2');
    await waitFor(() => expect(cells(container).length).toBeGreaterThan(0));
    expect(cellStyle(container, 0).top).toBe(cellStyle(container, 1).top);
    expect(cellStyle(container, 0).height).toBe(cellStyle(container, 1).height);
    expect(cellStyle(container, 2).left).toBe(cellStyle(container, 0).left);
    expect(srcOf(container)).toContain('!wx_375_240');
  });

  it('mode 4: four small cells a row, never the 1920 style', async () => {
    serve(40);
    const { container } = mount({}, '4');
    await waitFor(() => expect(cells(container).length).toBeGreaterThan(0));
    const tops = cells(container).slice(0, 5).map((c) => c.style.top);
    expect(new Set(tops.slice(0, 4)).size).toBe(1);
    expect(tops[4]).not.toBe(tops[0]);
    expect(cells(container).every((c) => cellImage(c).src.includes('!wx_250_160'))).toBe(true);
  });

  it('flow: a header with the time range above each half hour of photos', async () => {
    serve(9);
    const { container } = mount({}, 'flow');
    await waitFor(() => expect(cells(container)).toHaveLength(9));
    const headers = byTestId(container, 'flow-header');
    // Shot 10 minutes apart: groups of three.
    expect(headers).toHaveLength(3);
    expect(headers[0].textContent).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2} - \d{2}:\d{2}$/);
  });

  it('waterfall: two columns of whole photos, each into the shorter column', async () => {
    serve(40);
    const { container } = mount({}, 'waterfall');
    await waitFor(() => expect(cells(container).length).toBeGreaterThan(3));
    const lefts = new Set(cells(container).map((c) => c.style.left));
    expect(lefts.size).toBe(2);
    const heights = new Set(cells(container).map((c) => c.style.height));
    expect(heights.size).toBeGreaterThan(1);
    expect(srcOf(container)).toContain('!wx_750_n');
  });

  it('the layout switch cycles the modes and remembers the choice', async () => {
    serve(40);
    const { container, root } = mount({ mode: 'waterfall' });
    await waitFor(() => expect(cells(container).length).toBeGreaterThan(0));
    const seen: string[] = [];
    for (let i = 0; i < 5; i++) {
      fireEvent.click(byTestId(container, 'mode-switch')[0]);
      seen.push(byTestId(container, 'photo-area')[0].getAttribute('data-mode')!);
    }
    expect(seen).toEqual(['1', '2', '4', 'flow', 'waterfall']);
    expect(root.settings.mode).toBe('waterfall');
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });
});

describe('layout label', () => {
  const columnsShown = (el: HTMLElement) => new Set(cells(el).map((c) => (c as HTMLElement).style.left)).size;

  it('names the columns the list shows: two on a phone, four on a desktop for the same mode', async () => {
    serve(40);
    const phone = mount({}, '2');
    await waitFor(() => expect(cells(phone.container).length).toBeGreaterThan(3));
    const sw = byTestId(phone.container, 'mode-switch')[0];
    expect(sw.getAttribute('data-columns')).toBe('2');
    expect(sw.textContent).toBe('Layout: 2 columns');
    expect(columnsShown(phone.container)).toBe(2);
    phone.unmount();

    setWindowWidth(1280);
    // The mini-program measures the list with a selector query: a wide one this time.
    if (isWeapp) jest.mocked(Taro.createSelectorQuery).mockReturnValue(fakeSelectorQuery(0, 1280) as never);
    const desk = mount({}, '2');
    await waitFor(() => expect(cells(desk.container).length).toBeGreaterThan(7));
    const wide = byTestId(desk.container, 'mode-switch')[0];
    expect(columnsShown(desk.container)).toBe(4);
    expect(wide.getAttribute('data-columns')).toBe('4');
    expect(wide.textContent).toBe('Layout: 4 columns');
    // The next mode (4) shows eight columns on a desktop, and says so.
    fireEvent.click(wide);
    await waitFor(() => expect(columnsShown(desk.container)).toBe(8));
    expect(byTestId(desk.container, 'mode-switch')[0].textContent).toBe('Layout: 8 columns');
  });
});

describe('tag bar', () => {
  it('offers All, Person, Hot and the gallery tags, and filters by a tag', async () => {
    serve(40);
    const { container } = mount();
    await waitFor(() => expect(cells(container).length).toBeGreaterThan(0));
    const tabs = byTestId(container, 'tag-tab');
    expect(tabs.map((x) => x.textContent)).toEqual(['All', 'People', 'Hot', 'Stage', 'Guests']);
    fireEvent.click(tabs[3]);
    await waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(2));
    expect(fetchMock).toHaveBeenLastCalledWith(gallery.id, expect.objectContaining({ tags: 'Stage', offset: 0 }));
    expect(byTestId(container, 'tag-tab')[3].getAttribute('data-active')).toBe('1');
  });

  it('Hot ranks by likes with NO.1 to NO.10 badges', async () => {
    serve(40);
    const { container } = mount();
    await waitFor(() => expect(cells(container).length).toBeGreaterThan(0));
    fireEvent.click(byTestId(container, 'tag-tab')[2]);
    await waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(2));
    expect(fetchMock).toHaveBeenLastCalledWith(gallery.id, expect.objectContaining({ sorttype: '-love', order: 'desc' }));
    await waitFor(() => expect(byTestId(container, 'hot-rank')).toHaveLength(10));
    expect(byTestId(container, 'hot-rank').map((b) => b.textContent)).toEqual(Array.from({ length: 10 }, (_, i) => `NO.${i + 1}`));
    expect(byTestId(container, 'mode-switch')).toHaveLength(0);
  });

  it('Person is offered only with face search on (use_face); its persons: tests/components/face-person-tag.test.tsx', async () => {
    serve(40);
    const root = makeRoot();
    const { container } = renderWith(<PhotoArea id="p1" props={PHOTO_DEFAULTS} ctx={{ ...ctx, gallery: { ...gallery, config: { ...gallery.config, use_face: 0 } } }} />, root);
    await waitFor(() => expect(cells(container).length).toBeGreaterThan(0));
    expect(byTestId(container, 'tag-tab').map((x) => x.textContent)).toEqual(['All', 'Hot', 'Stage', 'Guests']);
  });
});

describe('sort toggle', () => {
  it('switches desc ↔ asc and reloads from the start', async () => {
    serve(40);
    const { container, root } = mount();
    await waitFor(() => expect(cells(container).length).toBeGreaterThan(0));
    expect(byTestId(container, 'sort-toggle')[0].textContent).toBe('Sort: Newest first');
    fireEvent.click(byTestId(container, 'sort-toggle')[0]);
    expect(root.settings.order).toBe('asc');
    await waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(2));
    expect(fetchMock).toHaveBeenLastCalledWith(gallery.id, expect.objectContaining({ order: 'asc', offset: 0 }));
    fireEvent.click(byTestId(container, 'sort-toggle')[0]);
    await waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(3));
    expect(fetchMock).toHaveBeenLastCalledWith(gallery.id, expect.objectContaining({ order: 'desc', offset: 0 }));
  });
});

describe('windowing', () => {
  it.each(['1', '2', '4', 'flow', 'waterfall'] as const)('mode %s renders a bounded number of 20,000 photos wherever it is scrolled', async (mode) => {
    serve(20_000, 20_000);
    const { container } = mount({}, mode);
    await waitFor(() => expect(loadedCount(container)).toBe(20_000));
    const first = cells(container).length;
    expect(first).toBeGreaterThan(0);
    expect(first).toBeLessThanOrEqual(300);
    const canvas = byTestId(container, 'photo-canvas')[0];
    const height = parseFloat(canvas.style.height);
    for (const at of [height / 2, height - 700]) {
      scrollListTo(container, at);
      await settleFrame();
      const idx = renderedIndexes(container);
      expect(idx.length).toBeGreaterThan(0);
      expect(idx.length).toBeLessThanOrEqual(300);
      expect(Math.min(...idx)).toBeGreaterThan(100);
    }
    expect(renderedIndexes(container)).toContain(19_999);
  });
});

describe('position indicator', () => {
  it('shows current/total while scrolling, hides 800 ms later, and offers back-to-top far down', async () => {
    serve(100, 100);
    const { container } = mount({}, '2');
    await waitFor(() => expect(loadedCount(container)).toBe(100));
    expect(byTestId(container, 'position-indicator')).toHaveLength(0);
    expect(byTestId(container, 'back-to-top')).toHaveLength(0);
    jest.useFakeTimers();
    try {
      // Rows are 120 px: 2,400 px down, rows 20 to 25 are on screen.
      scrollListTo(container, 2400);
      act(() => {
        jest.advanceTimersByTime(20);
      });
      const shown = byTestId(container, 'position-indicator');
      expect(shown).toHaveLength(1);
      const [cur, total] = shown[0].textContent!.split('/').map(Number);
      expect(total).toBe(100);
      expect(cur).toBeGreaterThan(40);
      expect(cur).toBeLessThanOrEqual(54);
      expect(byTestId(container, 'back-to-top')).toHaveLength(1);
      // The scroll is measured at once (mini-program) or in the next frame (H5, ≤ 16 ms).
      act(() => {
        jest.advanceTimersByTime(760);
      });
      expect(byTestId(container, 'position-indicator')).toHaveLength(1);
      act(() => {
        jest.advanceTimersByTime(40);
      });
      expect(byTestId(container, 'position-indicator')).toHaveLength(0);
    } finally {
      jest.useRealTimers();
    }
  });
});

describe('pull-to-refresh', () => {
  const drag = (el: HTMLElement, from: number, to: number) => {
    fireEvent.touchStart(el, { touches: [{ clientY: from }] });
    fireEvent.touchMove(el, { touches: [{ clientY: to }] });
  };

  it('a pull of 100 or more reloads the list; a shorter one snaps back', async () => {
    serve(40);
    const { container } = mount();
    await waitFor(() => expect(cells(container).length).toBeGreaterThan(0));
    const area = byTestId(container, 'pull-refresh')[0];
    const loader = () => byTestId(container, 'pull-loader')[0];

    drag(area, 100, 160);
    expect(loader().getAttribute('data-distance')).toBe('60');
    fireEvent.touchEnd(area, { changedTouches: [{ clientY: 160 }] });
    expect(loader().getAttribute('data-phase')).toBe('snapping');
    expect(fetchMock).toHaveBeenCalledTimes(1);

    drag(area, 100, 400);
    expect(loader().getAttribute('data-distance')).toBe('100');
    expect(loader().textContent).toBe('Release to refresh');
    fireEvent.touchEnd(area, { changedTouches: [{ clientY: 400 }] });
    expect(loader().getAttribute('data-distance')).toBe('80');
    await waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(2));
    expect(fetchMock).toHaveBeenLastCalledWith(gallery.id, expect.objectContaining({ offset: 0 }));
    await waitFor(() => expect(loader().getAttribute('data-phase')).toBe('idle'));
  });

  it('does not start when the page is scrolled down', async () => {
    serve(100, 100);
    const { container } = mount();
    await waitFor(() => expect(loadedCount(container)).toBe(100));
    scrollListTo(container, 1500);
    await settleFrame();
    const area = byTestId(container, 'pull-refresh')[0];
    drag(area, 100, 400);
    fireEvent.touchEnd(area, { changedTouches: [{ clientY: 400 }] });
    expect(byTestId(container, 'pull-loader')[0].getAttribute('data-phase')).toBe('idle');
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });
});

describe('new photos banner and viewer', () => {
  it('shows the count of new photos; a click reloads and says how many arrived', async () => {
    serve(40);
    const toast = jest.spyOn(Taro, 'showToast').mockResolvedValue(undefined as never);
    restore.push(toast);
    const { container, page } = mount();
    await waitFor(() => expect(cells(container).length).toBeGreaterThan(0));
    expect(byTestId(container, 'new-photos-banner')).toHaveLength(0);
    act(() => page.events.setNewPhotos(3));
    expect(byTestId(container, 'new-photos-banner')[0].textContent).toBe('3 new photos, tap to refresh');
    // Three new photos come first now.
    fetchMock.mockImplementation(async () => ({
      items: [900_001, 900_002, 900_003].map((id) => ({ ...photo(0), id })).concat(Array.from({ length: 17 }, (_, k) => photo(k))),
      total: 43,
      pagedata: { offset: 0, page_size: 20, next_offset: 20, has_more: true, sorttype: 'shoottime', order: 'desc' }
    }));
    fireEvent.click(byTestId(container, 'new-photos-banner')[0]);
    expect(byTestId(container, 'new-photos-banner')).toHaveLength(0);
    await waitFor(() => expect(toast).toHaveBeenCalledWith(expect.objectContaining({ title: '3 new photos' })));

    // Nothing new since.
    act(() => page.events.setNewPhotos(1));
    fireEvent.click(byTestId(container, 'new-photos-banner')[0]);
    await waitFor(() => expect(toast).toHaveBeenLastCalledWith(expect.objectContaining({ title: 'No new photos' })));
  });

  it('a tap on a photo opens the viewer at that photo', async () => {
    serve(40);
    const { container, page } = mount();
    await waitFor(() => expect(cells(container).length).toBeGreaterThan(2));
    fireEvent.click(cells(container)[2]);
    expect(page.viewer.index).toBe(2);
    expect(page.viewer.current?.id).toBe(3);
  });
});
