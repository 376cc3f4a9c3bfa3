/**
 * The content check providers (issue 15 Deliver 4): WeChat's msgSecCheck against a local fake
 * of its API (access token fetched once and reused, renewed once when WeChat calls it invalid,
 * suggest pass / risky / review mapped to pass / reject / review, anything unusable held for
 * review), the word-list sandbox, and the configuration that picks one.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { WechatContentChecker } from '../../server/src/providers/contentcheck/wechat';
import { WordListChecker, foldText } from '../../server/src/providers/contentcheck/sandbox';
import { createContentChecker, loadContentCheckConfig } from '../../server/src/providers/contentcheck';
import { loadLoginConfig } from '../../server/src/providers/login/config';
import { startTestServer } from './helpers';
import { commentGallery, post, visitor } from './comments-fixture';
import { ErrorCode } from '../../types/envelope';

interface Call {
  path: string;
  query: Record<string, string>;
  body: Record<string, unknown> | null;
}

/** WeChat's token and msg_sec_check endpoints; `answer` decides what the check says for a text. */
async function fakeWechat(answer: (content: string, token: string) => object) {
  const calls: Call[] = [];
  let tokens = 0;
  const server = http.createServer((req, res) => {
    const u = new URL(req.url ?? '/', 'http://fake');
    let raw = '';
    req.on('data', (c) => (raw += c));
    req.on('end', () => {
      const body = raw ? (JSON.parse(raw) as Record<string, unknown>) : null;
      calls.push({ path: u.pathname, query: Object.fromEntries(u.searchParams), body });
      res.writeHead(200, { 'content-type': 'application/json' });
      if (u.pathname === '/cgi-bin/token') {
        if (u.searchParams.get('appid') !== 'wxmp1' || u.searchParams.get('secret') !== 's3cret' || u.searchParams.get('grant_type') !== 'client_credential') {
          return res.end(JSON.stringify({ errcode: 40013, errmsg: 'invalid appid' }));
        }
        return res.end(JSON.stringify({ access_token: `AT${++tokens}`, expires_in: 7200 }));
      }
      if (u.pathname === '/wxa/msg_sec_check') return res.end(JSON.stringify(answer(String(body?.content ?? ''), u.searchParams.get('access_token') ?? '')));
      res.end('{}');
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return { base: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, calls, close: () => new Promise<void>((r) => server.close(() => r())) };
}

const input = (text: string) => ({ text, openid: 'mp_alice', nickname: 'Alice' });

describe('content check', () => {
  it('asks msgSecCheck v2 (scene 2) with one cached access token and maps its suggestion', async () => {
    const fake = await fakeWechat((content) => {
      if (content.includes('risky')) return { errcode: 0, result: { suggest: 'risky', label: 20001 } };
      if (content.includes('maybe')) return { errcode: 0, result: { suggest: 'review', label: 21000 } };
      return { errcode: 0, errmsg: 'ok', result: { suggest: 'pass', label: 100 } };
    });
    try {
      const checker = new WechatContentChecker({ appId: 'wxmp1', secret: 's3cret' }, fake.base);
      expect(await checker.check(input('hello'))).toEqual({ verdict: 'pass', label: 'wechat label 100' });
      expect(await checker.check(input('so risky'))).toEqual({ verdict: 'reject', label: 'wechat label 20001' });
      expect(await checker.check(input('maybe'))).toEqual({ verdict: 'review', label: 'wechat label 21000' });
      expect(fake.calls.filter((c) => c.path === '/cgi-bin/token')).toHaveLength(1);
      const check = fake.calls.find((c) => c.path === '/wxa/msg_sec_check')!;
      expect(check.query.access_token).toBe('AT1');
      expect(check.body).toEqual({ content: 'hello', version: 2, scene: 2, openid: 'mp_alice', nickname: 'Alice' });
    } finally {
      await fake.close();
    }
  });

  it('renews an access token WeChat calls invalid, once, and holds for review when WeChat cannot answer', async () => {
    const fake = await fakeWechat((content, token) => {
      if (token === 'AT1') return { errcode: 40001, errmsg: 'invalid credential' };
      if (content === 'broken') return { errcode: 61010, errmsg: 'system error' };
      return { errcode: 0, result: { suggest: 'pass' } };
    });
    const warnings: string[] = [];
    try {
      const checker = new WechatContentChecker({ appId: 'wxmp1', secret: 's3cret' }, fake.base, (m) => warnings.push(m));
      expect((await checker.check(input('hello'))).verdict).toBe('pass');
      expect(fake.calls.filter((c) => c.path === '/cgi-bin/token')).toHaveLength(2);
      expect(await checker.check(input('broken'))).toEqual({ verdict: 'review', label: 'wechat errcode 61010' });
      const wrongSecret = new WechatContentChecker({ appId: 'wxmp1', secret: 'wrong' }, fake.base, (m) => warnings.push(m));
      expect(await wrongSecret.check(input('hello'))).toEqual({ verdict: 'review', label: 'wechat unavailable' });
      expect(warnings.join('\n')).not.toContain('wrong');
    } finally {
      await fake.close();
    }
    const down = new WechatContentChecker({ appId: 'wxmp1', secret: 's3cret' }, 'http://127.0.0.1:9', () => undefined);
    expect((await down.check(input('hello'))).verdict).toBe('review');
  });

  it('a server with CONTENT_CHECK=wechat asks WeChat before it stores a comment', async () => {
    const fake = await fakeWechat((content) => ({ errcode: 0, result: { suggest: content.includes('risky') ? 'risky' : content.includes('maybe') ? 'review' : 'pass' } }));
    const s = await startTestServer('pglite', { CONTENT_CHECK: 'wechat', WECHAT_MP_APPID: 'wxmp1', WECHAT_MP_SECRET: 's3cret', WECHAT_API_BASE: fake.base });
    try {
      const g = await commentGallery(s);
      const a = await visitor(s, 'Alice');
      expect((await post(s, '/api/comment/post', { galleryid: g, content: 'fine' }, a.headers)).data.status).toBe('shown');
      expect((await post(s, '/api/comment/post', { galleryid: g, content: 'maybe' }, a.headers)).data.status).toBe('held');
      expect((await post(s, '/api/comment/post', { galleryid: g, content: 'risky' }, a.headers)).code).toBe(ErrorCode.COMMENT_REJECTED);
      const checks = fake.calls.filter((c) => c.path === '/wxa/msg_sec_check');
      expect(checks.map((c) => [c.body?.content, c.body?.openid])).toEqual([
        ['fine', a.openid],
        ['maybe', a.openid],
        ['risky', a.openid]
      ]);
    } finally {
      await s.close();
      await fake.close();
    }
  });

  it('the sandbox matches words whatever their case, width or spacing', async () => {
    const c = new WordListChecker({ reject: ['Spam Link'], review: ['优惠'] });
    expect(foldText('ＳＰＡＭ  link')).toBe('spamlink');
    expect((await c.check(input('buy SPAM link now'))).verdict).toBe('reject');
    expect((await c.check(input('限时 优 惠'))).verdict).toBe('review');
    expect(await c.check(input('hello'))).toEqual({ verdict: 'pass', label: '' });
  });

  it('configuration: sandbox by default, wechat only with the mini-program credentials', () => {
    const none = loadLoginConfig({});
    expect(createContentChecker(loadContentCheckConfig({}), none, () => undefined).id).toBe('sandbox');
    expect(() => createContentChecker(loadContentCheckConfig({ CONTENT_CHECK: 'wechat' }), none, () => undefined)).toThrow('WECHAT_MP_APPID');
    const mp = loadLoginConfig({ WECHAT_MP_APPID: 'wxmp1', WECHAT_MP_SECRET: 's3cret' });
    expect(createContentChecker(loadContentCheckConfig({ CONTENT_CHECK: 'wechat' }), mp, () => undefined).id).toBe('wechat');
    expect(() => loadContentCheckConfig({ CONTENT_CHECK: 'other' })).toThrow('sandbox or wechat');
    expect(loadContentCheckConfig({ CONTENT_REJECT_WORDS: ' a, b ,,' }).rejectWords).toEqual(['a', 'b']);
  });
});
