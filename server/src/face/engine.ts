// The face engine: detection, 128-d embeddings and face crops, with inference in
// worker threads (worker.cjs, a pool of FACE_WORKERS, default one per core up to 2) so the
// API server's event loop stays free. Decoding, the pixel limit and the crops run here with
// sharp (libuv's thread pool, also off the event loop).
//
// Models: @vladmandic/human 3.3.6's blazeface detector and face mesh (the validator and the
// landmarks that align a face), and FaceRecognitionNet (dlib's ResNet-34, 128-d) from
// @vladmandic/face-api's model/ for the embeddings (facerec.cjs, embedders.cjs), on tfjs's
// WebAssembly backend; the models ship inside the npm packages and load from node_modules
// (worker.cjs refuses any fetch). The embedding model was chosen on the faces dev set, real
// different photos of the same people (docs/face-models.md): at a false-match rate of at
// most 0.1 % it matched every different-photo pair, where human's faceres (engine version 2)
// matched 78–92 %.
// Detection in event photos is tiled (see worker.cjs): out of the box it finds one face.
import { decode, faceCrop, ImageRefused } from './image';
import { photoFaces } from './photo';
import { WorkerPool, workerCount, type WorkerFace, type WorkerTiming } from './pool';

/**
 * The version of the pipeline that makes embeddings (worker.cjs, align.cjs, blazeface.cjs, the
 * model, chip and centre in embedders.cjs): embeddings of two versions are not comparable.
 * Raise it with any change that moves embeddings; the indexer then re-indexes every photo
 * indexed with another version (services/face/indexer.ts), and older face profiles stop
 * matching. 1: human.detect per candidate crop; 2: the mesh straight from the stage A box,
 * faceres on the mesh-aligned crop; 3: FaceRecognitionNet (128-d) on a 150 px chip aligned to
 * dlib's five-point template from the mesh's landmarks. Not a new version: faceres' graph rewritten at load
 * (graph-fuse.cjs) and the models run on batches, which move outputs by float rounding only
 * (at most ~1e-5; tests/server/face-graph-fuse.test.ts, and the accuracy bench is unchanged).
 */
export const FACE_ENGINE_VERSION = 3;

/** Embedding length (FaceRecognitionNet's descriptor). */
export const FACE_DIMS = 128;
/**
 * Cosine similarity at or above which two faces are the same person. Tuned on the faces dev
 * set only (`node bench/face-accuracy.mjs`: its different-photo pairs and threshold sweep;
 * docs/face-models.md).
 */
export const MATCH_THRESHOLD = 0.6;

/**
 * The engine versions this engine still embeds with (detect's `version`), their embedding
 * length and match threshold: the current one, and the one before it, so that a selfie can
 * search a gallery whose photos are still being re-indexed with the current one.
 */
export const FACE_ENGINE_VERSIONS: Readonly<Record<number, { dims: number; threshold: number }>> = {
  2: { dims: 1024, threshold: 0.5 },
  [FACE_ENGINE_VERSION]: { dims: FACE_DIMS, threshold: MATCH_THRESHOLD }
};
/**
 * Faces smaller than this (pixels of the input image, the stage A box's longer side) are not
 * embedded in event photos: too small to be matched (the faces of a selfie search are far
 * larger), and each costs a full stage B.
 */
export const MIN_FACE_PX = 40;
/** Longest side of the image the detector sees (event photos are downscaled to this). */
export const DETECT_EDGE = 1920;

/** Pixels of the input image after EXIF rotation. */
export interface FaceBox {
  x: number;
  y: number;
  w: number;
  h: number;
}

export interface DetectedFace {
  box: FaceBox;
  score: number;
  /** L2-normalised, FACE_DIMS long (of the version asked for: that version's dims). */
  embedding: Float32Array;
  /** Square JPEG (200 px) around the face. */
  crop: Buffer;
}

export type FaceImageErrorReason = 'not-image' | 'too-large' | 'no-face' | 'many-faces';

/** A refused input; the service maps the reason to a 4xx answer. */
export class FaceImageError extends Error {
  constructor(
    public readonly reason: FaceImageErrorReason,
    msg: string
  ) {
    super(msg);
    this.name = 'FaceImageError';
  }
}

