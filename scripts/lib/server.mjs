// Start the real server (server/src/main.ts) as a child process for browser tests and
// benches: a free port, a temporary DATA_DIR (embedded PGlite) unless a database URL is
// given, the demo seed, and a clean stop. Resolves once the server prints its listening
// line (and the `Demo event:` URL when it seeds one).
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

export function freePort() {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.unref();
    srv.on('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address();
      srv.close(() => resolve(port));
    });
  });
}

/** Throws a clear error when the H5 build is missing. */
export function requireH5Build(h5Dir = path.join(root, 'dist/h5')) {
  const index = path.join(h5Dir, 'index.html');
  if (!fs.existsSync(index)) throw new Error(`${path.relative(root, index)} is missing: run npm run build:h5 first`);
  return h5Dir;
}

/**
 * @param {object} [opts]
 * @param {string|null} [opts.databaseUrl] real PostgreSQL; default: embedded PGlite in a temp DATA_DIR
 * @param {string|null} [opts.redisUrl] Redis for the live bus (REDIS_URL); default: in-process bus
 * @param {string} [opts.h5Dir] default dist/h5
 * @param {boolean} [opts.requireDemo] fail unless the server prints the `Demo event:` link (default true)
 * @param {number} [opts.timeoutMs] default 180 s (first PGlite open + seeding images)
 * @param {Record<string,string>} [opts.env] extra environment
 * @param {boolean} [opts.echo] copy the server's output to this process's stderr
 * @param {string} [opts.logFile] also append every output line to this file (browser tests read sandbox SMS codes from it)
 */
export async function startServer(opts = {}) {
  const { databaseUrl = null, requireDemo = true, timeoutMs = 180_000, echo = false } = opts;
  const h5Dir = opts.h5Dir ?? path.join(root, 'dist/h5');
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'livegallery-run-'));
  const env = {
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    PUBLIC_URL: baseUrl,
    DATA_DIR: dataDir,
    H5_DIR: h5Dir,
    SEED_DEMO: '1',
    LOG_LEVEL: process.env.SERVER_LOG_LEVEL || 'warn',
    ...opts.env
  };
  delete env.DATABASE_URL;
  delete env.REDIS_URL;
  delete env.TARO_ENV_JEST;
  if (databaseUrl) env.DATABASE_URL = databaseUrl;
  if (opts.redisUrl) env.REDIS_URL = opts.redisUrl;

  const child = spawn(process.execPath, ['--import', 'tsx', path.join(root, 'server/src/main.ts')], {
    cwd: root,
    env,
    stdio: ['ignore', 'pipe', 'pipe']
  });
  const lines = [];
  const logFd = opts.logFile ? (fs.mkdirSync(path.dirname(opts.logFile), { recursive: true }), fs.openSync(opts.logFile, 'w')) : null;
  let exited = null;
  const exitPromise = new Promise((resolve) => {
    child.on('exit', (code, signal) => {
      exited = { code, signal };
      resolve(exited);
    });
  });

  let demoUrl = null;
  let listening = false;
  let onLine = () => {};
  const collect = (stream) => {
    let buf = '';
    stream.setEncoding('utf8');
    stream.on('data', (chunk) => {
      if (echo) process.stderr.write(chunk);
      buf += chunk;
      let i;
      while ((i = buf.indexOf('\n')) >= 0) {
        const line = buf.slice(0, i).replace(/\r$/, '');
        buf = buf.slice(i + 1);
        lines.push(line);
        if (logFd !== null) fs.writeSync(logFd, line + '\n');
        if (lines.length > 400) lines.shift();
        onLine(line);
      }
    });
  };
  collect(child.stdout);
  collect(child.stderr);
  // Never leave a server behind when the parent dies first.
  const killOnExit = () => child.kill('SIGKILL');
  process.on('exit', killOnExit);

  const tail = () => lines.slice(-40).join('\n');
  const cleanup = () => fs.rmSync(dataDir, { recursive: true, force: true });

  const stop = async () => {
    if (!exited) {
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
      await exitPromise;
      clearTimeout(timer);
    }
    process.off('exit', killOnExit);
    if (logFd !== null) fs.closeSync(logFd);
    cleanup();
  };

  try {
    await new Promise((resolve, reject) => {
      let afterListen = null;
      const timer = setTimeout(() => {
        reject(new Error(`server did not become ready within ${timeoutMs / 1000} s; last output:\n${tail()}`));
      }, timeoutMs);
      const done = (err) => {
        clearTimeout(timer);
        clearTimeout(afterListen);
        if (err) reject(err);
        else resolve();
      };
      let expectUrl = false;
      onLine = (line) => {
        if (expectUrl && /^https?:\/\/\S+$/.test(line.trim())) {
          demoUrl = line.trim();
          return done();
        }
        expectUrl = line.trim() === 'Demo event:';
        if (/^Server listening on /.test(line)) {
          listening = true;
          // The demo line follows at once when the server seeded one.
          afterListen = setTimeout(() => {
            if (requireDemo) done(new Error(`server started but printed no "Demo event:" link (database not empty, or SEED_DEMO off?); output:\n${tail()}`));
            else done();
          }, requireDemo ? 5000 : 1000);
        }
      };
      exitPromise.then((e) => done(new Error(`server exited (${e.code ?? e.signal}) before it was ready; output:\n${tail()}`)));
    });
  } catch (e) {
    await stop();
    throw e;
  }
  onLine = () => {};

  return {
    port,
    baseUrl,
    demoUrl,
    listening,
    dataDir,
    pid: child.pid,
    /** Last lines the server printed (for failure messages). */
    output: tail,
    /** Whether the process is still running. */
    alive: () => exited === null,
    stop
  };
}
