import type { EncodedJpeg } from './canvas-jpeg-core';

/**
 * The poster maker's one canvas adapter (issue 16 item 3): a 2D canvas of a given size, its
 * context, pictures loaded to draw on it, and the result as a JPEG. Browsers get a <canvas>
 * element (poster-canvas.h5.ts); the mini-program an offscreen canvas of type 2d
 * (poster-canvas.weapp.ts, Taro.createOffscreenCanvas). The drawing itself is the same code
 * on both (stores/poster/posterDraw.ts).
 */

/** What the poster drawing uses of CanvasRenderingContext2D (the mini-program's 2d context has the same). */
export interface PosterCtx {
  fillStyle: string | CanvasGradient | CanvasPattern;
  font: string;
  textBaseline: CanvasTextBaseline;
  textAlign: CanvasTextAlign;
  scale(x: number, y: number): void;
  fillRect(x: number, y: number, w: number, h: number): void;
  fillText(text: string, x: number, y: number, maxWidth?: number): void;
  measureText(text: string): { width: number };
  drawImage(img: CanvasImageSource, sx: number, sy: number, sw: number, sh: number, dx: number, dy: number, dw: number, dh: number): void;
}

/** A loaded picture and its pixel size. */
export type PosterPicture = CanvasImageSource & { width: number; height: number };

export interface PosterCanvas {
  readonly width: number;
  readonly height: number;
  ctx: PosterCtx;
  /** Load a picture for drawing (CORS-clean in browsers); rejects with PosterPictureError. */
  loadPicture(url: string): Promise<PosterPicture>;
  /** The canvas as a JPEG of `quality` 0..1: a blob (browsers) or a temporary file (mini-program). */
  toJpeg(quality: number): Promise<EncodedJpeg>;
  /** The JPEG as a base64 data URL (the upload). */
  dataUrl(jpeg: EncodedJpeg): Promise<string>;
  /** An address that shows the JPEG (object URL or temporary file; a data URL where pressing and holding saves). */
  previewSrc(jpeg: EncodedJpeg, dataUrl: string): string;
  /** Free what previewSrc held. */
  release(src: string): void;
}

/** A picture of the poster could not be loaded. */
export class PosterPictureError extends Error {
  constructor(public url: string) {
    super(`poster picture failed to load: ${url}`);
    this.name = 'PosterPictureError';
  }
}

export type CreatePosterCanvas = (width: number, height: number) => PosterCanvas;

/** Load through an image element the platform makes (an Image, or the offscreen canvas's createImage()). */
export function loadWith(make: () => HTMLImageElement, url: string): Promise<PosterPicture> {
  return new Promise((resolve, reject) => {
    const img = make();
    img.onload = () => (img.width > 0 ? resolve(img) : reject(new PosterPictureError(url)));
    img.onerror = () => reject(new PosterPictureError(url));
    img.src = url;
  });
}
