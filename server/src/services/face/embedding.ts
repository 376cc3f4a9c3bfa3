/**
 * Face embeddings as stored: the engine version's length of float32 values, big-endian (network
 * order, as PostgreSQL's float4send writes them, so SQL can produce the same bytes),
 * in a bytea column. Every database reads this form; pgvector's columns are filled
 * from the same numbers (vectorLiteral).
 */

/** Embedding length of the current face engine (server/src/face/engine.ts FACE_DIMS). */
export const EMBEDDING_DIMS = 128;
/**
 * Every embedding length the face engines have made (rows of older versions stay readable
 * until re-indexed): 1024 (versions 1–2, faceres), 128 (version 3, FaceRecognitionNet). Each
 * has its own pgvector columns (vectors.ts); a search compares rows of its own length only.
 */
export const EMBEDDING_LENGTHS: readonly number[] = [1024, 128];

export function toBytes(e: Float32Array): Buffer {
  const out = Buffer.alloc(e.length * 4);
  for (let i = 0; i < e.length; i++) out.writeFloatBE(e[i], i * 4);
  return out;
}

export function fromBytes(b: Uint8Array): Float32Array {
  const out = new Float32Array(b.byteLength / 4);
  const view = new DataView(b.buffer, b.byteOffset, b.byteLength);
  for (let i = 0; i < out.length; i++) out[i] = view.getFloat32(i * 4, false);
  return out;
}

/** pgvector's text form: `[0.1,0.2,…]`. */
export function vectorLiteral(e: Float32Array): string {
  return `[${Array.from(e, (x) => (Number.isFinite(x) ? x : 0)).join(',')}]`;
}

export function normalize(e: Float32Array): Float32Array {
  let s = 0;
  for (let i = 0; i < e.length; i++) s += e[i] * e[i];
  const n = Math.sqrt(s) || 1;
  const out = new Float32Array(e.length);
  for (let i = 0; i < e.length; i++) out[i] = e[i] / n;
  return out;
}

/** Dot product of `q` with the row at `offset` of a packed matrix (cosine for unit vectors). */
export function dotAt(m: Float32Array, offset: number, q: Float32Array): number {
  const d = q.length;
  let s0 = 0;
  let s1 = 0;
  let s2 = 0;
  let s3 = 0;
  let i = 0;
  for (; i + 3 < d; i += 4) {
    s0 += m[offset + i] * q[i];
    s1 += m[offset + i + 1] * q[i + 1];
    s2 += m[offset + i + 2] * q[i + 2];
    s3 += m[offset + i + 3] * q[i + 3];
  }
  for (; i < d; i++) s0 += m[offset + i] * q[i];
  return s0 + s1 + s2 + s3;
}

/** The centroid after adding a face to a person of `count` faces (both unit vectors in, unit vector out). */
export function addToCentroid(centroid: Float32Array, count: number, e: Float32Array): Float32Array {
  const sum = new Float32Array(e.length);
  for (let i = 0; i < e.length; i++) sum[i] = centroid[i] * count + e[i];
  return normalize(sum);
}
