// Issue 12, Experience 7 and 12 in a real browser: every page has a title (and keeps
// it after Back); a gallery the organiser creates starts with a head showing its first
// photo and the navigation with Me; the venue screen's idle state shows the name whole
// over a dimmed photo; the WeChat browser's share points at its ··· menu; the share
// page's grid keeps the page's margins.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { BASE_URL, DEMO_LINK, VIEWPORTS, getJson, openPage, pagePerTest, screenshotPath, visible, visibleTestId, waitUntil, useBrowser, type TrackedPage } from './support';
import { createGallery, shot, upload } from './organiser';

const { browser, newContext } = useBrowser();
let folder: string;
beforeAll(async () => {
  folder = fs.mkdtempSync(path.join(os.tmpdir(), 'lg-e2e-defaults-'));
});
afterAll(async () => {
  fs.rmSync(folder, { recursive: true, force: true });
});

const phone = VIEWPORTS.find((v) => v.name === 'phone-wechat')!;
const title = (t: TrackedPage) => t.page.title();

/** A gallery made the way an organiser makes one (API + upload CLI), with `n` photos. */
async function organiserGallery(name: string, n: number) {
  const g = await createGallery(name);
  const dir = path.join(folder, g.link_id);
  fs.mkdirSync(dir);
  const base = Date.now() - 3600_000;
  for (let i = 0; i < n; i++) await shot(dir, `IMG_${100 + i}.JPG`, new Date(base + i * 60_000), 30 + i * 60);
  if (n) expect(upload(g.link_id, dir)).toContain(`uploaded ${n}`);
  return g;
}

/** Ids of a few visible photos of the demo, for a share page. */
async function demoPhotoIds(n: number): Promise<string> {
  const g = (await getJson(`/api/v2/gallery/link/${DEMO_LINK}`)).body.data.gallery;
  const list = (await getJson(`/api/v2/images/${g.id}/list?page_size=${n}`)).body.data.items as Array<{ id: number }>;
  return list.map((p) => p.id).join(',');
}

describe.each(VIEWPORTS)('titles ($name)', ({ options }) => {
  let t: TrackedPage;
  pagePerTest(browser, options, (page) => (t = page));

  it('/, a gallery, /page/me and the venue screen each have a non-empty title, and a gallery keeps its own after Back', async () => {
    const seen: Record<string, string> = {};
    for (const [url, ready] of [
      ['/', 'landing-demo'],
      [`/g/${DEMO_LINK}`, 'gallery-name'],
      ['/page/me', 'page-me'],
      [`/g/${DEMO_LINK}/screen`, 'carousel-name']
    ] as const) {
      await t.page.goto(BASE_URL + url);
      await visibleTestId(t, ready);
      seen[url] = await waitUntil(t, `a title on ${url}`, async () => (await title(t)).trim());
    }
    expect(seen['/']).toMatch(/活动相册|Event photos/);
    expect(seen[`/g/${DEMO_LINK}`]).toContain('Spring Gala 2026');
    expect(seen['/page/me']).toMatch(/^(我的|Me)$/);
    expect(seen[`/g/${DEMO_LINK}/screen`]).toContain('Spring Gala 2026');

    // Into a sub-gallery and Back: the tab names the page on screen each time, never blank.
    await t.page.goto(`${BASE_URL}/g/${DEMO_LINK}`);
    await visibleTestId(t, 'gallery-name');
    await visible(t.page, 'gallery-card').click();
    await waitUntil(t, 'the sub-gallery', async () => new URL(t.page.url()).pathname !== `/g/${DEMO_LINK}`);
    const sub = await waitUntil(t, 'the sub-gallery title', async () => ((await title(t)) !== seen[`/g/${DEMO_LINK}`] ? title(t) : ''));
    expect(sub.trim()).not.toBe('');
    await t.page.goBack();
    await waitUntil(t, 'back on the demo', async () => new URL(t.page.url()).pathname === `/g/${DEMO_LINK}`);
    expect(await waitUntil(t, 'the demo title again', async () => ((await title(t)).includes('Spring Gala 2026') ? title(t) : ''))).toContain('Spring Gala 2026');
    await t.page.goto(`${BASE_URL}/no/such/page`);
    await visibleTestId(t, 'not-found');
    expect((await title(t)).trim()).toMatch(/页面不存在|Page not found/);
  });
});

