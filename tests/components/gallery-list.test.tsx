import { act, fireEvent } from '@testing-library/react';
import Taro from '@tarojs/taro';
import GalleryList, { pickGalleries, searchGalleries } from '../../src/page-components/gallery';
import { GALLERY_LIST_DEFAULTS } from '../../types/page/gallery';
import { DEFAULT_THEME } from '../../types/api/gallery';
import { imageUrl } from '../../src/utils/image';
import { byTestId, isWeapp, makeGallery, makeRoot, renderWith, setWindowWidth } from './helpers';

const page = makeGallery({ id: 1_000_001, link_id: 'home01' });
const now = Math.floor(Date.now() / 1000);
const children = [
  makeGallery({ id: 1_000_002, link_id: 'kid002', name: 'Opening Night', desc: 'red carpet', parent: page.id, cover: 'a'.repeat(64), image_total: 12_345, status: 'end' }),
  makeGallery({ id: 1_000_003, link_id: 'kid003', name: 'Awards', parent: page.id, image_total: 999, start_time: now + 3600, end_time: now + 7200 }),
  makeGallery({ id: 1_000_004, link_id: 'kid004', name: 'After Party', parent: page.id, image_total: 1500, status: 'start' })
];
const ctx = { gallery: page, children, theme: DEFAULT_THEME };

let navigateTo: jest.SpyInstance;
beforeEach(() => {
  setWindowWidth(375);
  navigateTo = jest.spyOn(Taro, 'navigateTo').mockImplementation(() => Promise.resolve({ errMsg: 'navigateTo:ok' }) as never);
});
afterEach(() => navigateTo.mockRestore());

describe('gallery list (mode 1)', () => {
  it('renders a card per sub-gallery with cover, name, status tag and photo count', () => {
    const { container } = renderWith(<GalleryList id="g" props={{ ...GALLERY_LIST_DEFAULTS, title: 'Albums' }} ctx={ctx} />);
    expect(byTestId(container, 'gallery-list')).toHaveLength(1);
    expect(container.textContent).toContain('Albums');
    const cards = byTestId(container, 'gallery-card');
    expect(cards).toHaveLength(3);
    expect(cards.map((c) => c.querySelector('[data-testid="gallery-name"]')!.textContent)).toEqual(['Opening Night', 'Awards', 'After Party']);
    // Cover image from the hash, or the placeholder gradient.
    expect(cards[0].querySelector('taro-image-core')!.getAttribute('src')).toBe(imageUrl('a'.repeat(64), 'wx_750_n', 1_000_002));
    expect(cards[1].querySelector('taro-image-core')).toBeNull();
    const placeholder = cards[1].firstElementChild as HTMLElement;
    expect(placeholder.className).toContain('gallery-card__cover--placeholder');
    expect(placeholder.style.backgroundColor).toBe('rgb(80, 211, 205)');
    // Status: stored 'end'; derived 'wait' from the times; stored 'start'.
    const status = cards.map((c) => c.querySelector('[data-testid="gallery-status"]') as HTMLElement);
    expect(status.map((s) => s.textContent)).toEqual(['Ended', 'Not started', 'Live']);
    expect(status[0].style.background).toBe('rgb(58, 142, 230)');
    expect(status[1].style.background).toBe('rgb(153, 153, 153)');
    expect(cards[0].textContent).toContain('1.2w photos');
    expect(cards[1].textContent).toContain('999 photos');
    expect(cards[2].textContent).toContain('1.5k photos');
  });

  it('speaks Chinese when the locale is zh-CN', () => {
    const { container } = renderWith(<GalleryList id="g" props={GALLERY_LIST_DEFAULTS} ctx={ctx} />, makeRoot('zh-CN'));
    const first = byTestId(container, 'gallery-card')[0];
    expect(first.querySelector('[data-testid="gallery-status"]')!.textContent).toBe('已结束');
    expect(first.textContent).toContain('1.2w 张照片');
  });

  it('falls back to the placeholder when a cover fails to load', () => {
    const { container } = renderWith(<GalleryList id="g" props={GALLERY_LIST_DEFAULTS} ctx={ctx} />);
    const first = byTestId(container, 'gallery-card')[0];
    act(() => void first.querySelector('taro-image-core')!.dispatchEvent(new CustomEvent('error', { detail: { errMsg: '404' } })));
    expect(first.querySelector('taro-image-core')).toBeNull();
    expect(first.firstElementChild!.className).toContain('gallery-card__cover--placeholder');
  });

  it('opens the sub-gallery on tap', () => {
    const { container } = renderWith(<GalleryList id="g" props={GALLERY_LIST_DEFAULTS} ctx={ctx} />);
    fireEvent.click(byTestId(container, 'gallery-card')[1]);
    expect(navigateTo).toHaveBeenCalledTimes(1);
    const url = navigateTo.mock.calls[0][0].url as string;
    if (isWeapp) {
      expect(url.startsWith('/pages/gallery/index?')).toBe(true);
      expect(url).toContain('link_id=kid003');
    } else {
      expect(url).toBe('/g/kid003');
    }
  });

  it('lists the configured ids in their order', () => {
    const { container } = renderWith(<GalleryList id="g" props={{ ...GALLERY_LIST_DEFAULTS, ids: [1_000_004, 1_000_002, 42] }} ctx={ctx} />);
    expect(byTestId(container, 'gallery-card').map((c) => c.getAttribute('data-link-id'))).toEqual(['kid004', 'kid002']);
    expect(pickGalleries(children, []).length).toBe(3);
  });

  it('renders nothing without sub-galleries', () => {
    const { container } = renderWith(<GalleryList id="g" props={GALLERY_LIST_DEFAULTS} ctx={{ ...ctx, children: [] }} />);
    expect(byTestId(container, 'gallery-list')).toHaveLength(0);
  });
});

