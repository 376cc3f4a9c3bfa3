// The bullet-screen layer (spec part 3 §2, §4, §9; part 1 §2) in H5 and (TARO_ENV_JEST=weapp) the
// mini-program: live `text` and `question` messages drawn as text (markup stays inert), sized from
// 24–64 design units, moved by a CSS animation for their duration and removed after it; the venue
// screen's toggle and the gallery's `danmuku` setting; the viewer's switch remembered as danSwitch.
import { act, fireEvent } from '@testing-library/react';
import { runInAction } from 'mobx';
import DanmakuLayer from '../../src/components/danmaku';
import Carousel from '../../src/components/carousel';
import Viewer from '../../src/components/viewer';
import { CarouselStore } from '../../src/stores/carousel/CarouselStore';
import { PhotoListStore } from '../../src/stores/photos/PhotoListStore';
import { DanmakuStore } from '../../src/stores/danmaku/DanmakuStore';
import { getDanmakuSwitch } from '../../src/stores/danmaku/factory';
import type { LiveHandlers } from '../../types/live';
import { DEFAULT_CONFIG, type CarouselConfig } from '../../types/api/gallery';
import { byTestId, isWeapp, makeGallery, makeRoot, photoPage, renderWith, setWindowWidth } from './helpers';
import { viewerMocks } from './viewer-helpers';

jest.mock('../../src/platform/preload');
jest.mock('../../src/api/viewer');
// The viewer's API and preloader answer (registered before this file's beforeEach, which turns fake timers on).
viewerMocks();

const XSS = '<img src=x onerror="window.__xss=1"><script>window.__xss=2</script>';

/** A live connection stand-in: the handlers watched, and a way to send a message. */
function fakeLive() {
  const handlers: Array<{ gallery: number; h: LiveHandlers; stopped: boolean }> = [];
  const watch = jest.fn((gallery: number, h: LiveHandlers) => {
    const entry = { gallery, h, stopped: false };
    handlers.push(entry);
    return () => {
      entry.stopped = true;
    };
  });
  const send = (type: 'text' | 'question', id: number, content: string) =>
    act(() => {
      for (const e of handlers) if (!e.stopped) e.h[type]!({ id, content, nickname: 'n', photo: '' }, e.gallery);
      jest.advanceTimersByTime(16);
    });
  return { watch, send, handlers, active: () => handlers.filter((e) => !e.stopped).length };
}

beforeEach(() => {
  jest.useFakeTimers();
  setWindowWidth(375);
  delete (window as { __xss?: number }).__xss;
});
afterEach(() => {
  jest.useRealTimers();
});

describe('bullet-screen layer', () => {
  function setup(random = () => 0) {
    const live = fakeLive();
    const store = new DanmakuStore({ galleryId: 7, watch: live.watch, random });
    const r = renderWith(<DanmakuLayer store={store} fit="page" share={0.5} />, makeRoot('en-US'));
    act(() => store.start());
    const bullets = () => byTestId(r.container, 'danmaku-bullet');
    return { ...r, store, live, bullets };
  }

  it('draws a live message as text: markup in it is shown, never run', () => {
    const { live, bullets, container } = setup();
    live.send('text', 1, XSS);
    expect(bullets()).toHaveLength(1);
    expect(bullets()[0].textContent).toBe(XSS);
    expect(container.querySelector('img, script, taro-image-core')).toBeNull();
    expect((window as { __xss?: number }).__xss).toBeUndefined();
  });

  it('sizes from the five design sizes at the screen scale, a colour, and a compositor animation of its duration', () => {
    // Random 0.99 for every pick: size 64, duration 5000 + 1980 ms, the last colour.
    const { live, bullets } = setup(() => 0.99);
    live.send('text', 1, 'hello');
    const el = bullets()[0];
    // 375 px wide: 0.5 CSS px per design unit, so 64 → 32 px.
    expect(el.dataset.size).toBe('64');
    expect(el.style.fontSize).toBe('32px');
    expect(el.style.animationDuration).toBe('6980ms');
    expect(el.style.top).toBe('0px');
    expect(el.style.color).not.toBe('');
    expect(el.className).toContain('danmaku-bullet');
  });

  it('a question carries its tag; every message leaves after its duration', () => {
    const { live, bullets } = setup();
    live.send('question', 2, 'Where is the stage?');
    expect(bullets()[0].dataset.kind).toBe('question');
    expect(bullets()[0].textContent).toBe('QWhere is the stage?');
    // On for 5000 ms from its tick; the next tick after that takes it off.
    act(() => {
      jest.advanceTimersByTime(4980);
    });
    expect(bullets()).toHaveLength(1);
    act(() => {
      jest.advanceTimersByTime(40);
    });
    expect(bullets()).toHaveLength(0);
  });

  it('stopping clears the layer', () => {
    const { live, bullets, store } = setup();
    live.send('text', 1, 'one');
    live.send('text', 2, 'two');
    expect(bullets()).toHaveLength(2);
    act(() => store.stop());
    expect(bullets()).toHaveLength(0);
    expect(live.active()).toBe(0);
  });
});

