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

const shownTypes = (el: HTMLElement) =>
  byTestId(el, 'pendent')[0]
    ? Array.from(el.querySelectorAll('[data-testid^="pendent-"]')).map((b) => b.getAttribute('data-testid')!.slice('pendent-'.length))
    : [];

beforeEach(() => {
  jest.mocked(scrollToTop).mockClear();
  jest.mocked(openLink).mockClear();
  setWindowWidth(375);
});

describe('pendent', () => {
  it('shows only the implemented types, fixed at the right bottom above the page', () => {
    const { container } = renderWith(<Pendent id="p" props={{ buttons: [...ALL, custom] }} ctx={ctx} />);
    const root = byTestId(container, 'pendent')[0];
    expect(shownTypes(container)).toEqual(['refresh', 'lang', 'top', 'custom']);
    expect([...IMPLEMENTED_PENDANTS].sort()).toEqual(['custom', 'lang', 'refresh', 'top']);
    expect(root.style.bottom).toBe('20px');
  });

  it('renders nothing when no button works yet', () => {
    const { container } = renderWith(<Pendent id="p" props={{ buttons: [{ type: 'download' }, { type: 'share' }] }} ctx={ctx} />);
    expect(byTestId(container, 'pendent')).toHaveLength(0);
  });

  it('sits 49 px higher when the bottom navigator is shown', () => {
    const { container } = renderWith(<Pendent id="p" props={{ buttons: [{ type: 'top' }] }} ctx={{ ...ctx, navShown: true }} />);
    expect(byTestId(container, 'pendent')[0].style.bottom).toBe('69px');
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
    expect(openLink).toHaveBeenCalledWith(custom.link);
  });

  it('on mobile, hidden buttons fold out of the more-menu', () => {
    const buttons: PendentButton[] = [{ type: 'top' }, { type: 'lang', hidden: true }, { type: 'refresh', hidden: true }];
    const { container } = renderWith(<Pendent id="p" props={{ buttons }} ctx={ctx} />);
    expect(shownTypes(container)).toEqual(['top', 'more']);
    expect(byTestId(container, 'pendent-menu')).toHaveLength(0);
    fireEvent.click(byTestId(container, 'pendent-more')[0]);
    const menu = byTestId(container, 'pendent-menu')[0];
    expect(Array.from(menu.querySelectorAll('[data-testid^="pendent-"]')).map((b) => b.getAttribute('data-testid'))).toEqual(['pendent-lang', 'pendent-refresh']);
    expect(menu.textContent).toContain('Refresh');
    // Choosing one acts and folds the menu.
    fireEvent.click(menu.querySelector('[data-testid="pendent-refresh"]')!);
    expect(byTestId(container, 'pendent-menu')).toHaveLength(0);
  });

  it('on PC (wider than 800 px) every button shows in the column', () => {
    setWindowWidth(1280);
    const buttons: PendentButton[] = [{ type: 'top' }, { type: 'lang', hidden: true }, { type: 'refresh', hidden: true }];
    const { container } = renderWith(<Pendent id="p" props={{ buttons }} ctx={ctx} />);
    expect(shownTypes(container)).toEqual(['top', 'lang', 'refresh']);
    expect(byTestId(container, 'pendent-more')).toHaveLength(0);
  });
});
