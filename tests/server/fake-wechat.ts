import http from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A tiny local server speaking WeChat's login protocol: jscode2session,
 * oauth2/access_token and userinfo. Codes starting with 'bad' answer errcode
 * 40029 as WeChat does. It deliberately accepts a reused good code, so tests
 * prove that OUR server refuses reuse. Every call is recorded.
 */
export interface FakeWechat {
  base: string;
  calls: Array<{ path: string; query: Record<string, string> }>;
  /** The session_key the fake hands out for a code (to check it never leaks). */
  sessionKeyOf(code: string): string;
  close(): Promise<void>;
}

/** Codes map to identities by their middle part: 'mp-alice-1' → openid 'mp_alice'. */
const who = (code: string) => code.split('-')[1] ?? 'x';

export async function startFakeWechat(): Promise<FakeWechat> {
  const calls: FakeWechat['calls'] = [];
  const sessionKeyOf = (code: string) => `SK_${Buffer.from(code).toString('hex')}_secretkey`;
  const server = http.createServer((req, res) => {
    const u = new URL(req.url ?? '/', 'http://fake');
    const query = Object.fromEntries(u.searchParams);
    calls.push({ path: u.pathname, query });
    const send = (body: object) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify(body));
    };
    const invalid = { errcode: 40029, errmsg: 'invalid code' };
    if (u.pathname === '/sns/jscode2session') {
      const code = query.js_code ?? '';
      if (!query.appid || !query.secret || query.grant_type !== 'authorization_code' || !code || code.startsWith('bad')) return send(invalid);
      const name = who(code);
      return send({ openid: `mp_${name}`, session_key: sessionKeyOf(code), ...(name === 'union' ? { unionid: 'U_union' } : {}) });
    }
    if (u.pathname === '/sns/oauth2/access_token') {
      const code = query.code ?? '';
      if (!query.appid || !query.secret || !code || code.startsWith('bad')) return send(invalid);
      const name = who(code);
      return send({ access_token: `AT_${name}`, expires_in: 7200, refresh_token: 'RT', openid: `web_${name}`, scope: 'snsapi_userinfo' });
    }
    if (u.pathname === '/sns/userinfo') {
      const name = (query.access_token ?? '').replace(/^AT_/, '');
      if (!name || query.openid !== `web_${name}`) return send({ errcode: 40001, errmsg: 'invalid credential' });
      return send({ openid: `web_${name}`, nickname: `Web ${name}`, headimgurl: `https://thirdwx.qlogo.cn/${name}.png`, sex: 0 });
    }
    res.writeHead(404).end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    base: `http://127.0.0.1:${port}`,
    calls,
    sessionKeyOf,
    close: () => new Promise((resolve) => server.close(() => resolve()))
  };
}
