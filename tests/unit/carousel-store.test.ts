// The big-screen carousel's rules (spec part 3 §2 item 11, §4): order, wrap-around,
// page loading near the end, the shuffle bag, settings, and the index shift when
// live inserts or removals land before the shown photo.
import { runInAction } from 'mobx';
import type { Photo, PhotoListQuery, PhotoListResult } from '../../types/api/photo';

jest.mock('../../src/api/gallery', () => ({ fetchPhotoList: jest.fn() }));
jest.mock('../../src/platform/env', () => ({ apiBase: () => '' }));
jest.mock('../../src/platform/preload', () => ({ preloadImage: jest.fn(() => Promise.resolve()) }));
jest.mock('../../src/platform/storage', () => ({ readStored: (_k: string, f: unknown) => f, writeStored: jest.fn() }));

import { PhotoListStore } from '../../src/stores/photos/PhotoListStore';
import { CarouselStore, type CarouselDeps } from '../../src/stores/carousel/CarouselStore';
import { CAROUSEL_DEFAULTS, carouselStorageKey } from '../../src/stores/carousel/carouselConfig';

const GID = 1_000_001;

function photo(id: number): Photo {
  return { id, hash: id.toString(16).padStart(64, '0'), galleryid: GID, width: 1500, height: 1000, size: 1, origin: '', show_mark: 0, love: 0, shoottime: 1_700_000_000 + id, createtime: 0, tags: [], check: 1, trash: 0 };
}

/** A gallery of `total` photos (ids 1..total, shoot-time ascending) served 20 at a time. */
function listOf(total: number) {
  const load = jest.fn(async (_g: number, q: PhotoListQuery): Promise<PhotoListResult> => {
    const offset = q.offset ?? 0;
    const count = Math.max(0, Math.min(20, total - offset));
    const items = Array.from({ length: count }, (_, i) => photo(offset + i + 1));
    const next = offset + count;
    return { items, total, pagedata: { offset, page_size: 20, next_offset: next, has_more: next < total, sorttype: 'shoottime', order: 'asc' } };
  });
  return { list: new PhotoListStore({ galleryId: GID, sorttype: 'shoottime', order: 'asc' }, load), load };
}

const flush = async () => {
  for (let i = 0; i < 20; i++) await Promise.resolve();
};

async function started(total: number, deps: CarouselDeps = {}, config = {}) {
  const { list, load } = listOf(total);
  const preload = jest.fn((_url: string) => Promise.resolve());
  const store = new CarouselStore(list, GID, config, { preload, read: (_k, f) => f, write: jest.fn(), ...deps });
  store.start();
  await flush();
  return { store, list, load, preload };
}

const currentId = (s: CarouselStore) => s.current?.id;

describe('carousel order', () => {
  it('starts on the first photo, walks forward and back, and wraps once the whole album is loaded', async () => {
    const { store } = await started(3);
    expect(store.index).toBe(-1);
    store.play();
    await flush();
    expect(currentId(store)).toBe(1);
    await store.advance();
    await store.advance();
    expect(currentId(store)).toBe(3);
    await store.advance();
    expect(currentId(store)).toBe(1);
    store.prev();
    expect(currentId(store)).toBe(3);
    store.prev();
    expect(currentId(store)).toBe(2);
    store.dispose();
  });

  it('loads the next page when the show is within 5 photos of the loaded end, not before', async () => {
    const { store, load } = await started(45);
    expect(load).toHaveBeenCalledTimes(1);
    store.play();
    await flush();
    store.pause();
    for (let i = 0; i < 14; i++) await store.advance();
    // Index 14 of 20 loaded: 5 photos still ahead.
    expect(store.index).toBe(14);
    expect(load).toHaveBeenCalledTimes(1);
    await store.advance();
    await flush();
    expect(load).toHaveBeenCalledTimes(2);
    expect(load.mock.calls[1][1]).toMatchObject({ offset: 20, sorttype: 'shoottime', order: 'asc' });
    expect(store.photos).toHaveLength(40);
  });

  it('does not wrap while pages are still to load: it loads them first', async () => {
    const { store, list, load } = await started(25);
    // Only the first page loaded; jump to its last photo.
    runInAction(() => (store.index = 19));
    expect(store.upcomingIndex).toBe(-1);
    await store.advance();
    expect(load).toHaveBeenCalledTimes(2);
    expect(currentId(store)).toBe(21);
    expect(list.hasMore).toBe(false);
    runInAction(() => (store.index = 24));
    await store.advance();
    expect(currentId(store)).toBe(1);
  });

  it('random order never repeats a photo within a round of the bag', async () => {
    let seed = 7;
    const random = () => ((seed = (seed * 16807) % 2147483647) / 2147483647);
    const { store } = await started(12, { random }, { order: 'random' });
    store.play();
    await flush();
    store.pause();
    const seen = [currentId(store)];
    for (let i = 0; i < 11; i++) {
      await store.advance();
      seen.push(currentId(store));
    }
    expect(new Set(seen).size).toBe(12);
    // A new round: the next photo is never the one just shown.
    const last = currentId(store);
    await store.advance();
    expect(currentId(store)).not.toBe(last);
    // Back goes through what was shown.
    const before = seen[seen.length - 1];
    store.prev();
    expect(currentId(store)).toBe(before);
  });

  it('skips a photo that fails to load instead of showing a blank', async () => {
    const preload = jest.fn((url: string) => (url.includes('0000002!') ? Promise.reject(new Error('404')) : Promise.resolve()));
    const { store } = await started(4, { preload });
    store.play();
    await flush();
    store.pause();
    expect(currentId(store)).toBe(1);
    await store.advance();
    expect(currentId(store)).toBe(3);
  });
});

