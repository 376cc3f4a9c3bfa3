// The poster maker from the share modal (issue 16 item 3): the QR poster option shows for
// a gallery with photos, the portal lists the templates, 'Make' draws the poster through
// the platform's canvas (a <canvas> element in browsers, the offscreen canvas 2d in the
// mini-program, TARO_ENV_JEST=weapp: both mocked, jsdom has no canvas), the preview says
// 'long press to save image', a guest is sent to login, a logged-in visitor's Save uploads
// and records the poster and keeps it (browser download / photo album).
import { act, fireEvent } from '@testing-library/react';
import { runInAction } from 'mobx';
import Taro from '@tarojs/taro';
import { ShareSheet } from '../../src/components/share-sheet';
import { PosterHost } from '../../src/components/poster';
import { ShareSheetStore } from '../../src/stores/share/ShareSheetStore';
import { createPosterV2, fetchPosterTemplates, uploadPoster } from '../../src/api/poster';
import { fetchPhotoList } from '../../src/api/gallery';
import { POSTER_QUALITY, type PosterTemplate } from '../../types/api/poster';
import { byTestId, isWeapp, makeGallery, makeRoot, photoPage, renderWith } from './helpers';

jest.mock('../../src/api/poster', () => ({ fetchPosterTemplates: jest.fn(), uploadPoster: jest.fn(), createPosterV2: jest.fn() }));
jest.mock('../../src/api/gallery', () => ({ ...jest.requireActual('../../src/api/gallery'), fetchPhotoList: jest.fn() }));

const GID = 1_000_001;
const templates: PosterTemplate[] = [
  { id: 1, adjust: 2, icon: '/api/v2/poster/template-file/t1_icon.png', src: '/api/v2/poster/template-file/t1.png' },
  { id: 1000, adjust: 1, icon: '/api/v2/poster/template-file/t1000_icon.jpg', src: '/api/v2/poster/template-file/t1000.jpg' }
];
const content = { title: 'Spring Gala', desc: 'Photos of the night', imageUrl: '', url: 'https://photos.example/g/abc123' };

const flush = () =>
  act(async () => {
    for (let i = 0; i < 60; i++) await new Promise((r) => setTimeout(r, 0));
  });

/** A picture of 1500×1000 that "loads" on the next tick. */
const picture = () => {
  const img: { width: number; height: number; onload?: () => void; crossOrigin?: string } = { width: 1500, height: 1000 };
  Object.defineProperty(img, 'src', { set: () => setTimeout(() => img.onload?.(), 0) });
  return img;
};

interface Drawn {
  images: number;
  texts: string[];
  rects: number;
  scale: number[];
  encoded: Array<{ width: number; height: number; quality: unknown }>;
}

/** The platform's canvas, mocked per branch; what was drawn is recorded. */
function mockCanvas(): Drawn {
  const d: Drawn = { images: 0, texts: [], rects: 0, scale: [], encoded: [] };
  const ctx = {
    fillStyle: '',
    font: '',
    textBaseline: '',
    textAlign: '',
    scale: (x: number) => d.scale.push(x),
    fillRect: () => void d.rects++,
    fillText: (s: string) => void d.texts.push(s),
    // About half the font size a character (Latin text in a sans-serif face).
    measureText: (s: string) => ({ width: Array.from(s).length * 0.5 * Number(/(\d+)px/.exec(ctx.font)?.[1] ?? 10) }),
    drawImage: () => void d.images++
  };
  const t = Taro as unknown as Record<string, unknown>;
  if (isWeapp) {
    const canvas = { width: 1, height: 1, createImage: picture, getContext: () => ctx };
    const fake: Record<string, unknown> = {
      createOffscreenCanvas: (o: { width: number; height: number }) => Object.assign(canvas, { width: o.width, height: o.height }),
      canvasToTempFilePath: async (o: { destWidth: number; destHeight: number; quality: number }) => {
        d.encoded.push({ width: o.destWidth, height: o.destHeight, quality: o.quality });
        return { tempFilePath: 'wxfile://tmp/poster.jpg' };
      },
      getFileSystemManager: () => ({ readFileSync: () => '/9j/AAAA' }),
      authorize: async () => ({}),
      saveImageToPhotosAlbum: jest.fn(async () => ({}))
    };
    for (const [name, impl] of Object.entries(fake)) {
      if (typeof t[name] !== 'function') t[name] = () => undefined;
      jest.spyOn(t as never, name as never).mockImplementation(impl as never);
    }
  } else {
    (window as unknown as { Image: unknown }).Image = function () {
      return picture();
    };
    jest.spyOn(HTMLCanvasElement.prototype, 'getContext').mockImplementation((() => ctx) as never);
    jest.spyOn(HTMLCanvasElement.prototype, 'toBlob').mockImplementation(function (this: HTMLCanvasElement, cb: BlobCallback, _type?: string, quality?: unknown) {
      d.encoded.push({ width: this.width, height: this.height, quality });
      cb(new Blob([new Uint8Array([0xff, 0xd8, 0xff])], { type: 'image/jpeg' }));
    });
    URL.createObjectURL = jest.fn(() => 'blob:poster');
    URL.revokeObjectURL = jest.fn();
  }
  return d;
}

