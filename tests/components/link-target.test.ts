import { linkTarget } from '../../src/platform/navigate';
import { autoModalLinks, isActiveLink } from '../../src/stores/links/follow';
import type { Link } from '../../types/page';

describe('where a configured link leads', () => {
  it('home is the event’s own top page; the home album only when the page does not know its event', () => {
    expect(linkTarget({ type: 'home' }, { homeLinkId: 'event001' })).toEqual({ url: '/g/event001', external: false });
    expect(linkTarget({ type: 'home' })).toEqual({ url: '/demo', external: false });
  });

  it('page, gallery and subgallery open that gallery; custom opens its URL outside; empty and modal images lead nowhere by address', () => {
    for (const type of ['page', 'gallery', 'subgallery'] as const) expect(linkTarget({ type, link_id: 'abc123' })).toEqual({ url: '/g/abc123', external: false });
    expect(linkTarget({ type: 'custom', url: 'https://example.com/x' })).toEqual({ url: 'https://example.com/x', external: true });
    expect(linkTarget({ type: 'empty' })).toBeNull();
    expect(linkTarget({ type: 'modal-image', modalcontent: 'a'.repeat(64) })).toBeNull();
  });

  it('a modal-image link is active only with an image; automatic ones are found anywhere in a page, nested included', () => {
    expect(isActiveLink({ type: 'modal-image' } as unknown as Link)).toBe(false);
    expect(isActiveLink({ type: 'modal-image', modalcontent: 'h' })).toBe(true);
    expect(isActiveLink({ type: 'empty' })).toBe(false);
    expect(isActiveLink(undefined)).toBe(false);
    const auto = { type: 'modal-image', modalcontent: 'b'.repeat(64), modalauto: true };
    const page = [
      { id: 'a', type: 'tips', props: { link: { type: 'modal-image', modalcontent: 'c'.repeat(64) } } },
      { id: 'b', type: 'collapse', props: { items: [{ title: 'x', children: [{ id: 'c', type: 'image', props: { items: [{ image: 'd', link: auto }] } }] }] } }
    ];
    expect(autoModalLinks(page)).toEqual([auto]);
  });
});
