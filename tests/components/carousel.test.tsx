// The big-screen carousel (spec part 3 §2 item 11) in H5 and (TARO_ENV_JEST=weapp) the
// mini-program branch: controls and their labels, the interval timer, asc wrap-around,
// the random bag, the flip-card renderer, the paused background, keys and full screen.
import { act, fireEvent } from '@testing-library/react';
import Carousel from '../../src/components/carousel';
import { CarouselStore } from '../../src/stores/carousel/CarouselStore';
import { PhotoListStore } from '../../src/stores/photos/PhotoListStore';
import { preloadImage } from '../../src/platform/preload';
import { imageUrl } from '../../src/utils/image';
import type { PhotoListQuery } from '../../types/api/photo';
import type { CarouselConfig, Gallery } from '../../types/api/gallery';
import { byTestId, isWeapp, makeGallery, makeRoot, photoPage, renderWith } from './helpers';

jest.mock('../../src/platform/preload');
const preload = jest.mocked(preloadImage);

const flush = async () => {
  for (let i = 0; i < 50; i++) await Promise.resolve();
};
/** Let `ms` pass on the fake clock, and the preloads it starts settle. */
const pass = (ms: number) =>
  act(async () => {
    jest.advanceTimersByTime(ms);
    await flush();
  });

async function setup(total: number, config: Partial<CarouselConfig> = {}, over: Partial<Gallery> = {}) {
  const gallery = makeGallery(over);
  const load = jest.fn(async (galleryId: number, q: PhotoListQuery) => {
    const offset = q.offset ?? 0;
    return photoPage(offset, Math.max(0, Math.min(20, total - offset)), total, galleryId);
  });
  const list = new PhotoListStore({ galleryId: gallery.id, sorttype: 'shoottime', order: 'asc' }, load);
  const root = makeRoot('en-US');
  const store = new CarouselStore(list, gallery.id, config);
  store.start();
  await act(flush);
  const r = renderWith(<Carousel store={store} gallery={gallery} />, root);
  const one = (id: string) => byTestId(r.container, id)[0];
  const text = (id: string) => one(id)?.textContent ?? null;
  const shownId = () => Number(byTestId(r.container, 'carousel-slide').find((s) => s.dataset.role === 'enter')?.dataset.id);
  /** Choose a dropdown option: a native <select> in H5, the Picker's change in the mini-program. */
  const choose = (id: string, value: string, index: number) => {
    const el = one(id);
    if (isWeapp) {
      const picker = el.closest('taro-picker-core') ?? el.parentElement!;
      act(() => {
        fireEvent(picker, new CustomEvent('change', { detail: { value: index }, bubbles: true }));
      });
    } else {
      fireEvent.change(el, { target: { value } });
    }
  };
  return { ...r, store, one, text, shownId, choose, gallery, load };
}

beforeEach(() => {
  jest.useFakeTimers();
  preload.mockReset().mockResolvedValue(undefined);
});
afterEach(() => {
  jest.useRealTimers();
});

describe('carousel controls', () => {
  it('labels the toggles and the play button and switches them', async () => {
    const { one, text, store, unmount } = await setup(5);
    expect(text('carousel-play')).toBe('Play');
    expect(text('carousel-qr-toggle')).toBe('Hide QR code');
    expect(text('carousel-danmaku-toggle')).toBe('Live comments: off');
    // The QR code is an H5 feature (the visitor's web address); the mini-program shows none.
    if (isWeapp) expect(one('carousel-qr')).toBeUndefined();
    else {
      expect(text('carousel-qr')).toContain('Scan to see the live photos');
      expect(one('carousel-qr-image').getAttribute('src')).toMatch(/^data:image\/svg\+xml/);
    }
    fireEvent.click(one('carousel-qr-toggle'));
    expect(text('carousel-qr-toggle')).toBe('Show QR code');
    expect(one('carousel-qr')).toBeUndefined();

    expect(one('carousel-danmaku')).toBeUndefined();
    fireEvent.click(one('carousel-danmaku-toggle'));
    expect(text('carousel-danmaku-toggle')).toBe('Live comments: on');
    expect(one('carousel-danmaku')).toBeDefined();

    await act(async () => {
      fireEvent.click(one('carousel-play'));
      await flush();
    });
    expect(text('carousel-play')).toBe('Pause');
    expect(store.playing).toBe(true);
    fireEvent.click(one('carousel-play'));
    expect(text('carousel-play')).toBe('Play');
    act(() => store.dispose());
    unmount();
  });

  it('takes the gallery config: QR off and bullet screen on', async () => {
    const { one, text } = await setup(2, { qrcode: 0, danmuku: 1 });
    expect(one('carousel-qr')).toBeUndefined();
    expect(text('carousel-qr-toggle')).toBe('Show QR code');
    expect(one('carousel-danmaku')).toBeDefined();
  });

  it('offers the intervals 3 to 20 s (default 5) and the chosen one times the show', async () => {
    const { one, choose, shownId, store } = await setup(10);
    if (!isWeapp) {
      const options = Array.from(one('carousel-interval').querySelectorAll('option')).map((o) => o.textContent);
      expect(options).toEqual(['3 s', '5 s', '10 s', '15 s', '20 s']);
      expect((one('carousel-interval') as HTMLSelectElement).value).toBe('5');
    }
    choose('carousel-interval', '10', 2);
    expect(store.settings.time).toBe(10);
    await act(async () => {
      fireEvent.click(one('carousel-play'));
      await flush();
    });
    expect(shownId()).toBe(1);
    await pass(9_999);
    expect(shownId()).toBe(1);
    await pass(1);
    expect(shownId()).toBe(2);
    choose('carousel-interval', '3', 0);
    await pass(3_000);
    expect(shownId()).toBe(3);
    act(() => store.dispose());
  });
});

