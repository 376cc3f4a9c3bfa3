import { fireEvent } from '@testing-library/react';
import Pendent, { IMPLEMENTED_PENDANTS } from '../../src/page-components/pendent';
import type { PendentButton } from '../../types/page/pendent';
import { DEFAULT_THEME } from '../../types/api/gallery';
import { scrollToTop } from '../../src/platform/scroll';
import { openLink } from '../../src/platform/navigate';
import { i18n } from '../../src/i18n';
import { byTestId, makeGallery, makeRoot, renderWith, setWindowWidth } from './helpers';

jest.mock('../../src/platform/scroll', () => ({ scrollToTop: jest.fn(), observeNearBottom: jest.fn(() => () => undefined) }));
jest.mock('../../src/platform/navigate', () => ({ ...jest.requireActual('../../src/platform/navigate'), openLink: jest.fn() }));

const ctx = { gallery: makeGallery(), children: [], theme: DEFAULT_THEME };
const ALL: PendentButton[] = (
  ['download', 'good', 'refresh', 'setting', 'lang', 'people', 'event', 'order', 'jigsaw', 'redpackage', 'share', 'top'] as const
).map((type) => ({ type }));
const custom: PendentButton = { type: 'custom', image: 'c'.repeat(64), link: { type: 'custom', url: 'https://example.com/' } };

/** The buttons in the dock, left to right (the more-menu's items excluded). */
const docked = (el: HTMLElement) =>
  Array.from(el.querySelectorAll('.pendent__slot')).map((b) => b.getAttribute('data-testid')!.slice('pendent-'.length));

beforeEach(() => {
  jest.mocked(scrollToTop).mockClear();
  jest.mocked(openLink).mockClear();
  setWindowWidth(375);
});

