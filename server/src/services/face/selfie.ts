/**
 * A selfie as the face calls receive it (a data URL), turned into one embedding. The
 * bytes live only in this call's memory: they are never written to the object store,
 * the database or a log, and are dropped when the call returns.
 */
import { AppError, badRequest } from '../../errors';
import { ErrorCode } from '../../../../types/envelope';
import { FACE_IMAGE_MAX_BYTES } from '../../../../types/api/face';
import type { FaceDetector } from './indexer';

const DATA_URL_RE = /^data:image\/(jpeg|png|webp);base64,/;

/** Refusals of a face picture, with the spec's codes (FINDPEOPLE_ERROR_{code}). */
export const tooLarge = () => new AppError(ErrorCode.FACE_TOO_LARGE, 'The picture is too large, it must be under 2M');
export const noFace = () => new AppError(ErrorCode.FACE_NO_FACE, 'No face was found in the picture');
export const manyFaces = () => new AppError(ErrorCode.FACE_MANY_FACES, 'Please upload single frontal photo');
export const notImage = () => badRequest('The picture must be a JPEG, PNG or WebP image');

/** The engine's refusal (FaceImageError) as the answer the visitor gets. */
function refusal(err: unknown): AppError | null {
  const reason = (err as { name?: unknown; reason?: unknown } | null)?.name === 'FaceImageError' ? (err as { reason: string }).reason : null;
  if (reason === 'no-face') return noFace();
  if (reason === 'many-faces') return manyFaces();
  if (reason === 'too-large') return tooLarge();
  if (reason === 'not-image') return notImage();
  return null;
}

/** The one face of a selfie as a unit vector; 4xx for anything else. */
export async function selfieEmbedding(detector: FaceDetector, dataUrl: string): Promise<Float32Array> {
  const m = DATA_URL_RE.exec(dataUrl);
  if (!m) throw notImage();
  const b64 = dataUrl.slice(m[0].length);
  // Decoded size, from the base64 length (before decoding anything).
  const pad = b64.endsWith('==') ? 2 : b64.endsWith('=') ? 1 : 0;
  if ((b64.length / 4) * 3 - pad > FACE_IMAGE_MAX_BYTES) throw tooLarge();
  let bytes: Buffer | null = Buffer.from(b64, 'base64');
  try {
    const faces = await detector.detect(bytes, { mode: 'selfie' });
    if (!faces.length) throw noFace();
    if (faces.length > 1) throw manyFaces();
    return faces[0].embedding;
  } catch (err) {
    if (err instanceof AppError) throw err;
    const known = refusal(err);
    if (known) throw known;
    throw err;
  } finally {
    bytes.fill(0);
    bytes = null;
  }
}
