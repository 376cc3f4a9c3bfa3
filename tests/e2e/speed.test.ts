// What a visitor's browser actually gets (issue 12, Speed): compressed scripts on the first
// visit of the demo gallery, and nothing of the app's code refetched on a second visit.
// Headers and cache use are read from Chromium's own network events (CDP), not from the server.
import type { CDPSession, Page } from 'playwright-core';
import { BASE_URL, DEMO_URL, VIEWPORTS, pagePerTest, revealPhotos, visibleTestId, waitUntil, useBrowser, type TrackedPage } from './support';

interface Seen {
  url: string;
  type: string;
  status: number;
  encoding: string;
  fromCache: boolean;
}

/** Every script and stylesheet the page loads, as Chromium received it. */
async function recordAssets(page: Page): Promise<{ seen: Seen[]; cdp: CDPSession }> {
  const cdp = await page.context().newCDPSession(page);
  const seen: Seen[] = [];
  const byId = new Map<string, Seen>();
  // Chromium may report the cache hit before or after the response itself.
  const servedFromCache = new Set<string>();
  cdp.on('Network.responseReceived', (e) => {
    if (e.type !== 'Script' && e.type !== 'Stylesheet') return;
    const headers = Object.fromEntries(Object.entries(e.response.headers).map(([k, v]) => [k.toLowerCase(), String(v)]));
    const s: Seen = {
      url: new URL(e.response.url).pathname,
      type: e.type,
      status: e.response.status,
      encoding: headers['content-encoding'] ?? '',
      fromCache: servedFromCache.has(e.requestId) || Boolean(e.response.fromDiskCache || e.response.fromMemoryCache || e.response.fromPrefetchCache)
    };
    byId.set(e.requestId, s);
    seen.push(s);
  });
  cdp.on('Network.requestServedFromCache', (e) => {
    servedFromCache.add(e.requestId);
    const s = byId.get(e.requestId);
    if (s) s.fromCache = true;
  });
  await cdp.send('Network.enable');
  return { seen, cdp };
}

const { browser } = useBrowser();

describe.each(VIEWPORTS)('$name', ({ options }) => {
  let t: TrackedPage;
  pagePerTest(browser, options, (page) => (t = page));

  it('first visit gets compressed scripts; the second visit fetches no script or style from the network', async () => {
    const first = await recordAssets(t.page);
    await t.page.goto(DEMO_URL);
    expect((await visibleTestId(t, 'gallery-name')).length).toBeGreaterThan(0);
    const scripts = first.seen.filter((s) => s.type === 'Script' && s.url.startsWith('/js/'));
    expect(scripts.length).toBeGreaterThan(0);
    // Every app script came over the network compressed (brotli for Chromium).
    expect(scripts.filter((s) => !s.fromCache).map((s) => `${s.url} ${s.encoding || 'identity'}`)).toEqual(
      scripts.filter((s) => !s.fromCache).map((s) => `${s.url} br`)
    );
    // Scripts the page fetches after its first screen (WeChat's JS-SDK chunk in WeChat's browser) finish
    // before the visitor leaves: a script cut off by leaving is not in the cache, rightly.
    await t.page.waitForLoadState('networkidle', { timeout: 15000 }).catch(() => undefined);
    await first.cdp.detach();

    // Second visit in the same browser: a new navigation to the same link.
    const second = await recordAssets(t.page);
    await t.page.goto('about:blank');
    await t.page.goto(DEMO_URL);
    expect((await visibleTestId(t, 'gallery-name')).length).toBeGreaterThan(0);
    const assets = second.seen.filter((s) => s.url.startsWith('/js/') || s.url.startsWith('/css/'));
    expect(assets.length).toBeGreaterThan(0);
    expect(assets.filter((s) => !s.fromCache).map((s) => `${s.url} HTTP ${s.status}`)).toEqual([]);
    await second.cdp.detach();
    // Leaving the first visit aborts its image and stats requests: that is not an error.
    expect(t.errors.filter((e) => !/^requestfailed: .* net::ERR_ABORTED$/.test(e))).toEqual([]);
  });

  it("the first load carries no viewer or payment code; the first photo opened fetches the viewer's", async () => {
    const loaded: string[] = [];
    t.page.on('response', (r) => {
      const u = new URL(r.url());
      if (u.pathname.startsWith('/js/') && u.pathname.endsWith('.js')) loaded.push(u.pathname);
    });
    /** The app's scripts fetched so far that hold a component's own markup (its test ids are in its code). */
    const holding = async (paths: string[], testId: string) => {
      const hits: string[] = [];
      for (const p of paths) if ((await (await fetch(BASE_URL + p)).text()).includes(testId)) hits.push(p);
      return hits;
    };
    const withViewer = (paths: string[]) => holding(paths, 'viewer-bar');
    await t.page.goto(DEMO_URL);
    await visibleTestId(t, 'gallery-name');
    await revealPhotos(t);
    const cell = t.page.getByTestId('photo-item').filter({ visible: true }).first();
    await waitUntil(t, 'a visible photo cell', () => cell.isVisible());
    const before = [...loaded];
    expect(before.length).toBeGreaterThan(0);
    expect(await withViewer(before)).toEqual([]);
    // The pay sheet, the QR popup and the press-and-hold sheet come with the first payment or save.
    expect(await holding(before, 'pay-qr-price')).toEqual([]);
    await cell.click();
    await visibleTestId(t, 'viewer');
    const after = loaded.slice(before.length);
    expect((await withViewer(after)).length).toBe(1);
  });
});
