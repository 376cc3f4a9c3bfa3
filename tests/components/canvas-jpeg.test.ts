// A drawn canvas as a JPEG (src/platform/canvas-jpeg), the one helper of the selfie and the
// jigsaw collage: in H5 the canvas element's toBlob and a FileReader, in the mini-program
// (TARO_ENV_JEST=weapp) canvasToTempFilePath and the file system's base64. The engines'
// encoders are stubbed (jsdom has no canvas; the mini-program's APIs are WeChat's); what is
// checked is what each platform asks of them and what comes back.
import Taro from '@tarojs/taro';
import { canvasToJpeg, jpegDataUrl, JpegEncodeError } from '../../src/platform/canvas-jpeg';
import { isWeapp } from './helpers';

const onWeapp = (name: string, fn: () => void) => (isWeapp ? describe(name, fn) : undefined);
const onH5 = (name: string, fn: () => void) => (isWeapp ? undefined : describe(name, fn));

onH5('canvas to JPEG in a browser', () => {
  afterEach(() => jest.restoreAllMocks());

  it('encodes through toBlob at the quality asked, and reads the blob back as a data URL', async () => {
    const bytes = new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 1, 2, 3]);
    const toBlob = jest.spyOn(HTMLCanvasElement.prototype, 'toBlob').mockImplementation(function (this: HTMLCanvasElement, cb: BlobCallback) {
      cb(new Blob([bytes], { type: 'image/jpeg' }));
    });
    const canvas = document.createElement('canvas');
    canvas.width = 750;
    canvas.height = 500;
    const jpeg = await canvasToJpeg(canvas, 0.8);
    expect(toBlob).toHaveBeenCalledWith(expect.any(Function), 'image/jpeg', 0.8);
    expect(jpeg).toMatchObject({ width: 750, height: 500 });
    expect(jpeg.blob?.size).toBe(bytes.length);
    expect(await jpegDataUrl(jpeg)).toBe(`data:image/jpeg;base64,${Buffer.from(bytes).toString('base64')}`);
  });

  it('a canvas the browser cannot encode, and a JPEG without a blob, are errors', async () => {
    jest.spyOn(HTMLCanvasElement.prototype, 'toBlob').mockImplementation((cb: BlobCallback) => cb(null));
    await expect(canvasToJpeg(document.createElement('canvas'), 0.9)).rejects.toBeInstanceOf(JpegEncodeError);
    await expect(jpegDataUrl({ width: 1, height: 1 })).rejects.toBeInstanceOf(JpegEncodeError);
  });
});

onWeapp('canvas to JPEG in the mini-program', () => {
  const restore: jest.SpyInstance[] = [];
  const read: string[] = [];
  beforeEach(() => {
    read.length = 0;
    const t = Taro as unknown as Record<string, unknown>;
    const spy = (name: string, impl: (...a: never[]) => unknown) => {
      if (typeof t[name] !== 'function') t[name] = () => undefined;
      restore.push(jest.spyOn(t as never, name as never).mockImplementation(impl as never));
    };
    spy('canvasToTempFilePath', async () => ({ tempFilePath: 'wxfile://tmp/out.jpg' }));
    spy('getFileSystemManager', () => ({
      readFileSync: (path: string, encoding: string) => {
        read.push(`${path} ${encoding}`);
        return '/9j/BBBB';
      }
    }));
  });
  afterEach(() => restore.splice(0).forEach((s) => s.mockRestore()));

  it('writes the canvas at its own size to a temporary JPEG and reads it back as base64', async () => {
    const canvas = { width: 1080, height: 720 };
    const jpeg = await canvasToJpeg(canvas, 0.9);
    expect(Taro.canvasToTempFilePath).toHaveBeenCalledWith({ canvas, fileType: 'jpg', quality: 0.9, destWidth: 1080, destHeight: 720 });
    expect(jpeg).toEqual({ width: 1080, height: 720, filePath: 'wxfile://tmp/out.jpg' });
    expect(await jpegDataUrl(jpeg)).toBe('data:image/jpeg;base64,/9j/BBBB');
    expect(read).toEqual(['wxfile://tmp/out.jpg base64']);
  });

  it('no temporary file is an error', async () => {
    jest.mocked(Taro.canvasToTempFilePath).mockResolvedValueOnce({ tempFilePath: '' } as never);
    await expect(canvasToJpeg({ width: 2, height: 2 }, 0.9)).rejects.toBeInstanceOf(JpegEncodeError);
    await expect(jpegDataUrl({ width: 2, height: 2 })).rejects.toBeInstanceOf(JpegEncodeError);
  });
});
