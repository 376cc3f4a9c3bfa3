import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { BACKENDS, startTestServer, insertGallery, type TestServer } from './helpers';
import vm from 'node:vm';
import { earlySession, escapeHtml, scriptJson } from '../../server/src/services/h5/document';
import { defaultPolicyTag } from '../../server/src/services/h5/trustedTypes';

const ORGANISER = 'doc-organiser-token';
const HASH = (c: string) => c.repeat(64);
/** The shape of the built index.html (src/index.html after the H5 build). */
const INDEX =
  '<!DOCTYPE html><html><head><meta charset="utf-8"><title></title><script defer="defer" src="/js/app.12345678.js"></script><link href="/css/app.12345678.css" rel="stylesheet"></head><body><div id="app"></div></body></html>';

/** The boot data the document carries, parsed back the way the browser would run it. */
function bootOf(html: string): unknown {
  const m = /<script nonce="[^"]*">window\.__BOOT__=(.*?)<\/script>/.exec(html);
  return m ? JSON.parse(m[1]) : null;
}
/** The answer's CSP nonce (routes/h5.ts: a fresh one per answer). */
const nonceOf = (r: { headers: Record<string, unknown> }) => /'nonce-([^']+)'/.exec(String(r.headers['content-security-policy']))![1];
const metaOf = (html: string, prop: string) => new RegExp(`<meta (?:property|name)="${prop}" content="([^"]*)">`).exec(html)?.[1] ?? null;