export interface DetectOptions {
  mode: 'photo' | 'selfie';
  version?: number;
}

export interface FaceEngine {
  readonly dims: number;
  /** FACE_ENGINE_VERSION: what the embeddings it returns are comparable with. */
  readonly version: number;
  /**
   * 'photo': every face of an event photo (group photos tiled); 'selfie': the one main face
   * (throws no-face / many-faces when there is not exactly one clear face). `version`: the
   * engine version whose embeddings to make (one of FACE_ENGINE_VERSIONS; default the current).
   */
  detect(image: Buffer, opts: DetectOptions): Promise<DetectedFace[]>;
  close(): Promise<void>;
}

/** Cosine similarity (both L2-normalised embeddings: their dot product). */
export function similarity(a: Float32Array, b: Float32Array): number {
  if (a.length !== b.length) throw new Error(`embedding lengths differ: ${a.length} and ${b.length}`);
  let dot = 0;
  let na = 0;
  let nb = 0;
  for (let i = 0; i < a.length; i++) {
    dot += a[i] * b[i];
    na += a[i] * a[i];
    nb += b[i] * b[i];
  }
  return na && nb ? dot / Math.sqrt(na * nb) : 0;
}

class WorkerFaceEngine implements FaceEngine {
  readonly dims = FACE_DIMS;
  readonly version = FACE_ENGINE_VERSION;
  private pool: WorkerPool;
  /** Sums over the photos detected so far (the benches print them). */
  readonly totals = { images: 0, decodeMs: 0, stageAMs: 0, tiles: 0, candidates: 0, stageBMs: 0, embedMs: 0, cropMs: 0 };

  /** Images in flight (decoded, or being decoded); more wait here, undecoded. */
  private active = 0;
  private waiting: Array<() => void> = [];
  private readonly maxActive: number;
  /**
   * Decodes run one at a time: images arriving together (a queue's first ones) do not share
   * the cores in a tie while the workers wait for the first of them.
   */
  private decoding: Promise<unknown> = Promise.resolve();
  /** Shared pixel buffers of photos done, for the next ones (sharedPixels). */
  private spare: SharedArrayBuffer[] = [];

  constructor(workers: number) {
    this.pool = new WorkerPool(workers);
    // One image per worker plus one being decoded: a burst of uploads does not hold every
    // photo's pixels (7.4 MB at the detection size, 1920×1280) in memory at once.
    this.maxActive = workers + 1;
  }

  private async slot(): Promise<() => void> {
    if (this.active >= this.maxActive) await new Promise<void>((resolve) => this.waiting.push(resolve));
    else this.active++;
    return () => {
      const next = this.waiting.shift();
      if (next) next();
      else this.active--;
    };
  }

  /** Starts the workers and loads the models now instead of on the first image. */
  warm(): Promise<void> {
    return this.pool.warm();
  }

  async detect(image: Buffer, opts: DetectOptions): Promise<DetectedFace[]> {
    if (opts.version !== undefined && !FACE_ENGINE_VERSIONS[opts.version]) throw new Error(`face engine: no embeddings of version ${opts.version}`);
    const release = await this.slot();
    try {
      return await this.detectNow(image, opts);
    } finally {
      release();
    }
  }

  /**
   * A shared buffer of at least `bytes` for a photo's pixels: a spare one (a photo done with it)
   * when one is large enough, else a new one. Reusing them spares the main thread the page
   * faults of a fresh 7.4 MB buffer on every photo (measured under load: ~100 ms a photo in
   * the copy into a new buffer, most of the main thread's own time after the database's).
   */
  private sharedPixels(bytes: number): SharedArrayBuffer {
    const k = this.spare.findIndex((b) => b.byteLength >= bytes);
    return k >= 0 ? this.spare.splice(k, 1)[0] : new SharedArrayBuffer(bytes);
  }

  private async detectNow(image: Buffer, opts: DetectOptions): Promise<DetectedFace[]> {
    const hold: { pixels: SharedArrayBuffer | null } = { pixels: null };
    try {
      return await this.detectIn(image, opts, hold);
    } finally {
      // Done with (no worker nor crop reads it any more; a failed photo's answers are dropped): kept for the next photo.
      if (hold.pixels && this.spare.length < this.maxActive) this.spare.push(hold.pixels);
    }
  }

