// The H5 document before and after the script (issue 12, Speed 3 and Experience 7):
// the root address is a landing page with a title; a gallery's document carries its
// title, share meta, the LCP preload, the boot data and the skeleton in the raw HTML.
import type { Browser } from 'playwright-core';
import { BASE_URL, DEMO_LINK, VIEWPORTS, launchBrowser, pagePerTest, screenshotPath, visibleTestId, waitUntil, type TrackedPage } from './support';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

const DEMO_NAME = 'Demo: Spring Gala 2026';
const raw = async (path: string) => {
  const res = await fetch(BASE_URL + path);
  return { status: res.status, type: res.headers.get('content-type') ?? '', html: await res.text() };
};
const meta = (html: string, prop: string) => new RegExp(`<meta (?:property|name)="${prop}" content="([^"]*)">`).exec(html)?.[1] ?? null;

describe('the raw documents', () => {
  it('/ answers an HTML page with a title, lang and the skeleton, not JSON', async () => {
    const r = await raw('/');
    expect(r.status).toBe(200);
    expect(r.type).toContain('text/html');
    expect(r.html).toContain('<html lang="zh-CN">');
    expect(r.html).toMatch(/<title>[^<]+<\/title>/);
    expect(r.html).toContain('data-testid="boot-skeleton"');
  });

  it(`/g/{demo} carries the gallery's name in the title and og: tags, the preload and the boot data`, async () => {
    const r = await raw(`/g/${DEMO_LINK}`);
    expect(r.status).toBe(200);
    expect(r.html).toContain(`<title>${DEMO_NAME} - `);
    expect(meta(r.html, 'og:title')).toBe(DEMO_NAME);
    expect(meta(r.html, 'og:description')).toContain('Spring Gala');
    expect(meta(r.html, 'og:image')).toMatch(/^https?:\/\/[^/]+\/img\/[0-9a-f]{64}!wx_750_n$/);
    expect(r.html).toMatch(/<link rel="preload" as="image" href="\/img\/[0-9a-f]{64}!wx_750_n"/);
    expect(r.html).toContain('<script>window.__BOOT__=');
    expect(r.html).toContain('data-testid="boot-skeleton"');
  });
});

describe.each(VIEWPORTS)('$name', ({ name, options }) => {
  let t: TrackedPage;
  pagePerTest(() => browser, options, (page) => (t = page));

  it('/ shows the landing page with a title and the demo link', async () => {
    await t.page.goto(`${BASE_URL}/`);
    await visibleTestId(t, 'landing-demo');
    expect(await t.page.title()).not.toBe('');
    // The skeleton gave way to the app.
    expect(await t.page.locator('#boot-skeleton').isVisible()).toBe(false);
    await t.page.screenshot({ path: screenshotPath(`landing-${name}`), fullPage: true });
    await t.page.getByTestId('landing-demo').click();
    await waitUntil(t, `the address /g/${DEMO_LINK}`, async () => new URL(t.page.url()).pathname === `/g/${DEMO_LINK}`);
    expect(await visibleTestId(t, 'gallery-name')).toBe(DEMO_NAME);
  });

  it('/g/{demo} uses the boot data instead of fetching the gallery, and requests the preloaded slide', async () => {
    const galleryCalls: string[] = [];
    t.page.on('request', (r) => {
      if (new URL(r.url()).pathname === `/api/v2/gallery/link/${DEMO_LINK}`) galleryCalls.push(r.url());
    });
    await t.page.goto(`${BASE_URL}/g/${DEMO_LINK}`);
    expect(await visibleTestId(t, 'gallery-name')).toBe(DEMO_NAME);
    expect(galleryCalls).toEqual([]);
    expect(await t.page.title()).toContain(DEMO_NAME);
    const preload = await t.page.locator('link[rel="preload"][as="image"]').getAttribute('href');
    const slide = await waitUntil(t, 'the first slide image', async () =>
      t.page.evaluate(() => document.querySelector('[data-testid="slidehead-slide"] img')?.getAttribute('src') ?? null)
    );
    expect(new URL(slide!, BASE_URL).pathname + new URL(slide!, BASE_URL).search).toBe(preload);
  });
});
