// The layout on a phone (WeChat) and on a desktop (issue 12, Experience 5, 6 and 9):
// no fixed or floating element (navigation, pendants, back-to-top, banners) covers a
// photo cell, wherever the page is scrolled; the end of a list scrolls clear of the
// bottom bar; the banner is requested at the resolution it is shown (wx_1920_n on the
// desktop); the layout label names the columns shown; and on the desktop the viewer's
// controls never cover the photo while the arrow keys still navigate.
import type { Page } from 'playwright-core';
import { BASE_URL, DEMO_LINK, VIEWPORTS, pagePerTest, revealPhotos, screenshotPath, visibleTestId, waitUntil, useBrowser, type TrackedPage } from './support';

const SUB_GALLERY = 'carpet26';

const { browser } = useBrowser();

interface Box {
  left: number;
  top: number;
  right: number;
  bottom: number;
}

interface Measure {
  /** Fixed and sticky elements on screen (outermost), with what they are. */
  floating: Array<Box & { what: string; edgeBar: boolean }>;
  /** The photo cells on screen. */
  cells: Array<Box & { id: string }>;
  /** The part of the screen content scrolls in: the screen less bars across its top or bottom edge. */
  content: Box;
  viewport: { width: number; height: number };
}

/**
 * Every fixed or sticky element on screen and every photo cell. A bar that spans the
 * screen at its top or bottom edge (the phone's bottom bar) is the edge of the view:
 * content scrolls beneath it out of sight, as beneath the browser's own toolbar, so
 * it bounds the content area instead of covering it. Everything else that is fixed
 * must keep off the photos.
 */
function measure(page: Page): Promise<Measure> {
  return page.evaluate(() => {
    const vw = window.innerWidth;
    const vh = window.innerHeight;
    const box = (r: DOMRect) => ({ left: r.left, top: r.top, right: r.right, bottom: r.bottom });
    const onScreen = (el: Element): DOMRect | null => {
      const cs = getComputedStyle(el);
      if (cs.display === 'none' || cs.visibility === 'hidden' || Number(cs.opacity) === 0) return null;
      const r = el.getBoundingClientRect();
      return r.width >= 1 && r.height >= 1 && r.bottom > 0 && r.top < vh && r.right > 0 && r.left < vw ? r : null;
    };
    const pinned = Array.from(document.querySelectorAll('body *')).filter((el) => ['fixed', 'sticky'].includes(getComputedStyle(el).position));
    const outer = pinned.filter((el) => !pinned.some((o) => o !== el && o.contains(el)));
    const floating = outer.flatMap((el) => {
      const r = onScreen(el);
      if (!r) return [];
      const edgeBar = r.width >= vw * 0.95 && (r.top <= 1 || r.bottom >= vh - 1);
      const what = `${el.getAttribute('data-testid') ?? ''} ${String((el as HTMLElement).className ?? '').split(' ')[0]}`.trim();
      return [{ ...box(r), what, edgeBar }];
    });
    const top = Math.max(0, ...floating.filter((f) => f.edgeBar && f.top <= 1).map((f) => f.bottom));
    const bottom = Math.min(vh, ...floating.filter((f) => f.edgeBar && f.bottom >= vh - 1).map((f) => f.top));
    const cells = Array.from(document.querySelectorAll('[data-testid="photo-item"]')).flatMap((el) => {
      const r = onScreen(el);
      return r ? [{ ...box(r), id: el.getAttribute('data-id') ?? '?' }] : [];
    });
    return { floating, cells, content: { left: 0, top, right: vw, bottom }, viewport: { width: vw, height: vh } };
  });
}

const intersect = (a: Box, b: Box): Box | null => {
  const r = { left: Math.max(a.left, b.left), top: Math.max(a.top, b.top), right: Math.min(a.right, b.right), bottom: Math.min(a.bottom, b.bottom) };
  return r.right - r.left > 0.5 && r.bottom - r.top > 0.5 ? r : null;
};