describe.each(BACKENDS)('the H5 document on %s', (backend) => {
  let s: TestServer;
  let h5Dir: string;

  beforeAll(async () => {
    h5Dir = fs.mkdtempSync(path.join(os.tmpdir(), 'lg-h5-'));
    fs.writeFileSync(path.join(h5Dir, 'index.html'), INDEX);
    s = await startTestServer(backend, { H5_DIR: h5Dir, ORGANIZER_TOKEN: ORGANISER, PUBLIC_URL: 'https://photos.example' });
  });
  afterAll(async () => {
    await s.close();
    fs.rmSync(h5Dir, { recursive: true, force: true });
  });

  const get = (url: string) => s.app.inject({ method: 'GET', url });

  it('gives every page a title, a description, zh-CN lang and the skeleton', async () => {
    for (const url of ['/', '/page/me', '/demo']) {
      const r = await get(url);
      expect(r.statusCode).toBe(200);
      expect(r.headers['cache-control']).toBe('no-cache');
      expect(r.body).toContain('<html lang="zh-CN">');
      // The site's name, after the page's own (tests/server/h5-titles.test.ts).
      expect(r.body).toMatch(/<title>([^<]+ - )?活动相册<\/title>/);
      expect(metaOf(r.body, 'description')).toBeTruthy();
      expect(r.body).toContain('<div id="app"></div><style>');
      expect(r.body).toContain('data-testid="boot-skeleton"');
      expect(bootOf(r.body)).toBeNull();
    }
  });

  it('renders a gallery title, share meta, the slider preload and the boot gallery', async () => {
    const pagedata = { components: [{ id: 's1', type: 'slidehead', props: { items: [{ image: HASH('b') }] } }] };
    await insertGallery(s.db, { link_id: 'docgal1', name: 'Spring Gala', desc: 'Photos of\nthe gala', cover: HASH('a'), pagedata, config: { locale: 'en-US' } });
    const r = await get('/g/docgal1');
    expect(r.statusCode).toBe(200);
    expect(r.body).toContain('<html lang="en-US">');
    expect(r.body).toContain('<title>Spring Gala - Event photos</title>');
    expect(metaOf(r.body, 'description')).toBe('Photos of the gala');
    expect(metaOf(r.body, 'og:title')).toBe('Spring Gala');
    expect(metaOf(r.body, 'og:description')).toBe('Photos of the gala');
    expect(metaOf(r.body, 'og:image')).toBe(`https://photos.example/img/${HASH('a')}!wx_750_n`);
    expect(metaOf(r.body, 'og:url')).toBe('https://photos.example/g/docgal1');
    // The URLs the slider (src/page-components/slidehead) requests, no query: wx_750_n on phones, wx_1920_n from 801 px on.
    expect(r.body).toContain(`<link rel="preload" as="image" href="/img/${HASH('b')}!wx_750_n" media="(max-width:800px)" fetchpriority="high">`);
    expect(r.body).toContain(`<link rel="preload" as="image" href="/img/${HASH('b')}!wx_1920_n" media="(min-width:801px)" fetchpriority="high">`);
    // The first screen: the name and the same slide, before the script runs.
    expect(r.body).toContain('<div class="bs-name" style="color:#333333">Spring Gala</div>');
    expect(r.body).toMatch(new RegExp(`<source media="\\(min-width:801px\\)" srcset="/img/${HASH('b')}!wx_1920_n"><img class="bs-banner" data-testid="boot-banner" src="/img/${HASH('b')}!wx_750_n"`));
    const api = (await get('/api/v2/gallery/link/docgal1')).json().data;
    expect(bootOf(r.body)).toEqual({ gallery: { link_id: 'docgal1', detail: api } });
  });

  it('titles a gallery reached by its label, its id or the legacy address, with its first screen and no boot data', async () => {
    const pagedata = { components: [{ id: 's1', type: 'slidehead', props: { items: [{ image: HASH('f') }] } }] };
    const id = await insertGallery(s.db, { link_id: 'docgti01', url_labeling: 'autumn-fair', name: 'Autumn Fair', pagedata });
    for (const url of ['/gti/autumn-fair', `/gti/${id}`]) {
      const r = await get(url);
      expect(r.body).toContain('<title>Autumn Fair - 活动相册</title>');
      expect(r.body).toContain(`src="/img/${HASH('f')}!wx_750_n"`);
      // The app keys boot data by the link id of its address: none for these.
      expect(bootOf(r.body)).toBeNull();
    }
  });

  it('opens the legacy address for ids below 1,000,000; a larger id is not found there', async () => {
    // Galleries made today number from 1,000,000 up; an old one keeps its small id.
    const id = await insertGallery(s.db, { id: 4242, link_id: 'doclegacy', name: 'Old Album' });
    const r = await get(`/wx/gallery?id=${id}`);
    expect(r.statusCode).toBe(200);
    expect(r.body).toContain('<title>Old Album - 活动相册</title>');
    const big = await get(`/wx/gallery?id=${await insertGallery(s.db, { link_id: 'docnew01', name: 'New Album' })}`);
    expect(big.statusCode).toBe(404);
    expect(big.body).not.toContain('New Album');
  });

  it('escapes organiser text in the head and in the boot script', async () => {
    const evil = '</title><script>alert(1)</script>"\'&';
    await insertGallery(s.db, { link_id: 'docevil1', name: evil, desc: '</script><!-- \u2028' });
    const r = await get('/g/docevil1');
    expect(r.body).not.toContain('<script>alert(1)</script>');
    expect(r.body).toContain(`<title>${escapeHtml(evil)} - 活动相册</title>`);
    expect(r.body).not.toContain('</script><!--');
    // The inline scripts: the session call (no organiser text in it) and the boot data.
    const nonce = nonceOf(r);
    const scripts = r.body.match(/<script nonce="[^"]*">[\s\S]*?<\/script>/g)!;
    expect(scripts).toEqual([defaultPolicyTag(nonce), earlySession(nonce), expect.stringMatching(/^<script nonce="[^"]*">window\.__BOOT__=/)]);
    expect((bootOf(r.body) as { gallery: { detail: { gallery: { name: string } } } }).gallery.detail.gallery.name).toBe(evil);
    expect(scriptJson('</script>\u2028')).toBe('"\\u003c/script\\u003e\\u2028"');
  });

  it('starts the session call in the head, before any script', async () => {
    const r = await get('/page/me');
    const body = r.body;
    const session = earlySession(nonceOf(r));
    expect(body.indexOf(session)).toBeGreaterThan(0);
    expect(body.indexOf(session)).toBeLessThan(body.indexOf('<script defer="defer" src="/js/app.12345678.js">'));
    expect(body.indexOf(session)).toBeLessThan(body.indexOf('</head>'));
  });

  it("the document's session call asks for the cookie, sends a token an older app kept once, and hands on the answer", async () => {
    const code = /^<script nonce="n">([\s\S]*)<\/script>$/.exec(earlySession('n'))![1];
    const run = async (stored: string | null, answer: Promise<{ status: number; json: () => Promise<unknown> }>) => {
      const calls: Array<{ url: string; init: { headers: Record<string, string>; credentials?: string } }> = [];
      const window: Record<string, unknown> = {};
      const sandbox = {
        window,
        localStorage: { getItem: (k: string) => (k === 'token' ? stored : null) },
        fetch: (url: string, init: { headers: Record<string, string>; credentials?: string }) => {
          calls.push({ url, init });
          return answer;
        }
      };
      vm.runInNewContext(code, sandbox);
      return { calls, result: await (window.__BOOT_SESSION__ as Promise<unknown>) };
    };
    // A token an older app kept (Taro's storage writes {"data": value}) goes once as the header, beside the cookie.
    const ok = await run(JSON.stringify({ data: 'tok-1' }), Promise.resolve({ status: 200, json: async () => ({ code: 200, data: { user: { openid: 'g1' } } }) }));
    expect(ok.calls).toEqual([{ url: '/session.js', init: { headers: { 'X-Client': 'h5', Authorization: 'Bearer tok-1' }, credentials: 'same-origin' } }]);
    expect(ok.result).toEqual({ status: 200, body: { code: 200, data: { user: { openid: 'g1' } } } });
    // No token, or a token the app did not write: the cookie alone; a 429 is handed on as it came.
    for (const stored of [null, 'not json', JSON.stringify({ data: 42 })]) {
      const r = await run(stored, Promise.resolve({ status: 429, json: async () => ({ code: 429, data: { retry_after: 30 } }) }));
      expect(r.calls[0].init).toEqual({ headers: { 'X-Client': 'h5' }, credentials: 'same-origin' });
      expect(r.result).toEqual({ status: 429, body: { code: 429, data: { retry_after: 30 } } });
    }
    // Offline: null, and the app asks itself.
    expect((await run(null, Promise.reject(new TypeError('Failed to fetch')))).result).toBeNull();
  });

  it("draws the first screen in the gallery's theme colours, and writes no colour that is not one", async () => {
    const theme = { background: '#101820', h1: 'rgba(255, 255, 255, 0.9)', h2: 'red;background:url(//evil.example/x)', component: '#fff', main: '#f00' };
    await insertGallery(s.db, { link_id: 'doctheme', name: 'Night Run', galleryaddress: 'River Park', config: { theme } });
    const r = await get('/g/doctheme');
    expect(r.body).toContain('id="boot-skeleton" data-testid="boot-skeleton" aria-busy="true" style="background:#101820"');
    expect(r.body).toContain('<div class="bs-name" style="color:rgba(255, 255, 255, 0.9)">Night Run</div>');
    expect(r.body).toContain('<div class="bs-addr" style="color:#666666">River Park</div>');
    // (The boot data carries the theme as data: the app sets colours through style properties, which refuse it.)
    expect(r.body.slice(r.body.indexOf('<div id="boot-skeleton"'))).not.toContain('evil.example');
    // No slider, no banner and no preload.
    expect(r.body).not.toContain('boot-banner');
    expect(r.body).not.toContain('rel="preload"');
  });

  it('shows only the name of a gated gallery and of its sub-pages', async () => {
    const top = await insertGallery(s.db, { link_id: 'docgate1', name: 'Private Party', desc: 'secret words', cover: HASH('c'), h5_share_text: 'secret share', pagedata: { components: [{ id: 's1', type: 'slidehead', props: { items: [{ image: HASH('d') }] } }] } });
    await insertGallery(s.db, { link_id: 'docgate2', name: 'Private Kid', desc: 'kid words', cover: HASH('e'), parent: top });
    const r0 = await s.app.inject({ method: 'POST', url: `/api/v2/organizer/galleries/${top}/gates/pgdata`, payload: { access_type: 'password', password: 'pw' }, headers: { authorization: `Bearer ${ORGANISER}` } });
    expect(r0.json()).toMatchObject({ code: 200 });
    for (const [link, name] of [['docgate1', 'Private Party'], ['docgate2', 'Private Kid']]) {
      const r = await get(`/g/${link}`);
      expect(r.body).toContain(`<title>${name} - 活动相册</title>`);
      expect(metaOf(r.body, 'og:title')).toBe(name);
      expect(r.body).not.toMatch(/secret|kid words/);
      expect(r.body).not.toContain(HASH('c'));
      expect(r.body).not.toContain(HASH('d'));
      expect(r.body).not.toContain(HASH('e'));
      expect(metaOf(r.body, 'og:image')).toBeNull();
      expect(r.body).not.toContain('rel="preload"');
      expect(bootOf(r.body)).toBeNull();
    }
  });

  it('answers an unknown gallery with the defaults and an unknown path with 404', async () => {
    const r = await get('/g/nosuch12');
    expect(r.statusCode).toBe(200);
    expect(r.body).toContain('<title>活动相册</title>');
    expect(bootOf(r.body)).toBeNull();
    const r404 = await get('/no/such/page');
    expect(r404.statusCode).toBe(404);
    expect(r404.body).toContain('<title>页面不存在 - 活动相册</title>');
  });
});

describe.each(BACKENDS)('the landing call on %s', (backend) => {
  let s: TestServer;
  beforeAll(async () => {
    s = await startTestServer(backend, { ORGANIZER_TOKEN: ORGANISER });
  });
  afterAll(() => s.close());
  const landing = async () => (await s.app.inject({ method: 'GET', url: '/api/v2/landing' })).json();

  it('lists public top-level events, never gated, private or sub-pages, and the demo only when seeded', async () => {
    expect(await landing()).toEqual({ code: 200, data: { demo: null, events: [] }, msg: 'ok' });
    const pub = await insertGallery(s.db, { link_id: 'landpub1', name: 'Open Day', cover: HASH('a'), start_time: 1_700_000_000 });
    await insertGallery(s.db, { link_id: 'landkid1', name: 'Kid', parent: pub });
    await insertGallery(s.db, { link_id: 'landprv1', name: 'Private', privacy: 1 });
    const gated = await insertGallery(s.db, { link_id: 'landgat1', name: 'Gated' });
    const r0 = await s.app.inject({ method: 'POST', url: `/api/v2/organizer/galleries/${gated}/gates/watermark`, payload: { access_type: 'password', password: 'pw' }, headers: { authorization: `Bearer ${ORGANISER}` } });
    expect(r0.json()).toMatchObject({ code: 200 });
    await insertGallery(s.db, { link_id: 'demo2026', name: 'Demo' });
    const data = (await landing()).data;
    expect(data.demo).toBe('demo2026');
    expect(data.events).toEqual([{ link_id: 'landpub1', name: 'Open Day', cover: HASH('a'), start_time: 1_700_000_000, end_time: null, image_total: 0 }]);
  });
});
