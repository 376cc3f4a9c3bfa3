import { saveMode } from './download';
import { canvasToJpeg, jpegDataUrl } from './canvas-jpeg';
import { loadWith, type CreatePosterCanvas, type PosterCtx } from './poster-canvas-core';

export * from './poster-canvas-core';

/**
 * Browsers: a <canvas> element (not in the document). Pictures load with CORS (crossOrigin
 * anonymous) so the canvas can be encoded. In-app browsers save an image by press-and-hold,
 * which takes a data URL, not a blob: URL.
 */
export const createPosterCanvas: CreatePosterCanvas = (width, height) => {
  const canvas = document.createElement('canvas');
  canvas.width = width;
  canvas.height = height;
  const ctx = canvas.getContext('2d');
  if (!ctx) throw new Error('canvas 2d is not available');
  return {
    width,
    height,
    ctx: ctx as PosterCtx,
    loadPicture: (url) =>
      loadWith(() => {
        const img = new Image();
        img.crossOrigin = 'anonymous';
        return img;
      }, url),
    toJpeg: (quality) => canvasToJpeg(canvas, quality),
    dataUrl: (jpeg) => jpegDataUrl(jpeg),
    previewSrc: (jpeg, dataUrl) => (saveMode() === 'long-press' || !jpeg.blob ? dataUrl : URL.createObjectURL(jpeg.blob)),
    release: (src) => {
      if (src.startsWith('blob:')) URL.revokeObjectURL(src);
    }
  };
};
