// Taro's runtime is ESM-only and unused here: the store's platform pieces are injected.
jest.mock('@tarojs/taro', () => ({ __esModule: true, default: {} }));

import { JigsawStore, collageStyle, type JigsawDeps } from '../../src/stores/jigsaw/JigsawStore';
import type { CollageImage } from '../../src/platform/collage';
import type { Photo } from '../../types/api/photo';
import type { LongPicture } from '../../types/api/splice';
import { COLLAGING_TIMEOUT_MS, SpliceErrorCode } from '../../types/api/splice';
import { ApiError } from '../../src/api/client';
import { t } from '../../src/i18n';

/** The 'Collaging' loading as the current language says it. */
const LOADING = () => `loading:${t('jigsaw.collaging')}`;

function photo(id: number, galleryid = 7): Photo {
  return { id, hash: `h${id}`, galleryid, width: 1500, height: 1000, size: 1000, origin: `P${id}.JPG`, show_mark: 1, love: 0, shoottime: 0, createtime: 0, tags: [], check: 1, trash: 0 };
}

const image: CollageImage = { src: 'blob:x', width: 1080, height: 1452, blob: {} as Blob };
const HASH = 'a'.repeat(64);
const picture: LongPicture = { hash: HASH, url: `/api/v2/usersplice/image/${HASH}?u=1&e=2&s=x`, width: 1080, height: 2172, gallery_id: 7, image_ids: [3, 1], created_at: 1 };

function setup(over: Partial<JigsawDeps> = {}) {
  const events: string[] = [];
  const toasts: Array<[string, unknown]> = [];
  const deps = {
    render: jest.fn(async (_k: string, urls: readonly string[], onProgress: (l: number, t: number) => void) => {
      urls.forEach((_u, i) => onProgress(i + 1, urls.length));
      return image;
    }),
    save: jest.fn(async () => 'saved' as const),
    release: jest.fn(),
    saveMode: () => 'files' as const,
    requireLogin: jest.fn(async () => true),
    toast: (key: string, params?: unknown) => {
      events.push(`toast:${key}`);
      toasts.push([key, params]);
    },
    create: jest.fn(async () => HASH),
    show: jest.fn(async () => picture),
    timeoutMs: COLLAGING_TIMEOUT_MS,
    saveUrl: jest.fn(async () => 'saved' as const),
    shareSupported: () => true,
    share: jest.fn(async () => 'shared' as const),
    loading: { show: (text: string) => void events.push(`loading:${text}`), hide: () => void events.push('hide') },
    ...over
  };
  return { store: new JigsawStore(deps as JigsawDeps), deps, toasts, events };
}

describe('JigsawStore: the long picture (drawn by the server)', () => {
  it('asks the server for the long picture of the photos in their order, with the Collaging loading, then previews its address', async () => {
    const { store, deps, events } = setup();
    const made = store.make('long', [photo(3), photo(1)], 'abc123');
    expect(store.phase).toBe('making');
    expect(store.sheetShown).toBe(false);
    expect(await made).toBe(true);
    expect(deps.create).toHaveBeenCalledWith(7, [3, 1]);
    expect(deps.show).toHaveBeenCalledWith(7, [3, 1]);
    expect(deps.render).not.toHaveBeenCalled();
    expect(events).toEqual([LOADING(), 'hide']);
    expect(store.sheetShown).toBe(true);
    expect(store.image).toMatchObject({ url: picture.url, width: 1080, height: 2172 });
    expect(store.image!.src.endsWith(picture.url)).toBe(true);
  });

  it('on failure the loading hides first, then the error shows, and no preview opens', async () => {
    const gone = new ApiError(404, SpliceErrorCode.UNKNOWN_PHOTO, null, 'No such photo');
    const { store, events } = setup({ create: jest.fn(async () => Promise.reject(gone)) });
    expect(await store.make('long', [photo(1), photo(2)])).toBe(false);
    expect(events).toEqual([LOADING(), 'hide', 'toast:jigsaw.longPhotoGone']);
    expect(store.phase).toBe('closed');
    expect(store.sheetShown).toBe(false);

    const tooMany = setup({ create: jest.fn(async () => Promise.reject(new ApiError(400, SpliceErrorCode.TOO_MANY, null, 'x'))) });
    await tooMany.store.make('long', [photo(1), photo(2)]);
    expect(tooMany.toasts).toEqual([['select.MAX_JIGSAW_NUM', { num: 12 }]]);
    const down = setup({ create: jest.fn(async () => Promise.reject(new Error('network'))) });
    await down.store.make('long', [photo(1), photo(2)]);
    expect(down.toasts).toEqual([['jigsaw.longFailed', undefined]]);
  });

  it('gives up after 20 s of Collaging: the loading hides and the time-out error shows', async () => {
    jest.useFakeTimers();
    try {
      const { store, events } = setup({ create: jest.fn(() => new Promise<string>(() => undefined)) });
      const made = store.make('long', [photo(1), photo(2)]);
      await jest.advanceTimersByTimeAsync(COLLAGING_TIMEOUT_MS - 1);
      expect(events).toEqual([LOADING()]);
      await jest.advanceTimersByTimeAsync(1);
      expect(await made).toBe(false);
      expect(events).toEqual([LOADING(), 'hide', 'toast:jigsaw.longTimeout']);
    } finally {
      jest.useRealTimers();
    }
  });

  it('saves the long picture from its address (a guest logs in first) and shares it where the system can', async () => {
    const login = jest.fn(async () => false);
    const { store, deps, toasts } = setup({ requireLogin: login });
    await store.make('long', [photo(3), photo(1)], 'abc123');
    expect(await store.save()).toBe(false);
    expect(deps.saveUrl).not.toHaveBeenCalled();
    login.mockResolvedValue(true);
    expect(await store.save()).toBe(true);
    expect(deps.saveUrl).toHaveBeenCalledWith(picture.url, 'abc123-long.jpg');
    expect(deps.save).not.toHaveBeenCalled();
    expect(toasts).toEqual([['jigsaw.saved', undefined]]);
    expect(store.canShare).toBe(true);
    expect(await store.share()).toBe(true);
    expect(deps.share).toHaveBeenCalledWith(picture.url, 'abc123-long.jpg');
    store.close();
    // Nothing of the device to free: the picture is the server's.
    expect(deps.release).not.toHaveBeenCalled();

    const noShare = setup({ shareSupported: () => false });
    await noShare.store.make('long', [photo(1), photo(2)]);
    expect(noShare.store.canShare).toBe(false);
    expect(await noShare.store.share()).toBe(false);
  });

  it('a long picture finishing after Close is dropped, and Close hides the loading', async () => {
    let finish!: (h: string) => void;
    const { store, events } = setup({ create: jest.fn(() => new Promise<string>((r) => (finish = r))) });
    const made = store.make('long', [photo(1), photo(2)]);
    store.close();
    expect(events).toEqual([LOADING(), 'hide']);
    finish(HASH);
    expect(await made).toBe(false);
    expect(store.image).toBeNull();
  });
});

