// The poster maker's rules (src/stores/poster/PosterStore.ts): offered only with a photo,
// the templates and the photo load, 'Make' draws the chosen template, a guest is sent to
// login instead of saving, saving uploads then records (createv2) and keeps the picture
// where the platform can; in-app browsers press and hold.
jest.mock('@tarojs/taro', () => ({ __esModule: true, default: {} }));

import { PosterStore, type PosterDeps } from '../../src/stores/poster/PosterStore';
import type { DrawnPoster } from '../../src/stores/poster/posterDraw';
import type { PosterRequest } from '../../src/stores/share/posterEntry';
import { PosterEntry } from '../../src/stores/share/posterEntry';
import type { Photo } from '../../types/api/photo';
import type { PosterTemplate } from '../../types/api/poster';

const GID = 7;
function photo(id: number): Photo {
  return { id, hash: `h${id}`, galleryid: GID, width: 4000, height: 3000, size: 1000, origin: `P${id}.JPG`, show_mark: 1, love: 0, shoottime: 0, createtime: 0, tags: [], check: 1, trash: 0 };
}
const templates: PosterTemplate[] = [
  { id: 1, adjust: 2, icon: '/api/v2/poster/template-file/t1_icon.png', src: '/api/v2/poster/template-file/t1.png' },
  { id: 1000, adjust: 1, icon: '/api/v2/poster/template-file/t1000_icon.jpg', src: '/api/v2/poster/template-file/t1000.jpg' }
];
const content = { title: 'Spring Gala', desc: 'Our photos', imageUrl: '', url: 'https://photos.example/g/abc123' };
const request = (imageId: number | null = 3): PosterRequest => ({ galleryId: GID, imageId, content });

function setup(over: Partial<PosterDeps> = {}) {
  const toasts: string[] = [];
  const drawn: DrawnPoster = { src: 'blob:poster', dataUrl: 'data:image/jpeg;base64,/9j/', width: 1125, height: 2001, blob: {} as Blob, release: jest.fn() };
  let clock = 1000;
  const deps = {
    templates: jest.fn(async () => templates),
    photo: jest.fn(async (_g: number, id: number | null) => photo(id ?? 9)),
    photoCount: jest.fn(() => 5 as number | null),
    render: jest.fn(async () => {
      clock += 420;
      return drawn;
    }),
    upload: jest.fn(async (g: number, t: number, m: number) => ({ key: `poster/g${g}_t${t}_m${m}.jpg` })),
    record: jest.fn(async () => ({})),
    save: jest.fn(async () => 'saved' as const),
    saveMode: jest.fn(() => 'files' as const),
    requireLogin: jest.fn(async () => true),
    toast: (key: string) => void toasts.push(key),
    scanText: () => 'Scan the QR code to see more photos',
    now: () => clock,
    ...over
  };
  return { store: new PosterStore(deps as unknown as PosterDeps), deps, toasts, drawn };
}

