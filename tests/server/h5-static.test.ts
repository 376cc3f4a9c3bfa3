// The H5 build as served: precompressed files by content negotiation, immutable caching of
// hashed assets, and on-the-fly compression of the document and API answers above 1 KB.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { startTestServer, type TestServer } from './helpers';
import { seedDemo, DEMO_LINK_ID } from '../../server/src/demo/demo';
import { COMPRESS_THRESHOLD } from '../../server/src/compression';
import { readEntryStyles, withEntryStyles, withPageChunks } from '../../server/src/routes/h5';

const SCRIPT = `console.log(${JSON.stringify('x'.repeat(4000))});\n`;
const JS = 'js/app.1a2b3c4d.js';

const APP_CSS = '.page{color:#333}@font-face{font-family:i;src:url(data:font/woff;base64,AAAA)}';

function fakeH5(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'lg-h5-'));
  fs.mkdirSync(path.join(dir, 'js'));
  // Large enough that the document is compressed on the fly (above the threshold).
  const html = `<!doctype html><html><head><title></title><link href="/css/app.1a2b3c4d.css" rel="stylesheet"><!-- ${'pad '.repeat(400)} --></head><body><div id="app"></div><script src="/${JS}"></script></body></html>`;
  fs.writeFileSync(path.join(dir, 'index.html'), html);
  fs.writeFileSync(path.join(dir, JS), SCRIPT);
  fs.mkdirSync(path.join(dir, 'css'));
  fs.writeFileSync(path.join(dir, 'css/app.1a2b3c4d.css'), APP_CSS);
  fs.writeFileSync(path.join(dir, `${JS}.br`), zlib.brotliCompressSync(SCRIPT));
  fs.writeFileSync(path.join(dir, `${JS}.gz`), zlib.gzipSync(SCRIPT));
  // What the build's RouteChunksPlugin writes: the chunks each page's import() loads.
  fs.writeFileSync(
    path.join(dir, 'route-chunks.json'),
    JSON.stringify({
      'pages/gallery/index': { js: ['js/11.aaaaaaaa.js', 'js/12.bbbbbbbb.js'], css: ['css/12.cccccccc.css'] },
      'pages/agreement/index': { js: ['js/40.dddddddd.js'], css: [] }
    })
  );
  fs.writeFileSync(path.join(dir, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  return dir;
}

const decode = (body: Buffer, enc: string | undefined) =>
  (enc === 'br' ? zlib.brotliDecompressSync(body) : enc === 'gzip' ? zlib.gunzipSync(body) : body).toString('utf8');

/** The answer's nonce, as routes/h5.ts passes it. */
const N = 'bm9uY2Utb2YtdGVzdA==';

describe('a page document names its own chunks', () => {
  const html = '<head><script defer="defer" src="/js/1.aaaaaaaa.js"></script><script defer="defer" src="/js/app.bbbbbbbb.js"></script><link href="/css/app.cccccccc.css" rel="stylesheet"></head>';

  it('puts the page chunks before the entry script and its styles after the entry stylesheet', () => {
    const out = withPageChunks(html, { js: ['js/5.dddddddd.js'], css: ['css/5.eeeeeeee.css'] }, N);
    expect(out.indexOf('src="/js/5.dddddddd.js"')).toBeGreaterThan(out.indexOf('src="/js/1.aaaaaaaa.js"'));
    expect(out.indexOf('src="/js/5.dddddddd.js"')).toBeLessThan(out.indexOf('src="/js/app.bbbbbbbb.js"'));
    expect(out.indexOf('href="/css/5.eeeeeeee.css"')).toBeGreaterThan(out.indexOf('href="/css/app.cccccccc.css"'));
    // The first screen does not wait for them.
    expect(out).toMatch(/<link href="\/css\/5\.eeeeeeee\.css" rel="stylesheet" media="print" data-media-all>/);
    // …turned `all` once loaded by the answer's nonce'd script after them, not by an inline handler (the CSP runs none).
    expect(out).not.toMatch(/\son[a-z]+=/i);
    expect(out).toMatch(new RegExp(`data-media-all><script nonce="${N}">[^]*?e\.media='all'[^]*?</script></head>`));
  });

  it("names the page's bundle (its chunks joined by the build) instead of its chunks, when there is one", () => {
    const out = withPageChunks(html, { js: ['js/5.dddddddd.js', 'js/6.ffffffff.js'], css: [], bundle: 'js/page-gallery.12345678.js' }, N);
    expect(out).toContain('<script defer="defer" src="/js/page-gallery.12345678.js"></script><script defer="defer" src="/js/app.bbbbbbbb.js">');
    expect(out).not.toContain('/js/5.dddddddd.js');
    expect(withPageChunks(html, { js: ['js/5.dddddddd.js'], css: [], bundle: '../x.js' }, N)).toContain('src="/js/5.dddddddd.js"');
  });

  it("writes the entry's stylesheet into the document where its link was, the page's styles still after it", () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'lg-css-'));
    fs.mkdirSync(path.join(dir, 'css'));
    const write = (css: string) => fs.writeFileSync(path.join(dir, 'css/app.cccccccc.css'), css);
    write(APP_CSS);
    const out = withEntryStyles(withPageChunks(html, { js: [], css: ['css/5.eeeeeeee.css'] }, N), readEntryStyles(dir, html));
    expect(out).toContain(`<style data-href="/css/app.cccccccc.css">${APP_CSS}</style><link href="/css/5.eeeeeeee.css"`);
    expect(out).not.toContain('<link href="/css/app.cccccccc.css"');
    // Text that would end the element, or a url() relative to css/, stays linked; so does a missing file.
    for (const css of ['a{b:c}</style><script>x()</script>', '.a{background:url(../static/x.png)}', ".a{background:url('img/x.png')}"]) {
      write(css);
      expect(readEntryStyles(dir, html)).toBeNull();
    }
    fs.rmSync(path.join(dir, 'css/app.cccccccc.css'));
    expect(readEntryStyles(dir, html)).toBeNull();
    expect(withEntryStyles(html, null)).toBe(html);
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('leaves a page without chunks as it was and names no file outside js/ and css/', () => {
    expect(withPageChunks(html, undefined, N)).toBe(html);
    expect(withPageChunks(html, { js: ['../secret.js', 'js/"><script>x.js'], css: ['http://x/y.css'] }, N)).toBe(html);
  });
});

