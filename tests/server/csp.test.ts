// A browser that refuses injected code (issue 26, Deliver 2), the server's half: every document
// answers with a strict Content-Security-Policy whose nonce is new in every answer and carried by
// every inline script (and by nothing else), no inline event handler, Trusted Types required with
// the app's policies only; a `code` component's hosts are allowed on its page alone; every answer
// carries nosniff and the Referrer-Policy; the pages the server writes itself run no script.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import vm from 'node:vm';
import { BACKENDS, startTestServer, insertGallery, type TestServer } from './helpers';
import { insertGoods, newUser } from './pay-fixture';
import { seedDemo } from '../../server/src/demo/demo';
import { NO_FAVICON, documentCsp, pageCodeOrigins } from '../../server/src/services/h5/csp';
import { DEFAULT_POLICY_SCRIPT } from '../../server/src/services/h5/trustedTypes';
import { TRUSTED_TYPES_POLICIES } from '../../types/csp';
import { AUTH_CALLBACK_PATH, SANDBOX_AUTHORIZE_PATH } from '../../types/api/auth';

/** The built index.html's shape: an inline script of the build's own (the root font size), the entry's files. */
const INDEX =
  '<!DOCTYPE html><html lang="zh-CN"><head><meta charset="utf-8"><title></title><script>window.__font=1</script>' +
  '<script defer="defer" src="/js/app.12345678.js"></script><link href="/css/app.12345678.css" rel="stylesheet"></head><body><div id="app"></div></body></html>';

function fakeH5(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'lg-csp-'));
  fs.writeFileSync(path.join(dir, 'index.html'), INDEX);
  fs.mkdirSync(path.join(dir, 'js'));
  fs.writeFileSync(path.join(dir, 'js/app.12345678.js'), 'void 0;');
  // The gallery page's chunks (config/prod.ts RouteChunksPlugin): its styles load without blocking.
  fs.writeFileSync(path.join(dir, 'route-chunks.json'), JSON.stringify({ 'pages/gallery/index': { js: ['js/11.aaaaaaaa.js'], css: ['css/11.bbbbbbbb.css'] } }));
  return dir;
}

/** The directives of a policy by name. */
function directives(csp: string | undefined): Record<string, string[]> {
  const out: Record<string, string[]> = {};
  for (const part of String(csp ?? '').split(';')) {
    const [name, ...values] = part.trim().split(/\s+/);
    if (name) out[name] = values;
  }
  return out;
}

