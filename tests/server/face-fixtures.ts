/**
 * Real photos with faces for the face-search tests: the sample group photos shipped in
 * `@vladmandic/face-api` (a dev dependency), read from node_modules, never committed.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import sharp from 'sharp';
import type { TestServer } from './helpers';
import { EMBEDDING_DIMS, normalize } from '../../server/src/services/face/embedding';

const SAMPLES = path.join(__dirname, '../../node_modules/@vladmandic/face-api/demo');

export function samplePhoto(n: number): Buffer {
  return fs.readFileSync(path.join(SAMPLES, `sample${n}.jpg`));
}

/**
 * A deterministic unit vector standing for an embedding (`dims` values, the engine's by
 * default): distinct seeds give nearly unrelated vectors; `salt` gives another family.
 */
export function seededUnit(seed: number, dims = EMBEDDING_DIMS, salt = 0): Float32Array {
  let x = seed * 9301 + 49297 + salt;
  const e = new Float32Array(dims);
  for (let i = 0; i < e.length; i++) {
    x = (x * 9301 + 49297) % 233280;
    e[i] = x / 233280 - 0.5;
  }
  return normalize(e);
}

export const dataUrl = (buf: Buffer, type = 'jpeg') => `data:image/${type};base64,${buf.toString('base64')}`;

/** A selfie-like crop of a face from a photo: the face box (fractions) widened by `margin`, scaled to `edge` px. */
export async function faceCrop(photo: Buffer, box: { x: number; y: number; w: number; h: number }, opts: { margin?: number; edge?: number; brightness?: number } = {}): Promise<Buffer> {
  const meta = await sharp(photo).rotate().metadata();
  const W = meta.autoOrient?.width ?? meta.width!;
  const H = meta.autoOrient?.height ?? meta.height!;
  const m = opts.margin ?? 0.6;
  const cx = (box.x + box.w / 2) * W;
  const cy = (box.y + box.h / 2) * H;
  const side = Math.max(box.w * W, box.h * H) * (1 + 2 * m);
  const left = Math.max(0, Math.round(cx - side / 2));
  const top = Math.max(0, Math.round(cy - side / 2));
  const width = Math.min(W - left, Math.round(side));
  const height = Math.min(H - top, Math.round(side));
  let img = sharp(photo).rotate().extract({ left, top, width, height }).resize(opts.edge ?? 400, opts.edge ?? 400, { fit: 'inside' });
  if (opts.brightness) img = img.modulate({ brightness: opts.brightness });
  return img.jpeg({ quality: 90 }).toBuffer();
}

/**
 * A PNG bomb: a few hundred bytes that declare a 30000×30000 canvas (900 megapixels) of
 * zero rows, which a decoder without a pixel limit would try to allocate.
 */
export function pngBomb(): Buffer {
  const W = 30_000;
  const crc = (buf: Buffer) => {
    let c = ~0;
    for (const b of buf) {
      c ^= b;
      for (let k = 0; k < 8; k++) c = c & 1 ? (c >>> 1) ^ 0xedb88320 : c >>> 1;
    }
    return ~c >>> 0;
  };
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const out = Buffer.alloc(8 + data.length + 4);
    out.writeUInt32BE(data.length, 0);
    body.copy(out, 4);
    out.writeUInt32BE(crc(body), 8 + data.length);
    return out;
  };
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(W, 0);
  ihdr.writeUInt32BE(W, 4);
  ihdr[8] = 8; // bit depth
  ihdr[9] = 0; // greyscale
  // Ten zero rows, deflated (the rest of the canvas is simply missing).
  const rows = zlib.deflateSync(Buffer.alloc((W + 1) * 10), { level: 9 });
  return Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), chunk('IHDR', ihdr), chunk('IDAT', rows), chunk('IEND', Buffer.alloc(0))]);
}

const ORGANISER_HEADERS = (token: string) => ({ authorization: `Bearer ${token}` });

/** A multipart/form-data body: text fields in order, then the file (as OSS requires). */
function multipart(fields: Record<string, string>, data: Buffer) {
  const boundary = `----face${crypto.randomBytes(8).toString('hex')}`;
  const parts: Buffer[] = [];
  for (const [name, value] of Object.entries(fields)) parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`));
  parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="photo.jpg"\r\nContent-Type: image/jpeg\r\n\r\n`), data, Buffer.from(`\r\n--${boundary}--\r\n`));
  return { payload: Buffer.concat(parts), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

/** Uploads a photo the photographer's way (signed policy, OSS post, registration). Answers the photo id. */
export async function uploadPhoto(s: TestServer, token: string, galleryId: number, bytes: Buffer, origin: string): Promise<number> {
  const sign = await s.app.inject({ method: 'GET', url: `/api/v2/common/imagesign?gallery_id=${galleryId}`, headers: ORGANISER_HEADERS(token) });
  const p = sign.json().data;
  const key = `${p.dir}${crypto.createHash('sha256').update(bytes).digest('hex')}.jpg`;
  const up = await s.app.inject({
    method: 'POST',
    url: '/oss/upload',
    ...multipart({ key, policy: p.policy, OSSAccessKeyId: p.accessid, success_action_status: '204', Signature: p.signature }, bytes)
  });
  if (up.statusCode !== 204) throw new Error(`upload failed: ${up.statusCode} ${up.body}`);
  const reg = await s.app.inject({ method: 'POST', url: '/api/v2/images/upload', headers: ORGANISER_HEADERS(token), payload: { gallery_id: galleryId, hash: key, origin } });
  if (reg.statusCode !== 200) throw new Error(`register failed: ${reg.statusCode} ${reg.body}`);
  return reg.json().data.photo.id;
}
