import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { BACKENDS, startTestServer, type TestServer } from './helpers';
import { jsapiSignature, JsSdkService, signableUrl } from '../../server/src/services/jssdk/jssdk';
import { CredentialCache } from '../../server/src/services/jssdk/credentials';
import { SandboxOfficialAccount, SANDBOX_OA_APPID } from '../../server/src/providers/officialaccount/sandbox';
import { WechatOfficialAccount } from '../../server/src/providers/officialaccount/wechat';
import { StaleAccessTokenError, type OfficialAccountProvider } from '../../server/src/providers/officialaccount/provider';
import { JsSdkError } from '../../types/api/jssdk';

/** WeChat's JS-SDK documentation, appendix 1: the published example. */
const EXAMPLE = {
  ticket: 'sM4AOVdWfPE4DxkXGEs8VMCPGGVi4C3VM0P37wVUCFvkVAy_90u5h9nbSlYy3-Sl-HhTdfl2fzFy1AOcHKP7qg',
  noncestr: 'Wm3WZYTPz0wzccnW',
  timestamp: 1414587457,
  url: 'http://mp.weixin.qq.com?params=value',
  signature: '0f9de62fce790f9a083d5c99e95740ceb90c27ed'
};

describe('the JS-SDK signature', () => {
  it('matches WeChat\'s published example', () => {
    expect(jsapiSignature(EXAMPLE)).toBe(EXAMPLE.signature);
  });

  it('signs the address as written, without its fragment', () => {
    expect(signableUrl('http://mp.weixin.qq.com?params=value#/g/abc?x=1')).toBe(EXAMPLE.url);
    expect(signableUrl('https://a.example/g/abcdef?from=x&y=%20')).toBe('https://a.example/g/abcdef?from=x&y=%20');
  });

  it('refuses what is not an absolute http(s) address with a stable code', () => {
    for (const bad of ['mp.weixin.qq.com', '/g/abcdef', 'ftp://x.example/', 'javascript:alert(1)', 'http://', 'http:///x', 'http://a b.example/', '#frag', 'http://x.example/\u0000']) {
      expect(() => signableUrl(bad)).toThrow(expect.objectContaining({ code: JsSdkError.BAD_URL, status: 400 }));
    }
  });
});

/** A provider whose ticket is the documentation's (so a route answer can be checked against it). */
class ExampleAccount implements OfficialAccountProvider {
  readonly id = 'example';
  readonly appId = 'wx_example';
  async fetchAccessToken() {
    return { value: 'token', expiresIn: 7200 };
  }
  async fetchJsapiTicket() {
    return { value: EXAMPLE.ticket, expiresIn: 7200 };
  }
}

class DownAccount extends ExampleAccount {
  async fetchAccessToken(): Promise<never> {
    throw new Error('unreachable');
  }
}