describe('carousel index on live list changes', () => {
  async function at(index: number) {
    const r = await started(10);
    runInAction(() => (r.store.index = index));
    return r;
  }
  const insert = (list: PhotoListStore, i: number, ids: number[]) => runInAction(() => list.items.splice(i, 0, ...ids.map(photo)));
  const remove = (list: PhotoListStore, i: number, n: number) => runInAction(() => list.items.splice(i, n));

  it('shifts on an insert before or at the current index, not after', async () => {
    const { store, list } = await at(4);
    insert(list, 2, [101, 102]);
    store.onListChange('insert', 2, 2);
    expect(store.index).toBe(6);
    expect(currentId(store)).toBe(5);
    insert(list, 6, [103]);
    store.onListChange('insert', 6, 1);
    expect(currentId(store)).toBe(5);
    insert(list, 8, [104]);
    store.onListChange('insert', 8, 1);
    expect(store.index).toBe(7);
    expect(currentId(store)).toBe(5);
  });

  it('shifts on a removal before the current index, not after', async () => {
    const { store, list } = await at(5);
    remove(list, 1, 2);
    store.onListChange('remove', 1, 2);
    expect(store.index).toBe(3);
    expect(currentId(store)).toBe(6);
    remove(list, 5, 1);
    store.onListChange('remove', 5, 1);
    expect(currentId(store)).toBe(6);
  });

  it('shows the next photo when the shown one is removed, and the first when it was the last', async () => {
    const { store, list } = await at(5);
    const step = store.step;
    remove(list, 5, 1);
    store.onListChange('remove', 5, 1);
    expect(currentId(store)).toBe(7);
    expect(store.step).toBe(step + 1);
    runInAction(() => (store.index = list.items.length - 1));
    remove(list, list.items.length - 1, 1);
    store.onListChange('remove', list.items.length, 1);
    expect(store.index).toBe(0);
  });

  it('takes removals as the list reports them (former positions, any order)', async () => {
    const { store, list } = await at(6);
    // Photos 2, 9 and 4 (positions 1, 8, 3) go.
    const gone = [1, 8, 3];
    runInAction(() => (list.items = list.items.filter((_, i) => !gone.includes(i))));
    store.onRemoved(gone);
    expect(currentId(store)).toBe(7);
  });

  it('takes the live album\'s list hooks for its own list only', async () => {
    const { store, list } = await at(4);
    const other = listOf(10).list;
    store.listInserted(other, 0);
    store.listRemoved(other, [0, 1]);
    expect(store.index).toBe(4);
    insert(list, 0, [100]);
    store.listInserted(list, 0);
    expect(currentId(store)).toBe(5);
    runInAction(() => (list.items = list.items.filter((p) => p.id !== 100 && p.id !== 2)));
    store.listRemoved(list, [0, 2]);
    expect(currentId(store)).toBe(5);
    expect(store.index).toBe(3);
  });

  it('does nothing before the show started', async () => {
    const { store, list } = await started(5);
    insert(list, 0, [100]);
    store.onListChange('insert', 0, 1);
    expect(store.index).toBe(-1);
  });
});

describe('carousel settings', () => {
  it('uses the defaults, the gallery config over them, and this screen’s stored choices over both', async () => {
    expect((await started(1)).store.settings).toEqual(CAROUSEL_DEFAULTS);
    const configured = await started(1, {}, { order: 'random', time: 10, effect: 'flip-card', qrcode: 0, danmuku: 1 });
    expect(configured.store.settings).toEqual({ order: 'random', time: 10, effect: 'flip-card', qrcode: false, danmaku: true });
    const stored = { time: 3, effect: 'zoom', order: 'nonsense' };
    const write = jest.fn();
    const { store } = await started(1, { read: <T>(k: string, f: T) => (k === carouselStorageKey(GID) ? (stored as T) : f), write }, { time: 15, order: 'random' });
    expect(store.settings).toMatchObject({ time: 3, effect: 'zoom', order: 'random' });
    store.setTime(20);
    store.toggleQr();
    expect(write).toHaveBeenLastCalledWith(carouselStorageKey(GID), { time: 20, effect: 'zoom', qrcode: false });
  });

  it('advances every `time` seconds while playing and stops when paused', async () => {
    jest.useFakeTimers();
    try {
      const { store } = await started(10);
      store.setTime(3);
      store.play();
      await flush();
      expect(currentId(store)).toBe(1);
      jest.advanceTimersByTime(2999);
      await flush();
      expect(currentId(store)).toBe(1);
      jest.advanceTimersByTime(1);
      await flush();
      expect(currentId(store)).toBe(2);
      store.setTime(10);
      jest.advanceTimersByTime(9999);
      await flush();
      expect(currentId(store)).toBe(2);
      jest.advanceTimersByTime(1);
      await flush();
      expect(currentId(store)).toBe(3);
      store.pause();
      jest.advanceTimersByTime(60_000);
      await flush();
      expect(currentId(store)).toBe(3);
    } finally {
      jest.useRealTimers();
    }
  });
});
