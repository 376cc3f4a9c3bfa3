// An event photo's detection spread over the worker pool. The photo's RGB bytes go into one
// SharedArrayBuffer that every worker reads; each stage (the detector's squares, the face mesh
// on the candidates, the embedding model on the faces) is cut into contiguous chunks, one a worker, queued
// together: a worker with nothing else to do takes a share of a photo another worker is on.
// The embedding model is the one of the engine version asked for (worker embedders.cjs).
// With one photo at a time both cores work on it, and a queue of photos no longer ends with one
// large group photo on one core while the other idles. The indexer keeps two photos in flight
// (services/face/indexer.ts JOBS_IN_FLIGHT): the pool's one queue (first in, first out) then
// hands a worker the next photo's chunks while this photo's decode, merge or write is running.
// Chunks are concatenated in order, so the merge and the faces kept are those of one worker
// doing it all (the embedding model and the mesh see other batches: outputs move by float rounding only).
import type { WorkerFace, WorkerPool, WorkerTiming } from './pool';

type Box = [number, number, number, number];
interface Square {
  x: number;
  y: number;
  side: number;
  minScore: number;
  taps: number;
}
interface Candidate {
  box: Box;
  score: number;
  landmarks: Array<[number, number]>;
}
/** The aligned square of a face (centre, extent, roll) and its five landmarks, from its mesh. */
interface Aligned {
  cx: number;
  cy: number;
  extent: number;
  angle: number;
  landmarks: Array<[number, number]>;
}
interface Checked {
  box: Box;
  score: number;
  square: Aligned;
}
interface Plan {
  stageASquares(width: number, height: number, tiled: boolean): Square[];
  mergeCandidates(cands: Candidate[]): Candidate[];
  keepFaces(big: Candidate[], checked: Array<Checked | null>, minFace: number): Checked[];
}
// eslint-disable-next-line @typescript-eslint/no-require-imports
const plan = require('./plan.cjs') as Plan;

/**
 * Fewest items a chunk gets, by stage: the detector runs one square a call anyway; the mesh
 * and faceres run a chunk as one batch, and smaller batches cost more an item (measured on
 * this machine: the mesh ~10 ms a face alone, ~6 in fours, ~4.5 from eight; faceres ~27 ms
 * alone, ~21.5 from three; measured with faceres, engine version 2's model), so a stage is
 * only cut where each chunk keeps a fair batch.
 */
const MIN_CHUNK = { detect: 1, validate: 6, embed: 3 };

/** `items` cut into at most `parts` contiguous chunks of at least `min` items (one chunk when fewer). */
export function chunks<T>(items: T[], parts: number, min: number): T[][] {
  const n = Math.max(1, Math.min(parts, Math.floor(items.length / Math.max(1, min))));
  const out: T[][] = [];
  for (let k = 0; k < n; k++) out.push(items.slice(Math.floor((k * items.length) / n), Math.floor(((k + 1) * items.length) / n)));
  return out.filter((c) => c.length > 0);
}

export interface PhotoPixels {
  /** RGB bytes; copied into a SharedArrayBuffer unless they are one already. */
  data: Uint8Array;
  width: number;
  height: number;
}

/**
 * Every face of an event photo: stage A on the whole image and its tiles, stage B on the
 * candidates of at least `minFace` pixels (of this image), the embedding model of engine
 * `version` on the faces kept.
 */
export async function photoFaces(pool: WorkerPool, px: PhotoPixels, minFace: number, version: number): Promise<{ faces: WorkerFace[]; timing: WorkerTiming }> {
  let buffer = px.data.buffer;
  // A shared buffer may be larger than the photo (engine.ts reuses them): workers read width × height × 3 bytes from its start.
  if (!(buffer instanceof SharedArrayBuffer) || px.data.byteOffset !== 0 || px.data.byteLength !== px.width * px.height * 3) {
    buffer = new SharedArrayBuffer(px.data.byteLength);
    new Uint8Array(buffer).set(px.data);
  }
  const image = { buffer, width: px.width, height: px.height };
  const parts = pool.size;
  const run = async <T>(op: keyof typeof MIN_CHUNK, key: string, items: unknown[], field: string): Promise<{ out: T[]; ms: number }> => {
    if (!items.length) return { out: [], ms: 0 };
    const answers = await Promise.all(chunks(items, parts, MIN_CHUNK[op]).map((c) => pool.run({ msg: { op, image, version, [key]: c } })));
    const out: T[] = [];
    let ms = 0;
    for (const a of answers) {
      if (a.error) throw new Error(`face detection failed: ${a.message}`);
      out.push(...(a[field] as T[]));
      ms += a.ms as number;
    }
    return { out, ms };
  };
  const squares = plan.stageASquares(px.width, px.height, true);
  const a = await run<Candidate>('detect', 'squares', squares, 'cands');
  const cands = plan.mergeCandidates(a.out);
  const big = cands.filter((c) => Math.max(c.box[2], c.box[3]) >= minFace);
  const b = await run<Checked | null>('validate', 'cands', big, 'checked');
  const kept = plan.keepFaces(big, b.out, minFace);
  const e = await run<Float32Array>('embed', 'squares', kept.map((f) => f.square), 'embeddings');
  return {
    faces: kept.map((f, k) => ({ box: f.box, score: f.score, embedding: e.out[k] })),
    timing: { a: a.ms, tiles: squares.length - 1, candidates: cands.length, b: b.ms, embed: e.ms }
  };
}
