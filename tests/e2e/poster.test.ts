// The poster maker in a real browser (issue 16 item 3), on a phone (375x812, not WeChat's
// browser, so Save downloads): the share pendant's modal offers the QR poster; the portal
// shows the template strip; 'Make' draws the poster (a real, decodable JPEG of 1125 px, the
// 750 design width at pixel ratio 1.5); a guest's Save asks for login; after login Save
// downloads the poster, uploads it (stored under poster/g…_t…_m….jpg) and records it
// (createv2): the visitor's poster list names it and its stored picture decodes.
import { BASE_URL, DEMO_LINK, pagePerTest, sandboxLogin, screenshotPath, visible, visibleTestId, waitUntil, useBrowser, type TrackedPage } from './support';

const PHONE = { viewport: { width: 375, height: 812 }, hasTouch: true, isMobile: true, deviceScaleFactor: 2, locale: 'zh-CN', acceptDownloads: true };

const { browser } = useBrowser();
let t: TrackedPage;
pagePerTest(browser, PHONE, (p) => (t = p));

async function openDemo(): Promise<void> {
  await t.page.goto(`${BASE_URL}/g/${DEMO_LINK}`);
  await visibleTestId(t, 'gallery-name');
  await waitUntil(t, 'the pendant bar', () => visible(t.page, 'pendent').isVisible());
}

/** The share pendant → the share modal → QR poster → the portal with its templates; then 'Make' and the preview. */
async function makePoster(): Promise<void> {
  await visible(t.page, 'pendent-share').click();
  await visibleTestId(t, 'share-sheet');
  await visible(t.page, 'share-opt-poster').click();
  await waitUntil(t, 'the template strip', async () => (await visible(t.page, 'poster-portal').getAttribute('data-phase')) === 'choosing', 20000);
  expect(await t.page.locator('[data-testid^="poster-template-"]:visible').count()).toBeGreaterThanOrEqual(2);
  await t.page.screenshot({ path: screenshotPath('poster-portal-phone') });
  // The template strip is whole on a phone: no thumbnail cut by the strip, the strip clear of the
  // buttons, and nothing beyond the panel.
  const clipped = await t.page.evaluate(() => {
    const box = (selector: string) => document.querySelector(selector)!.getBoundingClientRect();
    const panel = document.querySelector('.poster-portal__panel')!;
    const strip = box('.poster-portal__strip');
    const thumbs = [...document.querySelectorAll('[data-testid^="poster-template-"]')].map((el) => el.getBoundingClientRect()).filter((r) => r.width > 0 && r.left < strip.right);
    return {
      thumbs: thumbs.length,
      cut: thumbs.filter((r) => r.bottom > strip.bottom + 0.5 || r.top < strip.top - 0.5).length,
      stripOverButtons: strip.bottom > box('.poster-portal__actions').top + 0.5,
      panelOverflows: panel.scrollHeight > panel.clientHeight + 1 || box('.poster-portal__actions').bottom > panel.getBoundingClientRect().bottom + 0.5
    };
  });
  expect(clipped).toEqual({ thumbs: expect.any(Number), cut: 0, stripOverButtons: false, panelOverflows: false });
  expect(clipped.thumbs).toBeGreaterThanOrEqual(2);
  // The poster is drawn from the photo's 1366-wide style (spec part 3 §9 source image width).
  const source = t.page.waitForRequest((r) => /\/img\/[0-9a-f]{64}!wx_1366_n/.test(r.url()), { timeout: 20000 });
  await visible(t.page, 'poster-make').click();
  await source;
  await waitUntil(t, 'the poster preview', async () => (await visible(t.page, 'poster-portal').getAttribute('data-phase')) === 'preview', 20000);
  expect(await visibleTestId(t, 'poster-hint')).toMatch(/^(长按保存图片|long press to save image)$/);
  const size = await waitUntil(t, 'the poster picture to decode', () =>
    t.page.evaluate(() => {
      const img = document.querySelector('[data-testid="poster-image"] img, img[data-testid="poster-image"]') as HTMLImageElement | null;
      return img && img.complete && img.naturalWidth > 0 ? { w: img.naturalWidth, h: img.naturalHeight } : null;
    })
  );
  expect(size.w).toBe(1125);
  expect([2001, 1500]).toContain(size.h);
}

it('a guest makes a poster, and Save asks to log in first', async () => {
  await openDemo();
  await makePoster();
  await t.page.screenshot({ path: screenshotPath('poster-preview-phone') });
  await visible(t.page, 'poster-save').click();
  await visibleTestId(t, 'login-prompt');
  expect(await visible(t.page, 'poster-preview').getAttribute('data-saved')).toBe('0');
});

it('a logged-in visitor saves the poster: downloaded, uploaded and recorded', async () => {
  await openDemo();
  await sandboxLogin(t.page, `poster-${Date.now()}`);
  await t.page.reload();
  await visibleTestId(t, 'gallery-name');
  await makePoster();
  const download = t.page.waitForEvent('download');
  await visible(t.page, 'poster-save').click();
  expect((await download).suggestedFilename()).toMatch(/^poster-\d+-\d+\.jpg$/);
  await waitUntil(t, 'the poster recorded', async () => (await visible(t.page, 'poster-preview').getAttribute('data-saved')) === '1');

  const stored = await t.page.evaluate(async () => {
    // The page's session: its cookie.
    const headers = { 'X-Client': 'h5' };
    const detail = await (await fetch(`/api/v2/gallery/link/${location.pathname.split('/').pop()}`, { headers })).json();
    const g = detail.data.gallery.id as number;
    const list = await (await fetch(`/api/v2/poster/list/${g}`, { headers })).json();
    const thumb = list.data[0]?.thumb as string | undefined;
    if (!thumb) return { g, count: list.data.length, thumb: null, width: 0, type: '' };
    const res = await fetch(thumb, { headers });
    const blob = await res.blob();
    const bitmap = await createImageBitmap(blob);
    return { g, count: list.data.length, thumb, width: bitmap.width, type: res.headers.get('content-type') ?? '' };
  });
  expect(stored.count).toBe(1);
  expect(stored.thumb).toMatch(new RegExp(`^/api/v2/poster/file/g${stored.g}_t\\d+_m\\d+_u\\d+\\.jpg$`));
  expect(stored.type).toBe('image/jpeg');
  expect(stored.width).toBe(1125);
  expect(t.errors.filter((e) => !/401|favicon/.test(e))).toEqual([]);
});
