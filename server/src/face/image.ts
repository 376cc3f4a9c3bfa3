import sharp from 'sharp';

/** Images declaring more pixels than this are refused before decoding (a 61 MP camera fits). */
export const MAX_INPUT_PIXELS = 64_000_000;
/** Formats the engine decodes. */
const FORMATS = new Set(['jpeg', 'png', 'webp', 'heif', 'avif', 'tiff', 'gif']);
/** Side of the stored face crop. */
export const CROP_EDGE = 200;

export type ImageRefusal = 'not-image' | 'too-large';

export class ImageRefused extends Error {
  constructor(
    public readonly reason: ImageRefusal,
    msg: string
  ) {
    super(msg);
  }
}

/** The upright image (EXIF orientation applied) as RGB bytes, downscaled to the detection size. */
export interface Decoded {
  /** Size of the upright input image (what face boxes are reported in). */
  width: number;
  height: number;
  /** The kept RGB pixels (the detector's and the crops' source), `scale` = their width / width. */
  rgb: Buffer;
  rgbWidth: number;
  rgbHeight: number;
}

/**
 * Checks the header (format, declared pixel count) without decoding, then decodes once, in one
 * sharp pipeline from the file's bytes straight to RGB bytes that fit `edge` (never enlarged):
 * no full-size copy is kept, and a JPEG at least twice that size is scaled down while it is
 * decoded (libjpeg's DCT scaling, sharp's shrink-on-load). The pixels are the same as a full
 * decode resized afterwards when the input is under twice `edge` (sharp only shrinks on load
 * by whole factors of 2 or more; measured identical on bench/face-index.mjs's photos).
 * Throws ImageRefused for anything that is not a decodable image of a sane size.
 */
export async function decode(input: Buffer, edge: number): Promise<Decoded> {
  if (!Buffer.isBuffer(input) || input.length === 0) throw new ImageRefused('not-image', 'empty input');
  // The header only: a PNG bomb declares its size here, before any pixel is decoded.
  const meta = await sharp(input, { limitInputPixels: false })
    .metadata()
    .catch(() => null);
  if (!meta || !meta.format || !FORMATS.has(meta.format) || !meta.width || !meta.height) throw new ImageRefused('not-image', 'not an image');
  if (meta.width * meta.height > MAX_INPUT_PIXELS) {
    throw new ImageRefused('too-large', `image declares ${meta.width}×${meta.height} pixels (at most ${MAX_INPUT_PIXELS})`);
  }
  // Orientations 5–8 swap the sides.
  const swap = (meta.orientation ?? 1) >= 5;
  const width = swap ? meta.height : meta.width;
  const height = swap ? meta.width : meta.height;
  try {
    const { data, info } = await sharp(input, { limitInputPixels: MAX_INPUT_PIXELS, animated: false, failOn: 'error' })
      .rotate()
      .resize({ width: edge, height: edge, fit: 'inside', withoutEnlargement: true })
      .flatten({ background: '#ffffff' })
      .toColourspace('srgb')
      .raw()
      .toBuffer({ resolveWithObject: true });
    if (info.channels !== 3) throw new Error(`unexpected ${info.channels} channels`);
    return { width, height, rgb: data, rgbWidth: info.width, rgbHeight: info.height };
  } catch {
    // A truncated or corrupt file that passed the header check.
    throw new ImageRefused('not-image', 'the image cannot be decoded');
  }
}

/**
 * A square JPEG (CROP_EDGE px) around a face box given in upright-image pixels: the face with a
 * margin, shifted to stay inside the image where it can. Cut from the decoded (detection-size)
 * pixels: a crop is a thumbnail for the person lists; a face whose square spans fewer than
 * CROP_EDGE pixels there is enlarged, as it was from the full-size image when smaller than that. Plain libjpeg, not mozjpeg: ~1.7 ms a
 * crop instead of ~7 (a 200 px crop comes out ~15 % larger), a tenth of a photo's indexing
 * time at ~7 faces a photo.
 */
export async function faceCrop(img: Decoded, box: { x: number; y: number; w: number; h: number }): Promise<Buffer> {
  const k = img.rgbWidth / img.width;
  let side = Math.max(box.w, box.h) * 1.5 * k;
  side = Math.max(8, Math.min(side, img.rgbWidth, img.rgbHeight));
  const cx = (box.x + box.w / 2) * k;
  const cy = (box.y + box.h / 2) * k;
  const s = Math.floor(side);
  const left = Math.round(Math.min(Math.max(0, cx - side / 2), img.rgbWidth - s));
  const top = Math.round(Math.min(Math.max(0, cy - side / 2), img.rgbHeight - s));
  return sharp(img.rgb, { raw: { width: img.rgbWidth, height: img.rgbHeight, channels: 3 } })
    .extract({ left, top, width: s, height: s })
    .resize(CROP_EDGE, CROP_EDGE, { fit: 'fill' })
    .jpeg({ quality: 85, mozjpeg: false })
    .toBuffer();
}
