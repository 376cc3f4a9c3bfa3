/**
 * The content components of issue 14 part 2 still missing before: buttongroup, tab, guide, hot and
 * hot_pic, carousel, iframe, code (and the miniprogram link). One render with each type's defaults and
 * one with full props, and their behaviour; runs in the H5 and the weapp (TARO_ENV_JEST=weapp) project.
 */
import { act, fireEvent } from '@testing-library/react';
import { PageRenderer } from '../../src/page-components/PageRenderer';
import { openLink, openUrl } from '../../src/platform/navigate';
import * as measure from '../../src/platform/measure';
import { PAGE_COMPONENT_DEFAULTS, type PageComponent } from '../../types/page';
import { fetchPhotoList } from '../../src/api/gallery';
import { byTestId, isWeapp, makeGallery, photoPage, renderWith } from './helpers';

jest.mock('../../src/api/gallery', () => ({ ...jest.requireActual('../../src/api/gallery'), fetchPhotoList: jest.fn() }));
jest.mock('../../src/platform/preload', () => ({ preloadImage: jest.fn(() => Promise.resolve()) }));
jest.mock('../../src/platform/navigate', () => ({ ...jest.requireActual('../../src/platform/navigate'), openLink: jest.fn(), openUrl: jest.fn() }));

const hash = (c: string) => c.repeat(64);
const gallery = makeGallery({ id: 42, link_id: 'child001', parent: 7, parent_link_id: 'event001' });
const page = (components: PageComponent[]) => <PageRenderer pagedata={{ components }} context={{ gallery, children: [] }} />;
/** Let lazily loaded components (lazyBlock) and their first loads settle. */
const settle = async () => {
  for (let i = 0; i < 5; i++) await act(async () => undefined);
};
/** Render and settle. */
const show = async (...args: Parameters<typeof renderWith>) => {
  const r = renderWith(...args);
  await settle();
  return r;
};

beforeEach(() => {
  jest.mocked(openLink).mockClear();
  jest.mocked(openUrl).mockClear();
  jest.mocked(fetchPhotoList).mockReset();
  jest.mocked(fetchPhotoList).mockResolvedValue(photoPage(0, 0, 0, 42));
});

describe('buttongroup', () => {
  const full: PageComponent = {
    id: 'bg',
    type: 'buttongroup',
    props: {
      buttons: [
        { text: 'Sponsors', modal: 'sponsor' },
        { text: 'Guests', modal: 'guest' },
        { text: 'About', modal: 'activity', icon: hash('i') },
        { text: 'Tickets', link: { type: 'gallery', link_id: 'tick001' } },
        { text: 'Nothing', link: { type: 'empty' } }
      ],
      color: '#123456',
      sponsors: [{ name: 'Riverside Bank', desc: 'Main sponsor', logo: hash('l'), link: { type: 'custom', url: 'https://bank.example' } }, { name: 'Kite Coffee' }],
      guests: [{ name: 'Ada Lin', desc: 'Host of the evening' }],
      activity: { title: 'Spring Gala', time: '17:30 – 23:00', place: 'Grand Hall', detail: 'Awards, dinner and music.' }
    }
  };

  it('renders nothing with its defaults', async () => {
    expect(PAGE_COMPONENT_DEFAULTS.buttongroup).toEqual({ buttons: [], columns: 0, sponsors: [], guests: [] });
    const { container } = await show(page([{ id: 'bg', type: 'buttongroup' }]));
    expect(byTestId(container, 'buttongroup')).toHaveLength(0);
  });

  it('shows the buttons that do something; a link button follows its link', async () => {
    const { container } = await show(page([full]));
    const buttons = byTestId(container, 'buttongroup-button');
    expect(buttons.map((b) => b.textContent)).toEqual(['Sponsors', 'Guests', 'About', 'Tickets']);
    expect(byTestId(container, 'buttongroup')[0].getAttribute('data-columns')).toBe('4');
    fireEvent.click(buttons[3]);
    expect(openLink).toHaveBeenCalledWith({ type: 'gallery', link_id: 'tick001' }, { homeLinkId: 'event001' });
  });

  it('a modal button without content is not shown', async () => {
    const { container } = await show(page([{ id: 'bg', type: 'buttongroup', props: { buttons: [{ text: 'Sponsors', modal: 'sponsor' }, { text: 'Guests', modal: 'guest' }] } }]));
    expect(byTestId(container, 'buttongroup')).toHaveLength(0);
  });

  it('opens the sponsor, guest and activity modals; × closes; a sponsor with a link follows it', async () => {
    const { container } = await show(page([full]));
    const buttons = byTestId(container, 'buttongroup-button');
    fireEvent.click(buttons[0]);
    expect(byTestId(container, 'buttongroup-sheet')[0].getAttribute('data-modal')).toBe('sponsor');
    // A sponsor without a logo shows its initial.
    expect(byTestId(container, 'buttongroup-sponsor').map((s) => s.textContent)).toEqual(['Riverside BankMain sponsor', 'KKite Coffee']);
    fireEvent.click(byTestId(container, 'buttongroup-sponsor')[0]);
    expect(openLink).toHaveBeenCalledWith({ type: 'custom', url: 'https://bank.example' }, { homeLinkId: 'event001' });
    fireEvent.click(byTestId(container, 'buttongroup-sheet-close')[0]);
    expect(byTestId(container, 'buttongroup-sheet')).toHaveLength(0);
    fireEvent.click(buttons[1]);
    expect(byTestId(container, 'buttongroup-guest').map((g) => g.textContent)).toEqual(['AAda LinHost of the evening']);
    fireEvent.click(byTestId(container, 'buttongroup-sheet-close')[0]);
    fireEvent.click(buttons[2]);
    const activity = byTestId(container, 'buttongroup-activity')[0].textContent;
    expect(activity).toContain('Spring Gala');
    expect(activity).toContain('17:30 – 23:00');
    expect(activity).toContain('Grand Hall');
    expect(activity).toContain('Awards, dinner and music.');
  });
});

