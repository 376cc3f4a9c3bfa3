#!/usr/bin/env node
// H5 bundle shape (issue 12, Speed 2): builds the H5 app into a temporary folder with
// webpack's stats (BUNDLE_STATS, config/prod.ts), then prints every script chunk with
// its size, the chunks each page needs, and the modules that sit in more than one
// chunk (code a visitor would download twice). Never fails.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const KB = (n) => `${(n / 1024).toFixed(1)} KB`;

/** Leaf modules of a chunk (concatenated modules opened up). */
function leaves(chunk) {
  const out = [];
  const walk = (m) => (m.modules?.length ? m.modules.forEach(walk) : out.push(m));
  (chunk.modules ?? []).forEach(walk);
  return out;
}

try {
  const out = fs.mkdtempSync(path.join(os.tmpdir(), 'lg-bundle-'));
  const statsFile = path.join(out, 'stats.json');
  const build = spawnSync('npx', ['taro', 'build', '--type', 'h5'], {
    cwd: root,
    env: { ...process.env, TARO_OUTPUT_ROOT: path.join(out, 'h5'), BUNDLE_STATS: statsFile, NODE_ENV: 'production' },
    encoding: 'utf8'
  });
  if (!fs.existsSync(statsFile)) throw new Error(`the H5 build wrote no stats (exit ${build.status}): ${(build.stderr || build.stdout || '').slice(-800)}`);
  const stats = JSON.parse(fs.readFileSync(statsFile, 'utf8'));
  const scripts = stats.chunks
    .map((c) => ({ c, file: c.files.find((f) => f.endsWith('.js')) }))
    .filter((x) => x.file)
    .map(({ c, file }) => ({ id: c.id, file, bytes: fs.statSync(path.join(out, 'h5', file)).size, initial: c.initial, c }));
  const byId = new Map(scripts.map((s) => [s.id, s]));

  console.log(`H5 script chunks: ${scripts.length}, ${KB(scripts.reduce((n, s) => n + s.bytes, 0))} minified in all`);
  for (const s of [...scripts].sort((a, b) => b.bytes - a.bytes)) {
    const what = s.c.names.length ? s.c.names.join(',') : (s.c.origins ?? []).map((o) => o.request).filter(Boolean).slice(0, 2).join(', ') || 'shared';
    console.log(`  ${s.file.padEnd(24)} ${KB(s.bytes).padStart(9)}  ${s.initial ? 'initial' : 'on demand'}  ${what}`);
  }

  // Each page's scripts beside the initial ones: the chunks whose origin is that page's import.
  const pages = new Map();
  for (const s of scripts) {
    if (s.initial) continue;
    for (const req of new Set((s.c.origins ?? []).map((o) => o.request).filter((r) => r?.startsWith('./pages/')))) {
      const p = pages.get(req) ?? { bytes: 0, files: 0 };
      p.bytes += s.bytes;
      p.files += 1;
      pages.set(req, p);
    }
  }
  console.log('scripts each page loads beside the initial ones:');
  for (const [req, p] of [...pages].sort((a, b) => b[1].bytes - a[1].bytes)) console.log(`  ${req.padEnd(28)} ${KB(p.bytes).padStart(9)} in ${p.files} file(s)`);

  // Modules in more than one chunk: bytes downloaded twice by a visitor who needs both.
  const seen = new Map();
  for (const s of scripts) {
    for (const m of leaves(s.c)) {
      const key = m.identifier ?? m.name;
      if (!key) continue;
      const e = seen.get(key) ?? { name: m.name, size: m.size, chunks: new Set() };
      e.chunks.add(s.file);
      seen.set(key, e);
    }
  }
  const repeated = [...seen.values()].filter((e) => e.chunks.size > 1);
  const extra = repeated.reduce((n, e) => n + e.size * (e.chunks.size - 1), 0);
  console.log(`modules in more than one chunk: ${repeated.length} (${KB(extra)} of source repeated)`);
  for (const e of repeated.sort((a, b) => b.size * b.chunks.size - a.size * a.chunks.size).slice(0, 10)) {
    console.log(`  ${KB(e.size).padStart(9)} × ${e.chunks.size}  ${String(e.name).slice(0, 90)}`);
  }
  fs.rmSync(out, { recursive: true, force: true });
} catch (e) {
  console.log(`bundle: not measured: ${String(e?.message ?? e)}`);
}
