// Payment in the browser (issue 5 item 7): on a desktop, a guest taps PayToRemove
// in the viewer of the watermarked demo gallery carpet26 → the 'WeChat
// authorisation' dialog → sandbox login → the QR popup 'Scan to pay' →
// confirm on the sandbox pay page → the photo shows without watermark (signed
// original URL). Then a paid download on the next photo: pay → the interrupted
// download continues (a Playwright download event).
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { SIGNED_IMAGE, visible, BASE_URL, launchBrowser, openPage, screenshotPath, waitUntil, type TrackedPage } from './support';

const CARPET = `${BASE_URL}/g/carpet26`;

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
  context = await browser.newContext({ viewport: { width: 1280, height: 800 }, acceptDownloads: true });
  t = await openPage(context);
});
afterEach(async () => {
  await context?.close();
});

async function currentSlideSrc(page: Page): Promise<string> {
  return page.evaluate(() => {
    const slide = document.querySelector('[data-testid="viewer-slide"][data-current="true"]');
    const img = slide?.querySelector('img');
    return img?.getAttribute('src') ?? '';
  });
}

/** The QR popup is up: open its sandbox link (a new tab) and press the sandbox page's Pay button. */
async function payInSandbox(shot?: string): Promise<void> {
  await waitUntil(t, 'the QR pay popup', () => visible(t.page, 'pay-qr').isVisible(), 20000);
  const title = ((await visible(t.page, 'pay-qr-title').textContent()) ?? '').trim();
  expect(title).toMatch(/Scan to pay|请扫码支付/);
  const qrStyle = (await visible(t.page, 'pay-qr-code').getAttribute('style')) ?? '';
  expect(qrStyle).toContain('data:image/svg+xml');
  if (shot) await t.page.screenshot({ path: screenshotPath(shot) });
  const [sandboxPage] = await Promise.all([context.waitForEvent('page'), visible(t.page, 'pay-qr-sandbox').click()]);
  await sandboxPage.waitForLoadState();
  expect(sandboxPage.url()).toContain('/sandbox/pay/');
  await sandboxPage.locator('form button[type="submit"]').click();
  await sandboxPage.waitForLoadState();
  await sandboxPage.close();
  // The popup polls the charge every 2 s and closes once the server says paid.
  await waitUntil(t, 'the QR popup to close after payment', async () => !(await t.page.getByTestId('pay-qr').isVisible()), 20000);
}

/** The 'WeChat authorization' dialog → ok → the desktop sandbox login popup → Authorise in its frame. */
async function sandboxLogin(): Promise<void> {
  await waitUntil(t, 'the authorisation dialog', () => visible(t.page, 'login-prompt-ok').isVisible());
  await visible(t.page, 'login-prompt-ok').click();
  await waitUntil(t, 'the sandbox login popup', () => visible(t.page, 'login-popup').isVisible());
  await t.page.frameLocator('[data-testid="login-popup"] iframe').getByTestId('sandbox-authorise').click();
  await waitUntil(t, 'the login to finish', async () => !(await t.page.getByTestId('login-popup').isVisible()), 20000);
  const skip = visible(t.page, 'login-profile-skip');
  if (await skip.isVisible().catch(() => false)) await skip.click();
}

it('a guest pays to remove the watermark through sandbox login and the QR popup; a paid download continues after payment', async () => {
  await t.page.goto(CARPET);
  await waitUntil(t, 'a photo of carpet26', () => visible(t.page, 'photo-item').isVisible());
  await visible(t.page, 'photo-item').click();
  await waitUntil(t, 'PayToRemove in the viewer', () => visible(t.page, 'viewer-pay-remove').isVisible());
  const before = await currentSlideSrc(t.page);
  expect(before).not.toMatch(SIGNED_IMAGE);
  await waitUntil(t, 'the watermarked photo to be drawn', () => t.page.evaluate(() => {
    const img = document.querySelector('[data-testid="viewer-slide"][data-current="true"] img') as HTMLImageElement | null;
    return !!img && img.complete && img.naturalWidth > 0;
  }));
  await t.page.screenshot({ path: screenshotPath('pay-viewer-watermarked') });

  await visible(t.page, 'viewer-pay-remove').click();
  await sandboxLogin();
  await payInSandbox('pay-qr-popup');

  // The interrupted action goes on: the photo shows its signed original, without watermark.
  await waitUntil(t, 'the signed original in the viewer', async () => SIGNED_IMAGE.test(await currentSlideSrc(t.page)), 20000);
  expect(await t.page.getByTestId('viewer-pay-remove').count()).toBe(0);
  await waitUntil(t, 'the original to be drawn', () => t.page.evaluate(() => {
    const img = document.querySelector('[data-testid="viewer-slide"][data-current="true"] img') as HTMLImageElement | null;
    return !!img && img.complete && img.naturalWidth > 0;
  }));
  await t.page.screenshot({ path: screenshotPath('pay-viewer-paid') });

  // Next photo: a paid download. Payment interrupts it; after paying, the download goes on.
  await visible(t.page, 'viewer-next').click();
  await waitUntil(t, 'PayToRemove on the next photo', () => visible(t.page, 'viewer-pay-remove').isVisible());
  const downloaded = t.page.waitForEvent('download', { timeout: 45000 });
  await visible(t.page, 'viewer-download').click();
  await payInSandbox();
  const download = await downloaded;
  expect(download.suggestedFilename()).toMatch(/\.(jpe?g|png|webp)$/i);
  await waitUntil(t, 'the next photo without watermark', async () => SIGNED_IMAGE.test(await currentSlideSrc(t.page)), 20000);
  expect(t.errors.filter((e) => !/401|favicon|requestfailed/.test(e))).toEqual([]);
});