describe('tab', () => {
  const tips = (text: string): PageComponent => ({ id: `t-${text}`, type: 'tips', props: { text } });
  const items = [
    { title: 'Programme', children: [tips('Doors 17:30')] },
    { title: 'Venue', children: [tips('Grand Hall')] },
    { title: 'Help', children: [tips('Desk by the door')] }
  ];
  const tabTitles = (el: HTMLElement) => Array.from(el.querySelectorAll('.at-tabs__item')).map((i) => i.textContent);

  afterEach(() => jest.useRealTimers());

  it('renders nothing with its defaults', async () => {
    expect(PAGE_COMPONENT_DEFAULTS.tab).toEqual({ items: [], mode: 'top', active: 0 });
    const { container } = await show(page([{ id: 'tb', type: 'tab' }]));
    expect(byTestId(container, 'tab')).toHaveLength(0);
  });

  it('top mode: the configured first tab shows its components; a tap switches, and the choice is remembered for the next visit', async () => {
    const comps: PageComponent[] = [{ id: 'tb', type: 'tab', props: { items, active: 1 } }];
    const first = await show(page(comps));
    const root = first.root;
    expect(tabTitles(first.container)).toEqual(['Programme', 'Venue', 'Help']);
    expect(byTestId(first.container, 'tab')[0].getAttribute('data-mode')).toBe('top');
    expect(byTestId(first.container, 'tips-text').map((t) => t.textContent)).toEqual(['Grand Hall']);
    fireEvent.click(first.container.querySelectorAll('.at-tabs__item')[2]);
    expect(byTestId(first.container, 'tab')[0].getAttribute('data-current')).toBe('2');
    // Visited tabs keep their components; the one never opened has none yet.
    expect(byTestId(first.container, 'tips-text').map((t) => t.textContent)).toEqual(['Grand Hall', 'Desk by the door']);
    first.unmount();
    const again = await show(page(comps), root);
    expect(byTestId(again.container, 'tab')[0].getAttribute('data-current')).toBe('2');
    expect(byTestId(again.container, 'tips-text').map((t) => t.textContent)).toEqual(['Desk by the door']);
    again.unmount();
    // Another tab component on the page remembers its own choice.
    const other = await show(page([{ id: 'tb2', type: 'tab', props: { items } }]), root);
    expect(byTestId(other.container, 'tab')[0].getAttribute('data-current')).toBe('0');
  });

  it('a remembered tab that no longer exists falls back to the configured one', async () => {
    const { root } = await show(page([]));
    const big = await show(page([{ id: 'tb', type: 'tab', props: { items } }]), root);
    fireEvent.click(big.container.querySelectorAll('.at-tabs__item')[2]);
    big.unmount();
    const small = await show(page([{ id: 'tb', type: 'tab', props: { items: items.slice(0, 2), active: 1 } }]), root);
    expect(byTestId(small.container, 'tab')[0].getAttribute('data-current')).toBe('1');
  });
});

