import { BACKENDS, startTestServer, type TestServer } from './helpers';
import { startFakeWechat, type FakeWechat } from './fake-wechat';
import { loadConfig } from '../../server/src/config';

const WECHAT_UA = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 MicroMessenger/8.0.47 NetType/WIFI';
const WXWORK_UA = `${WECHAT_UA} wxwork/4.1.0`;
const PC_UA = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126 Safari/537.36';

const REAL = { WECHAT_MP_APPID: 'wxmp0001', WECHAT_MP_SECRET: 'mpsecret', WECHAT_WEB_APPID: 'wxweb001', WECHAT_WEB_SECRET: 'websecret', WECHAT_OPEN_APPID: 'wxopen01', WECHAT_OPEN_SECRET: 'opensecret' };

let ipSeq = 0;
/** Each test speaks from its own IP, so the per-IP login limit of one test does not touch another. */
const freshIp = () => `10.9.${Math.floor(++ipSeq / 250)}.${ipSeq % 250}`;

function client(s: TestServer, ip = freshIp()) {
  const bodies: string[] = [];
  const record = <T extends { body: string; headers: Record<string, unknown> }>(r: T) => {
    bodies.push(r.body, JSON.stringify(r.headers));
    return r;
  };
  const c = {
    ip,
    token: '',
    bodies,
    async session(ua = PC_UA) {
      const r = record(await s.app.inject({ method: 'GET', url: '/session.js', remoteAddress: ip, headers: { 'user-agent': ua, ...(c.token ? { authorization: `Bearer ${c.token}` } : {}) } }));
      const d = r.json().data;
      c.token = d.token;
      return d;
    },
    async get(url: string, headers: Record<string, string> = {}) {
      return record(await s.app.inject({ method: 'GET', url, remoteAddress: ip, headers: { ...(c.token ? { authorization: `Bearer ${c.token}` } : {}), ...headers } }));
    },
    /** A browser navigation: no Authorization header (the token lives in localStorage). */
    async navigate(url: string, headers: Record<string, string> = {}) {
      return record(await s.app.inject({ method: 'GET', url, remoteAddress: ip, headers: { accept: 'text/html', ...headers } }));
    },
    async post(url: string, payload: object) {
      return record(await s.app.inject({ method: 'POST', url, remoteAddress: ip, payload, headers: c.token ? { authorization: `Bearer ${c.token}` } : {} }));
    }
  };
  return c;
}

const pathOf = (location: unknown) => new URL(String(location), 'http://localhost:8080');

