#!/usr/bin/env node
// `npm start`: build the H5 app when it is missing or older than its sources, then run the server.
import { spawnSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');
const h5Dir = process.env.H5_DIR ? path.resolve(process.env.H5_DIR) : path.join(root, 'dist/h5');
const index = path.join(h5Dir, 'index.html');

function newest(dir) {
  let t = 0;
  for (const e of fs.readdirSync(dir, { withFileTypes: true })) {
    const p = path.join(dir, e.name);
    t = Math.max(t, e.isDirectory() ? newest(p) : fs.statSync(p).mtimeMs);
  }
  return t;
}

const sourcesTime = Math.max(newest(path.join(root, 'src')), newest(path.join(root, 'types')), newest(path.join(root, 'config')));
const builtTime = fs.existsSync(index) ? fs.statSync(index).mtimeMs : 0;
if (!process.env.H5_DIR && builtTime < sourcesTime) {
  console.log('Building the H5 app (dist/h5): the first start takes a few minutes…');
  // On a terminal the build shows its progress; otherwise (logs, CI) it stays quiet
  // and its output is printed only when it fails.
  const tty = Boolean(process.stdout.isTTY);
  const r = spawnSync('npm', ['run', '--silent', 'build:h5'], {
    cwd: root,
    stdio: tty ? ['ignore', 'ignore', 'inherit'] : ['ignore', 'pipe', 'pipe'],
    maxBuffer: 64 * 1024 * 1024
  });
  if (r.status !== 0) {
    if (!tty) process.stderr.write(`${String(r.stdout ?? '').slice(-4000)}${String(r.stderr ?? '').slice(-8000)}\n`);
    console.error('The H5 build failed; run `npm run build:h5` to see why.');
    process.exit(r.status ?? 1);
  }
  console.log('H5 app built.');
}
const child = spawn(process.execPath, ['--import', 'tsx', path.join(root, 'server/src/main.ts')], { cwd: root, stdio: 'inherit' });
for (const sig of ['SIGINT', 'SIGTERM']) process.on(sig, () => child.kill(sig));
child.on('exit', (code) => process.exit(code ?? 0));
