import { act, fireEvent } from '@testing-library/react';
import Taro from '@tarojs/taro';
import GalleryGroup, { groupByYear, searchByName } from '../../src/page-components/gallerygroup';
import { PageRenderer } from '../../src/page-components/PageRenderer';
import { GALLERY_GROUP_DEFAULTS } from '../../types/page/gallerygroup';
import { DEFAULT_THEME } from '../../types/api/gallery';
import { byTestId, isWeapp, makeGallery, renderWith, setWindowWidth } from './helpers';

// Mid-year dates, so the local time zone cannot move them across a year.
const ts = (y: number, m = 6) => Math.floor(Date.UTC(y, m, 15) / 1000);
const page = makeGallery({ id: 1_000_001, link_id: 'home01' });
const children = [
  makeGallery({ id: 1_000_011, link_id: 'y2024aa', name: 'Summer Camp', start_time: ts(2024, 6), end_time: ts(2024, 7) }),
  makeGallery({ id: 1_000_012, link_id: 'y2026aa', name: 'Spring Gala', start_time: ts(2026, 3), end_time: ts(2026, 4) }),
  makeGallery({ id: 1_000_013, link_id: 'nodate1', name: 'Archive' }),
  makeGallery({ id: 1_000_014, link_id: 'y2026bb', name: 'Autumn Gala', start_time: ts(2026, 9), end_time: ts(2026, 10) }),
  makeGallery({ id: 1_000_015, link_id: 'y2025aa', name: 'Winter Camp', start_time: ts(2025, 1), end_time: ts(2025, 2) })
];
const ctx = { gallery: page, children, theme: DEFAULT_THEME };

const tabs = (el: HTMLElement) => byTestId(el, 'gallery-group-tab');
const cards = (el: HTMLElement) => byTestId(el, 'gallery-card').map((c) => c.getAttribute('data-link-id'));

let navigateTo: jest.SpyInstance;
beforeEach(() => {
  setWindowWidth(375);
  navigateTo = jest.spyOn(Taro, 'navigateTo').mockImplementation(() => Promise.resolve({ errMsg: 'navigateTo:ok' }) as never);
});
afterEach(() => navigateTo.mockRestore());

describe('grouped-gallery list', () => {
  it('groups by start year, newest first, galleries without a start last', () => {
    const groups = groupByYear(children);
    expect(groups.map((g) => g.year)).toEqual([2026, 2025, 2024, null]);
    expect(groups[0].items.map((g) => g.link_id)).toEqual(['y2026bb', 'y2026aa']);
    expect(searchByName(children, 'GALA').map((g) => g.id)).toEqual([1_000_012, 1_000_014]);
  });

  it('shows year tabs, the newest open, and switches on tap', () => {
    const { container } = renderWith(<GalleryGroup id="gg" props={GALLERY_GROUP_DEFAULTS} ctx={ctx} />);
    expect(tabs(container).map((x) => x.textContent)).toEqual(['2026', '2025', '2024', 'Other']);
    expect(tabs(container)[0].getAttribute('data-active')).toBe('true');
    expect(cards(container)).toEqual(['y2026bb', 'y2026aa']);
    fireEvent.click(tabs(container)[2]);
    expect(tabs(container)[2].getAttribute('data-active')).toBe('true');
    expect(cards(container)).toEqual(['y2024aa']);
    fireEvent.click(tabs(container)[3]);
    expect(cards(container)).toEqual(['nodate1']);
    fireEvent.click(byTestId(container, 'gallery-card')[0]);
    const url = navigateTo.mock.calls[0][0].url as string;
    expect(isWeapp ? url.includes('link_id=nodate1') : url === '/g/nodate1').toBe(true);
  });

  it('searches by name: tabs follow the results, NoResult when none', () => {
    const { container } = renderWith(<GalleryGroup id="gg" props={GALLERY_GROUP_DEFAULTS} ctx={ctx} />);
    const input = byTestId(container, 'gallery-group-search')[0];
    const type = (value: string) => act(() => void input.dispatchEvent(new CustomEvent('input', { detail: { value }, bubbles: true })));
    fireEvent.click(tabs(container)[2]);
    type('camp');
    expect(tabs(container).map((x) => x.textContent)).toEqual(['2025', '2024']);
    // The picked 2024 tab is still there.
    expect(cards(container)).toEqual(['y2024aa']);
    type('gala');
    expect(tabs(container).map((x) => x.textContent)).toEqual(['2026']);
    expect(cards(container)).toEqual(['y2026bb', 'y2026aa']);
    type('nothing');
    expect(tabs(container)).toHaveLength(0);
    expect(byTestId(container, 'gallery-no-result')[0].textContent).toBe('No results');
    type('');
    expect(tabs(container)).toHaveLength(4);
  });

  it('renders for both type names, and nothing without galleries', () => {
    for (const type of ['gallerygroup', 'groupgallery']) {
      const { container, unmount } = renderWith(<PageRenderer pagedata={{ components: [{ id: 'x', type, props: { search: false } }] }} context={{ gallery: page, children }} />);
      expect(byTestId(container, 'gallery-group')).toHaveLength(1);
      expect(byTestId(container, 'gallery-group-search')).toHaveLength(0);
      unmount();
    }
    const { container } = renderWith(<GalleryGroup id="gg" props={GALLERY_GROUP_DEFAULTS} ctx={{ ...ctx, children: [] }} />);
    expect(byTestId(container, 'gallery-group')).toHaveLength(0);
  });
});
