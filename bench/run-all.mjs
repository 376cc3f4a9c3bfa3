#!/usr/bin/env node
// `npm run bench`: every bench/*.mjs in turn (the main three first), each in its own
// process. Benches print labelled numbers and exit 0; this only reports one that crashed.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const dir = path.dirname(fileURLToPath(import.meta.url));
const first = ['package-size.mjs', 'h5-first-load.mjs', 'list-api.mjs'];
const others = fs
  .readdirSync(dir)
  .filter((f) => f.endsWith('.mjs') && f !== 'run-all.mjs' && !first.includes(f))
  .sort();

for (const b of [...first, ...others]) {
  console.log(`\n=== ${b} ===`);
  const t0 = Date.now();
  const r = spawnSync(process.execPath, [path.join(dir, b)], { stdio: 'inherit', cwd: path.join(dir, '..') });
  const s = ((Date.now() - t0) / 1000).toFixed(1);
  console.log(r.status === 0 ? `(${b}: ${s} s)` : `(${b} crashed: exit ${r.status ?? r.signal} after ${s} s)`);
}
