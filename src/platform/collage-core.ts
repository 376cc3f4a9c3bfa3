import { COLLAGE_BACKGROUND, type CollageKind, type CollageLayout, type Size } from '../utils/collageLayout';

/** What both collage implementations (collage.h5.ts, collage.weapp.ts) share. */

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

/** Load the photos (display styles, as visitors see them) and draw the collage; rejects with CollageLoadError when a photo fails to load. */
export type RenderCollage = (kind: CollageKind, urls: readonly string[], onProgress?: (loaded: number, total: number) => void) => Promise<CollageImage>;
/** Free what the preview held. */
export type ReleaseCollage = (img: CollageImage) => void;

export type Drawable = CanvasImageSource & Size;
export interface Ctx2d {
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

export function draw(ctx: Ctx2d, layout: CollageLayout, images: readonly Drawable[]): void {
  ctx.fillStyle = COLLAGE_BACKGROUND;
  ctx.fillRect(0, 0, layout.width, layout.height);
  for (const c of layout.cells) {
    ctx.drawImage(images[c.index], c.src.x, c.src.y, c.src.w, c.src.h, c.dest.x, c.dest.y, c.dest.w, c.dest.h);
  }
}

export async function loadAll(make: () => HTMLImageElement, urls: readonly string[], onLoaded: () => void): Promise<Drawable[]> {
  return Promise.all(
    urls.map((u, i) =>
      loadImage(make, u, i).then((img) => {
        onLoaded();
        return img;
      })
    )
  );
}

/** Count loaded photos for the progress display. */
export function progressCounter(total: number, onProgress: (loaded: number, total: number) => void = () => undefined): () => void {
  let loaded = 0;
  return () => onProgress(++loaded, total);
}