describe.each(BACKENDS)('login with real WeChat credentials on %s', (backend) => {
  let fake: FakeWechat;
  let s: TestServer;
  beforeAll(async () => {
    fake = await startFakeWechat();
    s = await startTestServer(backend, { ...REAL, WECHAT_API_BASE: fake.base });
  });
  afterAll(async () => {
    await s.close();
    await fake.close();
  });
  afterEach(() => jest.restoreAllMocks());

  it('mini-program login upgrades the guest session in place; a reused code is refused by our server', async () => {
    const c = client(s);
    const guest = await c.session();
    expect(guest.user.is_mock).toBe(true);
    const token = c.token;
    const r = await c.post('/api/v2/auth/mp/login', { code: 'mp-alice-1' });
    expect(r.statusCode).toBe(200);
    expect(r.json().data).toMatchObject({ token, provider: 'mp', user: { openid: 'mp_alice', is_mock: false } });
    const after = await c.session();
    expect(after.token).toBe(token);
    expect(after.user).toMatchObject({ openid: 'mp_alice', is_mock: false });

    const callsBefore = fake.calls.length;
    const again = await c.post('/api/v2/auth/mp/login', { code: 'mp-alice-1' });
    expect(again.statusCode).toBe(400);
    expect(again.json().msg).toMatch(/already used/);
    expect(fake.calls.length).toBe(callsBefore); // refused before asking WeChat, which would have accepted it

    // The session_key is stored server-side and appears in no response or header.
    const { rows } = await s.db.query<{ wx_session_key: string }>("SELECT wx_session_key FROM users WHERE openid = 'mp_alice'");
    expect(rows[0].wx_session_key).toBe(fake.sessionKeyOf('mp-alice-1'));
    for (const b of c.bodies) {
      expect(b).not.toContain('_secretkey');
      expect(b).not.toContain('session_key');
    }
  });

  it('a code WeChat rejects (errcode 40029) is a clear 400 and the session stays a guest', async () => {
    const c = client(s);
    await c.session();
    const r = await c.post('/api/v2/auth/mp/login', { code: 'bad-code-1' });
    expect(r.statusCode).toBe(400);
    expect(r.json()).toMatchObject({ code: 400, data: null });
    expect(r.json().msg).toMatch(/invalid or expired/);
    expect((await c.session()).user.is_mock).toBe(true);
    expect((await c.post('/api/v2/auth/mp/login', {})).statusCode).toBe(400);
  });

  it('a second device logging in with the same openid joins the existing user', async () => {
    const a = client(s);
    await a.session();
    await a.post('/api/v2/auth/mp/login', { code: 'mp-bob-1' });
    const b = client(s);
    await b.session();
    const r = await b.post('/api/v2/auth/mp/login', { code: 'mp-bob-2' });
    expect(r.json().data.user.openid).toBe('mp_bob');
    const { rows } = await s.db.query<{ n: number }>("SELECT count(*)::int AS n FROM users WHERE openid = 'mp_bob'");
    expect(rows[0].n).toBe(1);
    expect((await a.session()).user.openid).toBe('mp_bob');
    expect((await b.session()).user.openid).toBe('mp_bob');
  });

  it('H5 OAuth: start gives the WeChat authorise URL with state and redirect; the callback upgrades that session and redirects to the same-origin path', async () => {
    const c = client(s);
    await c.session(WECHAT_UA);
    const start = await c.get('/api/v2/auth/oauth/start?provider=wechat&redirect=' + encodeURIComponent('/g/abc123?tab=2'));
    expect(start.statusCode).toBe(200);
    const url = new URL(start.json().data.url);
    expect(`${url.origin}${url.pathname}`).toBe('https://open.weixin.qq.com/connect/oauth2/authorize');
    expect(url.hash).toBe('#wechat_redirect');
    expect(url.searchParams.get('appid')).toBe('wxweb001');
    expect(url.searchParams.get('scope')).toBe('snsapi_userinfo');
    expect(url.searchParams.get('response_type')).toBe('code');
    expect(url.searchParams.get('redirect_uri')).toBe('http://localhost:8080/auth/callback');
    const state = url.searchParams.get('state')!;
    expect(state.length).toBeGreaterThanOrEqual(32);

    const cb = await c.navigate(`/auth/callback?code=web-carol-1&state=${encodeURIComponent(state)}`);
    expect(cb.statusCode).toBe(302);
    expect(cb.headers.location).toBe('/g/abc123?tab=2');
    const after = await c.session(WECHAT_UA);
    expect(after.user).toMatchObject({ openid: 'web_carol', nickname: 'Web carol', photo: 'https://thirdwx.qlogo.cn/carol.png', is_mock: false });

    // The same state again: refused, even with a fresh code.
    const reuse = await c.navigate(`/auth/callback?code=web-dave-1&state=${encodeURIComponent(state)}`);
    expect(reuse.statusCode).toBe(403);
    expect(reuse.body).toMatch(/already used/);
    expect((await c.session()).user.openid).toBe('web_carol');
  });

  it('desktop QR: the qrconnect URL with snsapi_login and the language toggle', async () => {
    const c = client(s);
    await c.session();
    const url = new URL((await c.get('/api/v2/auth/oauth/start?provider=qr&redirect=/me&lang=en')).json().data.url);
    expect(`${url.origin}${url.pathname}`).toBe('https://open.weixin.qq.com/connect/qrconnect');
    expect(url.searchParams.get('scope')).toBe('snsapi_login');
    expect(url.searchParams.get('lang')).toBe('en');
    expect(url.searchParams.get('appid')).toBe('wxopen01');
    const cb = await c.navigate(`/auth/callback?code=web-erin-1&state=${url.searchParams.get('state')}`);
    expect(pathOf(cb.headers.location).pathname).toBe('/me');
    expect((await c.session()).user.openid).toBe('web_erin');
    expect((await c.get('/api/v2/auth/oauth/start?provider=qr&lang=fr')).statusCode).toBe(400);
  });

  it('a mismatched state, a state from another session and an expired state are refused and change nothing', async () => {
    const a = client(s);
    const b = client(s);
    await a.session();
    await b.session();
    const stateOf = async (c: typeof a) => new URL((await c.get('/api/v2/auth/oauth/start?provider=wechat&redirect=/x')).json().data.url).searchParams.get('state')!;
    const stateA = await stateOf(a);

    const wrong = await a.navigate('/auth/callback?code=web-mallory-1&state=not-a-state-we-issued');
    expect(wrong.statusCode).toBe(403);
    expect(wrong.headers['content-type']).toMatch(/text\/html/);
    const wrongJson = await a.get('/auth/callback?code=web-mallory-2&state=not-a-state-we-issued');
    expect(wrongJson.json()).toMatchObject({ code: 403, data: null });

    // B presents A's state with B's own token: refused; neither session changes.
    const cross = await b.get(`/auth/callback?code=web-mallory-3&state=${stateA}`);
    expect(cross.statusCode).toBe(403);
    expect(cross.json().msg).toMatch(/another session/);
    expect((await a.session()).user.is_mock).toBe(true);
    expect((await b.session()).user.is_mock).toBe(true);

    const stateB = await stateOf(b);
    await s.db.query('UPDATE oauth_states SET expires_at = $1', [Math.floor(Date.now() / 1000) - 1]);
    const expired = await b.navigate(`/auth/callback?code=web-mallory-4&state=${stateB}`);
    expect(expired.statusCode).toBe(403);
    expect(expired.body).toMatch(/expired/);
    expect((await b.session()).user.is_mock).toBe(true);
    expect(fake.calls.filter((x) => x.query.code?.startsWith('web-mallory'))).toHaveLength(0);
  });

  it('refuses an open redirect', async () => {
    const c = client(s);
    await c.session();
    for (const bad of ['https://evil.example', '//evil.example/x', '/\\evil.example', 'evil.example', '/ok\nLocation: x']) {
      const r = await c.get(`/api/v2/auth/oauth/start?provider=wechat&redirect=${encodeURIComponent(bad)}`);
      expect(r.statusCode).toBe(400);
      expect(r.json().msg).toMatch(/path on this site/);
    }
    const { rows } = await s.db.query<{ n: number }>("SELECT count(*)::int AS n FROM oauth_states WHERE redirect LIKE '%evil%'");
    expect(rows[0].n).toBe(0);
  });

  it('the sandbox is refused when real credentials are configured', async () => {
    const c = client(s);
    const d = await c.session();
    expect(d.sysinfo.login).toMatchObject({ sandbox: false, providers: ['mp', 'wechat', 'qr'], path: 'qr' });
    expect((await c.post('/api/v2/auth/mp/login', { code: 'sandbox:eve:1' })).statusCode).toBe(403);
    expect((await c.get('/api/v2/auth/oauth/start?provider=sandbox')).statusCode).toBe(403);
    const page = await c.navigate('/sandbox/oauth/authorize?state=x&redirect_uri=' + encodeURIComponent('http://localhost:8080/auth/callback'));
    expect(page.statusCode).toBe(404);
    expect(page.body).not.toMatch(/Sandbox login/);
    expect((await c.navigate('/sandbox/oauth/approve?state=x&nickname=eve&redirect_uri=' + encodeURIComponent('http://localhost:8080/auth/callback'))).statusCode).toBe(404);
    expect((await c.session(WECHAT_UA)).sysinfo.login.path).toBe('wechat');
    expect((await c.session(WXWORK_UA)).sysinfo.login).toMatchObject({ path: 'qr', note: expect.stringMatching(/WeCom/) });
    expect(() => loadConfig({ ...REAL, LOGIN_SANDBOX: 'on' })).toThrow(/LOGIN_SANDBOX/);
  });

  it('LOGIN_PER_IP_PER_MIN sets the per-address login limit (20 by default); a bad value is a start error', () => {
    expect(loadConfig({}).login.perIpPerMin).toBe(20);
    expect(loadConfig({ LOGIN_PER_IP_PER_MIN: '500' }).login.perIpPerMin).toBe(500);
    for (const bad of ['0', '-1', '2.5', 'many']) expect(() => loadConfig({ LOGIN_PER_IP_PER_MIN: bad })).toThrow(/LOGIN_PER_IP_PER_MIN/);
  });

  it('answers 429 after 20 login calls a minute from one IP', async () => {
    const c = client(s);
    await c.session();
    // Pin the clock to the start of the next minute, so the 21 calls share one fixed window.
    const t0 = (Math.floor(Date.now() / 60_000) + 1) * 60_000 + 1000;
    jest.spyOn(Date, 'now').mockReturnValue(t0);
    const statuses: number[] = [];
    for (let i = 0; i < 21; i++) statuses.push((await c.post('/api/v2/auth/mp/login', { code: `bad-rate-${i}` })).statusCode);
    expect(statuses.slice(0, 20).every((x) => x === 400)).toBe(true);
    const last = await c.post('/api/v2/auth/mp/login', { code: 'mp-frank-1' });
    expect(last.statusCode).toBe(429);
    expect(last.json().code).toBe(429);
    expect(statuses[20]).toBe(429);
    // Another IP is unaffected.
    const other = client(s);
    await other.session();
    expect((await other.post('/api/v2/auth/mp/login', { code: 'mp-frank-2' })).statusCode).toBe(200);
  });

  it('profile: the fill-in nickname and avatar for a logged-in user, validated', async () => {
    const c = client(s);
    await c.session();
    expect((await c.post('/api/v2/userinfo/profile', { nickname: 'Guest' })).statusCode).toBe(401);
    await c.post('/api/v2/auth/mp/login', { code: 'mp-gina-1' });
    const r = await c.post('/api/v2/userinfo/profile', { nickname: '  Gina  ', avatar: 'https://cdn.example/a.png' });
    expect(r.json().data).toMatchObject({ openid: 'mp_gina', nickname: 'Gina', photo: 'https://cdn.example/a.png', is_mock: false });
    expect((await c.session()).user.nickname).toBe('Gina');
    expect((await c.post('/api/v2/userinfo/profile', { avatar: 'avatars/ab12.jpg' })).json().data.photo).toBe('avatars/ab12.jpg');
    for (const bad of [{}, { nickname: '' }, { nickname: 'x'.repeat(33) }, { avatar: 'javascript:alert(1)' }, { avatar: '../etc/passwd' }, { nickname: 5 }]) {
      expect((await c.post('/api/v2/userinfo/profile', bad)).statusCode).toBe(400);
    }
  });
});

