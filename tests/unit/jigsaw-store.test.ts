// Taro's runtime is ESM-only and unused here: the store's platform pieces are injected.
jest.mock('@tarojs/taro', () => ({ __esModule: true, default: {} }));

import { JigsawStore, collageStyle, type JigsawDeps } from '../../src/stores/jigsaw/JigsawStore';
import type { CollageImage } from '../../src/platform/collage';
import type { Photo } from '../../types/api/photo';

function photo(id: number): Photo {
  return { id, hash: `h${id}`, galleryid: 7, width: 1500, height: 1000, size: 1000, origin: `P${id}.JPG`, show_mark: 1, love: 0, shoottime: 0, createtime: 0, tags: [], check: 1, trash: 0 };
}

const image: CollageImage = { src: 'blob:x', width: 1080, height: 1452, blob: {} as Blob };

function setup(over: Partial<JigsawDeps> = {}) {
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
    toast: (key: string, params?: unknown) => void toasts.push([key, params]),
    record: jest.fn(async () => ({})),
    ...over
  };
  return { store: new JigsawStore(deps as JigsawDeps), deps, toasts };
}

describe('JigsawStore', () => {
  it('draws the display styles of the photos (never originals) and shows the preview', async () => {
    const { store, deps } = setup();
    expect(await store.make('long', [photo(1), photo(2)], 'abc123')).toBe(true);
    expect(deps.render).toHaveBeenCalledWith('long', ['/img/h1!wx_1920_n?g=7', '/img/h2!wx_1920_n?g=7'], expect.any(Function));
    expect(store.phase).toBe('ready');
    expect(store.image).toBe(image);
    expect(store.loaded).toBe(2);
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
    await store.make('long', [photo(1), photo(2)], 'abc123');
    expect(await store.save()).toBe(false);
    expect(login).toHaveBeenCalledWith('download');
    expect(deps.save).not.toHaveBeenCalled();
    login.mockResolvedValue(true);
    expect(await store.save()).toBe(true);
    expect(deps.save).toHaveBeenCalledWith(image, 'abc123-long.jpg');
    expect(toasts).toEqual([['jigsaw.saved', undefined]]);
    store.close();
    expect(store.open).toBe(false);
    expect(deps.release).toHaveBeenCalledWith(image);
  });

  it('a saved collage is recorded once as a splice poster (Find page); a refused or failed save records nothing', async () => {
    const login = jest.fn(async () => false);
    const save = jest.fn(async () => 'failed' as const);
    const { store, deps } = setup({ requireLogin: login, save });
    await store.make('long', [photo(3), photo(1), photo(2)]);
    await store.save();
    expect(deps.record).not.toHaveBeenCalled();
    login.mockResolvedValue(true);
    await store.save();
    expect(deps.record).not.toHaveBeenCalled();
    save.mockResolvedValue('saved' as never);
    await store.save();
    await store.save();
    expect(deps.record).toHaveBeenCalledTimes(1);
    expect(deps.record).toHaveBeenCalledWith(7, [3, 1, 2]);
    // In-app browsers keep the image by a long press: shown for that counts as saved.
    const inApp = setup({ saveMode: () => 'long-press' as const });
    await inApp.store.make('grid', [photo(4)]);
    await inApp.store.save();
    expect(inApp.deps.record).toHaveBeenCalledWith(7, [4]);
  });

  it('a collage finishing after Close is dropped', async () => {
    let finish!: (img: CollageImage) => void;
    const { store, deps } = setup({ render: () => new Promise((r) => (finish = r)) });
    const made = store.make('long', [photo(1), photo(2)]);
    expect(store.phase).toBe('making');
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
