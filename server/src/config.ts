import path from 'node:path';
import { loadContentCheckConfig, type ContentCheckConfig } from './providers/contentcheck';
import { SMS_PROVIDERS, type SmsProviderName } from './providers/sms';
import { loadLoginConfig, type LoginConfig } from './providers/login/config';
import { loadPayConfig, type PayConfig } from './providers/pay/config';
import { parseTrustProxy, type TrustProxy } from './trustProxy';

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
  /** FACE_INDEXING: index faces of galleries with use_face in the background (default on; 0 leaves the queue to other processes). */
  faceIndexing: boolean;
  /** OCR_INDEXING: read the text in photos of galleries a formocr component searches, in the background (default on). */
  ocrIndexing: boolean;
  /** Organiser API token (Authorization: Bearer …); organiser calls are refused without one. */
  organizerToken: string | null;
  /**
   * SESSION_REDIRECT_URL: where every app is sent when its session starts (the site moved, or a notice page
   * during maintenance): an http(s) address or an app path (`/g/abc123`). `/session.js` then answers code
   * 200302 with the session and this `redirect`, and the client follows it (src/stores/session). Empty: none.
   */
  sessionRedirectUrl: string | null;
  /** CODE_HOSTS: hosts whose scripts and styles a page's `code` component may load (comma-separated; `*.example.com` for subdomains); empty: no code. */
  codeHosts: string[];
  /** Secret that signs upload policies (HMAC-SHA1); null: generated once and kept in dataDir/upload-secret. */
  uploadSecret: string | null;
  /** Largest file an upload policy allows (bytes). */
  uploadMaxBytes: number;
  /** Seconds after which an upload that was never registered as a photo is removed (default one day). */
  uploadOrphanAgeS: number;
  /** WeChat web app id reported in sysinfo. */
  webAppId: string;
  /** SHARE_OFF: the global share flag (spec part 1 §6): no share buttons, the WeChat menu's share items hidden, everywhere. */
  shareOff: boolean;
  /** Log level for the server (pino). */
  logLevel: string;
  /** Log every request at info level (LOG_REQUESTS=1); otherwise request lines are debug. */
  logRequests: boolean;
  /** Live WebSocket connections one process accepts; further upgrades get 503. */
  liveMaxConnections: number;
  /** Login providers (WECHAT_MP_*, WECHAT_WEB_SECRET, WECHAT_OPEN_*, LOGIN_SANDBOX, WECHAT_API_BASE, WECHAT_OPEN_BASE). */
  login: LoginConfig;
  /** Payment (WECHAT_PAY_*, PAY_SANDBOX): the WeChat Pay API v3 client or the local sandbox provider. */
  pay: PayConfig;
  /** S3-compatible object store for originals and uploads (S3_BUCKET set); the local DATA_DIR/objects when null. */
  s3: S3Config | null;
  /** SMS provider for phone gates (SMS_PROVIDER): 'sandbox' (default) logs codes instead of sending them. */
  smsProvider: SmsProviderName;
  /** Content check of comments (CONTENT_CHECK sandbox|wechat, CONTENT_REJECT_WORDS, CONTENT_REVIEW_WORDS). */
  contentCheck: ContentCheckConfig;
  /** TRUST_PROXY: which peers' X-Forwarded-For sets req.ip (per-IP limits); off by default. */
  trustProxy: TrustProxy;
  /**
   * GUEST_SESSIONS_PER_MIN: new guest sessions one client address may create per minute
   * (an IPv6 address counts by its /64). Over it, /session.js answers 429 with
   * data.retry_after and the app runs without a session until then (SessionStore).
   */
  guestSessionsPerMin: number;
  /** GUEST_PRUNE_DAYS: guests with no activity whose sessions ended or sat idle this long are deleted. */
  guestPruneDays: number;
  /**
   * REQUEST_TIMEOUT_MS: total time an ordinary request's body may take to arrive; past it the
   * answer is 408 and the connection closes (the header timeout is Node's headersTimeout).
   */
  requestTimeoutMs: number;
  /**
   * UPLOAD_TIMEOUT_MS: total time for any request, streamed uploads included (Node's
   * server.requestTimeout). Size it for UPLOAD_MAX_BYTES over the slowest link you serve.
   */
  uploadTimeoutMs: number;
}

