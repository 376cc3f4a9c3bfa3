import path from 'node:path';

/** Every environment variable the server reads, parsed once, with clear errors. */
export interface Config {
  port: number;
  host: string;
  /** Folder for the embedded database, stored objects and rendered images. */
  dataDir: string;
  /** A real PostgreSQL; the embedded PGlite in dataDir when empty. */
  databaseUrl: string | null;
  /** Redis for the live bus across processes; in-process when empty. */
  redisUrl: string | null;
  /** Public origin used in printed links and QR codes (default http://localhost:PORT). */
  publicUrl: string;
  /** Folder of the H5 build to serve. */
  h5Dir: string;
  /** Seed the demo event into an empty database at start. */
  seedDemo: boolean;
  /** Organiser API token (Authorization: Bearer …); organiser calls are refused without one. */
  organizerToken: string | null;
  /** Secret that signs upload policies (HMAC-SHA1); null: generated once and kept in dataDir/upload-secret. */
  uploadSecret: string | null;
  /** Largest file an upload policy allows (bytes). */
  uploadMaxBytes: number;
  /** WeChat web app id reported in sysinfo. */
  webAppId: string;
  /** Log level for the server (pino). */
  logLevel: string;
  /** Live WebSocket connections one process accepts; further upgrades get 503. */
  liveMaxConnections: number;
}

function int(name: string, value: string | undefined, def: number, min: number, max: number): number {
  if (value === undefined || value === '') return def;
  if (!/^\d+$/.test(value)) throw new Error(`${name} must be an integer, got "${value}"`);
  const n = Number(value);
  if (n < min || n > max) throw new Error(`${name} must be between ${min} and ${max}, got ${n}`);
  return n;
}

function bool(name: string, value: string | undefined, def: boolean): boolean {
  if (value === undefined || value === '') return def;
  if (/^(1|true|yes|on)$/i.test(value)) return true;
  if (/^(0|false|no|off)$/i.test(value)) return false;
  throw new Error(`${name} must be true or false, got "${value}"`);
}

function url(name: string, value: string | undefined, protocols: string[]): string | null {
  if (!value) return null;
  let u: URL;
  try {
    u = new URL(value);
  } catch {
    throw new Error(`${name} is not a valid URL`);
  }
  if (!protocols.includes(u.protocol)) throw new Error(`${name} must use ${protocols.join(' or ')}`);
  return value;
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env, cwd = process.cwd()): Config {
  const port = int('PORT', env.PORT, 8080, 0, 65535);
  return {
    port,
    host: env.HOST || '0.0.0.0',
    dataDir: path.resolve(cwd, env.DATA_DIR || './data'),
    databaseUrl: url('DATABASE_URL', env.DATABASE_URL, ['postgres:', 'postgresql:']),
    redisUrl: url('REDIS_URL', env.REDIS_URL, ['redis:', 'rediss:']),
    publicUrl: (url('PUBLIC_URL', env.PUBLIC_URL, ['http:', 'https:']) ?? `http://localhost:${port}`).replace(/\/+$/, ''),
    h5Dir: path.resolve(cwd, env.H5_DIR || './dist/h5'),
    seedDemo: bool('SEED_DEMO', env.SEED_DEMO, true),
    organizerToken: env.ORGANIZER_TOKEN || null,
    uploadSecret: env.UPLOAD_SECRET || null,
    uploadMaxBytes: int('UPLOAD_MAX_BYTES', env.UPLOAD_MAX_BYTES, 50 * 1024 * 1024, 1, 1024 * 1024 * 1024),
    webAppId: env.WECHAT_WEB_APPID || '',
    logLevel: env.LOG_LEVEL || 'info',
    liveMaxConnections: int('LIVE_MAX_CONNECTIONS', env.LIVE_MAX_CONNECTIONS, 10000, 1, 1_000_000)
  };
}