describe('tab, left mode', () => {
  afterEach(() => jest.useRealTimers());

  it('measures the shown pane 16 ms after each change and sizes the box to it (never shorter than the column of tabs)', async () => {
    jest.useFakeTimers();
    const heights: Record<string, number> = { '#tab-tb-pane-0': 300, '#tab-tb-pane-1': 80, '#tab-tb .at-tabs__header': 120 };
    const spy = jest.spyOn(measure, 'measureHeight').mockImplementation((sel: string) => Promise.resolve(heights[sel] ?? null));
    const items = [
      { title: 'One', children: [{ id: 'a', type: 'tips', props: { text: 'Long' } }] },
      { title: 'Two', children: [{ id: 'b', type: 'tips', props: { text: 'Short' } }] }
    ];
    const { container } = await show(page([{ id: 'tb', type: 'tab', props: { items, mode: 'left' } }]));
    const box = () => byTestId(container, 'tab')[0];
    expect(box().getAttribute('data-mode')).toBe('left');
    expect(spy).not.toHaveBeenCalled();
    await act(async () => {
      jest.advanceTimersByTime(15);
    });
    expect(spy).not.toHaveBeenCalled();
    await act(async () => {
      jest.advanceTimersByTime(1);
    });
    expect(spy).toHaveBeenCalledWith('#tab-tb-pane-0');
    expect(box().getAttribute('data-height')).toBe('300');
    expect((box().querySelector('.at-tabs') as HTMLElement).style.height).toBe('300px');
    fireEvent.click(container.querySelectorAll('.at-tabs__item')[1]);
    await act(async () => {
      jest.advanceTimersByTime(16);
    });
    expect(spy).toHaveBeenCalledWith('#tab-tb-pane-1');
    expect(box().getAttribute('data-height')).toBe('120');
    spy.mockRestore();
  });
});