describe('JigsawStore: the grid (drawn on the device)', () => {
  it('draws the display styles of the photos (never originals) and shows the preview', async () => {
    const { store, deps } = setup();
    expect(await store.make('grid', [photo(1), photo(2)], 'abc123')).toBe(true);
    expect(deps.render).toHaveBeenCalledWith('grid', ['/img/h1!wx_750_n?g=7', '/img/h2!wx_750_n?g=7'], expect.any(Function));
    expect(deps.create).not.toHaveBeenCalled();
    expect(store.phase).toBe('ready');
    expect(store.image).toBe(image);
    expect(store.loaded).toBe(2);
    expect(store.canShare).toBe(false);
    expect(collageStyle('grid', 1)).toBe('wx_1920_n');
    expect(collageStyle('grid', 4)).toBe('wx_750_n');
  });

  it('a photo that fails to load: a toast naming it, and no preview', async () => {
    const { store, toasts } = setup({
      render: async () => {
        throw Object.assign(new Error('x'), { name: 'CollageLoadError', index: 1 });
      }
    });
    expect(await store.make('grid', [photo(1), photo(2)])).toBe(false);
    expect(store.phase).toBe('closed');
    expect(toasts).toEqual([['jigsaw.loadError', { num: 2 }]]);
  });

  it('Save asks a guest to log in first, then saves the file; Close frees the image', async () => {
    const login = jest.fn(async () => false);
    const { store, deps, toasts } = setup({ requireLogin: login });
    await store.make('grid', [photo(1), photo(2)], 'abc123');
    expect(await store.save()).toBe(false);
    expect(login).toHaveBeenCalledWith('download');
    expect(deps.save).not.toHaveBeenCalled();
    login.mockResolvedValue(true);
    expect(await store.save()).toBe(true);
    expect(deps.save).toHaveBeenCalledWith(image, 'abc123-grid.jpg');
    expect(toasts).toEqual([['jigsaw.saved', undefined]]);
    store.close();
    expect(store.open).toBe(false);
    expect(deps.release).toHaveBeenCalledWith(image);
  });

  it('a collage finishing after Close is dropped', async () => {
    let finish!: (img: CollageImage) => void;
    const { store, deps } = setup({ render: () => new Promise((r) => (finish = r)) });
    const made = store.make('grid', [photo(1), photo(2)]);
    expect(store.phase).toBe('making');
    expect(store.sheetShown).toBe(true);
    store.close();
    finish(image);
    expect(await made).toBe(false);
    expect(store.image).toBeNull();
    expect(deps.release).toHaveBeenCalledWith(image);
  });

  it('in-app browsers save no file: Save (after the login) turns the sheet into a press-and-hold hint, until Close', async () => {
    const login = jest.fn(async () => false);
    const { store, deps, toasts } = setup({ requireLogin: login, saveMode: () => 'long-press' });
    await store.make('grid', [photo(1), photo(2), photo(3)]);
    expect(await store.save()).toBe(false);
    expect(store.pressHold).toBe(false);
    login.mockResolvedValue(true);
    expect(await store.save()).toBe(true);
    expect(store.pressHold).toBe(true);
    expect(deps.save).not.toHaveBeenCalled();
    expect(toasts).toEqual([]);
    store.close();
    expect(store.pressHold).toBe(false);
  });
});