/** 'what covers which photo' for every floating element over the visible part of a photo cell. */
function coverings(m: Measure): string[] {
  const out: string[] = [];
  for (const cell of m.cells) {
    const seen = intersect(cell, m.content);
    if (!seen) continue;
    for (const f of m.floating) {
      if (f.edgeBar) continue;
      if (intersect(seen, f)) out.push(`${f.what} [${Math.round(f.left)},${Math.round(f.top)} – ${Math.round(f.right)},${Math.round(f.bottom)}] covers photo ${cell.id}`);
    }
  }
  return out;
}

/** The page's scroll container (Taro's page element in H5). */
async function scrollBy(t: TrackedPage, dy: number): Promise<void> {
  const vp = t.page.viewportSize()!;
  await t.page.mouse.move(vp.width / 2, vp.height / 2);
  const before = await scrollTop(t.page);
  await t.page.mouse.wheel(0, dy);
  // A wheel event sent while the page is still busy (a loaded machine) can be dropped: send it again until the page moves.
  let tries = 0;
  await waitUntil(t, `the page to scroll by ${dy}`, async () => {
    if ((await scrollTop(t.page)) !== before) return true;
    if (++tries % 8 === 0) await t.page.mouse.wheel(0, dy);
    return false;
  });
}

const scrollTop = (page: Page) =>
  page.evaluate(() => Math.max(window.scrollY, ...Array.from(document.querySelectorAll('.taro_page')).map((e) => e.scrollTop)));

/**
 * Measured once the page is at rest: the scroll position has not moved since the last
 * look, and the scroll position chip (shown only while scrolling, like a scroll bar) has faded.
 */
async function atRest(t: TrackedPage): Promise<Measure> {
  let last = -1;
  await waitUntil(t, 'the page at rest (no scrolling, the scroll position chip faded)', async () => {
    const top = await scrollTop(t.page);
    const still = top === last;
    last = top;
    return still && (await t.page.getByTestId('position-indicator').count()) === 0;
  });
  return measure(t.page);
}

/** Open a gallery page; with `cells`, wait for photo cells where the page opens (a sub-gallery's list starts on the first screen). */
async function openWithPhotos(t: TrackedPage, link: string, cells = true): Promise<void> {
  await t.page.goto(`${BASE_URL}/g/${link}`);
  await visibleTestId(t, 'gallery-name');
  await waitUntil(t, 'the photo list', async () => (await t.page.locator('[data-testid="photo-area"]').count()) > 0);
  if (cells) await waitUntil(t, 'photo cells', async () => (await t.page.locator('[data-testid="photo-item"]').count()) >= 2);
}