describe.each(BACKENDS)('login sandbox (no credentials) on %s', (backend) => {
  let s: TestServer;
  beforeAll(async () => {
    s = await startTestServer(backend);
  });
  afterAll(() => s.close());

  it('is on by default and reported in sysinfo', async () => {
    const c = client(s);
    expect((await c.session()).sysinfo.login).toEqual({ providers: ['sandbox'], sandbox: true, path: 'sandbox' });
    expect((await c.session(WECHAT_UA)).sysinfo.login.path).toBe('sandbox');
  });

  it('mini-program: a sandbox code logs in once', async () => {
    const c = client(s);
    await c.session();
    const r = await c.post('/api/v2/auth/mp/login', { code: 'sandbox:Alice:n1' });
    expect(r.statusCode).toBe(200);
    expect(r.json().data).toMatchObject({ provider: 'sandbox', user: { nickname: 'Alice', is_mock: false } });
    expect(r.json().data.user.openid).toMatch(/^sandbox_/);
    expect((await c.post('/api/v2/auth/mp/login', { code: 'sandbox:Alice:n1' })).statusCode).toBe(400);
    expect((await c.post('/api/v2/auth/mp/login', { code: 'a-real-looking-code' })).statusCode).toBe(400);
  });

  it('H5 and desktop: the labelled sandbox page authorises and the callback upgrades the session', async () => {
    const c = client(s);
    await c.session();
    const start = await c.get('/api/v2/auth/oauth/start?provider=sandbox&redirect=/g/demo01&lang=en');
    const url = new URL(start.json().data.url);
    expect(url.pathname).toBe('/sandbox/oauth/authorize');
    const page = await c.navigate(url.pathname + url.search);
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('Sandbox login — not WeChat');
    expect(page.body).toContain('Authorise');
    const approve = await c.navigate(`/sandbox/oauth/approve?${new URLSearchParams({ state: url.searchParams.get('state')!, redirect_uri: url.searchParams.get('redirect_uri')!, nickname: 'Zoe' })}`);
    expect(approve.statusCode).toBe(302);
    const back = pathOf(approve.headers.location);
    expect(back.pathname).toBe('/auth/callback');
    const cb = await c.navigate(back.pathname + back.search);
    expect(cb.statusCode).toBe(302);
    expect(cb.headers.location).toBe('/g/demo01');
    expect((await c.session()).user).toMatchObject({ nickname: 'Zoe', is_mock: false });
  });

  it('the sandbox page only sends codes back to this server', async () => {
    const c = client(s);
    const r = await c.navigate('/sandbox/oauth/approve?state=s&nickname=x&redirect_uri=' + encodeURIComponent('https://evil.example/cb'));
    expect(r.statusCode).toBe(400);
    expect(r.headers.location).toBeUndefined();
    expect((await c.get('/api/v2/auth/oauth/start?provider=wechat')).statusCode).toBe(401); // no session yet
    await c.session();
    expect((await c.get('/api/v2/auth/oauth/start?provider=wechat')).statusCode).toBe(404);
  });
});