describe('H5 static files and compression', () => {
  let s: TestServer;
  let h5Dir: string;
  let imageHash: string;

  beforeAll(async () => {
    h5Dir = fakeH5();
    s = await startTestServer('pglite', { H5_DIR: h5Dir });
    await seedDemo({ ...s.services, db: s.db }, { photos: 6, now: Math.floor(Date.now() / 1000), log: () => undefined });
    const { rows } = await s.db.query<{ hash: string }>('SELECT hash FROM photos LIMIT 1');
    imageHash = rows[0].hash;
  }, 120_000);
  afterAll(async () => {
    await s.close();
    fs.rmSync(h5Dir, { recursive: true, force: true });
  });

  const get = (url: string, acceptEncoding?: string) =>
    s.app.inject({ method: 'GET', url, headers: acceptEncoding === undefined ? {} : { 'accept-encoding': acceptEncoding } });

  it.each([
    ['gzip, deflate, br, zstd', 'br'],
    ['gzip', 'gzip'],
    ['identity', undefined],
    [undefined, undefined]
  ])('a hashed script with Accept-Encoding %s is answered %s, cached for a year', async (accept, expected) => {
    const r = await get(`/${JS}`, accept);
    expect(r.statusCode).toBe(200);
    expect(r.headers['content-encoding']).toBe(expected);
    expect(String(r.headers.vary)).toMatch(/accept-encoding/i);
    expect(r.headers['content-type']).toMatch(/javascript/);
    expect(r.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(decode(r.rawPayload, expected)).toBe(SCRIPT);
  });

  it('a file without a hash in its name revalidates', async () => {
    const r = await get('/favicon.svg', 'br');
    expect(r.statusCode).toBe(200);
    expect(r.headers['cache-control']).toBe('no-cache');
  });

  it.each([
    ['br', 'br'],
    ['gzip', 'gzip'],
    ['identity', undefined]
  ])('the document (index.html for an app route) with %s is answered %s and never cached', async (accept, expected) => {
    const r = await get(`/g/${DEMO_LINK_ID}`, accept);
    expect(r.statusCode).toBe(200);
    expect(r.headers['content-type']).toMatch(/^text\/html/);
    expect(r.headers['cache-control']).toBe('no-cache');
    expect(r.headers['content-encoding']).toBe(expected);
    expect(String(r.headers.vary)).toMatch(/accept-encoding/i);
    // The document is the build's index.html with the server-rendered head (services/h5/document.ts).
    const html = decode(r.rawPayload, expected);
    expect(html).toMatch(/^<!doctype html><html lang="zh-CN">/);
    expect(html).toContain('<title>Demo: Spring Gala 2026');
    expect(html).toContain('<script src="/js/app.1a2b3c4d.js"></script></body></html>');
  });

  it('API JSON above the threshold is compressed, a small answer is not', async () => {
    const big = await get(`/api/v2/gallery/link/${DEMO_LINK_ID}`, 'gzip, deflate, br');
    expect(big.statusCode).toBe(200);
    expect(big.headers['content-encoding']).toBe('br');
    const body = decode(big.rawPayload, 'br');
    expect(Buffer.byteLength(body)).toBeGreaterThan(COMPRESS_THRESHOLD);
    expect(JSON.parse(body).code).toBe(200);

    const small = await get('/api/v2/gallery/id/999999', 'gzip, deflate, br');
    expect(small.rawPayload.length).toBeLessThan(COMPRESS_THRESHOLD);
    expect(small.headers['content-encoding']).toBeUndefined();
    expect(JSON.parse(small.body).code).not.toBe(200);
  });

  it('images are never compressed again and keep their immutable caching', async () => {
    const r = await get(`/img/${imageHash}!wx_750_n`, 'gzip, deflate, br');
    expect(r.statusCode).toBe(200);
    expect(r.headers['content-type']).toMatch(/^image\//);
    expect(r.headers['content-encoding']).toBeUndefined();
    expect(r.headers['cache-control']).toMatch(/immutable/);
  });

  it("a gallery's document names the gallery page's chunks; another page's names its own", async () => {
    const g = (await get(`/g/${DEMO_LINK_ID}`, 'identity')).body;
    expect(g).toContain('<script defer="defer" src="/js/11.aaaaaaaa.js"></script><script defer="defer" src="/js/12.bbbbbbbb.js"></script><script src="/js/app.1a2b3c4d.js">');
    expect(g).toContain('href="/css/12.cccccccc.css"');
    expect(g).toContain(`<style data-href="/css/app.1a2b3c4d.css">${APP_CSS}</style>`);
    expect(g).not.toContain('/js/40.dddddddd.js');
    const a = (await get('/page/agreement', 'identity')).body;
    expect(a).toContain('src="/js/40.dddddddd.js"');
    expect(a).not.toContain('/js/11.aaaaaaaa.js');
  });
});
