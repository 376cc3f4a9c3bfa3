// The OCR engine: tesseract.js (Tesseract 5 compiled to WebAssembly) in a worker thread
// (worker.cjs), so recognition never runs on the API server's event loop. Decoding and the
// preprocessing run in sharp (libuv's thread pool, also off the event loop).
//
// Trained data come from npm packages in node_modules (@tesseract.js-data/eng and, when
// OCR_LANGS names it, @tesseract.js-data/chi_sim), never from the network: langPath points at
// the package's folder (worker.cjs maps tesseract's reads there), cacheMethod 'none' keeps tesseract from writing copies into the working
// directory, and worker.cjs refuses any fetch. The core (tesseract.js-core's wasm) is required
// from node_modules by tesseract.js itself in Node.
//
// Two passes per photo, both sparse-text page segmentation (PSM 11: race photos hold a few
// scattered words, not a page):
//  1. text: the photo in grey, contrast stretched, long side OCR_EDGE: signs, names, bibs;
//  2. digits: the same picture with a digit whitelist, which reads bib numbers that the
//     text pass takes for letters (a 1 as l, a 0 as O) or drops beside large print.
// Measured with bench/ocr.mjs (numbers in README.md).
import path from 'node:path';
import sharp from 'sharp';
import { createWorker, OEM, PSM, type Worker } from 'tesseract.js';
import { DEFAULT_OCR_LANGS, langFolder } from './langs';

/** Longest side of the picture tesseract reads (bigger photos are scaled down; smaller ones up). */
export const OCR_EDGE = 2000;
/** A photo above this many pixels is refused before decoding (as the image pipeline does). */
const MAX_INPUT_PIXELS = 100_000_000;

const WORKER_FILE = path.join(__dirname, 'worker.cjs');
/** The langPath worker.cjs maps to the trained-data packages. */
const LANG_ROOT = '/node_modules/@tesseract.js-data';

export interface OcrResult {
  /** What the text pass read (lines as tesseract gave them). */
  text: string;
  /** What the digit pass read. */
  digits: string;
}

export interface OcrEngine {
  readonly langs: string[];
  read(image: Buffer): Promise<OcrResult>;
  close(): Promise<void>;
}

/** The picture tesseract reads: upright, grey, contrast stretched, long side OCR_EDGE. */
export async function prepare(image: Buffer): Promise<Buffer> {
  return sharp(image, { limitInputPixels: MAX_INPUT_PIXELS })
    .rotate()
    .resize({ width: OCR_EDGE, height: OCR_EDGE, fit: 'inside' })
    .grayscale()
    .normalise()
    .png({ compressionLevel: 1 })
    .toBuffer();
}

class TesseractEngine implements OcrEngine {
  /** One job at a time: tesseract's parameters are per worker and the passes set them. */
  private chain: Promise<unknown> = Promise.resolve();

  constructor(
    readonly langs: string[],
    private worker: Worker
  ) {}

  read(image: Buffer): Promise<OcrResult> {
    const run = this.chain.then(() => this.readNow(image));
    this.chain = run.catch(() => undefined);
    return run;
  }

  private async readNow(image: Buffer): Promise<OcrResult> {
    const pic = await prepare(image);
    await this.worker.setParameters({ tessedit_pageseg_mode: PSM.SPARSE_TEXT, tessedit_char_whitelist: '' });
    const text = (await this.worker.recognize(pic)).data.text ?? '';
    await this.worker.setParameters({ tessedit_pageseg_mode: PSM.SPARSE_TEXT, tessedit_char_whitelist: '0123456789' });
    const digits = (await this.worker.recognize(pic)).data.text ?? '';
    return { text, digits };
  }

  async close(): Promise<void> {
    await this.worker.terminate();
  }
}

/** Starts tesseract's worker with the trained data of `langs` from node_modules. */
export async function createOcrEngine(langs: string[] = DEFAULT_OCR_LANGS): Promise<OcrEngine> {
  for (const l of langs) langFolder(l); // a language without its package is refused here
  const worker = await createWorker(
    langs,
    OEM.LSTM_ONLY,
    {
      workerPath: WORKER_FILE,
      // worker.cjs answers reads under this path from the @tesseract.js-data packages.
      langPath: LANG_ROOT,
      cacheMethod: 'none',
      gzip: true,
      errorHandler: () => undefined
    }
  );
  return new TesseractEngine(langs, worker);
}
