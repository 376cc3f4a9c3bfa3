import Taro from '@tarojs/taro';
import { canvasToJpeg, jpegDataUrl } from './canvas-jpeg';
import { loadWith, type CreatePosterCanvas, type PosterCtx } from './poster-canvas-core';

export * from './poster-canvas-core';

/**
 * The mini-program: Taro.createOffscreenCanvas({ type: '2d' }) (the canvas 2D of base
 * library 2.16+), pictures through its createImage(), the JPEG written to a temporary file
 * (canvasToTempFilePath), which the preview shows and the album saves.
 */
export const createPosterCanvas: CreatePosterCanvas = (width, height) => {
  const canvas = Taro.createOffscreenCanvas({ type: '2d', width, height });
  canvas.width = width;
  canvas.height = height;
  return {
    width,
    height,
    ctx: canvas.getContext('2d') as unknown as PosterCtx,
    loadPicture: (url) => loadWith(() => canvas.createImage() as unknown as HTMLImageElement, url),
    toJpeg: (quality) => canvasToJpeg(canvas, quality),
    dataUrl: (jpeg) => jpegDataUrl(jpeg),
    previewSrc: (jpeg, dataUrl) => jpeg.filePath ?? dataUrl,
    release: () => undefined
  };
};