describe.each(BACKENDS)('the Content-Security-Policy of every document on %s', (backend) => {
  let s: TestServer;
  let h5Dir: string;
  let demoLink: string;
  let photoHash: string;

  beforeAll(async () => {
    h5Dir = fakeH5();
    s = await startTestServer(backend, { H5_DIR: h5Dir, PUBLIC_URL: 'https://photos.example', CODE_HOSTS: 'cdn.example.com, *.widgets.example.org' });
    demoLink = (await seedDemo({ ...s.services, db: s.db }, { photos: 2, now: Math.floor(Date.now() / 1000), log: () => undefined }))!.split('/').pop()!;
    photoHash = (await s.db.query<{ hash: string }>('SELECT hash FROM photos LIMIT 1')).rows[0].hash;
  }, 180_000);
  afterAll(async () => {
    await s?.close();
    fs.rmSync(h5Dir, { recursive: true, force: true });
  });

  const get = (url: string, headers: Record<string, string> = {}) => s.app.inject({ method: 'GET', url, headers });

  it('answers every document with the policy, a fresh nonce on every inline script, and no inline handler', async () => {
    const seen = new Set<string>();
    for (const url of [`/g/${demoLink}`, `/g/${demoLink}`, '/', '/page/me', '/no/such/page', '/pages/index/index']) {
      const r = await get(url);
      expect(r.headers['content-type']).toMatch(/^text\/html/);
      expect(r.headers['cache-control']).toBe('no-cache');
      const d = directives(r.headers['content-security-policy'] as string);
      const nonce = /^'nonce-([A-Za-z0-9+/]{22}==)'$/.exec(d['script-src'].find((v) => v.startsWith("'nonce-")) ?? '')?.[1];
      expect(nonce).toBeTruthy();
      // New in every answer, the same URL's two answers included: nothing caches a document with its nonce.
      expect(seen.has(nonce!)).toBe(false);
      seen.add(nonce!);
      expect(d['script-src']).toEqual(["'self'", `'nonce-${nonce}'`]);
      expect(d['object-src']).toEqual(["'none'"]);
      expect(d['base-uri']).toEqual(["'none'"]);
      expect(d['frame-ancestors']).toEqual(["'self'"]);
      expect(d['require-trusted-types-for']).toEqual(["'script'"]);
      expect(d['trusted-types']).toEqual(Object.values(TRUSTED_TYPES_POLICIES));
      expect(d['connect-src']).toContain('wss://photos.example');
      // Every inline script carries the nonce; the build's files need none; no element has an on* handler.
      const scripts = r.body.match(/<script\b[^>]*>/g)!;
      expect(scripts.length).toBeGreaterThanOrEqual(3);
      for (const tag of scripts) expect(tag.includes(' src=') || tag.includes(` nonce="${nonce}"`)).toBe(true);
      expect(r.body.match(/<[a-z][^>]*\son[a-z]+\s*=/gi)).toBeNull();
      // The default policy is the head's first element, before any other script.
      expect(r.body.indexOf('trustedTypes')).toBeGreaterThan(0);
      expect(r.body.indexOf('trustedTypes')).toBeLessThan(r.body.indexOf('window.__font=1'));
    }
  });

  it("loads the gallery page's stylesheets without blocking and without an inline handler", async () => {
    const r = await get(`/g/${demoLink}`);
    const nonce = /'nonce-([^']+)'/.exec(String(r.headers['content-security-policy']))![1];
    expect(r.body).toContain('<link href="/css/11.bbbbbbbb.css" rel="stylesheet" media="print" data-media-all>');
    expect(r.body).toMatch(new RegExp(`data-media-all><script nonce="${nonce.replace(/[+/]/g, '\\$&')}">[^]*?e\\.media='all'`));
    expect(r.body).not.toContain('onload=');
  });

  it("allows a code component's hosts on its own page only, as the browser parses them", async () => {
    const scripts = ['https://cdn.example.com/chat.js', 'https://a.widgets.example.org/w.js', 'https://evil.test\\.cdn.example.com/x.js'];
    const pagedata = { components: [{ id: 't', type: 'tab', props: { items: [{ title: 'A', children: [{ id: 'c', type: 'code', props: { scripts, styles: ['https://cdn.example.com/a.css'] } }] }] } }] };
    await insertGallery(s.db, { link_id: 'cspcode1', name: 'Code', pagedata });
    const code = directives((await get('/g/cspcode1')).headers['content-security-policy'] as string);
    expect(code['script-src'].slice(2)).toEqual(['https://a.widgets.example.org', 'https://cdn.example.com']);
    expect(code['style-src']).toEqual(["'self'", "'unsafe-inline'", 'https://a.widgets.example.org', 'https://cdn.example.com']);
    // Another gallery's document does not allow them.
    expect((await get(`/g/${demoLink}`)).headers['content-security-policy']).not.toContain('example.com');
    // A host no longer allow-listed, or an address a browser reads as another host, is never allowed.
    expect(pageCodeOrigins(pagedata, ['cdn.example.com'])).toEqual(['https://cdn.example.com']);
    expect(pageCodeOrigins({ components: [{ type: 'code', props: { scripts: ['https://evil.test\\.cdn.example.com/x.js', 'https://x@cdn.example.com/y.js', 'http://cdn.example.com/z.js'] } }] }, ['*.example.com', 'cdn.example.com'])).toEqual([]);
    expect(documentCsp({ nonce: 'n', publicUrl: 'https://p.example', codeOrigins: ["https://a.example.com; script-src *"] })).not.toContain('*');
  });

  it('puts nosniff and the Referrer-Policy on every answer: documents, API, images, static files, errors', async () => {
    const user = await newUser(s);
    const answers = [
      await get(`/g/${demoLink}`),
      await get(`/api/v2/gallery/link/${demoLink}`),
      await get('/session.js', { authorization: `Bearer ${user.token}` }),
      await get(`/img/${photoHash}!wx_750_n`),
      await get('/js/app.12345678.js'),
      await get('/api/v2/no/such/call'),
      await get(`/api/v2/gallery/link/${'x'.repeat(400)}`)
    ];
    expect(answers[3].headers['content-type']).toMatch(/^image\//);
    for (const r of answers) {
      expect(r.headers['x-content-type-options']).toBe('nosniff');
      expect(r.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
    }
  });

  it('gives the pages the server writes itself (sandbox pay and login, the login error) a policy that runs no script', async () => {
    const gid = await insertGallery(s.db, { link_id: 'cspay001', name: 'Pay' });
    const good = await insertGoods(s, gid, 500, 'service');
    const user = await newUser(s);
    const pre = await s.app.inject({ method: 'POST', url: '/api/v2/pay/prepay', payload: { goods_id: good, channel: 'native' }, headers: { authorization: `Bearer ${user.token}` } });
    expect(pre.json().code).toBe(200);
    const pages = [
      await get(`/sandbox/pay/${pre.json().data.out_trade_no}`),
      await get(`${SANDBOX_AUTHORIZE_PATH}?state=s&redirect_uri=${encodeURIComponent(`https://photos.example${AUTH_CALLBACK_PATH}`)}`),
      await get(`${AUTH_CALLBACK_PATH}?code=bad&state=bad`, { accept: 'text/html' })
    ];
    for (const r of pages) {
      expect(r.headers['content-type']).toMatch(/^text\/html/);
      const d = directives(r.headers['content-security-policy'] as string);
      expect(d['default-src']).toEqual(["'none'"]);
      expect(d['script-src']).toBeUndefined();
      expect(d['frame-ancestors']).toEqual(["'self'"]);
      expect(d['base-uri']).toEqual(["'none'"]);
      expect(d['require-trusted-types-for']).toEqual(["'script'"]);
      expect(r.headers['x-content-type-options']).toBe('nosniff');
      expect(r.body).not.toMatch(/<script|\son[a-z]+\s*=/i);
      // Their icon is said in the page: no request for /favicon.ico (answered 404 by the app's not-found document).
      expect(r.body).toContain(NO_FAVICON);
    }
  });
});

describe('the Trusted Types default policy (the head script)', () => {
  /** The policy the script creates, run as the browser would with a stand-in trustedTypes. */
  function defaultPolicy(title = '') {
    const made: Record<string, { createHTML: (s: string) => string | null; createScript: (s: string) => string | null; createScriptURL: (s: string) => string | null }> = {};
    const window = { trustedTypes: { createPolicy: (name: string, rules: (typeof made)[string]) => (made[name] = rules) } };
    vm.runInNewContext(DEFAULT_POLICY_SCRIPT, { window, document: { title } });
    expect(Object.keys(made)).toEqual(['default']);
    return made.default;
  }
  const TARO_LOADING_ICON = '\n<svg t="1709608074670" class="icon" viewBox="0 0 1024 1024" version="1.1" xmlns="http://www.w3.org/2000/svg" p-id="4741" width="24" height="24"><path d="M256 529H85a17 17 0 1 1 0-34z" opacity=".278" p-id="4742"></path></svg>\n';

  it('lets plain text and static icons through, the title as text, and refuses other markup, scripts and script URLs', () => {
    const p = defaultPolicy('Party <img src=x onerror=alert(1)> - 活动相册');
    expect(p.createHTML('.taro-navigation-bar{display:none} a > b {}')).toBe('.taro-navigation-bar{display:none} a > b {}');
    expect(p.createHTML(TARO_LOADING_ICON)).toBe(TARO_LOADING_ICON);
    expect(p.createHTML('Party <img src=x onerror=alert(1)> - 活动相册')).toBe('Party &lt;img src=x onerror=alert(1)&gt; - 活动相册');
    for (const bad of [
      '<img src=x onerror=alert(1)>',
      '<svg onload="alert(1)"></svg>',
      '<svg><path d="M0"></path><script>alert(1)</script></svg>',
      '<svg><a href="javascript:alert(1)"><path d="M0"/></a></svg>',
      '<svg><path d="M0" onclick="alert(1)"/></svg>',
      '<svg>text</svg><img src=x>',
      '<b>bold</b>'
    ]) {
      expect(p.createHTML(bad)).toBeNull();
    }
    expect(p.createScript('alert(1)')).toBeNull();
    expect(p.createScriptURL('/js/app.12345678.js')).toBeNull();
  });

  it('does nothing in a browser without Trusted Types', () => {
    expect(() => vm.runInNewContext(DEFAULT_POLICY_SCRIPT, { window: {}, document: { title: '' } })).not.toThrow();
  });
});