describe('carousel show', () => {
  it('shows the gallery name over a dimmed photo of the album while paused (never the cover banner), the photos while playing', async () => {
    const cover = 'c'.repeat(64);
    const { one, text, shownId, gallery, container, store } = await setup(3, {}, { cover, name: 'Spring Gala' });
    const backdrop = () => one('carousel-background').querySelector('[data-testid="carousel-backdrop"]')?.getAttribute('src') ?? null;
    expect(one('carousel-background')).toBeDefined();
    expect(text('carousel-name')).toBe('Spring Gala');
    // Before the first play: the album's first photo, not the cover (a banner with its own text).
    expect(backdrop()).toBe(imageUrl(makeFirstHash(), 'wx_1920_n', gallery.id));
    await act(async () => {
      fireEvent.click(one('carousel-play'));
      await flush();
    });
    expect(one('carousel-background')).toBeUndefined();
    const slide = byTestId(container, 'carousel-slide').find((s) => s.dataset.role === 'enter')!;
    expect(slide.querySelector('taro-image-core')!.getAttribute('src')).toBe(imageUrl(makeFirstHash(), 'wx_1920_n', gallery.id));
    expect(shownId()).toBe(1);
    await pass(5_000);
    expect(shownId()).toBe(2);
    // Paused: the name over the photo that was showing.
    fireEvent.click(one('carousel-play'));
    expect(one('carousel-background')).toBeDefined();
    expect(backdrop()).toBe(store.urlOf(store.photos[1]));
    act(() => store.dispose());
  });

  it('uses the cover behind the name only for an album without photos, and says it has none', async () => {
    const cover = 'c'.repeat(64);
    const { one, text, gallery } = await setup(0, {}, { cover, name: 'After Party' });
    expect(text('carousel-name')).toContain('After Party');
    expect(one('carousel-backdrop').getAttribute('src')).toBe(imageUrl(cover, 'wx_1920_n', gallery.id));
    expect(one('carousel-background').textContent).toContain('No photos yet');
  });

  it('shows no image at all while the first photos are still loading', async () => {
    const gallery = makeGallery({ cover: 'c'.repeat(64) });
    const list = new PhotoListStore({ galleryId: gallery.id, sorttype: 'shoottime', order: 'asc' }, () => new Promise(() => undefined));
    const store = new CarouselStore(list, gallery.id, {});
    store.start();
    const r = renderWith(<Carousel store={store} gallery={gallery} />, makeRoot('en-US'));
    expect(byTestId(r.container, 'carousel-name')[0].textContent).toBe('Spring Gala');
    expect(byTestId(r.container, 'carousel-backdrop')).toHaveLength(0);
  });

  it('walks the photos in order, preloading each before it shows, and wraps at the end', async () => {
    const { one, shownId, store, container } = await setup(3);
    await act(async () => {
      fireEvent.click(one('carousel-play'));
      await flush();
    });
    const seen = [shownId()];
    for (let i = 0; i < 3; i++) {
      await pass(5_000);
      seen.push(shownId());
    }
    expect(seen).toEqual([1, 2, 3, 1]);
    expect(preload).toHaveBeenCalledWith(store.urlOf(store.photos[1]));
    // The photo before stays under the entering one while it transitions.
    expect(byTestId(container, 'carousel-slide').map((s) => s.dataset.role)).toEqual(['leave', 'enter']);
    act(() => store.dispose());
  });

  it('in random order shows every photo once before any repeats', async () => {
    const { one, choose, shownId, store } = await setup(8);
    choose('carousel-order', 'random', 1);
    expect(store.settings.order).toBe('random');
    await act(async () => {
      fireEvent.click(one('carousel-play'));
      await flush();
    });
    const seen = [shownId()];
    for (let i = 0; i < 7; i++) {
      await pass(5_000);
      seen.push(shownId());
    }
    expect(new Set(seen).size).toBe(8);
    act(() => store.dispose());
  });

  it('renders flip-card with its own two-faced card, the next photo on the back', async () => {
    const { one, choose, store, container } = await setup(4);
    choose('carousel-effect', 'flip-card', 3);
    await act(async () => {
      fireEvent.click(one('carousel-play'));
      await flush();
    });
    expect(one('carousel-flip')).toBeDefined();
    expect(one('carousel-stage')).toBeUndefined();
    const up = () => byTestId(container, 'carousel-flip-front').concat(byTestId(container, 'carousel-flip-back')).find((f) => f.dataset.up === 'true')!;
    const down = () => byTestId(container, 'carousel-flip-front').concat(byTestId(container, 'carousel-flip-back')).find((f) => f.dataset.up === 'false')!;
    expect(up().dataset.id).toBe('1');
    expect(down().dataset.id).toBe('2');
    await pass(5_000);
    expect(up().dataset.id).toBe('2');
    // Once the card has turned, the face now away gets the photo after.
    await pass(1_000);
    expect(down().dataset.id).toBe('3');
    choose('carousel-effect', 'fade', 0);
    expect(one('carousel-flip')).toBeUndefined();
    expect(one('carousel-stage').dataset.effect).toBe('fade');
    act(() => store.dispose());
  });
});