describe('guide (splash page)', () => {
  const full = (over: Record<string, unknown> = {}): PageComponent => ({
    id: 'splash',
    type: 'guide',
    props: { image: hash('s'), autoPlay: true, duration: 3, link: { type: 'gallery', link_id: 'tick001' }, showBar: true, barColor: '#ff0000', opacity: 0.3, ...over }
  });
  afterEach(() => jest.useRealTimers());

  it('renders nothing with its defaults (no picture)', async () => {
    expect(PAGE_COMPONENT_DEFAULTS.guide).toEqual({ autoPlay: true, duration: 5, showBar: true, barColor: '#000000', opacity: 0.5 });
    const { container } = await show(page([{ id: 'g', type: 'guide' }]));
    expect(byTestId(container, 'guide')).toHaveLength(0);
  });

  it('counts down each second on the skip bar, in the bar colour and opacity, and closes by itself at 0 (autoPlay)', async () => {
    jest.useFakeTimers();
    const { container } = await show(page([full()]));
    expect(byTestId(container, 'guide')).toHaveLength(1);
    const skip = () => byTestId(container, 'guide-skip')[0];
    expect(skip().textContent).toBe('Skip 3s');
    const bg = skip().firstElementChild as HTMLElement;
    expect(bg.style.opacity).toBe('0.3');
    expect(bg.style.background).toMatch(/#ff0000|rgb\(255, 0, 0\)/);
    act(() => {
      jest.advanceTimersByTime(1000);
    });
    expect(skip().textContent).toBe('Skip 2s');
    act(() => {
      jest.advanceTimersByTime(1000);
    });
    expect(skip().getAttribute('data-seconds')).toBe('1');
    act(() => {
      jest.advanceTimersByTime(1000);
    });
    expect(byTestId(container, 'guide')).toHaveLength(0);
  });

  it('Skip closes it at once; it does not show again on this device within 24 h, and does after', async () => {
    const comps = [full()];
    const first = await show(page(comps));
    fireEvent.click(byTestId(first.container, 'guide-skip')[0]);
    expect(byTestId(first.container, 'guide')).toHaveLength(0);
    first.unmount();
    const again = await show(page(comps), first.root);
    expect(byTestId(again.container, 'guide')).toHaveLength(0);
    again.unmount();
    const spy = jest.spyOn(Date, 'now').mockReturnValue(Date.now() + 86_400_000 + 1000);
    const later = await show(page(comps), first.root);
    expect(byTestId(later.container, 'guide')).toHaveLength(1);
    spy.mockRestore();
  });

  it('a tap on the picture follows its link and closes; without autoPlay it waits at 0 for Skip', async () => {
    jest.useFakeTimers();
    const linked = await show(page([full()]));
    fireEvent.click(byTestId(linked.container, 'guide-image')[0]);
    expect(openLink).toHaveBeenCalledWith({ type: 'gallery', link_id: 'tick001' }, { homeLinkId: 'event001' });
    expect(byTestId(linked.container, 'guide')).toHaveLength(0);
    linked.unmount();
    // showBar false without autoPlay: the bar still shows (the only way on).
    const { container } = await show(page([full({ autoPlay: false, duration: 1, showBar: false })]));
    act(() => {
      jest.advanceTimersByTime(5000);
    });
    expect(byTestId(container, 'guide')).toHaveLength(1);
    expect(byTestId(container, 'guide-skip')[0].textContent).toBe('Skip');
    fireEvent.click(byTestId(container, 'guide-skip')[0]);
    expect(byTestId(container, 'guide')).toHaveLength(0);
  });

  it('showBar false with autoPlay: no bar, and it still closes by itself', async () => {
    jest.useFakeTimers();
    const { container } = await show(page([full({ showBar: false, duration: 2 })]));
    expect(byTestId(container, 'guide-skip')).toHaveLength(0);
    act(() => {
      jest.advanceTimersByTime(2000);
    });
    expect(byTestId(container, 'guide')).toHaveLength(0);
  });
});

describe('hot and hot_pic', () => {
  /** The gallery's photos ranked by likes: `n` of them, NO.1 first. */
  const ranked = (n: number) => {
    const p = photoPage(0, n, n, 42);
    p.items.forEach((photo, i) => (photo.love = 100 - i));
    return p;
  };
  const rows = (el: HTMLElement) => byTestId(el, 'hot-row').map((r) => byTestId(r, 'hot-item').map((c) => Number(c.getAttribute('data-id'))));

  it('render nothing with their defaults while the gallery has no liked photos', async () => {
    expect(PAGE_COMPONENT_DEFAULTS.hot).toEqual({ gallery_id: 0, count: 8, template: 'template1', title: '' });
    expect(PAGE_COMPONENT_DEFAULTS.hot_pic).toEqual(PAGE_COMPONENT_DEFAULTS.hot);
    const { container } = await show(page([{ id: 'h', type: 'hot' }, { id: 'hp', type: 'hot_pic' }]));
    await act(async () => undefined);
    // One list (the photo area's Hot tab list) for both blocks: fetched once, ranked by likes.
    expect(fetchPhotoList).toHaveBeenCalledTimes(1);
    expect(jest.mocked(fetchPhotoList).mock.calls[0][0]).toBe(42);
    expect(jest.mocked(fetchPhotoList).mock.calls[0][1]).toMatchObject({ sorttype: '-love' });
    expect(byTestId(container, 'hot')).toHaveLength(0);
    expect(byTestId(container, 'hot-pic')).toHaveLength(0);
  });

  it('template1 is a grid: three photos in one row, four or more split into two rows', async () => {
    jest.mocked(fetchPhotoList).mockResolvedValue(ranked(7));
    const { container } = await show(page([
      { id: 'h3', type: 'hot_pic', props: { count: 3 } },
      { id: 'h4', type: 'hot_pic', props: { count: 4 } },
      { id: 'h7', type: 'hot', props: { count: 7, title: 'Most liked' } }
    ]));
    await act(async () => undefined);
    const [three, four] = byTestId(container, 'hot-pic');
    expect(rows(three)).toEqual([[1, 2, 3]]);
    expect(rows(four)).toEqual([[1, 2], [3, 4]]);
    const seven = byTestId(container, 'hot')[0];
    expect(rows(seven)).toEqual([[1, 2, 3, 4], [5, 6, 7]]);
    expect(byTestId(seven, 'hot-item')[4].style.width).toBe('33.333333333333336%');
    expect(seven.textContent).toContain('Most liked');
    expect(seven.textContent).toContain('NO.1');
    expect(byTestId(seven, 'hot-likes')[0].textContent).toBe('♥ 100');
    // hot_pic shows pictures alone.
    expect(three.textContent).not.toContain('NO.1');
  });

  it('other templates are lists, one row per photo; a tap opens the page viewer on that photo', async () => {
    jest.mocked(fetchPhotoList).mockResolvedValue(ranked(6));
    const r = await show(page([{ id: 'h', type: 'hot', props: { count: 5, template: 'template2', gallery_id: 42 } }]));
    await act(async () => undefined);
    const block = byTestId(r.container, 'hot')[0];
    expect(block.getAttribute('data-template')).toBe('template2');
    expect(byTestId(block, 'hot-row')).toHaveLength(0);
    expect(byTestId(block, 'hot-list')).toHaveLength(1);
    expect(byTestId(block, 'hot-item').map((c) => c.getAttribute('data-id'))).toEqual(['1', '2', '3', '4', '5']);
    fireEvent.click(byTestId(block, 'hot-item')[2]);
    expect(r.page.viewer.isOpen).toBe(true);
    expect(r.page.viewer.current?.id).toBe(3);
    act(() => r.page.viewer.close());
  });
});

describe('carousel', () => {
  afterEach(() => jest.useRealTimers());

  it('with its defaults: the page gallery\'s show in a 16:9 box, paused on its name until Play', async () => {
    expect(PAGE_COMPONENT_DEFAULTS.carousel).toEqual({ gallery_id: 0, ratio: 0.5625, autoplay: false });
    jest.mocked(fetchPhotoList).mockResolvedValue(photoPage(0, 3, 3, 42));
    const { container } = await show(page([{ id: 'c', type: 'carousel' }]));
    await settle();
    const block = byTestId(container, 'carousel-block')[0];
    expect(block.getAttribute('data-playing')).toBe('false');
    expect(block.getAttribute('data-count')).toBe('3');
    // The venue screen's list: shoot time, ascending.
    expect(jest.mocked(fetchPhotoList).mock.calls[0][1]).toMatchObject({ sorttype: 'shoottime', order: 'asc' });
    expect((block.firstElementChild as HTMLElement).style.paddingTop).toBe('56.25%');
    expect(byTestId(block, 'carousel-block-cover')[0].textContent).toBe('Spring Gala');
  });

  it('with full props: plays by itself in its own order and interval; Pause stops; Full screen opens the venue screen UI, × closes it', async () => {
    jest.useFakeTimers();
    jest.mocked(fetchPhotoList).mockResolvedValue(photoPage(0, 3, 3, 42));
    const { container } = await show(page([{ id: 'c', type: 'carousel', props: { gallery_id: 42, ratio: 1, autoplay: true, order: 'asc', time: 3, effect: 'slide' } }]));
    await settle();
    const block = () => byTestId(container, 'carousel-block')[0];
    expect(block().getAttribute('data-playing')).toBe('true');
    const first = block().getAttribute('data-current');
    expect(first).toBe('1'); // the first photo of the list as the server ordered it
    expect(byTestId(container, 'carousel-stage')[0].getAttribute('data-effect')).toBe('slide');
    await act(async () => {
      jest.advanceTimersByTime(3000);
    });
    await settle();
    expect(block().getAttribute('data-current')).not.toBe(first);
    fireEvent.click(byTestId(container, 'carousel-block-play')[0]);
    expect(block().getAttribute('data-playing')).toBe('false');
    fireEvent.click(byTestId(container, 'carousel-block-full')[0]);
    expect(byTestId(container, 'carousel-block-overlay')).toHaveLength(1);
    expect(byTestId(container, 'carousel-controls')).toHaveLength(1);
    fireEvent.click(byTestId(container, 'carousel-block-close')[0]);
    expect(byTestId(container, 'carousel-block-overlay')).toHaveLength(0);
  });
});

describe('iframe', () => {
  it('renders nothing with its defaults (no address), nor with an address that is not http(s)', async () => {
    expect(PAGE_COMPONENT_DEFAULTS.iframe).toEqual({ height: 600, title: '' });
    const { container } = await show(page([{ id: 'f0', type: 'iframe' }, { id: 'f1', type: 'iframe', props: { url: 'javascript:alert(1)' } }]));
    expect(byTestId(container, 'iframe-block')).toHaveLength(0);
    expect(byTestId(container, 'iframe-card')).toHaveLength(0);
  });

  it(isWeapp ? 'mini-program: a card that opens the page on /page/video/iframe (web-view)' : 'browsers: an iframe of the configured height, sandboxed', async () => {
    const url = 'https://maps.example.com/embed?q=Grand+Hall';
    const { container } = await show(page([{ id: 'f', type: 'iframe', props: { url, height: 420, title: 'Venue map' } }]));
    if (isWeapp) {
      expect(byTestId(container, 'iframe-block')).toHaveLength(0);
      const card = byTestId(container, 'iframe-card')[0];
      expect(card.textContent).toBe('Venue mapOpen');
      fireEvent.click(card);
      expect(openUrl).toHaveBeenCalledWith(`/page/video/iframe?url=${encodeURIComponent(url)}&title=Venue%20map&galleryid=42`);
    } else {
      const frame = container.querySelector('iframe') as HTMLIFrameElement;
      expect(frame.getAttribute('src')).toBe(url);
      expect(frame.getAttribute('title')).toBe('Venue map');
      expect(frame.style.height).toBe('420px');
      expect(frame.getAttribute('sandbox')).toContain('allow-scripts');
      expect(frame.getAttribute('sandbox')).not.toContain('allow-top-navigation');
    }
  });
});

describe('code', () => {
  const pageCode = (tag: string) => Array.from(document.head.querySelectorAll(`${tag}[data-page-code]`)).map((e) => e.getAttribute(tag === 'script' ? 'src' : 'href'));

  it('renders nothing and loads nothing with its defaults', async () => {
    expect(PAGE_COMPONENT_DEFAULTS.code).toEqual({ scripts: [], styles: [] });
    const { container } = await show(page([{ id: 'c', type: 'code' }]));
    expect(container.querySelector('.page-renderer')!.children).toHaveLength(0);
    expect(pageCode('script')).toEqual([]);
  });

  it(isWeapp ? 'mini-program: runs no outside code and shows nothing' : 'browsers: loads the scripts once and the stylesheets while the page shows', async () => {
    const props = { scripts: ['https://cdn.example.com/chat.js', 'http://cdn.example.com/plain.js'], styles: ['https://cdn.example.com/chat.css'] };
    const a = await show(page([{ id: 'c', type: 'code', props }, { id: 'c2', type: 'code', props: { styles: props.styles } }]));
    expect(a.container.querySelector('.page-renderer')!.children).toHaveLength(0);
    if (isWeapp) {
      expect(pageCode('script')).toEqual([]);
      expect(pageCode('link')).toEqual([]);
      return;
    }
    // Only https addresses (the server refused others on save); each once.
    expect(pageCode('script')).toEqual(['https://cdn.example.com/chat.js']);
    expect(pageCode('link')).toEqual(['https://cdn.example.com/chat.css']);
    a.unmount();
    // Stylesheets go with the page; a script cannot be unloaded and stays once.
    expect(pageCode('link')).toEqual([]);
    await show(page([{ id: 'c', type: 'code', props }]));
    expect(pageCode('script')).toEqual(['https://cdn.example.com/chat.js']);
  });
});