/** The S3_* variables; see loadS3Config. */
export interface S3Config {
  bucket: string;
  /** Endpoint URL of an S3-compatible service; null: AWS's own for the region. */
  endpoint: string | null;
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
  forcePathStyle: boolean;
  /** Key prefix without surrounding slashes; '' for none. */
  prefix: string;
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

/** An app path (one leading slash) or an http(s) address. */
function sessionRedirect(value: string | undefined): string | null {
  if (!value) return null;
  if (/^\/(?!\/)\S*$/.test(value)) return value;
  return url('SESSION_REDIRECT_URL', value, ['http:', 'https:']);
}

const S3_VARS = ['S3_ENDPOINT', 'S3_BUCKET', 'S3_REGION', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY', 'S3_FORCE_PATH_STYLE', 'S3_PREFIX'] as const;

/** S3_BUCKET switches the S3 store on; a half-configured store is a start error, never a silent fallback. */
export function loadS3Config(env: NodeJS.ProcessEnv): S3Config | null {
  const bucket = env.S3_BUCKET ?? '';
  if (!bucket) {
    const stray = S3_VARS.filter((n) => env[n]);
    if (stray.length) throw new Error(`${stray.join(', ')} ${stray.length > 1 ? 'are' : 'is'} set but S3_BUCKET is empty (set S3_BUCKET to use the S3 store)`);
    return null;
  }
  if (!/^[A-Za-z0-9][A-Za-z0-9._-]{1,61}[A-Za-z0-9]$/.test(bucket)) throw new Error(`S3_BUCKET is not a valid bucket name: "${bucket}"`);
  const missing = (['S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY'] as const).filter((n) => !env[n]);
  if (missing.length) throw new Error(`S3_BUCKET is set but ${missing.join(' and ')} ${missing.length > 1 ? 'are' : 'is'} empty`);
  const endpoint = url('S3_ENDPOINT', env.S3_ENDPOINT, ['http:', 'https:']);
  const region = env.S3_REGION || 'us-east-1';
  if (!/^[a-z0-9-]{1,40}$/.test(region)) throw new Error(`S3_REGION is not a valid region: "${region}"`);
  const prefix = (env.S3_PREFIX ?? '').replace(/^\/+|\/+$/g, '');
  if (prefix && (!/^[A-Za-z0-9][A-Za-z0-9._\-/]{0,100}$/.test(prefix) || prefix.includes('..') || prefix.includes('//'))) {
    throw new Error(`S3_PREFIX may hold letters, digits, ".", "_", "-" and "/" only, got "${env.S3_PREFIX}"`);
  }
  return {
    bucket,
    endpoint,
    region,
    accessKeyId: env.S3_ACCESS_KEY_ID!,
    secretAccessKey: env.S3_SECRET_ACCESS_KEY!,
    forcePathStyle: bool('S3_FORCE_PATH_STYLE', env.S3_FORCE_PATH_STYLE, endpoint !== null),
    prefix
  };
}

function smsProviderOf(value: string | undefined): SmsProviderName {
  const name = value || 'sandbox';
  if (!(SMS_PROVIDERS as readonly string[]).includes(name)) throw new Error(`SMS_PROVIDER must be one of ${SMS_PROVIDERS.join(', ')}, got "${name}"`);
  return name as SmsProviderName;
}

/** The two request deadlines; the upload deadline is the server-wide one, so it is never the shorter. */
function timeouts(env: NodeJS.ProcessEnv): { requestTimeoutMs: number; uploadTimeoutMs: number } {
  const requestTimeoutMs = int('REQUEST_TIMEOUT_MS', env.REQUEST_TIMEOUT_MS, 30_000, 100, 3_600_000);
  const uploadTimeoutMs = int('UPLOAD_TIMEOUT_MS', env.UPLOAD_TIMEOUT_MS, 600_000, 100, 24 * 3_600_000);
  if (uploadTimeoutMs < requestTimeoutMs) throw new Error(`UPLOAD_TIMEOUT_MS (${uploadTimeoutMs}) must not be shorter than REQUEST_TIMEOUT_MS (${requestTimeoutMs})`);
  return { requestTimeoutMs, uploadTimeoutMs };
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env, cwd = process.cwd()): Config {
  const port = int('PORT', env.PORT, 8080, 0, 65535);
  const publicUrl = (url('PUBLIC_URL', env.PUBLIC_URL, ['http:', 'https:']) ?? `http://localhost:${port}`).replace(/\/+$/, '');
  return {
    port,
    host: env.HOST || '0.0.0.0',
    dataDir: path.resolve(cwd, env.DATA_DIR || './data'),
    databaseUrl: url('DATABASE_URL', env.DATABASE_URL, ['postgres:', 'postgresql:']),
    redisUrl: url('REDIS_URL', env.REDIS_URL, ['redis:', 'rediss:']),
    publicUrl: (url('PUBLIC_URL', env.PUBLIC_URL, ['http:', 'https:']) ?? `http://localhost:${port}`).replace(/\/+$/, ''),
    h5Dir: path.resolve(cwd, env.H5_DIR || './dist/h5'),
    seedDemo: bool('SEED_DEMO', env.SEED_DEMO, true),
    faceIndexing: bool('FACE_INDEXING', env.FACE_INDEXING, true),
    ocrIndexing: bool('OCR_INDEXING', env.OCR_INDEXING, true),
    organizerToken: env.ORGANIZER_TOKEN || null,
    sessionRedirectUrl: sessionRedirect(env.SESSION_REDIRECT_URL),
    codeHosts: parseCodeHosts(env.CODE_HOSTS),
    uploadSecret: env.UPLOAD_SECRET || null,
    uploadMaxBytes: int('UPLOAD_MAX_BYTES', env.UPLOAD_MAX_BYTES, 50 * 1024 * 1024, 1, 1024 * 1024 * 1024),
    uploadOrphanAgeS: int('UPLOAD_ORPHAN_AGE_S', env.UPLOAD_ORPHAN_AGE_S, 24 * 3600, 0, 365 * 24 * 3600),
    webAppId: env.WECHAT_WEB_APPID || '',
    shareOff: bool('SHARE_OFF', env.SHARE_OFF, false),
    logLevel: env.LOG_LEVEL || 'info',
    logRequests: env.LOG_REQUESTS === '1' || env.LOG_REQUESTS === 'true',
    liveMaxConnections: int('LIVE_MAX_CONNECTIONS', env.LIVE_MAX_CONNECTIONS, 10000, 1, 1_000_000),
    login: loadLoginConfig(env),
    pay: loadPayConfig(env, publicUrl, env.WECHAT_WEB_APPID || ''),
    s3: loadS3Config(env),
    smsProvider: smsProviderOf(env.SMS_PROVIDER),
    contentCheck: loadContentCheckConfig(env),
    trustProxy: parseTrustProxy(env.TRUST_PROXY),
    guestSessionsPerMin: int('GUEST_SESSIONS_PER_MIN', env.GUEST_SESSIONS_PER_MIN, 120, 1, 1_000_000),
    guestPruneDays: int('GUEST_PRUNE_DAYS', env.GUEST_PRUNE_DAYS, 3, 1, 29),
    ...timeouts(env)
  };
}

/** CODE_HOSTS: `cdn.example.com, *.example.org, static.example.net:8443` → lower-case host names. */
export function parseCodeHosts(value: string | undefined): string[] {
  const hosts = (value ?? '').split(',').map((h) => h.trim().toLowerCase()).filter(Boolean);
  for (const h of hosts) {
    if (!/^(\*\.)?[a-z0-9]([a-z0-9-]*[a-z0-9])?(\.[a-z0-9]([a-z0-9-]*[a-z0-9])?)*(:\d{1,5})?$/.test(h)) {
      throw new Error(`CODE_HOSTS holds host names (cdn.example.com, *.example.com), comma-separated; "${h}" is not one`);
    }
  }
  return hosts;
}
