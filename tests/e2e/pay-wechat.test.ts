// Payment in the WeChat browser (issue 5 test list): on a phone with a WeChat user
// agent a guest taps PayToRemove in the viewer of the watermarked demo gallery
// carpet26 → the 'WeChat authorization' dialog → ok → the sandbox OAuth page (the
// whole page leaves) → authorise → back on the gallery, the interrupted payment goes
// on by itself: the viewer opens at the photo and the JSAPI step opens the sandbox
// pay page (no WeixinJSBridge in the sandbox) → pay → the photo shows without
// watermark (its signed original) and PayToRemove is gone.
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { SIGNED_IMAGE, visible, BASE_URL, VIEWPORTS, launchBrowser, openPage, screenshotPath, visibleTestId, waitUntil, type TrackedPage } from './support';

const CARPET = `${BASE_URL}/g/carpet26`;
const phone = VIEWPORTS.find((v) => v.name === 'phone-wechat')!;

let browser: Browser;
let context: BrowserContext;
let t: TrackedPage;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});
beforeEach(async () => {
  context = await browser.newContext(phone.options);
  t = await openPage(context);
});
afterEach(async () => {
  await context?.close();
});

function currentSlide(page: Page): Promise<{ id: string; src: string; drawn: boolean }> {
  return page.evaluate(() => {
    const slide = document.querySelector('[data-testid="viewer-slide"][data-current="true"]');
    const img = slide?.querySelector('img') as HTMLImageElement | null | undefined;
    return { id: slide?.getAttribute('data-id') ?? '', src: img?.getAttribute('src') ?? '', drawn: !!img && img.complete && img.naturalWidth > 0 };
  });
}

it('guest on a WeChat phone: PayToRemove → authorisation → sandbox OAuth → JSAPI sandbox pay → the photo without watermark', async () => {
  expect(phone.options?.viewport).toEqual({ width: 375, height: 812 });
  await t.page.goto(CARPET);
  await visibleTestId(t, 'gallery-name');
  const cell = visible(t.page, 'photo-item');
  await waitUntil(t, 'a photo of carpet26', () => cell.isVisible());
  const photoId = (await cell.getAttribute('data-id')) ?? '';
  await cell.click();
  await waitUntil(t, 'PayToRemove in the viewer', () => visible(t.page, 'viewer-pay-remove').isVisible());
  expect((await currentSlide(t.page)).src).not.toMatch(SIGNED_IMAGE);
  // No Download link inside WeChat (spec part 1 §6).
  expect(await t.page.getByTestId('viewer-download').filter({ visible: true }).count()).toBe(0);

  await visible(t.page, 'viewer-pay-remove').click();
  expect(await visibleTestId(t, 'login-prompt')).toMatch(/微信授权|WeChat authorization/);
  await t.page.screenshot({ path: screenshotPath('pay-wechat-authorise') });
  await visible(t.page, 'login-prompt-ok').click();
  await t.page.waitForURL(/\/sandbox\/oauth\/authorize\?/, { timeout: 15000 });
  await t.page.getByTestId('sandbox-nickname').fill('WeChat payer');
  // The JSAPI sandbox step opens its pay page as a new tab once the payment resumes.
  const payTab = context.waitForEvent('page', { timeout: 45000 });
  await t.page.getByTestId('sandbox-authorise').click();
  await t.page.waitForURL((u) => u.href.startsWith(CARPET), { timeout: 15000 });

  // Back on the gallery: the viewer reopens at the photo and the payment goes on.
  await waitUntil(t, 'the viewer at the paid photo', async () => (await currentSlide(t.page)).id === photoId, 20000);
  const sandbox = await payTab;
  await sandbox.waitForLoadState();
  expect(sandbox.url()).toContain('/sandbox/pay/');
  await sandbox.screenshot({ path: screenshotPath('pay-wechat-sandbox-page') });
  await sandbox.locator('form button[type="submit"]').click();
  await sandbox.waitForLoadState();
  await sandbox.close();

  // The server says paid (polled every 2 s): the photo shows its signed original, without watermark.
  await waitUntil(t, 'the signed original in the viewer', async () => SIGNED_IMAGE.test((await currentSlide(t.page)).src), 30000);
  await waitUntil(t, 'the original to be drawn', async () => (await currentSlide(t.page)).drawn);
  expect((await currentSlide(t.page)).id).toBe(photoId);
  expect(await t.page.getByTestId('viewer-pay-remove').filter({ visible: true }).count()).toBe(0);
  expect(await t.page.getByTestId('pay-qr').count()).toBe(0);
  await t.page.screenshot({ path: screenshotPath('pay-wechat-paid') });
  expect(t.errors.filter((e) => !/401|favicon|requestfailed/.test(e))).toEqual([]);
});
