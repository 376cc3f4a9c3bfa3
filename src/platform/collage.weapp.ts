import Taro from '@tarojs/taro';
import { canvasToJpeg } from './canvas-jpeg';
import { collageLayout } from '../utils/collageLayout';
import { COLLAGE_QUALITY, draw, loadAll, progressCounter, type Ctx2d, type ReleaseCollage, type RenderCollage } from './collage-core';

export * from './collage-core';

/**
 * The mini-program: the jigsaw collage drawn on Taro.createOffscreenCanvas({ type: '2d' })
 * and written to a temporary JPEG file (platform/canvas-jpeg). imageUrl() already carries the API origin here.
 */
export const renderCollage: RenderCollage = async (kind, urls, onProgress) => {
  const step = progressCounter(urls.length, onProgress);
  const canvas = Taro.createOffscreenCanvas({ type: '2d', width: 1, height: 1 });
  const images = await loadAll(() => canvas.createImage() as unknown as HTMLImageElement, urls, step);
  const layout = collageLayout(kind, images.map((i) => ({ width: i.width, height: i.height })));
  canvas.width = layout.width;
  canvas.height = layout.height;
  draw(canvas.getContext('2d') as unknown as Ctx2d, layout, images);
  const jpeg = await canvasToJpeg(canvas, COLLAGE_QUALITY);
  return { src: jpeg.filePath as string, width: layout.width, height: layout.height, filePath: jpeg.filePath };
};

/** A temporary file needs no freeing: the mini-program clears its temp files itself. */
export const releaseCollage: ReleaseCollage = () => undefined;
