#!/usr/bin/env node
// Mini-program package size: all of dist/weapp without source maps, and the main
// package (everything outside the sub-package roots of app.json). WeChat refuses
// a main package over 2 MB; our budget is 1.5 MB. Prints numbers, never fails.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const dir = path.resolve(root, process.argv[2] || 'dist/weapp');
const BUDGET = 1.5 * 1024 * 1024;
const MB = (n) => (n / 1024 / 1024).toFixed(3);

function files(d, out = []) {
  for (const e of fs.readdirSync(d, { withFileTypes: true })) {
    const p = path.join(d, e.name);
    if (e.isDirectory()) files(p, out);
    else if (!e.name.endsWith('.map')) out.push({ rel: path.relative(dir, p).split(path.sep).join('/'), size: fs.statSync(p).size });
  }
  return out;
}

if (!fs.existsSync(path.join(dir, 'app.json'))) {
  console.log(`package size: ${path.relative(root, dir)}/app.json not found (run npm run build:weapp first)`);
  process.exit(0);
}

const app = JSON.parse(fs.readFileSync(path.join(dir, 'app.json'), 'utf8'));
const subRoots = [...(app.subPackages ?? []), ...(app.subpackages ?? [])].map((s) => String(s.root).replace(/^\/+|\/+$/g, '') + '/');
const all = files(dir);
const total = all.reduce((s, f) => s + f.size, 0);
const inSub = (f) => subRoots.some((r) => f.rel.startsWith(r));
const main = all.filter((f) => !inSub(f)).reduce((s, f) => s + f.size, 0);

console.log(`weapp total (without *.map): ${MB(total)} MB (${total} bytes, ${all.length} files)`);
for (const r of subRoots) {
  const size = all.filter((f) => f.rel.startsWith(r)).reduce((s, f) => s + f.size, 0);
  console.log(`  sub-package ${r}: ${MB(size)} MB`);
}
console.log(`weapp main package: ${MB(main)} MB (budget ${MB(BUDGET)} MB): ${main <= BUDGET ? 'within budget' : 'OVER BUDGET'}`);
const biggest = all.filter((f) => !inSub(f)).sort((a, b) => b.size - a.size).slice(0, 5);
console.log(`  largest main-package files: ${biggest.map((f) => `${f.rel} ${(f.size / 1024).toFixed(0)} KB`).join(', ')}`);
