import { collageLayout, type CollageKind } from '../utils/collageLayout';
import { saveMode } from './download';
import { canvasToJpeg, jpegDataUrl } from './canvas-jpeg';
import { COLLAGE_QUALITY, draw, loadAll, progressCounter, type CollageImage, type ReleaseCollage, type RenderCollage } from './collage-core';

export * from './collage-core';

/**
 * Browsers: the jigsaw collage drawn on a <canvas> element and encoded to a JPEG
 * blob (platform/canvas-jpeg) (a data URL where the visitor saves by press-and-hold). Loaded on demand (platform/collage-loader), so it costs nothing on first
 * load. Browsers load the photos' relative URLs with CORS (crossOrigin anonymous).
 */
export const renderCollage: RenderCollage = async (kind: CollageKind, urls, onProgress) => {
  const step = progressCounter(urls.length, onProgress);
  const images = await loadAll(
    () => {
      const img = new Image();
      img.crossOrigin = 'anonymous';
      return img;
    },
    urls,
    step
  );
  const layout = collageLayout(kind, images.map((i) => ({ width: i.width, height: i.height })));
  const canvas = document.createElement('canvas');
  canvas.width = layout.width;
  canvas.height = layout.height;
  const ctx = canvas.getContext('2d');
  if (!ctx) throw new Error('canvas 2d is not available');
  draw(ctx, layout, images);
  const jpeg = await canvasToJpeg(canvas, COLLAGE_QUALITY);
  const blob = jpeg.blob as Blob;
  // In-app browsers save an image by press-and-hold, which takes a data URL, not a blob: URL.
  const src = saveMode() === 'long-press' ? await jpegDataUrl(jpeg) : URL.createObjectURL(blob);
  const img: CollageImage = { src, width: layout.width, height: layout.height, blob };
  return img;
};

/** Free the preview's object URL. */
export const releaseCollage: ReleaseCollage = (img) => {
  if (img.blob && img.src.startsWith('blob:')) URL.revokeObjectURL(img.src);
};