describe('PosterStore', () => {
  it('is offered for a photo, and for a gallery only when it has at least one photo', () => {
    const counts: Array<number | null> = [0, null, 3];
    const { store } = setup({ photoCount: () => counts.shift() ?? null });
    expect(store.accepts(request(3))).toBe(true);
    expect(store.accepts(request(null))).toBe(false);
    expect(store.accepts(request(null))).toBe(false);
    expect(store.accepts(request(null))).toBe(true);
    // Through the share modal's entry: the QR poster option shows only when the maker takes the request.
    const entry = new PosterEntry();
    const off = entry.register(setup({ photoCount: () => 0 }).store);
    expect(entry.offers(request(null))).toBe(false);
    expect(entry.offers(request(4))).toBe(true);
    off();
    expect(entry.offers(request(4))).toBe(false);
  });

  it('loads the templates of the gallery and the photo, choosing the first template', async () => {
    const { store, deps } = setup();
    await store.open(request(3));
    expect(deps.templates).toHaveBeenCalledWith(GID);
    expect(deps.photo).toHaveBeenCalledWith(GID, 3);
    expect(store.phase).toBe('choosing');
    expect(store.selectedId).toBe(1);
    expect(store.photoPreview).toBe('/img/h3!wx_750_n?g=7');
    store.choose(1000);
    expect(store.selected?.id).toBe(1000);
    store.choose(55);
    expect(store.selected?.id).toBe(1000);
  });

  it('closes with a message when the gallery has no photo, or the templates fail to load', async () => {
    const empty = setup({ photo: jest.fn(async () => null) });
    await empty.store.open(request(null));
    expect(empty.store.phase).toBe('closed');
    expect(empty.toasts).toEqual(['poster.noPhoto']);
    const failing = setup({ templates: jest.fn(async () => Promise.reject(new Error('offline'))) });
    await failing.store.open(request(3));
    expect(failing.store.phase).toBe('closed');
    expect(failing.toasts).toEqual(['poster.loadFailed']);
  });

  it("'Make' draws the chosen template with the photo's display style and the shared link, then previews it", async () => {
    const { store, deps, drawn } = setup();
    await store.open(request(3));
    store.choose(1000);
    expect(await store.make()).toBe(true);
    expect(deps.render).toHaveBeenCalledWith(templates[1], '/img/h3!wx_1366_n?g=7', {
      title: 'Spring Gala',
      desc: 'Our photos',
      scan: 'Scan the QR code to see more photos',
      link: 'https://photos.example/g/abc123'
    });
    expect(store.phase).toBe('preview');
    expect(store.poster).toBe(drawn);
    expect(store.lastMakeMs).toBe(420);
    store.back();
    expect(store.phase).toBe('choosing');
    expect(drawn.release).toHaveBeenCalled();
  });

  it('goes back to the templates with a message when drawing fails', async () => {
    const { store, toasts } = setup({ render: jest.fn(async () => Promise.reject(new Error('tainted'))) });
    await store.open(request(3));
    expect(await store.make()).toBe(false);
    expect(store.phase).toBe('choosing');
    expect(toasts).toEqual(['poster.makeFailed']);
  });

  it('sends a guest to login instead of saving: nothing is uploaded or saved', async () => {
    const { store, deps } = setup({ requireLogin: jest.fn(async () => false) });
    await store.open(request(3));
    await store.make();
    expect(await store.save()).toBe(false);
    expect(deps.requireLogin).toHaveBeenCalledWith('poster_save');
    expect(deps.upload).not.toHaveBeenCalled();
    expect(deps.record).not.toHaveBeenCalled();
    expect(deps.save).not.toHaveBeenCalled();
  });

  it('saves: uploads the poster under its key, records it with createv2, and downloads it', async () => {
    const { store, deps, toasts, drawn } = setup();
    await store.open(request(3));
    await store.make();
    expect(await store.save()).toBe(true);
    expect(deps.upload).toHaveBeenCalledWith(GID, 1, 3, drawn.dataUrl);
    expect(deps.record).toHaveBeenCalledWith(GID, [3], `poster/g${GID}_t1_m3.jpg`);
    expect(deps.save).toHaveBeenCalledWith(drawn, `poster-${GID}-3.jpg`);
    expect(store.saved).toBe(true);
    expect(toasts).toEqual(['poster.saved']);
    // Saving again keeps it on the device again without a second record.
    await store.save();
    expect(deps.record).toHaveBeenCalledTimes(1);
  });

  it('in-app browsers: Save records the poster, then the preview says to press and hold it', async () => {
    const { store, deps } = setup({ saveMode: jest.fn(() => 'long-press' as const) });
    await store.open(request(3));
    await store.make();
    expect(await store.save()).toBe(true);
    expect(deps.record).toHaveBeenCalled();
    expect(deps.save).not.toHaveBeenCalled();
    expect(store.pressHold).toBe(true);
  });

  it('says so when the upload fails, and records nothing', async () => {
    const { store, deps, toasts } = setup({ upload: jest.fn(async () => Promise.reject(new Error('400'))) });
    await store.open(request(3));
    await store.make();
    expect(await store.save()).toBe(false);
    expect(deps.record).not.toHaveBeenCalled();
    expect(store.saved).toBe(false);
    expect(toasts).toEqual(['poster.saveFailed']);
  });

  it('drops a poster that finishes after the portal closed', async () => {
    let finish: (p: DrawnPoster) => void = () => undefined;
    const late: DrawnPoster = { src: 'blob:late', dataUrl: '', width: 1, height: 1, release: jest.fn() };
    const { store } = setup({ render: jest.fn(() => new Promise<DrawnPoster>((r) => (finish = r))) });
    await store.open(request(3));
    const making = store.make();
    store.close();
    finish(late);
    expect(await making).toBe(false);
    expect(late.release).toHaveBeenCalled();
    expect(store.phase).toBe('closed');
    expect(store.poster).toBeNull();
  });
});
