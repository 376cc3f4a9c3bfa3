// Issue 26, Tokens: the H5 session lives in an HttpOnly, SameSite=Lax cookie the server sets, so a
// script injected into the page cannot read it and carry the session to another device. The
// mini-program keeps `Authorization: Bearer` and the token in the answer. A write the cookie
// authenticates must come from the app itself (its Origin, or its X-Client header).
import { BACKENDS, startTestServer, type TestServer } from './helpers';
import { SESSION_COOKIE } from '../../types/boot';
import { ErrorCode } from '../../types/envelope';
import { SESSION_TTL_S } from '../../server/src/services/session/session';

const H5 = { 'x-client': 'h5' };
const ORIGIN = 'http://localhost:8080';

/** The session cookie's value in an answer's Set-Cookie, and the whole line. */
function sessionCookie(headers: Record<string, unknown>): { value: string; line: string } | null {
  const raw = headers['set-cookie'];
  const lines = (Array.isArray(raw) ? raw : raw ? [raw] : []).map(String);
  const line = lines.find((l) => l.startsWith(`${SESSION_COOKIE}=`));
  return line ? { value: line.slice(SESSION_COOKIE.length + 1).split(';')[0], line } : null;
}

describe.each(BACKENDS)('the H5 session cookie on %s', (backend) => {
  let s: TestServer;
  let ipSeq = 0;
  beforeAll(async () => {
    s = await startTestServer(backend);
  });
  afterAll(() => s?.close());

  const ip = () => `10.26.3.${++ipSeq}`;
  const h5Session = async (headers: Record<string, string> = {}) => {
    const r = await s.app.inject({ method: 'GET', url: '/session.js', remoteAddress: ip(), headers: { ...H5, ...headers } });
    return { r, body: r.json(), cookie: sessionCookie(r.headers) };
  };
  const withCookie = (value: string) => ({ cookie: `other=1; ${SESSION_COOKIE}=${value}` });

  it('H5 /session.js sets an HttpOnly SameSite=Lax cookie for the whole site, and its answer carries no token', async () => {
    const { r, body, cookie } = await h5Session();
    expect(r.statusCode).toBe(200);
    expect(body.code).toBe(200);
    expect(body.data.user.is_mock).toBe(true);
    expect(body.data).not.toHaveProperty('token');
    expect(cookie).not.toBeNull();
    expect(cookie!.value).toMatch(/^[A-Za-z0-9_-]{40,}$/);
    expect(r.body).not.toContain(cookie!.value);
    const attrs = cookie!.line.split(';').map((a) => a.trim().toLowerCase());
    expect(attrs).toEqual(expect.arrayContaining(['httponly', 'samesite=lax', 'path=/', `max-age=${SESSION_TTL_S}`]));
    // Plain http here: not Secure (a browser would drop a Secure cookie over http).
    expect(attrs).not.toContain('secure');
  });

  it('is Secure over https, as the trusted proxy says', async () => {
    const proxied = await startTestServer(backend, { TRUST_PROXY: 'true' });
    try {
      const r = await proxied.app.inject({ method: 'GET', url: '/session.js', headers: { ...H5, 'x-forwarded-proto': 'https' } });
      expect(sessionCookie(r.headers)!.line.toLowerCase()).toMatch(/;\s*secure(;|$)/);
      // Without a trusted proxy, X-Forwarded-Proto is not believed.
      const direct = await s.app.inject({ method: 'GET', url: '/session.js', headers: { ...H5, 'x-forwarded-proto': 'https' } });
      expect(sessionCookie(direct.headers)!.line.toLowerCase()).not.toContain('secure');
    } finally {
      await proxied.close();
    }
  });

  it('the cookie alone authenticates: a GET, and /session.js resumes the same visitor without giving the token out', async () => {
    const first = await h5Session();
    const info = await s.app.inject({ method: 'GET', url: '/api/v2/userinfo', headers: withCookie(first.cookie!.value) });
    expect(info.json()).toMatchObject({ code: 200, data: { openid: first.body.data.user.openid } });
    // A script in the page asking for the session as the mini-program would still gets no token.
    const again = await s.app.inject({ method: 'GET', url: '/session.js', headers: { ...withCookie(first.cookie!.value), 'x-client': 'weapp' } });
    expect(again.json().data.user.openid).toBe(first.body.data.user.openid);
    expect(again.json().data).not.toHaveProperty('token');
    expect(sessionCookie(again.headers)!.value).toBe(first.cookie!.value);
  });

  it('a write with only the cookie must come from the app: its X-Client header, or our own Origin; another Origin is refused', async () => {
    const { cookie } = await h5Session();
    const post = (headers: Record<string, string>) =>
      s.app.inject({ method: 'POST', url: '/api/v2/userinfo/profile', payload: { nickname: 'Mallory' }, headers: { ...withCookie(cookie!.value), ...headers } });
    const refused: Array<Record<string, string>> = [{}, { origin: 'https://evil.example' }, { origin: 'https://evil.example', ...H5 }, { origin: 'null' }];
    for (const headers of refused) {
      const r = await post(headers);
      expect(r.statusCode).toBe(403);
      expect(r.json()).toEqual({ code: ErrorCode.SESSION_CROSS_SITE, data: null, msg: 'This request must come from the app itself' });
    }
    // From the app (a guest may not set a nickname: the session was recognised and the service answered).
    for (const headers of [H5, { origin: 'http://localhost:80' }, { origin: ORIGIN }]) {
      const r = await post(headers);
      expect(r.json()).toMatchObject({ code: 401, msg: 'Log in before setting a nickname or avatar' });
    }
    // Reads need neither.
    expect((await s.app.inject({ method: 'GET', url: '/api/v2/userinfo', headers: { ...withCookie(cookie!.value), origin: 'https://evil.example' } })).statusCode).toBe(200);
  });

  it('the live socket refuses a cookie sent from another origin before the upgrade', async () => {
    const { cookie } = await h5Session();
    const r = await s.app.inject({
      method: 'GET',
      url: '/api/v2/live?gallery=1',
      headers: { ...withCookie(cookie!.value), origin: 'https://evil.example', connection: 'Upgrade', upgrade: 'websocket', 'sec-websocket-version': '13', 'sec-websocket-key': 'dGhlIHNhbXBsZSBub25jZQ==' }
    });
    expect(r.statusCode).toBe(403);
    expect(r.json().code).toBe(ErrorCode.SESSION_CROSS_SITE);
  });

  it('a token kept by an older H5 app (sent once as the header) resumes the same visitor and moves into the cookie', async () => {
    const legacy = (await s.app.inject({ method: 'GET', url: '/session.js', remoteAddress: ip() })).json().data;
    expect(typeof legacy.token).toBe('string');
    const { body, cookie } = await h5Session({ authorization: `Bearer ${legacy.token}` });
    expect(body.data.user.openid).toBe(legacy.user.openid);
    expect(body.data).not.toHaveProperty('token');
    expect(cookie!.value).toBe(legacy.token);
    expect((await s.app.inject({ method: 'GET', url: '/api/v2/userinfo', headers: withCookie(cookie!.value) })).json().data.openid).toBe(legacy.user.openid);
  });

  it('an unknown cookie gets a new visitor in a new cookie', async () => {
    const { body, cookie } = await h5Session(withCookie('gone-session-token-000000000000000000000000'));
    expect(body.data.user.is_mock).toBe(true);
    expect(cookie!.value).not.toBe('gone-session-token-000000000000000000000000');
  });

  it('a cookie the server no longer knows is cleared when no new visitor can be made now (429)', async () => {
    const limited = await startTestServer(backend, { GUEST_SESSIONS_PER_MIN: '1' });
    try {
      const ask = () => limited.app.inject({ method: 'GET', url: '/session.js', remoteAddress: '10.26.5.1', headers: { ...H5, ...withCookie('gone-session-token-000000000000000000000000') } });
      expect((await ask()).statusCode).toBe(200);
      const r = await ask();
      expect(r.statusCode).toBe(429);
      expect(sessionCookie(r.headers)).toMatchObject({ value: '' });
      expect(sessionCookie(r.headers)!.line).toContain('Max-Age=0');
    } finally {
      await limited.close();
    }
  });

  it('the mini-program is unchanged: the token in the answer, no cookie, the header works, writes need no Origin', async () => {
    const r = await s.app.inject({ method: 'GET', url: '/session.js', remoteAddress: ip(), headers: { 'x-client': 'weapp' } });
    expect(sessionCookie(r.headers)).toBeNull();
    const token = r.json().data.token as string;
    expect(token).toMatch(/^[A-Za-z0-9_-]{40,}$/);
    const auth = { authorization: `Bearer ${token}`, 'x-client': 'weapp' };
    expect((await s.app.inject({ method: 'GET', url: '/api/v2/userinfo', headers: auth })).json().data.openid).toBe(r.json().data.user.openid);
    const login = await s.app.inject({ method: 'POST', url: '/api/v2/auth/mp/login', remoteAddress: ip(), payload: { code: `sandbox:Mina:${Date.now()}` }, headers: auth });
    expect(login.json()).toMatchObject({ code: 200, data: { token, user: { nickname: 'Mina', is_mock: false } } });
  });

  it('an H5 login keeps the session in the cookie and does not hand out the token', async () => {
    const { cookie } = await h5Session();
    const login = await s.app.inject({
      method: 'POST',
      url: '/api/v2/auth/mp/login',
      remoteAddress: ip(),
      payload: { code: `sandbox:Hana:${Date.now()}` },
      headers: { ...withCookie(cookie!.value), ...H5 }
    });
    expect(login.json()).toMatchObject({ code: 200, data: { user: { nickname: 'Hana', is_mock: false } } });
    expect(login.json().data).not.toHaveProperty('token');
    expect(login.body).not.toContain(cookie!.value);
    const again = await h5Session(withCookie(cookie!.value));
    expect(again.body.data.user).toMatchObject({ nickname: 'Hana', is_mock: false });
  });
});

