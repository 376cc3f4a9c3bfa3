jest.mock('@tarojs/taro', () => ({
  __esModule: true,
  default: { getWindowInfo: () => ({ windowWidth: 375 }), getStorageSync: () => '', request: jest.fn() }
}));

import { runInAction } from 'mobx';
import type { Photo } from '../../types/api/photo';
import { PhotoListStore, type ListState, type PhotoListOptions } from '../../src/stores/photos/PhotoListStore';
import { ViewerStore } from '../../src/stores/viewer/ViewerStore';
import { PageEventsStore } from '../../src/stores/gallery/PageEventsStore';
import { LiveAlbumStore } from '../../src/stores/live/LiveAlbumStore';
import { backoffMs } from '../../src/api/live';
import { indexAfterInsert, indexAfterRemoval, newPhotosDelayMs, sortSpecOf, NEW_PHOTOS_CAP } from '../../src/stores/live/liveRules';

const G = 7;

function photo(id: number, shoottime: number, over: Partial<Photo> = {}): Photo {
  return { id, hash: `h${id}`, galleryid: G, width: 3, height: 2, size: 1, origin: '', show_mark: 0, love: 0, shoottime, createtime: shoottime, tags: [], check: 1, trash: 0, ...over };
}

/** A list that has loaded `photos` (of `total`) and is in `state`. */
function list(photos: Photo[], state: ListState = 'more', options: Partial<PhotoListOptions> = {}, total = 100): PhotoListStore {
  const s = new PhotoListStore({ galleryId: G, order: 'desc', sorttype: '-shoottime', ...options }, jest.fn());
  runInAction(() => {
    s.items = photos;
    s.state = state;
    s.total = total;
  });
  return s;
}

const ids = (s: PhotoListStore) => s.items.map((p) => p.id);
const desc = () => [photo(1, 100), photo(2, 90), photo(3, 80)];

describe('live inserts into a photo list', () => {
  it('puts a new photo at its shoot-time place in a newest-first list', () => {
    const s = list(desc());
    expect(s.insertPhoto(photo(10, 95))).toBe(1);
    expect(s.insertPhoto(photo(11, 120))).toBe(0);
    expect(ids(s)).toEqual([11, 1, 10, 2, 3]);
    expect(s.total).toBe(102);
  });

  it('appends at the end of an oldest-first list only once the whole album is loaded', () => {
    const partial = list([photo(3, 80), photo(2, 90)], 'more', { order: 'asc' });
    expect(partial.insertPhoto(photo(10, 120))).toBe(-1);
    expect(ids(partial)).toEqual([3, 2]);
    expect(partial.total).toBe(101);
    const complete = list([photo(3, 80), photo(2, 90)], 'noMore', { order: 'asc' }, 2);
    expect(complete.insertPhoto(photo(10, 120))).toBe(2);
    expect(ids(complete)).toEqual([3, 2, 10]);
    expect(complete.total).toBe(3);
  });

  it('leaves an old photo beyond the loaded part for paging, and appends it when all is loaded', () => {
    const partial = list(desc());
    expect(partial.insertPhoto(photo(10, 10))).toBe(-1);
    expect(ids(partial)).toEqual([1, 2, 3]);
    const complete = list(desc(), 'noMore', {}, 3);
    expect(complete.insertPhoto(photo(10, 10))).toBe(3);
    expect(ids(complete)).toEqual([1, 2, 3, 10]);
  });

  it('ignores duplicates and photos of other galleries', () => {
    const s = list(desc());
    expect(s.insertPhoto(photo(2, 90))).toBe(-1);
    expect(s.insertPhoto(photo(20, 95, { galleryid: G + 1 }))).toBe(-1);
    expect(ids(s)).toEqual([1, 2, 3]);
    expect(s.total).toBe(100);
  });

  it('puts a photo into a tag list only when it carries one of the tags', () => {
    const s = list(desc(), 'more', { tags: 'stage,guests' });
    expect(s.insertPhoto(photo(10, 95, { tags: ['food'] }))).toBe(-1);
    expect(s.insertPhoto(photo(11, 95, { tags: ['guests'] }))).toBe(1);
  });

  it('keeps new photos out of the Hot ranking but removes photos from it', () => {
    const hot = list([photo(1, 100, { love: 9 }), photo(2, 90, { love: 3 })], 'noMore', { sorttype: '-love' }, 2);
    expect(sortSpecOf(hot.options).field).toBe('love');
    expect(hot.insertPhoto(photo(10, 200))).toBe(-1);
    expect(hot.removePhotos([1])).toEqual([0]);
    expect(ids(hot)).toEqual([2]);
    expect(hot.total).toBe(1);
  });

  it('removes photos by id and reports where they were', () => {
    const s = list(desc());
    expect(s.removePhotos([3, 1, 99])).toEqual([0, 2]);
    expect(ids(s)).toEqual([2]);
    expect(s.total).toBe(98);
    expect(s.removePhotos([99])).toEqual([]);
  });

  it('updates the review state of loaded photos', () => {
    const s = list(desc());
    expect(s.updatePhotos([2], { check: 0 })).toBe(1);
    expect(s.items.map((p) => p.check)).toEqual([1, 0, 1]);
  });

  it('changes its version on every live change, so an insert plus a removal re-lays out', () => {
    const s = list(desc());
    const v = s.version;
    s.insertPhoto(photo(10, 95));
    s.removePhotos([3]);
    expect(s.items).toHaveLength(3);
    expect(s.version).toBe(v + 2);
  });

  it('counts photos inserted live as new when the list is refreshed', async () => {
    const load = jest.fn(async () => ({
      items: [photo(11, 110), photo(10, 120), photo(1, 100)].sort((a, b) => b.shoottime - a.shoottime),
      total: 3,
      pagedata: { offset: 0, page_size: 20, next_offset: 3, has_more: false, sorttype: 'shoottime' as const, order: 'desc' as const }
    }));
    const s = new PhotoListStore({ galleryId: G, order: 'desc' }, load);
    runInAction(() => {
      s.items = [photo(1, 100)];
      s.state = 'noMore';
    });
    s.insertPhoto(photo(10, 120));
    await expect(s.refresh()).resolves.toBe(2);
  });
});

