import { EmbedPageStore, pageNamesUrl } from '../../src/stores/links/EmbedPageStore';
import type { GalleryDetail } from '../../types/api/gallery';
import { makeGallery } from './helpers';

const MAP = 'https://maps.example.com/embed?q=Grand+Hall';
const detail = (pagedata: unknown, childPage: unknown = null): GalleryDetail => ({
  gallery: makeGallery({ id: 7, pagedata: pagedata as never }),
  children: [makeGallery({ id: 8, parent: 7, pagedata: childPage as never })]
});

describe('the full-page embed frames only addresses the gallery names', () => {
  it('finds an address among any component props, nested containers included', () => {
    const page = { components: [{ id: 'c', type: 'collapse', props: { items: [{ children: [{ type: 'iframe', props: { url: MAP } }] }] } }] };
    expect(pageNamesUrl(page, MAP)).toBe(true);
    expect(pageNamesUrl(page, 'https://evil.example.com/')).toBe(false);
    expect(pageNamesUrl(page, `${MAP}&x=1`)).toBe(false);
    expect(pageNamesUrl(null, MAP)).toBe(false);
  });

  it('shows an address of the page or of a sub-gallery page', async () => {
    const load = jest.fn(async () => detail(null, { components: [{ id: 'f', type: 'iframe', props: { url: MAP } }] }));
    const store = new EmbedPageStore(load);
    await store.check(7, MAP);
    expect(load).toHaveBeenCalledWith(7);
    expect(store.state).toBe('shown');
  });

  it('refuses an address the page does not name, a missing gallery, and a failed load', async () => {
    const named = new EmbedPageStore(async () => detail({ components: [{ id: 'f', type: 'iframe', props: { url: MAP } }] }));
    await named.check(7, 'https://phish.example.com/login');
    expect(named.state).toBe('refused');
    const noGallery = new EmbedPageStore(jest.fn());
    await noGallery.check(null, MAP);
    expect(noGallery.state).toBe('refused');
    const failing = new EmbedPageStore(async () => {
      throw new Error('404');
    });
    await failing.check(7, MAP);
    expect(failing.state).toBe('refused');
  });
});
