import { act, fireEvent } from '@testing-library/react';
import SlideHead, { slideInterval } from '../../src/page-components/slidehead';
import Tips, { marqueeSeconds } from '../../src/page-components/tips';
import { SLIDEHEAD_DEFAULTS, SLIDEHEAD_SINGLE_INTERVAL } from '../../types/page/slidehead';
import { TIPS_DEFAULTS } from '../../types/page/tips';
import { DEFAULT_THEME } from '../../types/api/gallery';
import { openLink } from '../../src/platform/navigate';
import { imageUrl } from '../../src/utils/image';
import { setImageTicket } from '../../src/utils/imageTickets';
import { byTestId, isWeapp, makeGallery, renderWith } from './helpers';

jest.mock('../../src/platform/navigate', () => ({ ...jest.requireActual('../../src/platform/navigate'), openLink: jest.fn() }));

const ctx = { gallery: makeGallery(), children: [], theme: DEFAULT_THEME };
const hash = (c: string) => c.repeat(64);
const swiperOf = (el: HTMLElement) => el.querySelector('taro-swiper-core') as HTMLElement & Record<string, unknown>;
const dotsOf = (el: HTMLElement) => Array.from(el.querySelectorAll('[data-testid="slider-dot"]')) as HTMLElement[];

/** What the slider was told, read from the platform's own element: the native swiper's props, or the browser row's dots. */
function sliderOf(container: HTMLElement): { dots: number; circular?: unknown; autoplay?: unknown; interval?: unknown } {
  if (isWeapp) {
    const sw = swiperOf(container);
    return { dots: sw.indicatorDots ? byTestId(container, 'slidehead-slide').length : 0, circular: sw.circular, autoplay: sw.autoplay, interval: sw.interval };
  }
  return { dots: dotsOf(container).length };
}

/** The browser window's width (jsdom's is 1024); the mini-program's comes from Taro.getWindowInfo. */
const setWidth = (w: number) => {
  Object.defineProperty(window, 'innerWidth', { configurable: true, value: w });
  window.dispatchEvent(new Event('resize'));
};

beforeEach(() => {
  jest.mocked(openLink).mockClear();
  setWidth(375);
});
afterEach(() => jest.useRealTimers());