describe.each(VIEWPORTS)('$name', ({ name, options }) => {
  let t: TrackedPage;
  pagePerTest(browser, options, (page) => (t = page));
  const desktop = (options?.viewport?.width ?? 0) > 800;

  it('on the demo page no fixed or floating element covers a photo cell: at the top, in the list and far down', async () => {
    await openWithPhotos(t, DEMO_LINK, false);
    const checked: string[] = [];
    const check = async (where: string) => {
      const m = await atRest(t);
      expect({ where, covering: coverings(m) }).toEqual({ where, covering: [] });
      checked.push(`${where}: ${m.cells.length} cells, ${m.floating.map((f) => f.what).join(' | ')}`);
      return m;
    };
    const top = await check('top');
    // The navigation and the pendants are on screen, and they are what is checked.
    const kinds = top.floating.map((f) => f.what).join(' ');
    expect(kinds).toContain('bottom-nav');
    expect(kinds).toContain('pendent');
    // Into the photos: a screen, then far enough down for back-to-top.
    await revealPhotos(t, 2);
    const inList = await check('photos at the top of the screen');
    expect(inList.cells.length).toBeGreaterThanOrEqual(desktop ? 8 : 4);
    await scrollBy(t, 1500);
    await scrollBy(t, 1500);
    await check('far down');
    if (desktop) {
      // The rail and the gutters: the column sits between them.
      const rail = top.floating.find((f) => f.what.startsWith('bottom-nav'))!;
      expect(rail.right).toBeLessThanOrEqual(Math.min(...inList.cells.map((c) => c.left)));
      expect(rail.bottom - rail.top).toBeGreaterThan(top.viewport.height * 0.9);
    } else {
      // On the phone the bar spans the bottom edge; the pendants sit inside it.
      const bar = top.floating.find((f) => f.what.startsWith('bottom-nav'))!;
      expect(bar.edgeBar).toBe(true);
      for (const f of top.floating.filter((x) => x.what.startsWith('pendent'))) expect(f.top).toBeGreaterThanOrEqual(bar.top - 0.5);
    }
    await t.page.screenshot({ path: screenshotPath(`layout-demo-${name}`) });
  });

  it(`in a sub-gallery (${SUB_GALLERY}) nothing covers a photo, and the end of the list scrolls clear of the bar`, async () => {
    await openWithPhotos(t, SUB_GALLERY);
    expect(coverings(await atRest(t))).toEqual([]);
    const vp = t.page.viewportSize()!;
    await t.page.mouse.move(vp.width / 2, vp.height / 2);
    /** Wheel down until `testId` shows (the list loads its next pages on the way). */
    const wheelUntil = (testId: string, what: string) =>
      waitUntil(
        t,
        what,
        async () => {
          if (await t.page.getByTestId(testId).filter({ visible: true }).count()) return true;
          await t.page.mouse.wheel(0, 1200);
          return false;
        },
        40000
      );
    // Far down, back-to-top is offered, docked (in the bar on the phone, in the gutter on the desktop).
    await wheelUntil('back-to-top', 'the back-to-top button far down');
    const far = await atRest(t);
    expect(coverings(far)).toEqual([]);
    expect(far.floating.map((f) => f.what).join(' ')).toContain('back-to-top');
    // At the very end: the last photos and the end line are above the bar, not beneath it.
    await wheelUntil('list-end', 'the end line of the list');
    await t.page.evaluate(() => {
      for (const el of Array.from(document.querySelectorAll('.taro_page'))) el.scrollTop = el.scrollHeight;
      window.scrollTo(0, document.documentElement.scrollHeight);
    });
    const end = await atRest(t);
    expect(coverings(end)).toEqual([]);
    const lowest = Math.max(...end.cells.map((c) => c.bottom));
    expect(lowest).toBeLessThanOrEqual(end.content.bottom + 0.5);
    const endLine = await t.page.getByTestId('list-end').filter({ visible: true }).first().boundingBox();
    expect(endLine!.y + endLine!.height).toBeLessThanOrEqual(end.content.bottom + 0.5);
    await t.page.screenshot({ path: screenshotPath(`layout-sub-end-${name}`) });
  });

  it(`requests the banner at the resolution it is shown (${desktop ? 'wx_1920_n' : 'wx_750_n'})`, async () => {
    const requested: string[] = [];
    t.page.on('request', (r) => {
      if (new URL(r.url()).pathname.startsWith('/img/')) requested.push(new URL(r.url()).pathname);
    });
    await t.page.goto(`${BASE_URL}/g/${DEMO_LINK}`);
    const img = t.page.locator('[data-testid="slidehead-slide"] img').first();
    const shown = await waitUntil(t, 'the first banner image loaded', () =>
      img.evaluate((el: HTMLImageElement) => (el.complete && el.naturalWidth > 0 ? { src: el.getAttribute('src') ?? '', natural: el.naturalWidth, css: el.getBoundingClientRect().width, dpr: window.devicePixelRatio } : null))
    );
    const style = desktop ? 'wx_1920_n' : 'wx_750_n';
    expect(shown.src).toMatch(new RegExp(`^/img/[0-9a-f]{64}!${style}$`));
    expect(requested.some((p) => p.endsWith(`!${style}`))).toBe(true);
    // The other screen's size of the same banner is never fetched (the preloads carry media queries).
    const other = shown.src.replace(style, desktop ? 'wx_750_n' : 'wx_1920_n');
    expect(requested).not.toContain(other);
    // Sharp where it is shown: at least as many image pixels as screen pixels (the demo banners are 1600 wide).
    expect(shown.natural).toBeGreaterThanOrEqual(Math.min(1600, Math.round(shown.css * shown.dpr)));
  });

  it('the layout label names the columns the list shows', async () => {
    await openWithPhotos(t, DEMO_LINK, false);
    await revealPhotos(t, 2);
    const sw = t.page.getByTestId('mode-switch').filter({ visible: true }).first();
    const columns = Number(await sw.getAttribute('data-columns'));
    const lefts = await t.page.evaluate(() => {
      const cells = Array.from(document.querySelectorAll('[data-testid="photo-item"]')).map((c) => c.getBoundingClientRect());
      const firstRow = Math.min(...cells.map((r) => r.top));
      return new Set(cells.filter((r) => Math.abs(r.top - firstRow) < 2).map((r) => Math.round(r.left))).size;
    });
    expect(lefts).toBe(columns);
    expect(columns).toBe(desktop ? 4 : 2);
    expect(await sw.textContent()).toContain(desktop ? '四列' : '双列');
  });
});

