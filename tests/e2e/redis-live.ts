// A second server for browser tests that publish live messages themselves: the same server
// (server/src/main.ts) with its live bus on Redis (TEST_REDIS_URL, 127.0.0.1:6379 by default, as the server tests), so a test
// publishes a message on the bus's channel exactly as another server process would, and every
// socket of the gallery's room receives it. Nothing in the server is there for tests.
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import Redis from 'ioredis';
import type { LiveEventMap, LiveEventName, LiveMessage } from '../../types/live';
import { ROOT } from './support';
import { startServerProcess } from '../server/server-process';

export const REDIS_URL = process.env.TEST_REDIS_URL || 'redis://127.0.0.1:6379';
/** server/src/live/redis-bus.ts LIVE_CHANNEL. */
const LIVE_CHANNEL = 'livegallery:live';

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
  const token = 'e2e-redis-organiser';
  const server = await startServerProcess({
    H5_DIR: process.env.E2E_H5_DIR || path.join(ROOT, 'dist/h5'),
    SEED_DEMO: '0',
    DATABASE_URL: '',
    REDIS_URL,
    ORGANIZER_TOKEN: token,
    GUEST_SESSIONS_PER_MIN: '100000',
    LOGIN_PER_IP_PER_MIN: '100000'
  });
  if (!/live bus: redis/.test(server.output())) {
    await server.stop();
    throw new Error(`the server did not take the Redis live bus:\n${server.output()}`);
  }
  const baseUrl = server.baseUrl;
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
      await server.stop();
    }
  };
}