describe('slidehead', () => {
  it('shows one slide per image, with dots, turning every 5 s by default', () => {
    const items = [{ image: hash('a') }, { image: hash('b') }, { image: hash('c') }];
    const { container } = renderWith(<SlideHead id="s" props={{ ...SLIDEHEAD_DEFAULTS, items }} ctx={ctx} />);
    expect(byTestId(container, 'slidehead')).toHaveLength(1);
    expect(byTestId(container, 'slidehead-slide')).toHaveLength(3);
    const slider = sliderOf(container);
    expect(slider.dots).toBe(3);
    if (isWeapp) expect([slider.circular, slider.autoplay, slider.interval]).toEqual([true, true, 5000]);
    const srcs = Array.from(container.querySelectorAll('taro-image-core')).map((i) => i.getAttribute('src'));
    expect(srcs).toEqual(['a', 'b', 'c'].map((c) => imageUrl(hash(c), 'wx_750_n')));
    expect(srcs[0]).toMatch(/\/img\/a{64}!wx_750_n$/);
  });

  if (!isWeapp) {
    it('requests the banner at wx_1920_n on a wide screen (above 800 px), as the document preloads it', () => {
      setWidth(1280);
      const { container } = renderWith(<SlideHead id="s" props={{ ...SLIDEHEAD_DEFAULTS, items: [{ image: hash('a') }] }} ctx={ctx} />);
      expect(container.querySelector('taro-image-core')!.getAttribute('src')).toBe(imageUrl(hash('a'), 'wx_1920_n'));
      // Lower than the image's ratio there: the whole image (never its baked-in text cut), over a blurred fill of itself.
      expect(container.querySelector('.slidehead__image')!.getAttribute('mode')).toBe('aspectFit');
      expect(byTestId(container, 'slidehead-backdrop').map((b) => b.getAttribute('src'))).toEqual([imageUrl(hash('a'), 'wx_1920_n')]);
      setWidth(800);
      const { container: narrow } = renderWith(<SlideHead id="n" props={{ ...SLIDEHEAD_DEFAULTS, items: [{ image: hash('a') }] }} ctx={ctx} />);
      expect(narrow.querySelector('taro-image-core')!.getAttribute('src')).toBe(imageUrl(hash('a'), 'wx_750_n'));
      expect(narrow.querySelector('.slidehead__image')!.getAttribute('mode')).toBe('aspectFill');
      expect(byTestId(narrow, 'slidehead-backdrop')).toEqual([]);
    });
  }

  it("a gated page's slides carry its image ticket once the visitor holds one (<img> sends no token); an open page's stay bare", () => {
    const items = [{ image: hash('a') }];
    setImageTicket(ctx.gallery.id, '7200.abcdefghijklmnopqrstuv');
    try {
      const { container } = renderWith(<SlideHead id="s" props={{ ...SLIDEHEAD_DEFAULTS, items }} ctx={ctx} />);
      expect(container.querySelector('taro-image-core')!.getAttribute('src')).toMatch(new RegExp(`/img/a{64}!wx_750_n\\?g=${ctx.gallery.id}&p=7200\\.abcdefghijklmnopqrstuv$`));
    } finally {
      setImageTicket(ctx.gallery.id, null);
    }
    const { container } = renderWith(<SlideHead id="b" props={{ ...SLIDEHEAD_DEFAULTS, items }} ctx={ctx} />);
    expect(container.querySelector('taro-image-core')!.getAttribute('src')).toMatch(/\/img\/a{64}!wx_750_n$/);
  });

  it('uses the configured interval and sizes the carousel by ratio', () => {
    const items = [{ image: hash('a') }, { image: hash('b') }];
    const { container } = renderWith(<SlideHead id="s" props={{ items, interval: 3000, ratio: 0.6 }} ctx={ctx} />);
    if (isWeapp) expect(swiperOf(container).interval).toBe(3000);
    expect(byTestId(container, 'slidehead')[0].style.paddingTop).toBe('60%');
  });

  it('a single slide has no dots and a 1 h interval', () => {
    const { container } = renderWith(<SlideHead id="s" props={{ ...SLIDEHEAD_DEFAULTS, items: [{ image: hash('a') }] }} ctx={ctx} />);
    expect(byTestId(container, 'slidehead-slide')).toHaveLength(1);
    expect(sliderOf(container).dots).toBe(0);
    if (isWeapp) expect(swiperOf(container).interval).toBe(SLIDEHEAD_SINGLE_INTERVAL);
    expect(slideInterval(1, 5000)).toBe(3_600_000);
    expect(slideInterval(2, 0)).toBe(5000);
  });

  if (!isWeapp) {
    it('in browsers: turns to the next slide every interval, wraps after the last, waits while held, and a dot turns to its slide', () => {
      jest.useFakeTimers();
      const items = [{ image: hash('a') }, { image: hash('b') }, { image: hash('c') }];
      const { container } = renderWith(<SlideHead id="s" props={{ items, interval: 3000, ratio: 0.5 }} ctx={ctx} />);
      const track = container.querySelector('.slider__track') as HTMLDivElement;
      // jsdom lays nothing out: give the row a width and record where it is told to scroll.
      Object.defineProperty(track, 'clientWidth', { configurable: true, value: 400 });
      const scrolls: number[] = [];
      track.scrollTo = ((o: ScrollToOptions) => {
        scrolls.push(o.left ?? 0);
        track.scrollLeft = o.left ?? 0;
        fireEvent.scroll(track);
      }) as typeof track.scrollTo;
      act(() => void jest.advanceTimersByTime(3000));
      expect(scrolls).toEqual([400]);
      expect(dotsOf(container).map((d) => d.dataset.active)).toEqual(['false', 'true', 'false']);
      act(() => void jest.advanceTimersByTime(3000));
      act(() => void jest.advanceTimersByTime(3000));
      expect(scrolls).toEqual([400, 800, 0]);
      fireEvent.touchStart(track);
      act(() => void jest.advanceTimersByTime(9000));
      expect(scrolls).toHaveLength(3);
      fireEvent.touchEnd(track);
      act(() => void fireEvent.click(dotsOf(container)[2]));
      expect(scrolls[3]).toBe(800);
      expect(dotsOf(container)[2].dataset.active).toBe('true');
    });
  }

  it('opens a slide link on tap, and renders nothing without images', () => {
    const link = { type: 'gallery' as const, value: 'kid001' };
    const { container } = renderWith(<SlideHead id="s" props={{ ...SLIDEHEAD_DEFAULTS, items: [{ image: hash('a'), link }, { image: hash('b') }] }} ctx={ctx} />);
    const [first, second] = byTestId(container, 'slidehead-slide');
    fireEvent.click(first);
    expect(openLink).toHaveBeenCalledWith(link, { homeLinkId: 'abc123' });
    fireEvent.click(second);
    expect(openLink).toHaveBeenCalledTimes(1);
    const { container: empty } = renderWith(<SlideHead id="e" props={SLIDEHEAD_DEFAULTS} ctx={ctx} />);
    expect(byTestId(empty, 'slidehead')).toHaveLength(0);
  });
});

describe('tips', () => {
  it('shows its text with an icon; short text stays still', () => {
    const { container } = renderWith(<Tips id="t" props={{ text: 'Photos are uploaded live' }} ctx={ctx} />);
    expect(byTestId(container, 'tips')).toHaveLength(1);
    const text = byTestId(container, 'tips-text')[0];
    expect(text.textContent).toBe('Photos are uploaded live');
    expect(text.className).not.toContain('tips__text--scroll');
    // The notice glyph of the icon font, in the theme colour.
    const icon = container.querySelector('.tips__icon') as HTMLElement;
    expect(icon.className).toContain('at-icon-bell');
    expect(icon.style.color).toBe('rgb(80, 211, 205)');
  });

  it('scrolls a long text', () => {
    const long = '欢迎参加本次年度盛典，现场照片将实时上传，请关注本页面并分享给您的朋友们，感谢您的到来';
    const { container } = renderWith(<Tips id="t" props={{ text: long }} ctx={ctx} />);
    const text = byTestId(container, 'tips-text')[0];
    expect(text.className).toContain('tips__text--scroll');
    expect(text.style.animationDuration).toBe(`${marqueeSeconds(long)}s`);
    expect(marqueeSeconds(long)).toBeGreaterThan(0);
  });

  it('follows its link on tap; renders nothing without text', () => {
    const link = { type: 'custom' as const, url: 'https://example.com/' };
    const { container } = renderWith(<Tips id="t" props={{ text: 'Read the programme', link }} ctx={ctx} />);
    expect(byTestId(container, 'tips-link')).toHaveLength(1);
    fireEvent.click(byTestId(container, 'tips')[0]);
    expect(openLink).toHaveBeenCalledWith(link, { homeLinkId: 'abc123' });
    const { container: empty } = renderWith(<Tips id="e" props={TIPS_DEFAULTS} ctx={ctx} />);
    expect(byTestId(empty, 'tips')).toHaveLength(0);
  });
});
