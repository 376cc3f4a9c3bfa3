// The pendant bar, one render test per button type (issue 14 part 3): each of the 13 types
// with its defaults and with full props, what it shows and what a tap does. Runs in H5
// and in the mini-program branch (TARO_ENV_JEST=weapp). Behaviour (badge, more-menu,
// offsets, praise per gallery, share, PC set, hidden until available): pendent-behaviour.test.tsx.
import { act, fireEvent } from '@testing-library/react';
import { runInAction } from 'mobx';
import Pendent from '../../src/page-components/pendent';
import { PENDENT_DEFAULTS, PENDENT_TYPES, type PendentButton, type PendentType } from '../../types/page/pendent';
import type { Link } from '../../types/page/link';
import { DEFAULT_CONFIG, DEFAULT_THEME } from '../../types/api/gallery';
import { createPageStores } from '../../src/stores/RootStore';
import { scrollToTop } from '../../src/platform/scroll';
import { openLink } from '../../src/platform/navigate';
import { shareLink } from '../../src/platform/share';
import { i18n } from '../../src/i18n';
import { byTestId, isWeapp, makeGallery, makeRoot, renderWith, setWindowWidth } from './helpers';

jest.mock('../../src/platform/scroll', () => ({ ...jest.requireActual('../../src/platform/scroll'), scrollToTop: jest.fn(), scrollToElement: jest.fn() }));
jest.mock('../../src/platform/navigate', () => ({ ...jest.requireActual('../../src/platform/navigate'), openLink: jest.fn() }));
jest.mock('../../src/platform/share', () => ({ ...jest.requireActual('../../src/platform/share'), shareLink: jest.fn(async () => 'shared') }));

export const WECHAT_UA =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 MicroMessenger/8.0.47(0x18002f2c) NetType/WIFI Language/zh_CN';

/** A sub-gallery of an event (so `event` leads elsewhere) with face search on (so `people` works). */
const gallery = makeGallery({ parent: 1, parent_link_id: 'event01', config: { ...DEFAULT_CONFIG, use_face: 1, active_on: 1 } });
const ctx = { gallery, children: [], theme: DEFAULT_THEME };
const IMAGE = 'c'.repeat(64);

/** Full props of a type: its own picture, a link where the type follows one, hidden off, a stat event and a child. */
const FULL_LINK: Partial<Record<PendentType, Link>> = {
  custom: { type: 'custom', url: 'https://example.com/' },
  event: { type: 'gallery', value: 'event02' },
  order: { type: 'order', value: 'order01' }
};
const full = (type: PendentType): PendentButton => ({ type, image: IMAGE, link: FULL_LINK[type] ?? { type: 'empty' }, hidden: false, event: `tap_${type}`, child: [{ type: 'top' }] });

/** A page whose features offer the download, collage and red-packet actions (the red packet stands in for the feature to come). */
function setup(buttons: PendentButton[]) {
  const root = makeRoot('en-US');
  const page = createPageStores(root);
  const offered = { download: jest.fn(), jigsaw: jest.fn(), redpackage: jest.fn() };
  for (const [key, fn] of Object.entries(offered)) page.events.offerPendant(key as PendentType, fn);
  const r = renderWith(<Pendent id="p" props={{ buttons }} ctx={ctx} />, root, page);
  return { ...r, offered };
}

const button = (el: HTMLElement, type: string) => byTestId(el, `pendent-${type}`)[0];
const glyph = (el: HTMLElement) => el.querySelector('[data-icon]')?.getAttribute('data-icon');

beforeEach(() => {
  jest.mocked(scrollToTop).mockClear();
  jest.mocked(openLink).mockClear();
  jest.mocked(shareLink).mockClear();
  setWindowWidth(390);
  // Download shows in the chat app (WeChat's browser here; the mini-program is the chat app itself).
  Object.defineProperty(navigator, 'userAgent', { configurable: true, get: () => WECHAT_UA });
});
afterEach(() => {
  delete (navigator as unknown as { userAgent?: string }).userAgent;
});

it('the component defaults (no buttons) render nothing and claim no place', () => {
  expect(PENDENT_DEFAULTS).toEqual({ buttons: [] });
  const { container, page } = renderWith(<Pendent id="p" props={PENDENT_DEFAULTS} ctx={ctx} />);
  expect(byTestId(container, 'pendent')).toHaveLength(0);
  expect(page.events.dockSlots).toBe(0);
});

it('covers every type of the definition', () => {
  expect([...PENDENT_TYPES].sort()).toEqual(['custom', 'download', 'event', 'good', 'jigsaw', 'lang', 'order', 'people', 'redpackage', 'refresh', 'setting', 'share', 'top']);
});

