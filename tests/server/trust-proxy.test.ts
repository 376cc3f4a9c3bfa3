import path from 'node:path';
import { spawnSync } from 'node:child_process';
import { BACKENDS, startTestServer, type TestServer } from './helpers';
import { loadConfig } from '../../server/src/config';
import { buildApp } from '../../server/src/app';
import { parseTrustProxy } from '../../server/src/trustProxy';
import { LOGIN_LIMIT_PER_IP_PER_MIN } from '../../types/api/auth';

const RULE = { limit: LOGIN_LIMIT_PER_IP_PER_MIN, windowS: 60 };

/** One login call (no session: refused with 401 after the per-IP limit has counted it). */
const loginCall = (s: TestServer, remoteAddress: string, xff?: string) =>
  s.app.inject({ method: 'POST', url: '/api/v2/auth/mp/login', remoteAddress, payload: { code: 'x' }, headers: xff ? { 'x-forwarded-for': xff } : {} });

/** Which client address the per-IP limit counted for. */
const counted = (s: TestServer, ip: string) => s.services.limits.peek(`login:ip:${ip}`, RULE);

describe.each(BACKENDS)('TRUST_PROXY and per-IP limits on %s', (backend) => {
  let base: TestServer;
  const apps: TestServer['app'][] = [];
  /** Another app on the same database with these settings (the rate-limit table is shared: each test uses its own addresses). */
  const start = async (env: Record<string, string>): Promise<TestServer> => {
    if (!Object.keys(env).length) return base;
    const config = loadConfig({ DATA_DIR: base.dataDir, H5_DIR: path.join(base.dataDir, 'no-h5'), ...env });
    const { app, services: ctx } = await buildApp({ config, db: base.db, store: base.services.store });
    await app.ready();
    apps.push(app);
    return { ...base, app, services: ctx };
  };
  beforeAll(async () => {
    base = await startTestServer(backend);
  });
  afterAll(() => base.close());
  beforeEach(() => {
    // Pin the clock to the start of the next minute, so each test's calls share one window.
    const t0 = (Math.floor(Date.now() / 60_000) + 1) * 60_000 + 1000;
    jest.spyOn(Date, 'now').mockReturnValue(t0);
  });
  afterEach(async () => {
    jest.restoreAllMocks();
    while (apps.length) await apps.pop()!.close();
  });

  it('unset: X-Forwarded-For is ignored, so requests claiming different clients share the proxy address limit', async () => {
    const s = await start({});
    const statuses: number[] = [];
    for (let i = 0; i < LOGIN_LIMIT_PER_IP_PER_MIN; i++) statuses.push((await loginCall(s, '127.0.0.2', `203.0.113.${i % 2 ? 101 : 102}`)).statusCode);
    expect(statuses.every((x) => x === 401)).toBe(true);
    expect((await loginCall(s, '127.0.0.2', '198.51.100.7')).statusCode).toBe(429);
    expect(await counted(s, '127.0.0.2')).toBe(LOGIN_LIMIT_PER_IP_PER_MIN + 1);
    expect(await counted(s, '198.51.100.7')).toBe(0);
    expect(await counted(s, '203.0.113.101')).toBe(0);
  });

  it('TRUST_PROXY=127.0.0.1: the limit is per forwarded client; other peers cannot spoof the header', async () => {
    const s = await start({ TRUST_PROXY: '127.0.0.1' });
    for (let i = 0; i < LOGIN_LIMIT_PER_IP_PER_MIN; i++) expect((await loginCall(s, '127.0.0.1', '203.0.113.1')).statusCode).toBe(401);
    expect((await loginCall(s, '127.0.0.1', '203.0.113.1')).statusCode).toBe(429);
    // Another client behind the same proxy has its own limit.
    expect((await loginCall(s, '127.0.0.1', '203.0.113.2')).statusCode).toBe(401);
    expect(await counted(s, '203.0.113.2')).toBe(1);
    expect(await counted(s, '127.0.0.1')).toBe(0);
    // A peer that is not the trusted proxy is counted by its own address, whatever it claims.
    await loginCall(s, '10.1.2.3', '203.0.113.9');
    expect(await counted(s, '10.1.2.3')).toBe(1);
    expect(await counted(s, '203.0.113.9')).toBe(0);
  });

  it('TRUST_PROXY=1 (one hop) and a CIDR list pick the forwarded client address', async () => {
    const hop = await start({ TRUST_PROXY: '1' });
    // The proxy appends the address it saw; anything before it is the client's own claim.
    await loginCall(hop, '127.0.0.1', '6.6.6.6, 203.0.113.5');
    expect(await counted(hop, '203.0.113.5')).toBe(1);
    expect(await counted(hop, '6.6.6.6')).toBe(0);

    const list = await start({ TRUST_PROXY: '10.0.0.0/8, 127.0.0.1' });
    await loginCall(list, '127.0.0.1', '203.0.113.6, 10.4.4.4');
    expect(await counted(list, '203.0.113.6')).toBe(1);
  });

  it('parses true, hop counts and IP / CIDR lists; off by default', () => {
    expect(parseTrustProxy(undefined)).toBe(false);
    expect(parseTrustProxy('')).toBe(false);
    expect(parseTrustProxy('off')).toBe(false);
    expect(parseTrustProxy('true')).toBe(true);
    expect(parseTrustProxy('2')).toBe(2);
    expect(parseTrustProxy('127.0.0.1, 10.0.0.0/8,::1,fd00::/8,loopback')).toEqual(['127.0.0.1', '10.0.0.0/8', '::1', 'fd00::/8', 'loopback']);
    expect(loadConfig({}).trustProxy).toBe(false);
    for (const bad of ['bogus', '10.0.0.0/33', '999.1.1.1', '127.0.0.1,', '1.2.3.4/x', '101', 'yes please']) {
      expect(() => loadConfig({ TRUST_PROXY: bad })).toThrow(/^TRUST_PROXY /);
    }
  });
});

describe('an invalid TRUST_PROXY', () => {
  it('stops the server at start with a one-line message', () => {
    const root = path.resolve(__dirname, '../..');
    const env: NodeJS.ProcessEnv = { ...process.env, TRUST_PROXY: '10.0.0.300', DATA_DIR: path.join(root, '.tmp', 'never-created') };
    delete env.TARO_ENV_JEST;
    const r = spawnSync(process.execPath, ['--import', 'tsx', path.join(root, 'server/src/main.ts')], { cwd: root, env, encoding: 'utf8', timeout: 60_000 });
    expect(r.status).toBe(2);
    expect(r.stderr.trim()).toBe(
      'Configuration error: TRUST_PROXY must be true, false, a hop count or a comma-separated list of IP addresses / CIDR ranges, got "10.0.0.300"'
    );
  });
});
