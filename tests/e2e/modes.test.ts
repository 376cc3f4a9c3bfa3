// The photo list in a real browser: every display mode through the list's layout
// switch (phone and desktop), the tag bar's Hot ranking, the sort toggle, and
// pull-to-refresh with touch emulation on the phone.
import type { BrowserContext, Page } from 'playwright-core';
import { DEMO_URL, VIEWPORTS, openPage, revealPhotos, visibleTestId, waitUntil, useBrowser, type TrackedPage } from './support';

const { newContext } = useBrowser();

const area = (page: Page) => page.getByTestId('photo-area').filter({ visible: true }).first();

/** Geometry of the rendered photo cells, relative to the list. */
function cellBoxes(page: Page) {
  return page.evaluate(() => {
    const a = Array.from(document.querySelectorAll('[data-testid="photo-area"]')).find((x) => x.getClientRects().length > 0)!;
    return Array.from(a.querySelectorAll('[data-testid="photo-item"]')).map((c) => {
      const r = c.getBoundingClientRect();
      const img = c.querySelector('img');
      return { index: Number(c.getAttribute('data-index')), x: Math.round(r.left), y: Math.round(r.top), w: Math.round(r.width), h: Math.round(r.height), src: img?.getAttribute('src') ?? '' };
    });
  });
}

async function switchTo(t: TrackedPage, mode: string) {
  await waitUntil(t, `layout ${mode}`, async () => {
    if ((await area(t.page).getAttribute('data-mode')) === mode) return true;
    await t.page.getByTestId('mode-switch').filter({ visible: true }).first().click();
    return (await area(t.page).getAttribute('data-mode')) === mode;
  });
  await waitUntil(t, `photo cells in layout ${mode}`, async () => (await cellBoxes(t.page)).length > 0);
}

describe.each(VIEWPORTS)('photo list modes ($name)', ({ options }) => {
  let context: BrowserContext;
  let t: TrackedPage;

  beforeEach(async () => {
    context = await newContext({ ...options, locale: 'en-US' });
    t = await openPage(context);
    await t.page.goto(DEMO_URL);
    await visibleTestId(t, 'gallery-name');
    await revealPhotos(t);
    await waitUntil(t, 'the first photos', async () => (await cellBoxes(t.page)).length > 0);
  });

  it('switches through 1, 2, 4 columns, timeline and waterfall', async () => {
    const width = options?.viewport?.width ?? 1280;
    for (const mode of ['1', '2', '4', 'flow', 'waterfall']) {
      await switchTo(t, mode);
      const cells = await cellBoxes(t.page);
      const firstRowTop = Math.min(...cells.map((c) => c.y));
      const firstRow = cells.filter((c) => c.y === firstRowTop);
      const columns = new Set(cells.map((c) => c.x)).size;
      if (mode === '1') expect(columns).toBe(1);
      if (mode === '2') expect(firstRow).toHaveLength(width > 800 ? 4 : 2);
      if (mode === '4') {
        expect(firstRow).toHaveLength(width > 800 ? 8 : 4);
        expect(cells.every((c) => !c.src.includes('wx_1920_n'))).toBe(true);
      }
      if (mode === 'flow') expect(await t.page.getByTestId('flow-header').filter({ visible: true }).count()).toBeGreaterThan(0);
      if (mode === 'waterfall') {
        expect(columns).toBe(width > 800 ? 4 : 2);
        expect(new Set(cells.map((c) => c.h)).size).toBeGreaterThan(1);
      }
    }
    // The choice is remembered on the device: a reload keeps the waterfall.
    await t.page.reload();
    await waitUntil(t, 'the waterfall after a reload', async () => (await area(t.page).getAttribute('data-mode')) === 'waterfall');
  });

  it('ranks the hot list with NO.1 to NO.10 and toggles the sort order', async () => {
    const tab = (key: string) => t.page.locator(`[data-testid="tag-tab"][data-key="${key}"]`).filter({ visible: true }).first();
    await tab('hot').click();
    await waitUntil(t, 'NO.1 badge', async () => (await t.page.getByTestId('hot-rank').filter({ visible: true }).first().textContent()) === 'NO.1');
    await tab('all').click();
    const listRequest = t.page.waitForRequest((r) => /\/list\?/.test(r.url()) && r.url().includes('order=asc') && r.url().includes('offset=0'));
    await t.page.getByTestId('sort-toggle').filter({ visible: true }).first().click();
    await listRequest;
    await waitUntil(t, 'photos in ascending order', async () => (await cellBoxes(t.page)).length > 0);
  });
});

describe('pull-to-refresh on the phone', () => {
  it('a touch drag of more than 100 px at the top reloads the list', async () => {
    const phone = VIEWPORTS.find((v) => v.name.startsWith('phone'))!;
    const context = await newContext({ ...phone.options, locale: 'en-US' });
    const t = await openPage(context);
    // The Red Carpet sub-gallery: its list starts near the top of the screen.
    await t.page.goto(new URL('/g/carpet26', DEMO_URL).toString());
    await waitUntil(t, 'the first photos', async () => (await cellBoxes(t.page)).length > 0);
    const box = await t.page.getByTestId('pull-refresh').filter({ visible: true }).first().boundingBox();
    expect(box).not.toBeNull();
    const x = box!.x + box!.width / 2;
    const y0 = box!.y + 20;
    expect(y0 + 160).toBeLessThan(phone.options!.viewport!.height);
    const cdp = await context.newCDPSession(t.page);
    const touch = (type: string, y: number) =>
      cdp.send('Input.dispatchTouchEvent', { type, touchPoints: type === 'touchEnd' ? [] : [{ x, y }] } as never);
    const reload = t.page.waitForRequest((r) => /\/list\?/.test(r.url()) && r.url().includes('offset=0'), { timeout: 15000 });
    await touch('touchStart', y0);
    for (let dy = 20; dy <= 160; dy += 20) await touch('touchMove', y0 + dy);
    const loader = t.page.getByTestId('pull-refresh').filter({ visible: true }).first().getByTestId('pull-loader');
    expect(await loader.getAttribute('data-distance')).toBe('100');
    await touch('touchEnd', y0 + 160);
    await reload;
    await waitUntil(t, 'the loader to snap back', async () => (await loader.getAttribute('data-phase')) === 'idle');
  });
});
