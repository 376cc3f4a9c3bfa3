import sharp, { type Sharp } from 'sharp';
import { AppError } from '../../errors';
import { ErrorCode } from '../../../../types/envelope';
import { POSTER_DESIGN_WIDTH, POSTER_HEIGHT, POSTER_THUMB_WIDTH, type PosterAdjust } from '../../../../types/api/poster';

/** Guard against decompression bombs: a small file may declare a huge canvas. */
const MAX_INPUT_PIXELS = 40_000_000;
const DATA_URL_RE = /^data:image\/(jpeg|png);base64,/;

export const notAnImage = (what: string) => new AppError(ErrorCode.POSTER_NOT_IMAGE, `${what} must be a JPEG or PNG image`);
export const tooLarge = (what: string, max: number) => new AppError(ErrorCode.PAYLOAD_TOO_LARGE, `${what} must be at most ${max / (1024 * 1024)} MB`);

/**
 * The bytes of a JPEG or PNG data URL, at most `max` of them. The size is judged from the
 * base64 length before anything is decoded; a string that is not strict base64 (the schema
 * checks the alphabet; the length must be a multiple of 4) is refused.
 */
export function decodeDataUrl(dataUrl: string, what: string, max: number): Buffer {
  const m = DATA_URL_RE.exec(dataUrl);
  if (!m) throw notAnImage(what);
  const b64 = dataUrl.slice(m[0].length);
  if (!b64.length || b64.length % 4 !== 0 || !/^[A-Za-z0-9+/]+={0,2}$/.test(b64)) throw notAnImage(what);
  const pad = b64.endsWith('==') ? 2 : b64.endsWith('=') ? 1 : 0;
  if ((b64.length / 4) * 3 - pad > max) throw tooLarge(what, max);
  return Buffer.from(b64, 'base64');
}

/** The whole picture decoded by sharp (JPEG or PNG only), turned upright, as a JPEG without metadata; refused when it does not decode. */
export async function toJpeg(input: Buffer, what: string, resize?: (s: Sharp) => Sharp): Promise<Buffer> {
  let format: string | undefined;
  try {
    format = (await sharp(input, { limitInputPixels: MAX_INPUT_PIXELS }).metadata()).format;
  } catch {
    throw notAnImage(what);
  }
  if (format !== 'jpeg' && format !== 'png') throw notAnImage(what);
  try {
    const s = sharp(input, { limitInputPixels: MAX_INPUT_PIXELS, animated: false, failOn: 'truncated' }).rotate();
    return await (resize ? resize(s) : s).flatten({ background: '#ffffff' }).jpeg({ quality: 90, mozjpeg: true }).toBuffer();
  } catch {
    // A truncated or corrupt file that passed the header check.
    throw notAnImage(what);
  }
}

/** A template picture: POSTER_DESIGN_WIDTH × POSTER_HEIGHT[adjust], cropped to cover. */
export const templatePicture = (input: Buffer, adjust: PosterAdjust) =>
  toJpeg(input, 'image', (s) => s.resize(POSTER_DESIGN_WIDTH, POSTER_HEIGHT[adjust], { fit: 'cover' }));

/** A template thumbnail, POSTER_THUMB_WIDTH wide. */
export const templateIcon = (picture: Buffer) => toJpeg(picture, 'image', (s) => s.resize(POSTER_THUMB_WIDTH));

/** The built-in templates (ids below POSTER_CUSTOM_MIN): a background and a frame, drawn here. */
export const BUILTIN_TEMPLATES: ReadonlyArray<{ id: number; adjust: PosterAdjust; bg: [string, string]; frame: string }> = [
  { id: 1, adjust: 2, bg: ['#fff8ee', '#f3dfc1'], frame: '#ffffff' },
  { id: 2, adjust: 1, bg: ['#fff8ee', '#f3dfc1'], frame: '#ffffff' },
  { id: 3, adjust: 2, bg: ['#1f2a44', '#3b4d7a'], frame: '#f5f7fb' },
  { id: 4, adjust: 1, bg: ['#1f2a44', '#3b4d7a'], frame: '#f5f7fb' }
];

/** A built-in template's picture (PNG), or its thumbnail. */
export async function builtinPicture(id: number, icon: boolean): Promise<Buffer | null> {
  const t = BUILTIN_TEMPLATES.find((x) => x.id === id);
  if (!t) return null;
  const w = POSTER_DESIGN_WIDTH;
  const h = POSTER_HEIGHT[t.adjust];
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}">
  <defs><linearGradient id="g" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${t.bg[0]}"/><stop offset="1" stop-color="${t.bg[1]}"/></linearGradient></defs>
  <rect width="${w}" height="${h}" fill="url(#g)"/>
  <rect x="24" y="24" width="${w - 48}" height="${h - 48}" rx="24" fill="none" stroke="${t.frame}" stroke-opacity="0.7" stroke-width="4"/>
  <circle cx="${w - 60}" cy="60" r="14" fill="${t.frame}" fill-opacity="0.6"/>
  <circle cx="60" cy="60" r="14" fill="${t.frame}" fill-opacity="0.6"/>
</svg>`;
  const s = sharp(Buffer.from(svg));
  return (icon ? s.resize(POSTER_THUMB_WIDTH) : s).png().toBuffer();
}