describe('pendent on phones: docked in the bottom bar, never over the content', () => {
  it('shows only the implemented types, each in a place of the dock it claims', () => {
    const { container, page, unmount } = renderWith(<Pendent id="p" props={{ buttons: [...ALL, custom] }} ctx={ctx} />);
    const root = byTestId(container, 'pendent')[0];
    expect(docked(container)).toEqual(['refresh', 'lang', 'top', 'custom']);
    expect([...IMPLEMENTED_PENDANTS].sort()).toEqual(['custom', 'lang', 'people', 'refresh', 'top']);
    // Its places are claimed (the bar leaves them free), rightmost first.
    expect(root.className).toContain('pendent--after-0');
    expect(page.events.dockSlots).toBe(4);
    expect(page.events.topPendant).toBe(true);
    // Glyphs of the icon font, not drawn placeholders; the custom button shows its picture.
    expect(root.querySelector('[data-testid="pendent-top"] .at-icon-arrow-up')).not.toBeNull();
    expect(root.querySelector('[data-testid="pendent-refresh"] .at-icon-reload')).not.toBeNull();
    expect(root.querySelector('[data-testid="pendent-custom"] taro-image-core')?.getAttribute('src')).toContain('!avatar_150');
    unmount();
    expect(page.events.dockSlots).toBe(0);
    expect(page.events.topPendant).toBe(false);
  });

  it('renders nothing when no button works yet', () => {
    const { container, page } = renderWith(<Pendent id="p" props={{ buttons: [{ type: 'download' }, { type: 'share' }] }} ctx={ctx} />);
    expect(byTestId(container, 'pendent')).toHaveLength(0);
    expect(page.events.dockSlots).toBe(0);
  });

  it('beside many tabs, what does not fit folds into the more-menu', () => {
    const buttons: PendentButton[] = [{ type: 'top' }, { type: 'refresh' }, { type: 'lang' }];
    // Two tabs leave room for all three.
    const two = renderWith(<Pendent id="p" props={{ buttons }} ctx={{ ...ctx, navShown: true, navTabs: 2 }} />);
    expect(docked(two.container)).toEqual(['top', 'refresh', 'lang']);
    // Three tabs leave three places: with four buttons, two of them and the more button.
    const three = renderWith(<Pendent id="p" props={{ buttons: [...buttons, custom] }} ctx={{ ...ctx, navShown: true, navTabs: 3 }} />);
    expect(docked(three.container)).toEqual(['top', 'refresh', 'more']);
    expect(three.page.events.dockSlots).toBe(3);
    fireEvent.click(byTestId(three.container, 'pendent-more')[0]);
    const menu = byTestId(three.container, 'pendent-menu')[0];
    expect(Array.from(menu.querySelectorAll('[data-testid^="pendent-"]')).map((b) => b.getAttribute('data-testid'))).toEqual(['pendent-lang', 'pendent-custom']);
    // Five tabs fill the bar: everything folds into the more button.
    const five = renderWith(<Pendent id="p" props={{ buttons }} ctx={{ ...ctx, navShown: true, navTabs: 5 }} />);
    expect(docked(five.container)).toEqual(['more']);
  });

  it("Find ('people') shows only with the gallery's face search on, and opens the find-person dialog", () => {
    const off = renderWith(<Pendent id="p" props={{ buttons: [{ type: 'people' }, { type: 'top' }] }} ctx={ctx} />);
    expect(docked(off.container)).toEqual(['top']);
    const faceCtx = { ...ctx, gallery: makeGallery({ config: { ...ctx.gallery.config, use_face: 1, active_on: 1 } }) };
    const on = renderWith(<Pendent id="p" props={{ buttons: [{ type: 'people' }, { type: 'top' }] }} ctx={faceCtx} />);
    expect(docked(on.container)).toEqual(['people', 'top']);
    expect(on.container.querySelector('[data-testid="pendent-people"] .at-icon-search')).not.toBeNull();
    fireEvent.click(byTestId(on.container, 'pendent-people')[0]);
    expect(on.page.face.request).toEqual(expect.objectContaining({ mode: 'findPeople', galleryId: faceCtx.gallery.id }));
  });

  it('top scrolls the page to its top', () => {
    const { container } = renderWith(<Pendent id="p" props={{ buttons: [{ type: 'top' }] }} ctx={ctx} />);
    fireEvent.click(byTestId(container, 'pendent-top')[0]);
    expect(scrollToTop).toHaveBeenCalledTimes(1);
  });

  it('lang switches between Chinese and English and remembers it', () => {
    const root = makeRoot('zh-CN');
    const { container } = renderWith(<Pendent id="p" props={{ buttons: [{ type: 'lang' }] }} ctx={ctx} />, root);
    const button = byTestId(container, 'pendent-lang')[0];
    expect(button.textContent).toBe('EN');
    expect(button.getAttribute('aria-label')).toBe('English');
    fireEvent.click(button);
    expect(i18n.locale).toBe('en-US');
    expect(root.settings.language).toBe('en-US');
    expect(byTestId(container, 'pendent-lang')[0].textContent).toBe('中');
    fireEvent.click(byTestId(container, 'pendent-lang')[0]);
    expect(i18n.locale).toBe('zh-CN');
  });

  it('refresh bumps the page refresh token; custom opens its link', () => {
    const { container, page } = renderWith(<Pendent id="p" props={{ buttons: [{ type: 'refresh' }, custom] }} ctx={ctx} />);
    fireEvent.click(byTestId(container, 'pendent-refresh')[0]);
    expect(page.events.refreshToken).toBe(1);
    fireEvent.click(byTestId(container, 'pendent-custom')[0]);
    expect(openLink).toHaveBeenCalledWith(custom.link, { homeLinkId: 'abc123' });
  });

  it('hidden buttons fold out of the more-menu', () => {
    const buttons: PendentButton[] = [{ type: 'top' }, { type: 'lang', hidden: true }, { type: 'refresh', hidden: true }];
    const { container } = renderWith(<Pendent id="p" props={{ buttons }} ctx={ctx} />);
    expect(docked(container)).toEqual(['top', 'more']);
    expect(byTestId(container, 'pendent-menu')).toHaveLength(0);
    fireEvent.click(byTestId(container, 'pendent-more')[0]);
    const menu = byTestId(container, 'pendent-menu')[0];
    expect(Array.from(menu.querySelectorAll('[data-testid^="pendent-"]')).map((b) => b.getAttribute('data-testid'))).toEqual(['pendent-lang', 'pendent-refresh']);
    expect(menu.textContent).toContain('Refresh');
    expect(byTestId(container, 'pendent-more')[0].querySelector('.at-icon-close')).not.toBeNull();
    // Choosing one acts and folds the menu.
    fireEvent.click(menu.querySelector('[data-testid="pendent-refresh"]')!);
    expect(byTestId(container, 'pendent-menu')).toHaveLength(0);
    expect(byTestId(container, 'pendent-more')[0].querySelector('.at-icon-menu')).not.toBeNull();
  });
});

describe('pendent on PC (wider than 800 px)', () => {
  it('shows the PC set (spec: lucky draw, good, language) in the right gutter, none folded', () => {
    setWindowWidth(1280);
    const buttons: PendentButton[] = [{ type: 'top' }, { type: 'lang', hidden: true }, { type: 'refresh' }, custom];
    const { container, page } = renderWith(<Pendent id="p" props={{ buttons }} ctx={{ ...ctx, navShown: true, navTabs: 2 }} />);
    const root = byTestId(container, 'pendent')[0];
    expect(root.className).toContain('pendent--pc');
    expect(docked(container)).toEqual(['lang']);
    expect(byTestId(container, 'pendent-more')).toHaveLength(0);
    expect(page.events.dockSlots).toBe(1);
    // No top button on the desktop: the list offers its own back-to-top there.
    expect(page.events.topPendant).toBe(false);
  });

  it('renders nothing when none of the PC set is configured', () => {
    setWindowWidth(1280);
    const { container } = renderWith(<Pendent id="p" props={{ buttons: [{ type: 'top' }, { type: 'refresh' }] }} ctx={ctx} />);
    expect(byTestId(container, 'pendent')).toHaveLength(0);
  });
});
