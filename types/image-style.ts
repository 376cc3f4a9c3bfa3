/**
 * Image style presets (spec part 1 §7): URLs are `{image host}/{hash}!{style}`.
 * width/height 0 means "keep aspect ratio on that side"; fit 'cover' crops.
 */
export interface ImageStyle {
  width: number;
  height: number;
  fit: 'inside' | 'cover';
  quality: 60 | 90;
  /** The unprocessed original (no resize, no watermark). */
  original?: boolean;
}

export const IMAGE_STYLES = {
  wx_750_n: { width: 750, height: 0, fit: 'inside', quality: 60 },
  wx_375_240: { width: 375, height: 240, fit: 'cover', quality: 60 },
  wx_1920_n: { width: 1920, height: 0, fit: 'inside', quality: 90 },
  /** The poster maker's source (spec part 3 §9: source image width 1366), drawn at quality 0.9. */
  wx_1366_n: { width: 1366, height: 0, fit: 'inside', quality: 90 },
  wx_250_160: { width: 250, height: 160, fit: 'cover', quality: 60 },
  face: { width: 200, height: 200, fit: 'cover', quality: 90 },
  avatar_150: { width: 150, height: 150, fit: 'cover', quality: 60 },
  original: { width: 0, height: 0, fit: 'inside', quality: 90, original: true }
} satisfies Record<string, ImageStyle>;

export type ImageStyleName = keyof typeof IMAGE_STYLES;

export function isImageStyleName(s: string): s is ImageStyleName {
  return Object.prototype.hasOwnProperty.call(IMAGE_STYLES, s);
}

/** Content hashes are lowercase hex SHA-256 (64 characters). */
export const IMAGE_HASH_RE = /^[0-9a-f]{64}$/;