/** What each type's glyph is, and what a tap with its defaults does. */
const DEFAULTS: Record<Exclude<PendentType, 'custom'>, { glyph: string | null; tap: (r: ReturnType<typeof setup>, el: HTMLElement) => void | Promise<void> }> = {
  download: { glyph: 'download', tap: (r) => expect(r.offered.download).toHaveBeenCalledTimes(1) },
  good: {
    glyph: 'heart',
    tap: (r) => {
      expect(byTestId(r.container, 'pendent-badge-good')[0].textContent).toBe('1');
      // Praised: the filled heart (an organiser's picture stays as it is).
      const el = button(r.container, 'good');
      if (!el.querySelector('taro-image-core')) expect(glyph(el)).toBe('heart-2');
    }
  },
  refresh: { glyph: 'reload', tap: (r) => expect(r.page.events.refreshToken).toBe(1) },
  setting: {
    glyph: 'settings',
    tap: (r) => {
      expect(byTestId(r.container, 'pendent-settings')).toHaveLength(1);
      expect(byTestId(r.container, 'pendent-settings-language')[0].textContent).toContain('Language');
    }
  },
  lang: { glyph: null, tap: () => expect(i18n.locale).toBe('zh-CN') },
  people: { glyph: 'search', tap: (r) => expect(r.page.face.request).toEqual(expect.objectContaining({ mode: 'findPeople', galleryId: gallery.id })) },
  event: { glyph: 'calendar', tap: () => expect(openLink).toHaveBeenCalledWith({ type: 'home' }, { homeLinkId: 'event01' }) },
  order: {
    glyph: 'shopping-bag',
    tap: async (r, el) => {
      // Like tab 4, a guest logs in first: the prompt, and no page yet.
      expect(r.root.loginPrompt.isOpen).toBe(true);
      expect(r.root.loginPrompt.reason).toBe('tab_order');
      expect(openLink).not.toHaveBeenCalled();
      act(() => r.root.loginPrompt.cancel());
      expect(openLink).not.toHaveBeenCalled();
      // A logged-in visitor goes straight to the order page.
      runInAction(() => {
        r.root.session.status = 'ready';
        r.root.session.user = { openid: 'o1', nickname: 'Mia', photo: '', is_mock: false };
      });
      await act(async () => void fireEvent.click(el));
      expect(openLink).toHaveBeenCalledWith({ type: 'order', value: 'abc123' }, { homeLinkId: 'event01' });
    }
  },
  jigsaw: { glyph: 'image', tap: (r) => expect(r.offered.jigsaw).toHaveBeenCalledTimes(1) },
  redpackage: { glyph: 'money', tap: (r) => expect(r.offered.redpackage).toHaveBeenCalledTimes(1) },
  share: {
    glyph: 'share',
    tap: (_r, el) => {
      if (isWeapp) {
        // The mini-program shares through its native button, which sends the page's share message.
        expect(el.getAttribute('open-type') ?? el.getAttribute('opentype') ?? (el as unknown as { openType?: string }).openType).toBe('share');
        expect(shareLink).not.toHaveBeenCalled();
      } else {
        // A browser's tap opens the share sheet (copy link; the WeChat hint or the system sheet where there is one).
        expect(document.querySelector('[data-testid=share-sheet]')).not.toBeNull();
        expect(document.querySelector('[data-testid=share-opt-copy]')).not.toBeNull();
        expect(shareLink).not.toHaveBeenCalled();
      }
    }
  },
  top: { glyph: 'arrow-up', tap: () => expect(scrollToTop).toHaveBeenCalledTimes(1) }
};

describe.each(Object.keys(DEFAULTS) as Array<keyof typeof DEFAULTS>)('%s', (type) => {
  const spec = DEFAULTS[type];

  it('with its defaults: its own glyph and label, and its action on a tap', async () => {
    const r = setup([{ type }]);
    const el = button(r.container, type);
    expect(el).toBeDefined();
    expect(el.getAttribute('aria-label')).toBeTruthy();
    if (spec.glyph) expect(glyph(el)).toBe(spec.glyph);
    else expect(el.textContent).toBe('中');
    await act(async () => void fireEvent.click(el));
    await spec.tap(r, button(r.container, type) ?? el);
    r.unmount();
    act(() => r.root.settings.set('language', 'en-US'));
  });

  it('with full props: the organiser picture, the stat event on a tap, and its action', async () => {
    const r = setup([full(type)]);
    const el = button(r.container, type);
    expect(el.querySelector('taro-image-core')?.getAttribute('src')).toContain(`${IMAGE}!avatar_150`);
    await act(async () => void fireEvent.click(el));
    expect(r.root.stats.queue).toEqual([expect.objectContaining({ type: 'event', linkid: 'abc123', value: `tap_${type}`, extra: type })]);
    r.root.stats.stop();
    if (type === 'event') expect(openLink).toHaveBeenCalledWith(FULL_LINK.event, { homeLinkId: 'event01' });
    else if (type === 'order') expect(openLink).toHaveBeenCalledWith(FULL_LINK.order, { homeLinkId: 'event01' });
    else await spec.tap(r, button(r.container, type) ?? el);
    r.unmount();
    act(() => r.root.settings.set('language', 'en-US'));
  });
});

describe('custom', () => {
  it('with its defaults (no link, no picture) it does nothing, so it is not shown', () => {
    const r = setup([{ type: 'custom' }]);
    expect(byTestId(r.container, 'pendent')).toHaveLength(0);
  });

  it('with full props: its picture, and a tap follows its link', async () => {
    const r = setup([full('custom')]);
    const el = button(r.container, 'custom');
    expect(el.querySelector('taro-image-core')?.getAttribute('src')).toContain('!avatar_150');
    expect(el.getAttribute('aria-label')).toBe('Open');
    await act(async () => void fireEvent.click(el));
    expect(openLink).toHaveBeenCalledWith(FULL_LINK.custom, { homeLinkId: 'event01' });
    r.root.stats.stop();
  });

  it('a link alone (no picture) shows the link glyph', () => {
    const r = setup([{ type: 'custom', link: FULL_LINK.custom }]);
    expect(glyph(button(r.container, 'custom'))).toBe('link');
  });
});