describe('the venue screen', () => {
  async function screen(config: Partial<CarouselConfig>) {
    const gallery = makeGallery();
    const list = new PhotoListStore({ galleryId: gallery.id, sorttype: 'shoottime', order: 'asc' }, jest.fn(async () => photoPage(0, 0, 0)));
    const root = makeRoot('en-US');
    const live = fakeLive();
    jest.spyOn(root.live, 'watch').mockImplementation(live.watch);
    const store = new CarouselStore(list, gallery.id, config);
    const r = renderWith(<Carousel store={store} gallery={gallery} />, root);
    const one = (id: string) => byTestId(r.container, id)[0];
    return { ...r, live, one, bullets: () => byTestId(r.container, 'danmaku-bullet') };
  }

  it('with danmuku above 0 the layer runs: a live text message flies over the show, as text', async () => {
    const { live, one, bullets } = await screen({ danmuku: 1 });
    expect(live.watch).toHaveBeenCalledWith(1_000_001, expect.any(Object));
    live.send('text', 1, XSS);
    expect(one('carousel-danmaku').contains(bullets()[0])).toBe(true);
    expect(bullets()[0].textContent).toBe(XSS);
    expect(one('carousel-danmaku').querySelector('img, script')).toBeNull();
  });

  it('danmuku 0: no layer and no listening until the toggle; off again stops and clears', async () => {
    const { live, one, bullets } = await screen({ danmuku: 0 });
    expect(one('carousel-danmaku')).toBeUndefined();
    expect(live.active()).toBe(0);
    fireEvent.click(one('carousel-danmaku-toggle'));
    expect(live.active()).toBe(1);
    live.send('text', 1, 'hi');
    expect(bullets()).toHaveLength(1);
    fireEvent.click(one('carousel-danmaku-toggle'));
    expect(one('carousel-danmaku')).toBeUndefined();
    expect(live.active()).toBe(0);
    // Turned on again: an empty screen, nothing left over.
    fireEvent.click(one('carousel-danmaku-toggle'));
    expect(bullets()).toHaveLength(0);
  });
});

describe('the viewer', () => {
  async function open(useComment: number) {
    const root = makeRoot('en-US');
    const live = fakeLive();
    jest.spyOn(root.live, 'watch').mockImplementation(live.watch);
    const r = renderWith(<Viewer />, root);
    const list = new PhotoListStore({ galleryId: 1_000_001, order: 'desc' }, jest.fn(async () => photoPage(0, 3, 3)));
    await act(async () => {
      await list.loadMore();
    });
    act(() => {
      runInAction(() => (r.page.gallery.gallery = makeGallery({ config: { ...DEFAULT_CONFIG, use_comment: useComment } })));
      r.page.viewer.open(list, 0);
    });
    const one = (id: string) => byTestId(r.container, id)[0];
    return { ...r, live, one, bullets: () => byTestId(r.container, 'danmaku-bullet') };
  }

  it('has a danmaku switch: on by default, remembered as danSwitch; off stops and clears', async () => {
    act(() => getDanmakuSwitch().set(true));
    const { one, live, bullets } = await open(1);
    expect(one('viewer-danmaku-toggle').textContent).toBe('Live comments: on');
    live.send('text', 1, 'nice photo');
    expect(bullets()).toHaveLength(1);
    fireEvent.click(one('viewer-danmaku-toggle'));
    expect(one('viewer-danmaku-toggle').textContent).toBe('Live comments: off');
    expect(bullets()).toHaveLength(0);
    expect(live.active()).toBe(0);
    // Device storage: localStorage in H5 (Taro keeps a JSON envelope), wx storage in the mini-program.
    if (!isWeapp) expect(window.localStorage.getItem('danSwitch')).toContain('false');
    fireEvent.click(one('viewer-danmaku-toggle'));
    expect(live.active()).toBe(1);
  });

  it('no switch and no layer for a gallery without comments', async () => {
    const { one, live } = await open(0);
    expect(one('viewer-danmaku-toggle')).toBeUndefined();
    expect(live.active()).toBe(0);
  });
});

describe('a page under another one', () => {
  it('stops its bullet screen while hidden and starts it again when shown', async () => {
    const root = makeRoot('en-US');
    const live = fakeLive();
    jest.spyOn(root.live, 'watch').mockImplementation(live.watch);
    act(() => getDanmakuSwitch().set(true));
    const r = renderWith(<Viewer />, root);
    const list = new PhotoListStore({ galleryId: 1_000_001, order: 'desc' }, jest.fn(async () => photoPage(0, 3, 3)));
    await act(async () => {
      await list.loadMore();
    });
    act(() => {
      runInAction(() => (r.page.gallery.gallery = makeGallery({ config: { ...DEFAULT_CONFIG, use_comment: 1 } })));
      r.page.viewer.open(list, 0);
    });
    live.send('text', 1, 'before');
    expect(byTestId(r.container, 'danmaku-bullet')).toHaveLength(1);
    act(() => r.page.live.hide());
    expect(byTestId(r.container, 'danmaku-bullet')).toHaveLength(0);
    expect(live.active()).toBe(0);
    act(() => r.page.live.show());
    expect(live.active()).toBe(1);
  });
});