// The mini-program has no keyboard and no full-screen API; the browser has both.
const onWeapp = (name: string, fn: () => Promise<void>) => (isWeapp ? it(name, fn) : undefined);
const onH5 = (name: string, fn: () => Promise<void>) => (isWeapp ? undefined : it(name, fn));

describe('carousel keys and full screen', () => {
  onWeapp('has no keyboard or full screen in the mini-program: keys do nothing, play just plays', async () => {
    const { one, store, shownId } = await setup(5);
    await act(async () => {
      fireEvent.click(one('carousel-play'));
      await flush();
    });
    expect(store.playing).toBe(true);
    act(() => {
      fireEvent.keyDown(document, { key: 'ArrowRight' });
      fireEvent.keyDown(document, { key: ' ', code: 'Space' });
    });
    expect(shownId()).toBe(1);
    expect(store.playing).toBe(true);
    act(() => store.dispose());
  });

  onH5('plays in full screen in H5; space toggles there, arrows move, leaving full screen pauses', async () => {
    let fullscreen: Element | null = null;
    Object.defineProperty(document, 'fullscreenElement', { configurable: true, get: () => fullscreen });
    const request = jest.fn(async () => {
      fullscreen = document.documentElement;
    });
    document.documentElement.requestFullscreen = request;
    const { one, store, shownId } = await setup(5);
    await act(async () => {
      fireEvent.click(one('carousel-play'));
      await flush();
    });
    expect(request).toHaveBeenCalled();
    await act(async () => {
      fireEvent.keyDown(document, { key: 'ArrowRight' });
      await flush();
    });
    expect(shownId()).toBe(2);
    act(() => {
      fireEvent.keyDown(document, { key: 'ArrowLeft' });
    });
    expect(shownId()).toBe(1);
    act(() => {
      fireEvent.keyDown(document, { key: ' ', code: 'Space' });
    });
    expect(store.playing).toBe(false);
    await act(async () => {
      fireEvent.keyDown(document, { key: ' ', code: 'Space' });
      await flush();
    });
    expect(store.playing).toBe(true);
    fullscreen = null;
    act(() => {
      document.dispatchEvent(new Event('fullscreenchange'));
    });
    expect(store.playing).toBe(false);
    // Out of full screen, space does nothing.
    act(() => {
      fireEvent.keyDown(document, { key: ' ', code: 'Space' });
    });
    expect(store.playing).toBe(false);
    act(() => store.dispose());
    delete (document as { fullscreenElement?: unknown }).fullscreenElement;
  });

  it('hides the control bar after 3 s without mouse movement while playing', async () => {
    const { one, store } = await setup(5);
    await act(async () => {
      fireEvent.click(one('carousel-play'));
      await flush();
    });
    expect(one('carousel-controls').dataset.hidden).toBe('false');
    await pass(2_999);
    expect(one('carousel-controls').dataset.hidden).toBe('false');
    await pass(1);
    expect(one('carousel-controls').dataset.hidden).toBe('true');
    act(() => {
      // A mouse moving (H5) or a touch on the screen brings it back.
      if (isWeapp) fireEvent.touchStart(one('carousel'));
      else fireEvent.mouseMove(document);
    });
    expect(one('carousel-controls').dataset.hidden).toBe('false');
    fireEvent.click(one('carousel-play'));
    await pass(10_000);
    expect(one('carousel-controls').dataset.hidden).toBe('false');
    act(() => store.dispose());
  });
});

function makeFirstHash() {
  return (1).toString(16).padStart(64, '0');
}
