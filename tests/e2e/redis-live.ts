// A second server for browser tests that publish live messages themselves: the same server
// (server/src/main.ts) with its live bus on Redis (TEST_REDIS_URL, 127.0.0.1:6379 by default, as the server tests), so a test
// publishes a message on the bus's channel exactly as another server process would, and every
// socket of the gallery's room receives it. Nothing in the server is there for tests.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import Redis from 'ioredis';
import type { LiveEventMap, LiveEventName, LiveMessage } from '../../types/live';
import { ROOT } from './support';

export const REDIS_URL = process.env.TEST_REDIS_URL || 'redis://127.0.0.1:6379';
/** server/src/live/redis-bus.ts LIVE_CHANNEL. */
const LIVE_CHANNEL = 'livegallery:live';

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.on('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
  });
}

export interface RedisServer {
  baseUrl: string;
  token: string;
  publish<K extends LiveEventName>(room: number, type: K, data: LiveEventMap[K]): Promise<void>;
  /** The uploader CLI over a folder, against this server; its output. */
  upload(link: string, dir: string): string;
  /** An organiser API call on this server. */
  organiser(method: string, urlPath: string, body?: unknown): Promise<any>;
  stop(): Promise<void>;
}

/** Start the server on a free port with an empty embedded database (no demo) and the Redis bus. */
export async function startRedisServer(): Promise<RedisServer> {
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'lg-e2e-redis-'));
  const token = 'e2e-redis-organiser';
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    PUBLIC_URL: baseUrl,
    DATA_DIR: dataDir,
    H5_DIR: process.env.E2E_H5_DIR || path.join(ROOT, 'dist/h5'),
    SEED_DEMO: '0',
    REDIS_URL: REDIS_URL,
    ORGANIZER_TOKEN: token,
    LOG_LEVEL: 'warn',
    GUEST_SESSIONS_PER_MIN: '100000',
    LOGIN_PER_IP_PER_MIN: '100000'
  };
  delete env.DATABASE_URL;
  delete env.TARO_ENV_JEST;
  const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', path.join(ROOT, 'server/src/main.ts')], { cwd: ROOT, env, stdio: ['ignore', 'pipe', 'pipe'] });
  const lines: string[] = [];
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`the Redis-bus server did not start in 120 s:\n${lines.slice(-30).join('\n')}`)), 120_000);
    const onData = (chunk: Buffer) => {
      for (const line of chunk.toString('utf8').split('\n')) {
        lines.push(line);
        if (/^Server listening on .*live bus: redis/.test(line)) {
          clearTimeout(timer);
          resolve();
        }
      }
    };
    child.stdout!.on('data', onData);
    child.stderr!.on('data', onData);
    child.on('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`the Redis-bus server exited (${code}):\n${lines.slice(-30).join('\n')}`));
    });
  });
  const redis = new Redis(REDIS_URL, { lazyConnect: true, maxRetriesPerRequest: 3 });
  await redis.connect();
  return {
    baseUrl,
    token,
    async publish(room, type, data) {
      const msg: LiveMessage = { type, room, data } as LiveMessage;
      await redis.publish(LIVE_CHANNEL, JSON.stringify(msg));
    },
    upload(link, dir) {
      const r = spawnSync(process.execPath, ['--import', 'tsx', path.join(ROOT, 'server/src/cli/upload.ts'), '--gallery', link, dir], {
        cwd: ROOT,
        env: { ...process.env, SERVER_URL: baseUrl, ORGANIZER_TOKEN: token, TARO_ENV_JEST: '' },
        encoding: 'utf8',
        timeout: 120_000
      });
      if (r.status !== 0) throw new Error(`upload CLI exited ${r.status}: ${r.stdout}\n${r.stderr}`);
      return r.stdout;
    },
    async organiser(method, urlPath, body) {
      const res = await fetch(baseUrl + urlPath, {
        method,
        headers: { authorization: `Bearer ${token}`, ...(body ? { 'content-type': 'application/json' } : {}) },
        body: body ? JSON.stringify(body) : undefined
      });
      const json = await res.json();
      if (json.code !== 200) throw new Error(`${method} ${urlPath} answered ${JSON.stringify(json)}`);
      return json.data;
    },
    async stop() {
      redis.disconnect();
      if (child.exitCode === null) {
        const exited = new Promise((r) => child.once('exit', r));
        child.kill('SIGTERM');
        const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
        await exited;
        clearTimeout(timer);
      }
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  };
}