describe.each(BACKENDS)('GET /api/v2/user/signature on %s', (backend) => {
  let s: TestServer;
  beforeAll(async () => {
    s = await startTestServer(backend, {}, undefined, (p) => ({ ...p, officialAccount: new ExampleAccount() }));
  });
  afterAll(async () => {
    await s?.close();
  });

  const get = (url: string) => s.app.inject({ method: 'GET', url: `/api/v2/user/signature?url=${encodeURIComponent(url)}` });

  it('answers appid, timestamp, noncestr and the signature of the address without its fragment', async () => {
    const r = await get(`${EXAMPLE.url}#/page/person/x`);
    expect(r.statusCode).toBe(200);
    const d = r.json().data;
    expect(Object.keys(d).sort()).toEqual(['appid', 'noncestr', 'signature', 'timestamp']);
    expect(d.appid).toBe('wx_example');
    expect(Math.abs(d.timestamp - Date.now() / 1000)).toBeLessThan(60);
    expect(d.noncestr).toMatch(/^[A-Za-z0-9]{16}$/);
    expect(d.signature).toBe(jsapiSignature({ ticket: EXAMPLE.ticket, noncestr: d.noncestr, timestamp: d.timestamp, url: EXAMPLE.url }));
  });

  it('a bad url is a 400 with code 201600; a missing one a 400 naming url', async () => {
    const r = await get('not a url');
    expect(r.statusCode).toBe(400);
    expect(r.json()).toMatchObject({ code: 201600, data: { field: 'url' } });
    const none = await s.app.inject({ method: 'GET', url: '/api/v2/user/signature' });
    expect(none.statusCode).toBe(400);
    expect(none.json().msg).toContain('url');
    const long = await get(`https://x.example/?q=${'a'.repeat(2100)}`);
    expect(long.statusCode).toBe(400);
  });

  it('WeChat unreachable: 503 with code 201601, nothing cached', async () => {
    const down = await startTestServer(backend, {}, undefined, (p) => ({ ...p, officialAccount: new DownAccount() }));
    try {
      const r = await down.app.inject({ method: 'GET', url: `/api/v2/user/signature?url=${encodeURIComponent(EXAMPLE.url)}` });
      expect(r.statusCode).toBe(503);
      expect(r.json()).toMatchObject({ code: 201601, data: null });
      const { rows } = await down.db.query('SELECT name FROM wechat_credentials');
      expect(rows).toEqual([]);
    } finally {
      await down.close();
    }
  });

  it('without official-account credentials the sandbox signs', async () => {
    const plain = await startTestServer(backend);
    try {
      const r = await plain.app.inject({ method: 'GET', url: `/api/v2/user/signature?url=${encodeURIComponent('http://localhost/g/abcdef')}` });
      expect(r.statusCode).toBe(200);
      expect(r.json().data.appid).toBe(SANDBOX_OA_APPID);
      expect(r.json().data.signature).toMatch(/^[0-9a-f]{40}$/);
    } finally {
      await plain.close();
    }
  });
});

describe.each(BACKENDS)('the token and ticket cache on %s', (backend) => {
  let s: TestServer;
  let now = 1_800_000_000;
  const clock = () => now;
  beforeAll(async () => {
    s = await startTestServer(backend);
  });
  afterAll(async () => {
    await s?.close();
  });
  beforeEach(async () => {
    await s.db.query('DELETE FROM wechat_credentials');
  });

  /** Two "processes": each its own memory and single flight, one database. */
  const processes = (oa: SandboxOfficialAccount, n = 2) => Array.from({ length: n }, () => new JsSdkService(oa, new CredentialCache(s.db, clock), clock));
  const sign = (svc: JsSdkService, i: number) => svc.signature(`https://x.example/g/abcdef?i=${i}`);
  const ticketOf = async () => (await s.db.query<{ value: string }>("SELECT value FROM wechat_credentials WHERE name LIKE '%jsapi_ticket'")).rows[0]?.value;

  it('concurrent requests in several processes fetch the token and the ticket once', async () => {
    const oa = new SandboxOfficialAccount({ delayMs: 30 });
    const procs = processes(oa, 3);
    const answers = await Promise.all(Array.from({ length: 30 }, (_, i) => sign(procs[i % 3], i)));
    expect(oa.tokenCalls).toBe(1);
    expect(oa.ticketCalls).toBe(1);
    const ticket = await ticketOf();
    for (const [i, a] of answers.entries()) {
      expect(a.signature).toBe(jsapiSignature({ ticket, noncestr: a.noncestr, timestamp: a.timestamp, url: `https://x.example/g/abcdef?i=${i}` }));
    }
    // A new process finds them in the database.
    await sign(processes(oa, 1)[0], 99);
    expect(oa.ticketCalls).toBe(1);
  });

  it('refreshes before WeChat\'s expiry, once across processes', async () => {
    const oa = new SandboxOfficialAccount({ delayMs: 20 });
    const procs = processes(oa, 2);
    await sign(procs[0], 0);
    const first = await ticketOf();
    now += 7200 - 601; // still valid at WeChat, not yet due
    await Promise.all([sign(procs[0], 1), sign(procs[1], 2)]);
    expect(oa.ticketCalls).toBe(1);
    now += 2; // due: 10 minutes before expiry
    await Promise.all(Array.from({ length: 10 }, (_, i) => sign(procs[i % 2], i)));
    expect(oa.tokenCalls).toBe(2);
    expect(oa.ticketCalls).toBe(2);
    const second = await ticketOf();
    expect(second).not.toBe(first);
    const { rows } = await s.db.query<{ refresh_at: number; expires_at: number }>('SELECT refresh_at, expires_at FROM wechat_credentials');
    for (const r of rows) {
      expect(r.expires_at).toBe(now + 7200);
      expect(r.refresh_at).toBe(now + 6600);
    }
  });

  it('a token WeChat refuses is dropped and fetched again once', async () => {
    const oa = new SandboxOfficialAccount();
    const [p] = processes(oa, 1);
    await sign(p, 0);
    oa.revokeToken();
    now += 7000; // the ticket is due, the token too: force only the ticket by keeping the token's row fresh
    await s.db.query("UPDATE wechat_credentials SET refresh_at = $1 WHERE name LIKE '%access_token'", [now + 1000]);
    const fresh = new JsSdkService(oa, new CredentialCache(s.db, clock), clock);
    const a = await sign(fresh, 1);
    expect(oa.tokenCalls).toBe(2);
    expect(oa.ticketCalls).toBe(3); // refused once, then with the new token
    expect(a.signature).toBe(jsapiSignature({ ticket: await ticketOf(), noncestr: a.noncestr, timestamp: a.timestamp, url: 'https://x.example/g/abcdef?i=1' }));
  });

  it('a refused token is not dropped when another process already replaced it', async () => {
    const cache = new CredentialCache(s.db, clock);
    await cache.get('k', async () => ({ value: 'new', expiresIn: 7200 }));
    await cache.invalidate('k', 'old');
    expect(await cache.get('k', async () => ({ value: 'newer', expiresIn: 7200 }))).toBe('new');
    const { rows } = await s.db.query<{ refresh_at: number }>("SELECT refresh_at FROM wechat_credentials WHERE name = 'k'");
    expect(rows[0].refresh_at).toBeGreaterThan(now);
  });
});