describe.each(VIEWPORTS)('a new gallery ($name)', ({ name, options }) => {
  let t: TrackedPage;
  pagePerTest(browser, options, (page) => (t = page));

  it('starts with a head showing its first photo, the photo list and the navigation with Me', async () => {
    const g = await organiserGallery(`Club night ${name}`, 2);
    await t.page.goto(`${BASE_URL}/g/${g.link_id}`);
    expect(await visibleTestId(t, 'gallery-name')).toBe(`Club night ${name}`);
    const head = await waitUntil(t, 'the head image loaded', async () =>
      t.page.evaluate(() => {
        const img = document.querySelector('[data-testid="slidehead-slide"] img') as HTMLImageElement | null;
        return img && img.complete && img.naturalWidth > 0 ? img.getAttribute('src') : null;
      })
    );
    const cover = (await getJson(`/api/v2/gallery/link/${g.link_id}`)).body.data.gallery.cover as string;
    expect(cover).toMatch(/^[0-9a-f]{64}$/);
    expect(head).toContain(cover);
    await waitUntil(t, 'two photo cells', async () => (await t.page.getByTestId('photo-item').count()) === 2);
    const nav = await visibleTestId(t, 'bottom-nav');
    expect(nav).toMatch(/我的|Me/);
    await t.page.screenshot({ path: screenshotPath(`defaults-new-gallery-${name}`) });
  });
});

describe('the venue screen at rest', () => {
  for (const [w, h] of [[1920, 1080], [1280, 720]] as const) {
    it(`shows the whole event name over a dimmed photo at ${w}x${h}`, async () => {
      const context = await newContext({ viewport: { width: w, height: h } });
      const t = await openPage(context);
      await t.page.goto(`${BASE_URL}/g/${DEMO_LINK}/screen`);
      await visibleTestId(t, 'carousel-name');
      const src = await waitUntil(t, 'the backdrop photo loaded', async () =>
        t.page.evaluate(() => {
          const img = document.querySelector('[data-testid="carousel-backdrop"] img') as HTMLImageElement | null;
          return img && img.complete && img.naturalWidth > 0 ? img.getAttribute('src') : null;
        })
      );
      // A photo of the album, not the cover banner (which carries its own text).
      const g = (await getJson(`/api/v2/gallery/link/${DEMO_LINK}`)).body.data.gallery;
      expect(src).not.toContain(g.cover);
      const box = await t.page.evaluate(() => {
        const name = document.querySelector('[data-testid="carousel-name"]') as HTMLElement;
        const r = name.getBoundingClientRect();
        const qr = document.querySelector('[data-testid="carousel-qr"]')?.getBoundingClientRect() ?? null;
        const bar = document.querySelector('[data-testid="carousel-play"]')?.getBoundingClientRect() ?? null;
        const filter = getComputedStyle(document.querySelector('[data-testid="carousel-backdrop"] img')!).filter;
        // Cut: an element between the name and the screen that hides its overflow and does not hold the whole name.
        let clipped = false;
        for (let el = name.parentElement; el && el !== document.body; el = el.parentElement) {
          const a = el.getBoundingClientRect();
          const holds = a.left <= r.left + 0.5 && a.right >= r.right - 0.5 && a.top <= r.top + 0.5 && a.bottom >= r.bottom - 0.5;
          if (getComputedStyle(el).overflow !== 'visible' && !holds) clipped = true;
        }
        const style = getComputedStyle(name);
        if (style.textOverflow === 'ellipsis' || style.whiteSpace === 'nowrap') clipped = true;
        return { left: r.left, right: r.right, top: r.top, bottom: r.bottom, clipped, qrLeft: qr?.left ?? null, barTop: bar?.top ?? null, filter };
      });
      expect(box.clipped).toBe(false);
      expect(box.left).toBeGreaterThanOrEqual(0);
      expect(box.top).toBeGreaterThanOrEqual(0);
      expect(box.bottom).toBeLessThanOrEqual(h);
      if (box.qrLeft !== null) expect(box.right).toBeLessThanOrEqual(box.qrLeft);
      if (box.barTop !== null) expect(box.bottom).toBeLessThanOrEqual(box.barTop);
      expect(box.filter).toContain('brightness');
      await t.page.screenshot({ path: screenshotPath(`defaults-screen-${w}x${h}`) });
    });
  }
});

