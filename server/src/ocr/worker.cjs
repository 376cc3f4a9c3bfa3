'use strict';
// The OCR worker thread: tesseract.js's Node worker (src/worker-script/node/index.js) with two
// changes to its adapter. Plain CommonJS so Node loads it the same way under tsx, jest and the
// bench scripts.
//
// - Trained data are read from their npm packages: the engine passes langPath LANG_ROOT, and a
//   read of `${LANG_ROOT}/{lang}.traineddata.gz` is answered from
//   @tesseract.js-data/{lang}/4.0.0_best_int/ (each language is its own package, while
//   tesseract.js takes one langPath).
// - The network is refused: should tesseract ever try it (a missing langPath falls back to a
//   CDN), the job fails with this message instead of downloading.
// The WebAssembly core is required from tesseract.js-core in node_modules by getCore.
const fs = require('node:fs/promises');
const path = require('node:path');
const { parentPort } = require('node:worker_threads');

const WS = path.join(path.dirname(require.resolve('tesseract.js/package.json')), 'src', 'worker-script');
const worker = require(WS);
const getCore = require(path.join(WS, 'node', 'getCore'));
const gunzip = require(path.join(WS, 'node', 'gunzip'));

const LANG_ROOT = '/node_modules/@tesseract.js-data';
const refuse = async (url) => {
  throw new Error(`OCR worker: network access refused (${String(url)})`);
};
globalThis.fetch = refuse;

async function readCache(file) {
  const rel = path.posix.relative(LANG_ROOT, String(file));
  const m = /^([a-z_]+)\.traineddata\.gz$/.exec(rel);
  if (!m) throw new Error(`OCR worker: only trained data from node_modules are read (asked for ${file})`);
  const pkg = path.dirname(require.resolve(`@tesseract.js-data/${m[1]}/package.json`));
  return fs.readFile(path.join(pkg, '4.0.0_best_int', `${m[1]}.traineddata.gz`));
}

parentPort.on('message', (packet) => {
  worker.dispatchHandlers(packet, (obj) => parentPort.postMessage(obj));
});

worker.setAdapter({
  getCore,
  gunzip,
  fetch: refuse,
  readCache,
  writeCache: async () => undefined,
  deleteCache: async () => undefined,
  checkCache: async () => false
});
