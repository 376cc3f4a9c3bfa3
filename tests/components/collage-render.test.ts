// Drawing the jigsaw collage (src/platform/collage): the photos drawn on a canvas of the
// layout's size and encoded through platform/canvas-jpeg: a JPEG blob shown by an object URL
// in a browser, a temporary JPEG file in the mini-program (TARO_ENV_JEST=weapp). jsdom has no
// canvas and the mini-program's APIs are WeChat's: the encoders are stubbed, the flow is real.
import Taro from '@tarojs/taro';
import { renderCollage, COLLAGE_QUALITY } from '../../src/platform/collage';
import { COLLAGE_WIDTH } from '../../src/utils/collageLayout';
import { isWeapp } from './helpers';

const onWeapp = (name: string, fn: () => void) => (isWeapp ? describe(name, fn) : undefined);
const onH5 = (name: string, fn: () => void) => (isWeapp ? undefined : describe(name, fn));

/** A picture of 800×600 that "loads" on the next tick. */
const picture = () => {
  const img: { width: number; height: number; onload?: () => void; src?: string } = { width: 800, height: 600 };
  Object.defineProperty(img, 'src', { set: () => setTimeout(() => img.onload?.(), 0) });
  return img;
};

onH5('the collage in a browser', () => {
  const RealImage = window.Image;
  const drawn: unknown[][] = [];
  afterEach(() => {
    window.Image = RealImage;
    jest.restoreAllMocks();
  });

  it('draws every photo and encodes the canvas as a JPEG blob at the collage quality', async () => {
    (window as unknown as { Image: unknown }).Image = function () {
      return picture();
    };
    jest.spyOn(HTMLCanvasElement.prototype, 'getContext').mockImplementation((() => ({ fillRect: () => undefined, drawImage: (...a: unknown[]) => drawn.push(a) })) as never);
    const sizes: number[][] = [];
    const toBlob = jest.spyOn(HTMLCanvasElement.prototype, 'toBlob').mockImplementation(function (this: HTMLCanvasElement, cb: BlobCallback) {
      sizes.push([this.width, this.height]);
      cb(new Blob([new Uint8Array([0xff, 0xd8])], { type: 'image/jpeg' }));
    });
    URL.createObjectURL = jest.fn(() => 'blob:collage');
    const img = await renderCollage('grid', ['/a.jpg', '/b.jpg']);
    expect(drawn).toHaveLength(2);
    expect(toBlob).toHaveBeenCalledWith(expect.any(Function), 'image/jpeg', COLLAGE_QUALITY);
    expect(sizes).toEqual([[img.width, img.height]]);
    expect(img).toMatchObject({ src: 'blob:collage', width: COLLAGE_WIDTH });
    expect(img.blob?.size).toBe(2);
  });
});

onWeapp('the collage in the mini-program', () => {
  const restore: jest.SpyInstance[] = [];
  afterEach(() => restore.splice(0).forEach((s) => s.mockRestore()));

  it('draws on an offscreen canvas and writes it to a temporary JPEG at the collage quality', async () => {
    const drawn: unknown[][] = [];
    const canvas = { width: 1, height: 1, createImage: picture, getContext: () => ({ fillRect: () => undefined, drawImage: (...a: unknown[]) => drawn.push(a) }) };
    const t = Taro as unknown as Record<string, unknown>;
    for (const [name, impl] of [
      ['createOffscreenCanvas', () => canvas],
      ['canvasToTempFilePath', async () => ({ tempFilePath: 'wxfile://tmp/collage.jpg' })]
    ] as const) {
      if (typeof t[name] !== 'function') t[name] = () => undefined;
      restore.push(jest.spyOn(t as never, name as never).mockImplementation(impl as never));
    }
    const img = await renderCollage('long', ['https://api.example/a.jpg', 'https://api.example/b.jpg']);
    expect(drawn).toHaveLength(2);
    expect(Taro.canvasToTempFilePath).toHaveBeenCalledWith({ canvas, fileType: 'jpg', quality: COLLAGE_QUALITY, destWidth: canvas.width, destHeight: canvas.height });
    expect(canvas.width).toBe(COLLAGE_WIDTH);
    expect(img).toEqual({ src: 'wxfile://tmp/collage.jpg', filePath: 'wxfile://tmp/collage.jpg', width: canvas.width, height: canvas.height });
  });
});