describe('the official-account client against a WeChat stand-in', () => {
  let server: http.Server;
  let base = '';
  const calls: string[] = [];
  let refuseToken = '';
  beforeAll(async () => {
    server = http.createServer((req, res) => {
      const u = new URL(req.url ?? '/', 'http://x');
      calls.push(`${u.pathname}?${u.searchParams.toString()}`);
      res.setHeader('content-type', 'application/json');
      if (u.pathname === '/cgi-bin/token') {
        const ok = u.searchParams.get('grant_type') === 'client_credential' && u.searchParams.get('appid') === 'wxoa' && u.searchParams.get('secret') === 'sec';
        return res.end(JSON.stringify(ok ? { access_token: 'AT1', expires_in: 7200 } : { errcode: 40013, errmsg: 'invalid appid' }));
      }
      if (u.pathname === '/cgi-bin/ticket/getticket') {
        if (u.searchParams.get('type') !== 'jsapi') return res.end(JSON.stringify({ errcode: 40097 }));
        if (u.searchParams.get('access_token') === refuseToken) return res.end(JSON.stringify({ errcode: 42001, errmsg: 'access_token expired' }));
        return res.end(JSON.stringify({ errcode: 0, errmsg: 'ok', ticket: `T-${u.searchParams.get('access_token')}`, expires_in: 7200 }));
      }
      res.statusCode = 404;
      res.end('{}');
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    await new Promise((r) => server.close(r));
  });

  it('fetches the token with client_credential and the jsapi ticket with it', async () => {
    const oa = new WechatOfficialAccount({ appId: 'wxoa', secret: 'sec' }, base);
    const token = await oa.fetchAccessToken();
    expect(token).toEqual({ value: 'AT1', expiresIn: 7200 });
    expect(await oa.fetchJsapiTicket('AT1')).toEqual({ value: 'T-AT1', expiresIn: 7200 });
    expect(calls).toContain('/cgi-bin/ticket/getticket?access_token=AT1&type=jsapi');
  });

  it('an expired token is StaleAccessTokenError; a bad secret an error without the secret', async () => {
    refuseToken = 'OLD';
    const oa = new WechatOfficialAccount({ appId: 'wxoa', secret: 'sec' }, base);
    await expect(oa.fetchJsapiTicket('OLD')).rejects.toBeInstanceOf(StaleAccessTokenError);
    const bad = new WechatOfficialAccount({ appId: 'wxoa', secret: 'wrong-secret' }, base);
    await expect(bad.fetchAccessToken()).rejects.toThrow(/errcode 40013/);
    await expect(bad.fetchAccessToken()).rejects.not.toThrow(/wrong-secret/);
  });
});