describe('gallery list modes and search', () => {
  it.each([2, 3, 4] as const)('mode %i renders the same cards in its layout', (mode) => {
    const { container } = renderWith(<GalleryList id="g" props={{ ...GALLERY_LIST_DEFAULTS, mode }} ctx={ctx} />);
    expect(byTestId(container, 'gallery-list')[0].className).toContain(`gallery-list--m${mode}`);
    expect(byTestId(container, 'gallery-card')).toHaveLength(3);
    expect(container.querySelector('taro-scroll-view-core') !== null).toBe(mode === 4);
    // Smaller cards take the cropped styles.
    const src = container.querySelector('taro-image-core')!.getAttribute('src');
    expect(src).toBe(imageUrl('a'.repeat(64), mode === 3 ? 'wx_250_160' : 'wx_375_240', 1_000_002));
  });

  it('search keeps galleries whose name or description contains the keyword', () => {
    expect(searchGalleries(children, 'CARPET').map((g) => g.link_id)).toEqual(['kid002']);
    expect(searchGalleries(children, ' aw ').map((g) => g.link_id)).toEqual(['kid003']);
    expect(searchGalleries(children, '').length).toBe(3);
    const { container } = renderWith(<GalleryList id="g" props={{ ...GALLERY_LIST_DEFAULTS, search: true }} ctx={ctx} />);
    const input = byTestId(container, 'gallery-search')[0];
    const type = (value: string) => act(() => void input.dispatchEvent(new CustomEvent('input', { detail: { value }, bubbles: true })));
    type('carpet');
    expect(byTestId(container, 'gallery-card').map((c) => c.getAttribute('data-link-id'))).toEqual(['kid002']);
    type('nothing like this');
    expect(byTestId(container, 'gallery-card')).toHaveLength(0);
    expect(byTestId(container, 'gallery-no-result')[0].textContent).toBe('No results');
    type('');
    expect(byTestId(container, 'gallery-card')).toHaveLength(3);
  });
});
