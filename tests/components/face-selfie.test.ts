// Choosing and preparing a selfie (src/platform/selfie): in H5 a file input and a canvas,
// in the mini-program (TARO_ENV_JEST=weapp) chooseMedia, an offscreen canvas and the file
// system's base64. The engines' own drawing is stubbed (jsdom has no canvas, and the
// mini-program's APIs are WeChat's); what is checked is the flow around them: cancel
// answers null, the crop square and the 750 px output, the data URL, the 2 MB refusal.
import Taro from '@tarojs/taro';
import { chooseSelfie, renderSelfie, SelfieTooLarge } from '../../src/platform/selfie';
import { FACE_IMAGE_MAX_BYTES } from '../../types/api/face';
import { isWeapp } from './helpers';

const bigBase64 = () => 'A'.repeat(Math.ceil((FACE_IMAGE_MAX_BYTES + 10) / 3) * 4);

/** Each platform's tests are defined only under its own run (nothing is skipped). */
const onWeapp = (name: string, fn: () => void) => (isWeapp ? describe(name, fn) : undefined);
const onH5 = (name: string, fn: () => void) => (isWeapp ? undefined : describe(name, fn));

onWeapp('selfie in the mini-program', () => {
  const restore: jest.SpyInstance[] = [];
  const drawn: unknown[][] = [];
  let base64 = '/9j/AAAA';
  beforeEach(() => {
    drawn.length = 0;
    base64 = '/9j/AAAA';
    const t = Taro as unknown as Record<string, unknown>;
    const spy = (name: string, impl: (...a: never[]) => unknown) => {
      if (typeof t[name] !== 'function') t[name] = () => undefined;
      restore.push(jest.spyOn(t as never, name as never).mockImplementation(impl as never));
    };
    spy('chooseMedia', async () => ({ tempFiles: [{ tempFilePath: 'wxfile://tmp/selfie.jpg' }] }));
    spy('getImageInfo', async () => ({ width: 1200, height: 900 }));
    spy('createOffscreenCanvas', ((opts: { width: number; height: number }) => ({
      ...opts,
      createImage: () => {
        const img: { onload?: () => void; src?: string } = {};
        Object.defineProperty(img, 'src', { set: () => setTimeout(() => img.onload?.(), 0) });
        return img;
      },
      getContext: () => ({ drawImage: (...a: unknown[]) => drawn.push(a.slice(1)) })
    })) as never);
    spy('canvasToTempFilePath', async () => ({ tempFilePath: 'wxfile://tmp/crop.jpg' }));
    spy('getFileSystemManager', () => ({ readFileSync: () => base64 }));
  });
  afterEach(() => restore.splice(0).forEach((s) => s.mockRestore()));

  it('chooses through chooseMedia; a cancel answers null', async () => {
    expect(await chooseSelfie()).toEqual({ src: 'wxfile://tmp/selfie.jpg', width: 1200, height: 900 });
    jest.mocked(Taro.chooseMedia).mockRejectedValueOnce({ errMsg: 'chooseMedia:fail cancel' });
    expect(await chooseSelfie()).toBeNull();
  });

  it('draws the crop square into a 750 px JPEG and reads it back as a data URL', async () => {
    const source = { src: 'wxfile://tmp/selfie.jpg', width: 1200, height: 900 };
    const url = await renderSelfie(source, { zoom: 2, x: 0.5, y: 0.5 });
    expect(url).toBe('data:image/jpeg;base64,/9j/AAAA');
    expect(drawn[0]).toEqual([375, 225, 450, 450, 0, 0, 750, 750]);
    expect(Taro.canvasToTempFilePath).toHaveBeenCalledWith(expect.objectContaining({ fileType: 'jpg', destWidth: 750, destHeight: 750 }));
  });

  it('refuses a prepared selfie over 2 MB', async () => {
    base64 = bigBase64();
    await expect(renderSelfie({ src: 'x', width: 600, height: 600 }, { zoom: 1, x: 0.5, y: 0.5 })).rejects.toBeInstanceOf(SelfieTooLarge);
  });
});

onH5('selfie in a browser', () => {
  const RealImage = window.Image;
  // What the canvas encodes to (platform/canvas-jpeg reads the blob back as a data URL).
  let encoded = Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0, 0]);
  const drawn: unknown[][] = [];
  const quality: unknown[] = [];
  beforeEach(() => {
    drawn.length = 0;
    quality.length = 0;
    encoded = Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0, 0]);
    // jsdom decodes no pictures and has no canvas: a picture of 1600×1200 and a recording 2d context.
    (window as unknown as { Image: unknown }).Image = class {
      naturalWidth = 1600;
      naturalHeight = 1200;
      onload?: () => void;
      set src(_v: string) {
        setTimeout(() => this.onload?.(), 0);
      }
    };
    jest.spyOn(HTMLCanvasElement.prototype, 'getContext').mockImplementation((() => ({ drawImage: (...a: unknown[]) => drawn.push(a.slice(1)) })) as never);
    jest.spyOn(HTMLCanvasElement.prototype, 'toBlob').mockImplementation((cb: BlobCallback, type?: string, q?: unknown) => {
      quality.push(type, q);
      cb(new Blob([encoded], { type: 'image/jpeg' }));
    });
    URL.createObjectURL = jest.fn(() => 'blob:selfie');
    URL.revokeObjectURL = jest.fn();
  });
  afterEach(() => {
    window.Image = RealImage;
    jest.restoreAllMocks();
  });

  const pick = (file: File | null, event: 'change' | 'cancel' = 'change') => {
    const input = document.body.querySelector('input[type="file"]') as HTMLInputElement;
    expect(input.accept).toBe('image/*');
    Object.defineProperty(input, 'files', { value: file ? [file] : [] });
    input.dispatchEvent(new Event(event));
  };

  it('a hidden file input: the chosen picture and its size; a cancel answers null and leaves no input', async () => {
    const chosen = chooseSelfie();
    pick(new File([new Uint8Array(10)], 'me.jpg', { type: 'image/jpeg' }));
    expect(await chosen).toEqual({ src: 'blob:selfie', width: 1600, height: 1200 });
    const cancelled = chooseSelfie();
    pick(null, 'cancel');
    expect(await cancelled).toBeNull();
    expect(document.body.querySelector('input[type="file"]')).toBeNull();
  });

  it('draws the crop into a 750 px square JPEG data URL; over 2 MB is refused', async () => {
    const url = await renderSelfie({ src: 'blob:selfie', width: 1600, height: 1200 }, { zoom: 1, x: 0.5, y: 0.5 });
    expect(url).toBe(`data:image/jpeg;base64,${encoded.toString('base64')}`);
    expect(quality).toEqual(['image/jpeg', 0.9]);
    expect(drawn[0]).toEqual([200, 0, 1200, 1200, 0, 0, 750, 750]);
    encoded = Buffer.alloc(FACE_IMAGE_MAX_BYTES + 10);
    await expect(renderSelfie({ src: 'blob:selfie', width: 1600, height: 1200 }, { zoom: 1, x: 0.5, y: 0.5 })).rejects.toBeInstanceOf(SelfieTooLarge);
  });
});
