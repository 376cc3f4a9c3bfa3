import { PhotoListStore, MAX_EMPTY_LOADS } from '../../src/stores/photos/PhotoListStore';
import { PhotoListCache, PHOTO_LIST_CACHE_MS } from '../../src/stores/photos/PhotoListCache';
import type { PhotoListQuery, PhotoListResult } from '../../types/api/photo';
import { makePhoto, photoPage } from './helpers';

const G = 1_000_001;

describe('PhotoListStore', () => {
  it('stops asking after more than 3 loads in a row bring nothing new', async () => {
    // The server keeps saying "more" but sends photos the list already has.
    const load = jest.fn(async (_g: number, q: PhotoListQuery): Promise<PhotoListResult> => {
      const page = photoPage(0, 20, 1000);
      return { ...page, pagedata: { ...page.pagedata, offset: q.offset ?? 0, next_offset: (q.offset ?? 0) + 20, has_more: true } };
    });
    const s = new PhotoListStore({ galleryId: G, order: 'desc' }, load);
    await s.loadMore();
    expect(s.items).toHaveLength(20);
    for (let i = 0; i < MAX_EMPTY_LOADS; i++) {
      await s.loadMore();
      expect(s.state).toBe('more');
    }
    await s.loadMore();
    expect(s.state).toBe('noMore');
    await s.loadMore();
    expect(load).toHaveBeenCalledTimes(1 + MAX_EMPTY_LOADS + 1);
    // A reset (an event) lets it load again.
    s.reset();
    await s.loadMore();
    expect(load).toHaveBeenCalledTimes(MAX_EMPTY_LOADS + 3);
  });

  it('asks for the next page after the last photo (keyset) as well as by offset', async () => {
    const load = jest.fn(async (_g: number, q: PhotoListQuery) => photoPage(q.offset ?? 0, 20, 100));
    const s = new PhotoListStore({ galleryId: G, order: 'desc' }, load);
    await s.loadMore();
    await s.loadMore();
    const last = s.items[19];
    expect(load.mock.calls[0][1].after).toBeUndefined();
    expect(load.mock.calls[1][1]).toMatchObject({ offset: 20, after: `${last.shoottime}_${last.id}` });
  });

  it('refresh() reports how many photos came in ahead of the old first one', async () => {
    let extra = 0;
    const load = jest.fn(async () => {
      const page = photoPage(0, 20, 40);
      const fresh = Array.from({ length: extra }, (_, i) => makePhoto(5000 + i));
      return { ...page, items: [...fresh, ...page.items].slice(0, 20) };
    });
    const s = new PhotoListStore({ galleryId: G, order: 'desc' }, load);
    await s.loadMore();
    extra = 2;
    expect(await s.refresh()).toBe(2);
    expect(await s.refresh()).toBe(0);
  });
});

describe('PhotoListCache', () => {
  it('gives the same list (with its photos) back within 2 minutes, a fresh one after', () => {
    let now = 1_000_000;
    const cache = new PhotoListCache(undefined, () => now);
    const opts = { galleryId: G, order: 'desc' as const, tags: 'Stage' };
    const a = cache.get(opts);
    expect(cache.get({ ...opts })).toBe(a);
    expect(cache.get({ ...opts, tags: 'Guests' })).not.toBe(a);
    expect(cache.get({ ...opts, order: 'asc' })).not.toBe(a);
    cache.release(a);
    now += PHOTO_LIST_CACHE_MS;
    expect(cache.get(opts)).toBe(a);
    cache.release(a);
    now += PHOTO_LIST_CACHE_MS + 1;
    expect(cache.get(opts)).not.toBe(a);
  });

  it('drops a gallery\'s other lists when an event resets it', () => {
    const cache = new PhotoListCache(undefined, () => 0);
    const all = cache.get({ galleryId: G, order: 'desc' });
    const tagged = cache.get({ galleryId: G, order: 'desc', tags: 'Stage' });
    const other = cache.get({ galleryId: G + 1, order: 'desc' });
    cache.dropGallery(G, all);
    expect(cache.get({ galleryId: G, order: 'desc' })).toBe(all);
    expect(cache.get({ galleryId: G, order: 'desc', tags: 'Stage' })).not.toBe(tagged);
    expect(cache.get({ galleryId: G + 1, order: 'desc' })).toBe(other);
  });
});
