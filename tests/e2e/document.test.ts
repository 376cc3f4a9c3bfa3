// The H5 document before and after the script (issue 12, Speed 3 and Experience 7):
// the root address is a landing page with a title; a gallery's document carries its
// title, share meta, the LCP preload, the boot data and the skeleton in the raw HTML.
import { BASE_URL, DEMO_LINK, VIEWPORTS, pagePerTest, screenshotPath, visibleTestId, waitUntil, useBrowser, type TrackedPage } from './support';
import { SESSION_COOKIE } from '../../types/boot';

const { browser } = useBrowser();

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
    expect(r.html).toMatch(/<link rel="preload" as="image" href="\/img\/[0-9a-f]{64}!wx_750_n" media="\(max-width:800px\)"/);
    expect(r.html).toMatch(/<link rel="preload" as="image" href="\/img\/[0-9a-f]{64}!wx_1920_n" media="\(min-width:801px\)"/);
    expect(r.html).toContain(`<div class="bs-name" style="color:#333333">${DEMO_NAME}</div>`);
    expect(r.html).toMatch(/<script nonce="[^"]+">window\.__BOOT__=/);
    expect(r.html).toContain('data-testid="boot-skeleton"');
  });
});

describe.each(VIEWPORTS)('$name', ({ name, options }) => {
  let t: TrackedPage;
  pagePerTest(browser, options, (page) => (t = page));

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

  it('/g/{demo} shows its name and banner before the session answers, then gives way to the app', async () => {
    // Hold the session back, as a slow venue network does: the page cannot render before it answers.
    let release!: () => void;
    const held = new Promise<void>((r) => (release = r));
    await t.page.route('**/session.js*', async (route) => {
      await held;
      await route.continue();
    });
    await t.page.goto(`${BASE_URL}/g/${DEMO_LINK}`);
    const banner = t.page.getByTestId('boot-banner');
    await waitUntil(t, 'the first screen banner loaded', async () => banner.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0));
    expect(await t.page.locator('#boot-skeleton .bs-name').innerText()).toBe(DEMO_NAME);
    const box = (await banner.boundingBox())!;
    const width = options.viewport!.width;
    expect(box.width).toBeGreaterThan(width * 0.8);
    // The first screen stays on top while the session is out (the app's spinner, if any, is under it).
    const onTop = await t.page.evaluate(() =>
      [0.25, 0.5, 0.75].every((f) => !!document.elementFromPoint(innerWidth / 2, innerHeight * f)?.closest('#boot-skeleton'))
    );
    expect(onTop).toBe(true);
    await t.page.screenshot({ path: screenshotPath(`first-screen-${name}`) });
    release();
    expect(await visibleTestId(t, 'gallery-name')).toBe(DEMO_NAME);
    await waitUntil(t, 'the first screen removed', async () => (await t.page.locator('#boot-skeleton').count()) === 0);
  });

  it('/g/{demo} asks for the session once, from the document; a reload is the same visitor through the HttpOnly cookie, which no script sees; its page scripts come as one bundle', async () => {
    const sessions: Array<{ authorization: string | null; openid: string; token: unknown }> = [];
    t.page.on('response', async (r) => {
      if (new URL(r.url()).pathname !== '/session.js') return;
      const data = (await r.json()).data;
      sessions.push({ authorization: r.request().headers()['authorization'] ?? null, openid: data.user.openid, token: data.token });
    });
    await t.page.goto(`${BASE_URL}/g/${DEMO_LINK}`);
    expect(await visibleTestId(t, 'gallery-name')).toBe(DEMO_NAME);
    await waitUntil(t, 'the session answered', async () => sessions.length === 1);
    // No token in the answer, none in localStorage, and the cookie is HttpOnly: an injected script finds nothing to take.
    expect(sessions[0]).toMatchObject({ authorization: null, token: undefined });
    const cookie = (await t.page.context().cookies()).find((c) => c.name === SESSION_COOKIE);
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/' });
    expect(await t.page.evaluate(() => document.cookie)).not.toContain(SESSION_COOKIE);
    expect(await t.page.evaluate(() => localStorage.getItem('token'))).toBeNull();
    await t.page.reload();
    expect(await visibleTestId(t, 'gallery-name')).toBe(DEMO_NAME);
    await waitUntil(t, 'the session answered again', async () => sessions.length === 2);
    // The same visitor again, not a new guest.
    expect(sessions[1]).toMatchObject({ authorization: null, openid: sessions[0].openid, token: undefined });
    expect(await t.page.evaluate(() => localStorage.getItem('token'))).toBeNull();
    const scripts = await t.page.evaluate(() => Array.from(document.querySelectorAll('script[src]'), (s) => s.getAttribute('src') ?? ''));
    expect(scripts.filter((s) => /^\/js\/page-gallery\.[0-9a-f]{8}\.js$/.test(s))).toHaveLength(1);
  });

  it('a visitor whose token an older version kept in localStorage keeps their session: sent once, moved into the cookie, deleted', async () => {
    const legacy = (await (await fetch(`${BASE_URL}/session.js`)).json()).data as { token: string; user: { openid: string } };
    // The older app's storage, as Taro wrote it (once: a reload must not put it back).
    await t.page.addInitScript((token) => {
      if (sessionStorage.getItem('seeded')) return;
      sessionStorage.setItem('seeded', '1');
      localStorage.setItem('token', JSON.stringify({ data: token }));
    }, legacy.token);
    const sessions: Array<{ authorization: string | null; openid: string }> = [];
    t.page.on('response', async (r) => {
      if (new URL(r.url()).pathname === '/session.js') sessions.push({ authorization: r.request().headers()['authorization'] ?? null, openid: (await r.json()).data.user.openid });
    });
    await t.page.goto(`${BASE_URL}/g/${DEMO_LINK}`);
    expect(await visibleTestId(t, 'gallery-name')).toBe(DEMO_NAME);
    await waitUntil(t, 'the stored token deleted', async () => (await t.page.evaluate(() => localStorage.getItem('token'))) === null);
    expect(sessions).toEqual([{ authorization: `Bearer ${legacy.token}`, openid: legacy.user.openid }]);
    expect((await t.page.context().cookies()).find((c) => c.name === SESSION_COOKIE)?.value).toBe(legacy.token);
    await t.page.reload();
    expect(await visibleTestId(t, 'gallery-name')).toBe(DEMO_NAME);
    await waitUntil(t, 'the session answered again', async () => sessions.length === 2);
    expect(sessions[1]).toEqual({ authorization: null, openid: legacy.user.openid });
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
    // The preload for this screen's width (phones wx_750_n, wide screens wx_1920_n).
    const preload = await t.page.evaluate(() =>
      Array.from(document.querySelectorAll<HTMLLinkElement>('link[rel="preload"][as="image"]')).find((l) => matchMedia(l.media).matches)?.getAttribute('href')
    );
    expect(preload).toMatch(name === 'desktop' ? /!wx_1920_n$/ : /!wx_750_n$/);
    const slide = await waitUntil(t, 'the first slide image', async () =>
      t.page.evaluate(() => document.querySelector('[data-testid="slidehead-slide"] img')?.getAttribute('src') ?? null)
    );
    expect(new URL(slide!, BASE_URL).pathname + new URL(slide!, BASE_URL).search).toBe(preload);
  });
});