describe('desktop viewer', () => {
  let t: TrackedPage;
  pagePerTest(browser, VIEWPORTS.find((v) => v.name === 'desktop')!.options, (page) => (t = page));

  it("gives the photo its own area: no control covers it, and the arrow keys still navigate", async () => {
    await openWithPhotos(t, SUB_GALLERY);
    await t.page.locator('[data-testid="photo-item"]').nth(1).click();
    const position = () => visibleTestId(t, 'viewer-position');
    expect(await position()).toMatch(/^2\//);
    const measureViewer = () =>
      t.page.evaluate(() => {
        const r = (el: Element | null) => {
          if (!el) return null;
          const b = el.getBoundingClientRect();
          return b.width > 0 && b.height > 0 ? { left: b.left, top: b.top, right: b.right, bottom: b.bottom } : null;
        };
        const img = document.querySelector('[data-testid="viewer-slide"][data-current="true"] img') as HTMLImageElement | null;
        const controls = ['viewer-close', 'viewer-position', 'viewer-prev', 'viewer-next', 'viewer-thumbs', 'viewer-bar'].map((id) => ({
          id,
          box: r(document.querySelector(`[data-testid="${id}"]`))
        }));
        return { photo: img && img.complete && img.naturalWidth > 0 ? r(img) : null, controls, vw: window.innerWidth };
      });
    // At rest: the viewer opens with a zoom from the cell, so measure once two readings agree.
    const atRest = async () => {
      const a = await measureViewer();
      await t.page.waitForTimeout(150);
      const b = await measureViewer();
      return a.photo && b.photo && JSON.stringify(a.photo) === JSON.stringify(b.photo) ? b : null;
    };
    const m = await waitUntil(t, 'the photo shown in the viewer, at rest', atRest);
    expect(m.controls.every((c) => c.box)).toBe(true);
    const covering = m.controls.filter((c) => intersect(m.photo!, c.box!)).map((c) => c.id);
    expect(covering).toEqual([]);
    // Centred across the screen.
    expect(Math.abs((m.photo!.left + m.photo!.right) / 2 - m.vw / 2)).toBeLessThan(2);
    await t.page.screenshot({ path: screenshotPath('layout-viewer-desktop') });

    await t.page.keyboard.press('ArrowRight');
    await waitUntil(t, 'the next photo (3/…)', async () => /^3\//.test(await position()));
    await t.page.keyboard.press('ArrowLeft');
    await waitUntil(t, 'back to 2/…', async () => /^2\//.test(await position()));
    // With the thumbnails hidden the photo's area grows; the controls still keep off the photo.
    const stageHeight = () => t.page.getByTestId('viewer-stage').evaluate((el) => el.getBoundingClientRect().height);
    const before = await stageHeight();
    await t.page.getByTestId('viewer-thumbs-toggle').click();
    await waitUntil(t, 'a taller photo area without the thumbnails', async () => (await stageHeight()) > before);
    const after = await waitUntil(t, 'the photo shown again, at rest', atRest);
    expect(after.controls.filter((c) => c.box && intersect(after.photo!, c.box)).map((c) => c.id)).toEqual([]);
  });
});