describe('sharing the share page', () => {
  it('in the WeChat browser points at the ··· menu, and Back closes the hint; the grid keeps the page margins', async () => {
    const ids = await demoPhotoIds(5);
    const context = await newContext({ ...phone.options, permissions: ['clipboard-read', 'clipboard-write'] });
    const t = await openPage(context);
    await t.page.goto(`${BASE_URL}/page/share/anon123/${ids}`);
    await waitUntil(t, 'five shared photos', async () => (await t.page.getByTestId('photo-item').count()) === 5);
    const [first, head] = await Promise.all([t.page.getByTestId('photo-item').first().boundingBox(), t.page.getByTestId('share-sharer').boundingBox()]);
    expect(first!.x).toBeGreaterThanOrEqual(8);
    const vw = phone.options!.viewport!.width;
    const last = await t.page.getByTestId('photo-item').nth(2).boundingBox();
    expect(vw - (last!.x + last!.width)).toBeGreaterThanOrEqual(8);
    expect(head).toBeTruthy();

    await t.page.getByTestId('share-button').click();
    const text = await visibleTestId(t, 'share-menu-hint-text');
    expect(text).toMatch(/右上角 ···|··· at the top right/);
    const arrow = await t.page.getByTestId('share-menu-hint-arrow').boundingBox();
    // The arrow points at the top right corner, where WeChat's menu is.
    expect(arrow!.x + arrow!.width).toBeGreaterThan(vw * 0.75);
    expect(arrow!.y).toBeLessThan(40);
    await t.page.screenshot({ path: screenshotPath('defaults-share-hint-phone-wechat') });
    await t.page.goBack();
    await waitUntil(t, 'the hint closed by Back', async () => (await t.page.getByTestId('share-menu-hint').count()) === 0);
    expect(new URL(t.page.url()).pathname).toBe(`/page/share/anon123/${ids}`);
  });

  it('in a desktop browser copies the link without the WeChat hint', async () => {
    const ids = await demoPhotoIds(3);
    const desktop = VIEWPORTS.find((v) => v.name === 'desktop')!;
    const context = await newContext({ ...desktop.options, permissions: ['clipboard-read', 'clipboard-write'] });
    const t = await openPage(context);
    await t.page.goto(`${BASE_URL}/page/share/anon123/${ids}`);
    await waitUntil(t, 'three shared photos', async () => (await t.page.getByTestId('photo-item').count()) === 3);
    await t.page.evaluate(() => {
      (navigator as unknown as { share?: unknown }).share = undefined;
    });
    await t.page.getByTestId('share-button').click();
    const copied = await waitUntil(t, 'the link on the clipboard', async () => t.page.evaluate(() => navigator.clipboard.readText()));
    expect(copied).toBe(`${BASE_URL}/page/share/anon123/${ids}`);
    expect(await t.page.getByTestId('share-menu-hint').count()).toBe(0);
    await t.page.screenshot({ path: screenshotPath('defaults-share-desktop') });
  });
});
