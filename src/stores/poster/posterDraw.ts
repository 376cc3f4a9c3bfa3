import { POSTER_QUALITY, type PosterAdjust } from '../../../types/api/poster';
import { createPosterCanvas, type CreatePosterCanvas, type PosterCtx, type PosterPicture } from '../../platform/poster-canvas';
import { qrMatrix } from '../../utils/qr';
import { fitText, posterLayout, qrCellRect, type PosterLayout, type TextBox } from './posterRules';

/** What a poster shows besides its template and photo. */
export interface PosterTexts {
  title: string;
  desc: string;
  /** Under the texts: 'Scan the QR code to see more photos'. */
  scan: string;
  /** The link the QR code opens. */
  link: string;
}

/** A drawn poster: what the preview shows and what the upload sends. */
export interface DrawnPoster {
  src: string;
  dataUrl: string;
  width: number;
  height: number;
  /** The mini-program's temporary file (the album saves it); browsers: the blob. */
  filePath?: string;
  blob?: Blob;
  release: () => void;
}

const FONT = '"PingFang SC", "Helvetica Neue", Arial, sans-serif';
const TEXT_COLOUR = '#1f2329';
const SUB_COLOUR = '#646a73';

function text(ctx: PosterCtx, box: TextBox, value: string, colour: string): void {
  ctx.font = `${box.bold ? 'bold ' : ''}${box.size}px ${FONT}`;
  ctx.fillStyle = colour;
  const line = fitText(value, box.maxWidth, (s) => ctx.measureText(s).width);
  if (line) ctx.fillText(line, box.x, box.y);
}

/** Draw one poster on a canvas in design pixels (the context is scaled by the layout's pixel ratio). */
export function drawPoster(ctx: PosterCtx, layout: PosterLayout, template: PosterPicture, photo: PosterPicture, texts: PosterTexts): void {
  ctx.scale(layout.scale, layout.scale);
  ctx.textBaseline = 'alphabetic';
  ctx.textAlign = 'left';
  ctx.drawImage(template, 0, 0, template.width, template.height, 0, 0, layout.width, layout.height);
  ctx.fillStyle = '#ffffff';
  ctx.fillRect(layout.frame.x, layout.frame.y, layout.frame.w, layout.frame.h);
  const s = layout.source;
  ctx.drawImage(photo, s.x, s.y, s.w, s.h, layout.photo.x, layout.photo.y, layout.photo.w, layout.photo.h);
  // The texts on a white band, so they read on any template.
  const band = { x: layout.frame.x, y: layout.qr.y - 16, w: layout.frame.w, h: layout.height - layout.qr.y - 24 };
  ctx.fillStyle = 'rgba(255,255,255,0.92)';
  ctx.fillRect(band.x, band.y, band.w, band.h);
  text(ctx, layout.title, texts.title, TEXT_COLOUR);
  text(ctx, layout.desc, texts.desc, SUB_COLOUR);
  text(ctx, layout.scan, texts.scan, SUB_COLOUR);
  const qr = qrMatrix(texts.link);
  ctx.fillStyle = '#ffffff';
  ctx.fillRect(layout.qr.x, layout.qr.y, layout.qr.w, layout.qr.h);
  ctx.fillStyle = '#000000';
  for (let r = 0; r < qr.count; r++) {
    for (let c = 0; c < qr.count; c++) {
      if (!qr.dark(r, c)) continue;
      const cell = qrCellRect(layout.qr, qr.count, r, c);
      // A hair wider, so neighbouring modules leave no seams when scaled.
      ctx.fillRect(cell.x, cell.y, cell.w + 0.3, cell.h + 0.3);
    }
  }
}

/**
 * Load the template and the photo, draw the poster at POSTER_PIXEL_RATIO and encode it as a
 * JPEG of POSTER_QUALITY. Rejects with PosterPictureError when a picture does not load.
 */
export async function renderPoster(
  adjust: PosterAdjust,
  templateUrl: string,
  photoUrl: string,
  texts: PosterTexts,
  create: CreatePosterCanvas = createPosterCanvas
): Promise<DrawnPoster> {
  // The canvas size depends only on the adjust; the photo's size only moves its crop.
  const size = posterLayout(adjust, { width: 1, height: 1 }).canvas;
  const canvas = create(size.width, size.height);
  const [template, photo] = await Promise.all([canvas.loadPicture(templateUrl), canvas.loadPicture(photoUrl)]);
  const layout = posterLayout(adjust, { width: photo.width, height: photo.height });
  drawPoster(canvas.ctx, layout, template, photo, texts);
  const jpeg = await canvas.toJpeg(POSTER_QUALITY);
  const dataUrl = await canvas.dataUrl(jpeg);
  const src = canvas.previewSrc(jpeg, dataUrl);
  return { src, dataUrl, width: size.width, height: size.height, filePath: jpeg.filePath, blob: jpeg.blob, release: () => canvas.release(src) };
}
