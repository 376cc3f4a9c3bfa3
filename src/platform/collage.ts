import Taro from '@tarojs/taro';
import { COLLAGE_BACKGROUND, collageLayout, type CollageKind, type CollageLayout, type Size } from '../utils/collageLayout';

/**
 * Drawing the jigsaw collage on a canvas: a <canvas> element in browsers,
 * Taro.createOffscreenCanvas({ type: '2d' }) in the mini-program. Loaded on
 * demand (JigsawStore imports it dynamically in H5), so it costs nothing on first
 * load. Saving lives in platform/save-collage (it needs platform/download, which
 * the main chunk has anyway).
 */

export const COLLAGE_MIME = 'image/jpeg';
export const COLLAGE_QUALITY = 0.9;

/** A drawn collage: `src` shows it (object URL or temp file); the blob (H5) or file (mini-program) saves it. */
export interface CollageImage {
  src: string;
  width: number;
  height: number;
  blob?: Blob;
  filePath?: string;
}

/** A photo of the collage could not be loaded (index in the input). */
export class CollageLoadError extends Error {
  constructor(public index: number) {
    super(`collage photo ${index + 1} failed to load`);
    this.name = 'CollageLoadError';
  }
}

type Drawable = CanvasImageSource & Size;
interface Ctx2d {
  fillStyle: string | CanvasGradient | CanvasPattern;
  fillRect(x: number, y: number, w: number, h: number): void;
  drawImage(img: CanvasImageSource, sx: number, sy: number, sw: number, sh: number, dx: number, dy: number, dw: number, dh: number): void;
}

function loadImage(make: () => HTMLImageElement, url: string, index: number): Promise<Drawable> {
  return new Promise((resolve, reject) => {
    const img = make();
    img.onload = () => (img.width > 0 ? resolve(img) : reject(new CollageLoadError(index)));
    img.onerror = () => reject(new CollageLoadError(index));
    img.src = url;
  });
}

function draw(ctx: Ctx2d, layout: CollageLayout, images: readonly Drawable[]): void {
  ctx.fillStyle = COLLAGE_BACKGROUND;
  ctx.fillRect(0, 0, layout.width, layout.height);
  for (const c of layout.cells) {
    ctx.drawImage(images[c.index], c.src.x, c.src.y, c.src.w, c.src.h, c.dest.x, c.dest.y, c.dest.w, c.dest.h);
  }
}

async function loadAll(make: () => HTMLImageElement, urls: readonly string[], onLoaded: () => void): Promise<Drawable[]> {
  return Promise.all(
    urls.map((u, i) =>
      loadImage(make, u, i).then((img) => {
        onLoaded();
        return img;
      })
    )
  );
}

async function renderBrowser(kind: CollageKind, urls: readonly string[], onLoaded: () => void): Promise<CollageImage> {
  const images = await loadAll(
    () => {
      const img = new Image();
      img.crossOrigin = 'anonymous';
      return img;
    },
    urls,
    onLoaded
  );
  const layout = collageLayout(kind, images.map((i) => ({ width: i.width, height: i.height })));
  const canvas = document.createElement('canvas');
  canvas.width = layout.width;
  canvas.height = layout.height;
  const ctx = canvas.getContext('2d');
  if (!ctx) throw new Error('canvas 2d is not available');
  draw(ctx, layout, images);
  const blob = await new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, COLLAGE_MIME, COLLAGE_QUALITY));
  if (!blob) throw new Error('the collage could not be encoded');
  return { src: URL.createObjectURL(blob), width: layout.width, height: layout.height, blob };
}

async function renderWeapp(kind: CollageKind, urls: readonly string[], onLoaded: () => void): Promise<CollageImage> {
  const canvas = Taro.createOffscreenCanvas({ type: '2d', width: 1, height: 1 });
  const images = await loadAll(() => canvas.createImage() as unknown as HTMLImageElement, urls, onLoaded);
  const layout = collageLayout(kind, images.map((i) => ({ width: i.width, height: i.height })));
  canvas.width = layout.width;
  canvas.height = layout.height;
  draw(canvas.getContext('2d') as unknown as Ctx2d, layout, images);
  const res = await Taro.canvasToTempFilePath({
    canvas: canvas as unknown as Taro.Canvas,
    fileType: 'jpg',
    quality: COLLAGE_QUALITY,
    destWidth: layout.width,
    destHeight: layout.height
  });
  return { src: res.tempFilePath, width: layout.width, height: layout.height, filePath: res.tempFilePath };
}

/**
 * Load the photos (display styles, as visitors see them) and draw the collage.
 * Rejects with CollageLoadError when a photo fails to load.
 */
export function renderCollage(kind: CollageKind, urls: readonly string[], onProgress: (loaded: number, total: number) => void = () => undefined): Promise<CollageImage> {
  let loaded = 0;
  const step = () => onProgress(++loaded, urls.length);
  // imageUrl() already carries the API origin in the mini-program; browsers load relative URLs.
  if (process.env.TARO_ENV === 'weapp') return renderWeapp(kind, urls, step);
  return renderBrowser(kind, urls, step);
}

/** Free what the preview held (the object URL in browsers). */
export function releaseCollage(img: CollageImage): void {
  if (process.env.TARO_ENV !== 'weapp' && img.blob && img.src.startsWith('blob:')) URL.revokeObjectURL(img.src);
}
