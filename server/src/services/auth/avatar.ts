import crypto from 'node:crypto';
import sharp from 'sharp';
import type { Readable } from 'node:stream';
import type { ObjectStore } from '../../storage';
import { fileChunks } from '../../storage/receive';
import { AppError, badRequest } from '../../errors';
import { ErrorCode } from '../../../../types/envelope';
import { AVATAR_SIZE, AVATAR_UPLOAD_MAX_BYTES } from '../../../../types/api/auth';

/** Formats sharp reports for the accepted uploads. */
const ACCEPTED_FORMATS = new Set(['jpeg', 'png', 'webp']);
/** Guard against decompression bombs: a small file may declare a huge canvas. */
const MAX_INPUT_PIXELS = 40_000_000;
const AVATAR_KEY_RE = /^[0-9a-f]{64}$/;

export const avatarKey = (hash: string) => `avatars/${hash}.jpg`;
export const isAvatarHash = (hash: string) => AVATAR_KEY_RE.test(hash);

export const notAnImage = () => badRequest('avatar must be a JPEG, PNG or WebP image');
/** A body that is not well-formed multipart/form-data (truncated, no boundary, a broken part). */
export const malformedForm = () => badRequest('The body is not well-formed multipart/form-data');
export const tooLarge = () => new AppError(ErrorCode.PAYLOAD_TOO_LARGE, `avatar must be at most ${AVATAR_UPLOAD_MAX_BYTES / (1024 * 1024)} MB`);

/**
 * Read an uploaded file into memory, at most `max` bytes. Past the limit the
 * rest is still read and dropped (so the client gets the answer), then a 413.
 */
export async function readLimited(file: Readable, max = AVATAR_UPLOAD_MAX_BYTES): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let size = 0;
  // Keep iterating to the end: leaving the loop early would leave the request body unread.
  for await (const chunk of fileChunks(file, malformedForm)) {
    size += chunk.length;
    if (size > max) chunks.length = 0;
    else chunks.push(chunk);
  }
  // Busboy marks a file cut at its own limit as truncated.
  if (size > max || (file as Readable & { truncated?: boolean }).truncated) throw tooLarge();
  return Buffer.concat(chunks);
}

/**
 * The stored avatar: checked by sharp (JPEG, PNG or WebP only), turned upright,
 * cropped to a square AVATAR_SIZE JPEG without metadata (sharp drops EXIF, ICC
 * and XMP unless asked to keep them), stored by content hash. Nothing is stored
 * for a refused file.
 */
export async function storeAvatar(store: ObjectStore, input: Buffer): Promise<{ hash: string; key: string }> {
  if (!input.length) throw notAnImage();
  let format: string | undefined;
  try {
    format = (await sharp(input, { limitInputPixels: MAX_INPUT_PIXELS }).metadata()).format;
  } catch {
    throw notAnImage();
  }
  if (!format || !ACCEPTED_FORMATS.has(format)) throw notAnImage();
  let jpeg: Buffer;
  try {
    jpeg = await sharp(input, { limitInputPixels: MAX_INPUT_PIXELS, animated: false })
      .rotate()
      .resize(AVATAR_SIZE, AVATAR_SIZE, { fit: 'cover' })
      .flatten({ background: '#ffffff' })
      .jpeg({ quality: 85, mozjpeg: true })
      .toBuffer();
  } catch {
    // A truncated or corrupt file that passed the header check.
    throw notAnImage();
  }
  const hash = crypto.createHash('sha256').update(jpeg).digest('hex');
  const key = avatarKey(hash);
  if (!(await store.exists(key))) await store.put(key, jpeg);
  return { hash, key };
}
