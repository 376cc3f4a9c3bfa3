import { visibleTabs, showNavigator, tabAction } from '../../src/stores/gallery/navTabs';
import { entryTarget } from '../../src/stores/gallery/entry';
import { galleryKeyFromParams } from '../../src/stores/gallery/galleryPage';

const off = { active_on: 0, use_face: 0 };
const on = { active_on: 1, use_face: 1 };

describe('bottom navigation (spec part 1 §2)', () => {
  it('shows only Home by default, so the navigator stays hidden', () => {
    const tabs = visibleTabs({ config: off, navigator: null, orderContext: false, hasParent: false });
    expect(tabs.map((t) => t.index)).toEqual([0]);
    expect(showNavigator(tabs)).toBe(false);
  });
  it('adds My Photo and Following only with active_on and use_face', () => {
    expect(visibleTabs({ config: { active_on: 1, use_face: 0 }, navigator: null, orderContext: false, hasParent: false })).toHaveLength(1);
    const tabs = visibleTabs({ config: on, navigator: null, orderContext: false, hasParent: false });
    expect(tabs.map((t) => t.index)).toEqual([0, 2, 3]);
    expect(showNavigator(tabs)).toBe(true);
  });
  it('adds Preorder in the order context and My in the my context', () => {
    const tabs = visibleTabs({ config: off, navigator: { show_my: true, home_label: 'live' }, orderContext: true, hasParent: false });
    expect(tabs.map((t) => [t.index, t.label])).toEqual([[0, 'nav.live'], [4, 'nav.preorder'], [5, 'nav.my']]);
    expect(tabs.filter((t) => t.needsLogin).map((t) => t.index)).toEqual([4, 5]);
  });
  it('labels tab 0 Back Home under a parent', () => {
    expect(visibleTabs({ config: off, navigator: null, orderContext: false, hasParent: true })[0].label).toBe('nav.back');
  });
  it('sends tab 0 on itself to the parent page, and tabs 4 and 5 to their pages', () => {
    const g = { link_id: 'sub12345', parent_link_id: 'top12345' };
    expect(tabAction(0, 0, g)).toEqual({ kind: 'open', url: '/g/top12345' });
    expect(tabAction(0, 0, { ...g, parent_link_id: null })).toEqual({ kind: 'none' });
    expect(tabAction(0, 2, g)).toEqual({ kind: 'switch', index: 0 });
    expect(tabAction(2, 0, g)).toEqual({ kind: 'switch', index: 2 });
    expect(tabAction(4, 0, g)).toEqual({ kind: 'open', url: '/page/order/sub12345' });
    // The order context goes along, so the order page's way back keeps the Preorder tab.
    expect(tabAction(4, 0, g, { from: 'order', from_id: '7' })).toEqual({ kind: 'open', url: '/page/order/sub12345?from=order&from_id=7' });
    expect(tabAction(5, 0, g)).toEqual({ kind: 'open', url: '/page/me' });
  });
});

describe('mini-program entry', () => {
  it('opens the destination of a QR scene or a page path', () => {
    expect(entryTarget({ scene: encodeURIComponent('g=abc123&o=1') })).toBe('/g/abc123/original/1');
    expect(entryTarget({ page: 'pages/gallery/index', link_id: 'abc123', route: 'gallery' })).toBe('/g/abc123');
    expect(entryTarget({})).toBeNull();
  });
  it('reads the gallery key from page parameters', () => {
    expect(galleryKeyFromParams({ link_id: 'abc123' })).toEqual({ link_id: 'abc123' });
    expect(galleryKeyFromParams({ gti: 'spring-gala' })).toEqual({ gti: 'spring-gala' });
    expect(galleryKeyFromParams({ id: '12' })).toEqual({ id: 12 });
    expect(galleryKeyFromParams({ scene: 'g%3Dabc123' })).toEqual({ link_id: 'abc123' });
    expect(galleryKeyFromParams({ link_id: 'bad' })).toBeNull();
  });
  it('opens the legacy address (/wx/gallery?id=) for ids below 1,000,000 only', () => {
    expect(galleryKeyFromParams({ id: '999999', route: 'legacyGallery' })).toEqual({ id: 999999 });
    expect(galleryKeyFromParams({ id: '1000000', route: 'legacyGallery' })).toBeNull();
    expect(galleryKeyFromParams({ id: '0' })).toBeNull();
  });
});