describe('viewer index follows live changes', () => {
  it('shifts on an insert at or before the current photo, not after it', () => {
    expect(indexAfterInsert(5, 2)).toBe(6);
    expect(indexAfterInsert(5, 5)).toBe(6);
    expect(indexAfterInsert(5, 6)).toBe(5);
  });

  it('shifts back on removals before it, stays in place when the current photo goes, closes when empty', () => {
    expect(indexAfterRemoval(5, [1, 2], 8)).toBe(3);
    expect(indexAfterRemoval(5, [6, 7], 8)).toBe(5);
    expect(indexAfterRemoval(5, [5], 9)).toBe(5);
    expect(indexAfterRemoval(5, [4, 5], 5)).toBe(4);
    expect(indexAfterRemoval(2, [0, 1, 2], 0)).toBe(-1);
  });

  it('keeps the open viewer on the same photo through the live album', async () => {
    const s = list(desc(), 'noMore', {}, 3);
    const viewer = new ViewerStore({ preload: async () => undefined });
    viewer.open(s, 1);
    const live = new LiveAlbumStore({ watch: () => () => undefined, lists: () => [s], viewer, events: new PageEventsStore(), fetchByIds: async () => [photo(10, 120)] });
    await live.add(G, [10], true);
    expect(viewer.current?.id).toBe(2);
    live.remove(G, [1]);
    expect(viewer.current?.id).toBe(2);
    live.remove(G, [2]);
    expect(viewer.index).toBe(1);
    expect(viewer.current?.id).toBe(3);
    live.remove(G, [10, 3]);
    expect(viewer.isOpen).toBe(false);
    live.dispose();
  });
});