describe.each(BACKENDS)('browser login with the session cookie on %s', (backend) => {
  let s: TestServer;
  beforeAll(async () => {
    s = await startTestServer(backend);
  });
  afterAll(() => s?.close());

  /** A browser: its cookie jar holds the session cookie the server set. */
  const browser = async (ip: string) => {
    const first = await s.app.inject({ method: 'GET', url: '/session.js', remoteAddress: ip, headers: H5 });
    const cookie = { cookie: `${SESSION_COOKIE}=${sessionCookie(first.headers)!.value}` };
    return {
      get: (url: string, headers: Record<string, string> = {}) => s.app.inject({ method: 'GET', url, remoteAddress: ip, headers: { ...cookie, ...headers } }),
      session: async () => (await s.app.inject({ method: 'GET', url: '/session.js', remoteAddress: ip, headers: { ...cookie, ...H5 } })).json().data
    };
  };

  it('the OAuth callback upgrades the session of the cookie that started it, and refuses another browser', async () => {
    const a = await browser('10.26.4.1');
    const b = await browser('10.26.4.2');
    const start = await a.get('/api/v2/auth/oauth/start?provider=sandbox&redirect=/g/demo01', H5);
    const url = new URL(start.json().data.url);
    const approve = await a.get(`/sandbox/oauth/approve?${new URLSearchParams({ state: url.searchParams.get('state')!, redirect_uri: url.searchParams.get('redirect_uri')!, nickname: 'Zoe' })}`);
    const back = new URL(String(approve.headers.location));
    // Another browser arriving with this state (its own cookie) is refused, and nothing changes.
    const stolen = await b.get(back.pathname + back.search, { accept: 'text/html' });
    expect(stolen.statusCode).toBe(403);
    expect((await b.session()).user.is_mock).toBe(true);
    const cb = await a.get(back.pathname + back.search, { accept: 'text/html' });
    expect(cb.statusCode).toBe(302);
    expect(cb.headers.location).toBe('/g/demo01');
    expect((await a.session()).user).toMatchObject({ nickname: 'Zoe', is_mock: false });
  });
});