async function setup(opts: { guest: boolean; photos?: number }) {
  const root = makeRoot('en-US');
  runInAction(() => {
    root.session.status = 'ready';
    root.session.user = { openid: opts.guest ? 'guest_x' : 'wx_me', nickname: '', photo: '', is_mock: opts.guest };
  });
  const sheet = new ShareSheetStore({ inWechat: () => false, systemShareAvailable: () => false });
  const r = renderWith(
    <>
      <ShareSheet store={sheet} />
      <PosterHost />
    </>,
    root
  );
  runInAction(() => (r.page.gallery.gallery = makeGallery({ id: GID, image_total: opts.photos ?? 3 })));
  act(() => sheet.open(content, { galleryId: GID, imageId: null }));
  return { ...r, sheet };
}

const RealImage = window.Image;
beforeEach(() => {
  jest.mocked(fetchPosterTemplates).mockReset().mockResolvedValue(templates);
  jest.mocked(fetchPhotoList).mockReset().mockResolvedValue(photoPage(0, 1, 3, GID));
  jest.mocked(uploadPoster).mockReset().mockImplementation(async (g, t, m) => ({ key: `poster/g${g}_t${t}_m${m}.jpg`, url: '' }));
  jest.mocked(createPosterV2).mockReset().mockResolvedValue({ id: 1, gallery_id: GID, image_ids: [1], thumb: null, border: 0, desc: '', created_at: 0 });
});
afterEach(() => {
  window.Image = RealImage;
  jest.restoreAllMocks();
});

const options = (c: ParentNode) => Array.from(c.querySelectorAll('[data-testid^="share-opt-"]')).map((e) => e.getAttribute('data-testid'));

describe(`poster maker (${isWeapp ? 'mini-program' : 'browser'})`, () => {
  it('is not offered for a gallery without photos', async () => {
    const { container } = await setup({ guest: true, photos: 0 });
    expect(options(container)).not.toContain('share-opt-poster');
  });

  it('opens from the QR poster option with the template strip, makes the poster and previews it', async () => {
    const drawn = mockCanvas();
    const { container } = await setup({ guest: true });
    expect(options(container)).toContain('share-opt-poster');
    await act(async () => void fireEvent.click(byTestId(container, 'share-opt-poster')[0]));
    await flush();
    expect(fetchPosterTemplates).toHaveBeenCalledWith(GID);
    expect(byTestId(container, 'poster-portal')[0].getAttribute('data-phase')).toBe('choosing');
    expect(byTestId(container, 'poster-template-1')[0].getAttribute('data-selected')).toBe('1');
    expect(byTestId(container, 'poster-template-1000')).toHaveLength(1);
    expect(byTestId(container, 'poster-photo')[0].getAttribute('src')).toMatch(/!wx_750_n\?g=1000001$/);
    expect(byTestId(container, 'poster-make')[0].textContent).toBe('Make');

    act(() => void fireEvent.click(byTestId(container, 'poster-template-1000')[0]));
    expect(byTestId(container, 'poster-template-1000')[0].getAttribute('data-selected')).toBe('1');
    await act(async () => void fireEvent.click(byTestId(container, 'poster-make')[0]));
    await flush();

    expect(byTestId(container, 'poster-portal')[0].getAttribute('data-phase')).toBe('preview');
    expect(byTestId(container, 'poster-hint')[0].textContent).toBe('long press to save image');
    // Template 1000 is landscape: 750 × 1000 design pixels at pixel ratio 1.5.
    expect(drawn.encoded).toEqual([{ width: 1125, height: 1500, quality: POSTER_QUALITY }]);
    expect(drawn.scale).toEqual([1.5]);
    expect(drawn.images).toBe(2);
    expect(drawn.texts).toEqual(expect.arrayContaining(['Spring Gala', 'Photos of the night', 'Scan the QR code to see more photos']));
    // The QR code's modules are drawn (more than the background, frame and bands).
    expect(drawn.rects).toBeGreaterThan(100);
    const img = byTestId(container, 'poster-image')[0];
    expect(img.getAttribute('src')).toBe(isWeapp ? 'wxfile://tmp/poster.jpg' : 'blob:poster');
  });

  it('sends a guest to login instead of saving: nothing is uploaded', async () => {
    mockCanvas();
    const { container, root } = await setup({ guest: true });
    await act(async () => void fireEvent.click(byTestId(container, 'share-opt-poster')[0]));
    await flush();
    await act(async () => void fireEvent.click(byTestId(container, 'poster-make')[0]));
    await flush();
    act(() => void fireEvent.click(byTestId(container, 'poster-save')[0]));
    await flush();
    expect(root.loginPrompt.isOpen).toBe(true);
    expect(uploadPoster).not.toHaveBeenCalled();
    expect(createPosterV2).not.toHaveBeenCalled();
  });

  it('saves for a logged-in visitor: uploads the poster as base64, records it, keeps it on the device', async () => {
    mockCanvas();
    const { container } = await setup({ guest: false });
    await act(async () => void fireEvent.click(byTestId(container, 'share-opt-poster')[0]));
    await flush();
    await act(async () => void fireEvent.click(byTestId(container, 'poster-make')[0]));
    await flush();
    const click = isWeapp ? null : jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
    await act(async () => void fireEvent.click(byTestId(container, 'poster-save')[0]));
    await flush();
    expect(uploadPoster).toHaveBeenCalledWith(GID, 1, 1, expect.stringMatching(/^data:image\/jpeg;base64,/));
    expect(createPosterV2).toHaveBeenCalledWith(GID, [1], `poster/g${GID}_t1_m1.jpg`);
    expect(byTestId(container, 'poster-preview')[0].getAttribute('data-saved')).toBe('1');
    if (isWeapp) expect(Taro.saveImageToPhotosAlbum).toHaveBeenCalledWith({ filePath: 'wxfile://tmp/poster.jpg' });
    else expect(click).toHaveBeenCalled();
  });
});
