import { FACE_IMAGE_MAX_BYTES, FACE_UPLOAD_EDGE, FACE_ZOOM_MAX, FACE_ZOOM_MIN } from '../../types/api/face';

/**
 * Choosing and preparing a selfie for face search: types and the crop geometry both
 * platforms share. A chosen picture stays on the device (an object URL in a browser, a
 * temporary file in the mini-program) until the visitor submits; only then is the crop
 * drawn into a JPEG data URL that one call carries.
 */

/** A chosen picture on the device. */
export interface SelfieSource {
  /** What an <Image> shows: an object URL (H5) or a temporary file path (mini-program). */
  src: string;
  width: number;
  height: number;
}

/** The crop editor's state: zoom 1..4 and the centre of the square, as fractions of the picture. */
export interface SelfieCrop {
  zoom: number;
  x: number;
  y: number;
}

/** The prepared selfie is over 2 MB ('Picture is too large, must be under 2M'). */
export class SelfieTooLarge extends Error {
  constructor(public readonly bytes: number) {
    super(`selfie of ${bytes} bytes is over ${FACE_IMAGE_MAX_BYTES}`);
    this.name = 'SelfieTooLarge';
  }
}

/** The chosen file is not a picture the platform can decode. */
export class SelfieUnreadable extends Error {
  constructor(cause?: unknown) {
    super(`the chosen file is not a readable picture${cause instanceof Error ? `: ${cause.message}` : ''}`);
    this.name = 'SelfieUnreadable';
  }
}

export const SELFIE_JPEG_QUALITY = 0.9;

export interface SelfiePlatform {
  /** The system picker (album or camera); null when the visitor cancels. */
  chooseSelfie(): Promise<SelfieSource | null>;
  /** The crop as a `data:image/jpeg;base64,…` string (FACE_UPLOAD_EDGE square when the picture is wider). */
  renderSelfie(source: SelfieSource, crop: SelfieCrop): Promise<string>;
  /** Forget the picture (an object URL is revoked). */
  releaseSelfie(source: SelfieSource): void;
}

export interface CropBox {
  sx: number;
  sy: number;
  side: number;
  /** Edge of the output square. */
  out: number;
}

/**
 * The square of the picture a crop shows: the largest centred square at zoom 1, a
 * zoom-times smaller one at higher zoom, moved to the crop's centre but kept inside.
 * Pictures wider than FACE_UPLOAD_EDGE come out as a FACE_UPLOAD_EDGE square (spec part 1 §8).
 */
export function cropBox(width: number, height: number, crop: SelfieCrop): CropBox {
  const zoom = Math.min(FACE_ZOOM_MAX, Math.max(FACE_ZOOM_MIN, crop.zoom || 1));
  const side = Math.max(1, Math.round(Math.min(width, height) / zoom));
  const clamp = (v: number, max: number) => Math.min(Math.max(0, v), Math.max(0, max));
  const sx = Math.round(clamp(crop.x * width - side / 2, width - side));
  const sy = Math.round(clamp(crop.y * height - side / 2, height - side));
  const out = width > FACE_UPLOAD_EDGE ? FACE_UPLOAD_EDGE : Math.min(side, FACE_UPLOAD_EDGE);
  return { sx, sy, side, out };
}

/** Decoded bytes of a base64 data URL. */
export function dataUrlBytes(dataUrl: string): number {
  const comma = dataUrl.indexOf(',');
  const b64 = comma >= 0 ? dataUrl.slice(comma + 1) : dataUrl;
  const pad = b64.endsWith('==') ? 2 : b64.endsWith('=') ? 1 : 0;
  return Math.floor((b64.length * 3) / 4) - pad;
}

/** Refuse a prepared selfie over the limit; otherwise hand it on. */
export function withinLimit(dataUrl: string): string {
  const bytes = dataUrlBytes(dataUrl);
  if (bytes > FACE_IMAGE_MAX_BYTES) throw new SelfieTooLarge(bytes);
  return dataUrl;
}
