import Taro from '@tarojs/taro';
import { canvasToJpeg, jpegDataUrl, type EncodedJpeg } from './canvas-jpeg';
import { cropBox, withinLimit, SelfieUnreadable, SELFIE_JPEG_QUALITY, type SelfiePlatform } from './selfie-core';

export * from './selfie-core';

const cancelled = (e: unknown) => /cancel/i.test((e as { errMsg?: string })?.errMsg ?? String(e));

/** The mini-program: chooseMedia (album or camera), then the picture's size. */
export const chooseSelfie: SelfiePlatform['chooseSelfie'] = async () => {
  let path: string | undefined;
  try {
    const res = await Taro.chooseMedia({ count: 1, mediaType: ['image'], sourceType: ['album', 'camera'], sizeType: ['compressed'] });
    path = res.tempFiles[0]?.tempFilePath;
  } catch (e) {
    if (cancelled(e)) return null;
    throw e;
  }
  if (!path) return null;
  try {
    const info = await Taro.getImageInfo({ src: path });
    return { src: path, width: info.width, height: info.height };
  } catch (e) {
    throw new SelfieUnreadable(e);
  }
};

/**
 * The crop drawn on an offscreen 2d canvas, written to a temporary JPEG and read back
 * as base64 (platform/canvas-jpeg). Where the engine has no offscreen canvas, Taro.compressImage scales the
 * whole picture to the upload edge instead (no crop).
 */
export const renderSelfie: SelfiePlatform['renderSelfie'] = async (source, crop) => {
  const box = cropBox(source.width, source.height, crop);
  let jpeg: EncodedJpeg;
  if (typeof Taro.createOffscreenCanvas === 'function') {
    const canvas = Taro.createOffscreenCanvas({ type: '2d', width: box.out, height: box.out });
    const img = canvas.createImage() as unknown as HTMLImageElement;
    await new Promise<void>((resolve, reject) => {
      img.onload = () => resolve();
      img.onerror = () => reject(new SelfieUnreadable());
      img.src = source.src;
    });
    const ctx = canvas.getContext('2d') as unknown as CanvasRenderingContext2D;
    ctx.drawImage(img, box.sx, box.sy, box.side, box.side, 0, 0, box.out, box.out);
    jpeg = await canvasToJpeg(canvas, SELFIE_JPEG_QUALITY);
  } else {
    const file = (await Taro.compressImage({ src: source.src, quality: Math.round(SELFIE_JPEG_QUALITY * 100), compressedWidth: box.out })).tempFilePath;
    jpeg = { width: box.out, height: box.out, filePath: file };
  }
  return withinLimit(await jpegDataUrl(jpeg));
};

/** Temporary files are cleared by the mini-program itself. */
export const releaseSelfie: SelfiePlatform['releaseSelfie'] = () => undefined;