describe('live album of a page', () => {
  function setup(lists: PhotoListStore[], fetched: Photo[] = [], random = 0) {
    const events = new PageEventsStore();
    const fetchByIds = jest.fn(async (want: number[]) => fetched.filter((p) => want.includes(p.id)));
    const watch = jest.fn((_g: number, _h: unknown) => jest.fn());
    const live = new LiveAlbumStore({ watch, lists: (g) => lists.filter((l) => l.options.galleryId === g), viewer: new ViewerStore(), events, fetchByIds, random: () => random });
    return { live, events, fetchByIds, watch };
  }

  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());

  it('applies events only to albums already loaded', async () => {
    const idle = list([], 'idle');
    const { live, fetchByIds, events } = setup([idle], [photo(10, 120)]);
    await live.add(G, [10], true);
    live.remove(G, [1]);
    expect(fetchByIds).not.toHaveBeenCalled();
    expect(idle.items).toEqual([]);
    jest.advanceTimersByTime(5000);
    expect(events.newPhotos).toBe(0);
  });

  it('applies an event to every loaded list of the gallery', async () => {
    const all = list(desc());
    const tagged = list([photo(1, 100, { tags: ['a'] })], 'noMore', { tags: 'a' }, 1);
    const other = list([photo(50, 100, { galleryid: G + 1 })], 'noMore', { galleryId: G + 1 }, 1);
    const { live } = setup([all, tagged, other], [photo(10, 95, { tags: ['a'] })]);
    await live.add(G, [10], true);
    expect(ids(all)).toEqual([1, 10, 2, 3]);
    expect(ids(tagged)).toEqual([1, 10]);
    expect(ids(other)).toEqual([50]);
  });

  it('shows the new-photo count after a random 1 to 3 s, and hides it after 5 s', async () => {
    expect(newPhotosDelayMs(0)).toBe(1000);
    expect(newPhotosDelayMs(1)).toBe(3000);
    // Older than the loaded page: paging brings them, so the banner counts them.
    const { live, events } = setup([list(desc())], [photo(10, 20), photo(11, 21)], 1);
    await live.add(G, [10], true);
    await live.add(G, [11], true);
    jest.advanceTimersByTime(2999);
    expect(events.newPhotos).toBe(0);
    jest.advanceTimersByTime(1);
    expect(events.newPhotos).toBe(2);
    jest.advanceTimersByTime(4999);
    expect(events.newPhotos).toBe(2);
    jest.advanceTimersByTime(1);
    expect(events.newPhotos).toBe(0);
  });

  it('counts a photo once, not duplicates, photos shown again nor photos inserted on screen', async () => {
    const s = list(desc());
    const { live, events } = setup([s], [photo(10, 120), photo(11, 95), photo(12, 20)]);
    await live.add(G, [12], true);
    await live.add(G, [12], true);
    await live.add(G, [10], true);
    await live.add(G, [2], true);
    await live.add(G, [11], false);
    jest.advanceTimersByTime(1000);
    expect(events.newPhotos).toBe(1);
    expect(ids(s)).toEqual([10, 1, 11, 2, 3]);
    expect(s.total).toBe(103);
  });

  it('takes a counted photo off the banner when it is deleted before it was shown', async () => {
    const { live, events } = setup([list(desc())], [photo(12, 20), photo(13, 10)]);
    await live.add(G, [12, 13], true);
    jest.advanceTimersByTime(1000);
    expect(events.newPhotos).toBe(2);
    live.remove(G, [13, 13, 2]);
    expect(events.newPhotos).toBe(1);
  });

  it('caps the badge at 99', async () => {
    const many = Array.from({ length: 120 }, (_, i) => photo(1000 + i, 1 + (i % 50)));
    const { live, events, fetchByIds } = setup([list(desc())], many);
    await live.add(G, many.map((p) => p.id), true);
    expect(fetchByIds.mock.calls.map((c) => c[0].length)).toEqual([50, 50, 20]);
    jest.advanceTimersByTime(1000);
    expect(events.newPhotos).toBe(NEW_PHOTOS_CAP);
  });

  it('watches the tracked galleries while the page is shown', () => {
    const { live, watch } = setup([]);
    const stop = live.track(G);
    live.track(G + 1);
    expect(watch.mock.calls.map((c) => c[0])).toEqual([G, G + 1]);
    live.hide();
    expect(live.watching).toEqual([]);
    live.show();
    expect(live.watching).toEqual([G, G + 1]);
    stop();
    expect(live.watching).toEqual([G + 1]);
    live.dispose();
    expect(live.watching).toEqual([]);
  });
});

describe('reconnect backoff', () => {
  it('doubles from 1 s to 30 s with bounded jitter', () => {
    expect([0, 1, 2, 3, 4, 5, 6].map((a) => backoffMs(a, 0.5))).toEqual([1000, 2000, 4000, 8000, 16000, 30000, 30000]);
    expect(backoffMs(0, 0)).toBe(800);
    expect(backoffMs(0, 1)).toBe(1200);
    expect(backoffMs(9, 1)).toBe(30000);
  });
});
