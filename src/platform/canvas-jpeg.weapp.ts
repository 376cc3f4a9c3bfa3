import Taro from '@tarojs/taro';
import { JpegEncodeError, type CanvasJpegPlatform } from './canvas-jpeg-core';

export * from './canvas-jpeg-core';

/** The mini-program: the offscreen canvas written to a temporary JPEG file at its own size. */
export const canvasToJpeg: CanvasJpegPlatform['canvasToJpeg'] = async (canvas, quality) => {
  const res = await Taro.canvasToTempFilePath({
    canvas: canvas as unknown as Taro.Canvas,
    fileType: 'jpg',
    quality,
    destWidth: canvas.width,
    destHeight: canvas.height
  });
  if (!res.tempFilePath) throw new JpegEncodeError();
  return { width: canvas.width, height: canvas.height, filePath: res.tempFilePath };
};

/** The temporary file read back as base64. */
export const jpegDataUrl: CanvasJpegPlatform['jpegDataUrl'] = async (jpeg) => {
  if (!jpeg.filePath) throw new JpegEncodeError('no JPEG file to read');
  return `data:image/jpeg;base64,${Taro.getFileSystemManager().readFileSync(jpeg.filePath, 'base64') as string}`;
};
