import { GalleryStore } from '../../src/stores/gallery/GalleryStore';
import { ClockStore } from '../../src/stores/session/ClockStore';
import { takeBootGallery } from '../../src/platform/boot';
import { BOOT_GLOBAL } from '../../types/boot';
import type { GalleryDetail } from '../../types/api/gallery';

/** Issue 12, Speed 3: the gallery the H5 document carries replaces the first fetch, once. */
const detail = (link_id: string, name: string) =>
  ({ gallery: { id: 7, link_id, name, access_type: 'free', config: {} }, children: [] }) as unknown as GalleryDetail;
const win = globalThis as unknown as Record<string, unknown>;
const h5 = (process.env.TARO_ENV_JEST || 'h5') === 'h5';

describe('boot data', () => {
  afterEach(() => {
    delete win[BOOT_GLOBAL];
  });

  it('opens the booted gallery without fetching it (H5), then fetches as before', async () => {
    win[BOOT_GLOBAL] = { gallery: { link_id: 'boot001', detail: detail('boot001', 'Booted') } };
    const load = jest.fn().mockResolvedValue(detail('boot001', 'Fetched'));
    const store = new GalleryStore(new ClockStore(), load);
    await store.open({ link_id: 'boot001' });
    expect(store.state).toBe('ready');
    // The mini-program has no document and always fetches.
    expect(load).toHaveBeenCalledTimes(h5 ? 0 : 1);
    expect(store.gallery?.name).toBe(h5 ? 'Booted' : 'Fetched');
    // Taken once: the next open (a reload of the page's data) asks the server.
    await store.open({ link_id: 'boot001' });
    expect(load).toHaveBeenCalledTimes(h5 ? 1 : 2);
    expect(store.gallery?.name).toBe('Fetched');
  });

  it('leaves the boot data of another gallery alone and fetches', async () => {
    win[BOOT_GLOBAL] = { gallery: { link_id: 'other01', detail: detail('other01', 'Other') } };
    const load = jest.fn().mockResolvedValue(detail('boot002', 'Fetched'));
    const store = new GalleryStore(new ClockStore(), load);
    await store.open({ link_id: 'boot002' });
    expect(load).toHaveBeenCalledWith({ link_id: 'boot002' });
    expect(store.gallery?.name).toBe('Fetched');
    expect(takeBootGallery('other01')?.gallery.name).toBe(h5 ? 'Other' : undefined);
  });

  it('has nothing to take without a document (mini-program) or without boot data', () => {
    expect(takeBootGallery('boot003')).toBeNull();
    win[BOOT_GLOBAL] = { gallery: { link_id: 'boot003', detail: detail('boot003', 'X') } };
    const taken = takeBootGallery('boot003');
    if (h5) expect(taken?.gallery.name).toBe('X');
    else expect(taken).toBeNull();
    expect(takeBootGallery('boot003')).toBeNull();
  });
});