  private async detectIn(image: Buffer, opts: DetectOptions, hold: { pixels: SharedArrayBuffer | null }): Promise<DetectedFace[]> {
    const version = opts.version ?? FACE_ENGINE_VERSION;
    let img;
    let decodeMs = 0;
    try {
      const turn = this.decoding.then(async () => {
        const t0 = performance.now();
        const d = await decode(image, DETECT_EDGE);
        decodeMs = performance.now() - t0;
        return d;
      });
      this.decoding = turn.catch(() => undefined);
      img = await turn;
    } catch (e) {
      if (e instanceof ImageRefused) throw new FaceImageError(e.reason, e.message);
      throw e;
    }
    let found: WorkerFace[];
    let timing: WorkerTiming | null = null;
    if (opts.mode === 'photo') {
      // Into shared memory, which every worker on the photo and the crops read: one copy of the pixels.
      hold.pixels = this.sharedPixels(img.rgb.byteLength);
      const shared = Buffer.from(hold.pixels, 0, img.rgb.byteLength);
      img.rgb.copy(shared);
      img = { ...img, rgb: shared };
      ({ faces: found, timing } = await photoFaces(this.pool, { data: shared, width: img.rgbWidth, height: img.rgbHeight }, (MIN_FACE_PX * img.rgbWidth) / img.width, version));
    } else {
      // The pixels move to the worker (no copy); a view into a larger buffer is copied first.
      const px = img.rgb;
      const data = px.byteOffset === 0 && px.byteLength === px.buffer.byteLength ? px : new Uint8Array(px);
      const answer = await this.pool.run({ msg: { op: 'selfie', version, width: img.rgbWidth, height: img.rgbHeight, data: data.buffer }, transfer: [data.buffer as ArrayBuffer] });
      if (answer.error === 'no-face' || answer.error === 'many-faces') throw new FaceImageError(answer.error, answer.message ?? answer.error);
      if (answer.error) throw new Error(`face detection failed: ${answer.message}`);
      found = answer.faces as WorkerFace[];
    }
    const inferred = performance.now();
    const k = img.width / img.rgbWidth;
    const kept: Array<Omit<DetectedFace, 'crop'>> = [];
    for (const f of found) {
      // Boxes stay inside the image (stage B may reach past an edge).
      const x = Math.max(0, f.box[0] * k);
      const y = Math.max(0, f.box[1] * k);
      const box = { x, y, w: Math.min(img.width, f.box[0] * k + f.box[2] * k) - x, h: Math.min(img.height, f.box[1] * k + f.box[3] * k) - y };
      if (box.w <= 1 || box.h <= 1) continue;
      kept.push({ box, score: f.score, embedding: f.embedding });
    }
    // The crops at once (sharp's threads): the photo's slot is free sooner.
    const faces: DetectedFace[] = await Promise.all(kept.map(async (f) => ({ ...f, crop: await faceCrop(img, f.box) })));
    if (timing) this.count(timing, decodeMs, performance.now() - inferred);
    if (opts.mode === 'selfie' && faces.length !== 1) throw new FaceImageError('no-face', 'no clear face found');
    return faces;
  }

  private count(t: WorkerTiming, decodeMs: number, cropMs: number): void {
    const s = this.totals;
    s.images++;
    s.decodeMs += decodeMs;
    s.stageAMs += t.a;
    s.tiles += t.tiles;
    s.candidates += t.candidates;
    s.stageBMs += t.b;
    s.embedMs += t.embed;
    s.cropMs += cropMs;
  }

  close(): Promise<void> {
    if (shared === this) shared = null;
    return this.pool.close();
  }
}

let shared: WorkerFaceEngine | null = null;

/** The process's face engine: created on first use; its workers start with the first image. */
export async function getFaceEngine(): Promise<FaceEngine> {
  if (!shared) shared = new WorkerFaceEngine(workerCount());
  return shared;
}

/** A separate engine (benches: a chosen number of workers, warmed up before timing). */
export async function createFaceEngine(opts: { workers?: number; warm?: boolean } = {}): Promise<FaceEngine> {
  const engine = new WorkerFaceEngine(opts.workers ?? workerCount());
  if (opts.warm) await engine.warm();
  return engine;
}
