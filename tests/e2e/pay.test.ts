// Pay-to-remove-watermark in a real browser (issue 12, feedback on every tap that costs
// money), on a phone with the WeChat user agent and on a desktop, in the watermarked demo
// gallery carpet26:
// - a guest taps 付费去水印 → the authorisation dialog → the sandbox login (the whole page
//   on the phone: the visitor comes back with the viewer open on the photo) → the
//   confirmation sheet shows what is bought, the price per photo and the total → the
//   confirm tap itself opens the sandbox pay page (phone: the JSAPI sandbox step; desktop:
//   the QR popup, whose sandbox link is a tap too) → pay → 付费成功 and the photo without
//   watermark. Every window.open is recorded with the event it ran in: it must be the click.
// - a second tap while the order is being made says 正在处理付款 (the busy toast).
import type { BrowserContext, Page } from 'playwright-core';
import { SIGNED_IMAGE, BASE_URL, VIEWPORTS, openPage, sandboxLogin, screenshotPath, toastSays, visible, visibleTestId, waitUntil, useBrowser, type TrackedPage } from './support';

const CARPET = `${BASE_URL}/g/carpet26`;
/** The demo's Red Carpet price per photo (server/src/demo: DEMO_CARPET_PRICE_CENTS). */
const PRICE = /¥\s?\d+\.\d{2}/;

const { newContext } = useBrowser();

/** Records every window.open with the event it ran in and the page's user activation at that moment. */
const RECORD_OPENS = () => {
  const w = window as unknown as { __opens: Array<{ url: string; event: string | null; active: boolean | null }> };
  w.__opens = [];
  const open = window.open.bind(window);
  window.open = (...args: Parameters<typeof window.open>) => {
    const ev = (window as unknown as { event?: Event }).event;
    const activation = (navigator as unknown as { userActivation?: { isActive: boolean } }).userActivation;
    w.__opens.push({ url: String(args[0] ?? ''), event: ev ? ev.type : null, active: activation ? activation.isActive : null });
    return open(...args);
  };
};

function opens(page: Page): Promise<Array<{ url: string; event: string | null; active: boolean | null }>> {
  return page.evaluate(() => (window as unknown as { __opens: Array<{ url: string; event: string | null; active: boolean | null }> }).__opens ?? []);
}

function currentSlide(page: Page): Promise<{ id: string; src: string; drawn: boolean }> {
  return page.evaluate(() => {
    const slide = document.querySelector('[data-testid="viewer-slide"][data-current="true"]');
    const img = slide?.querySelector('img') as HTMLImageElement | null | undefined;
    return { id: slide?.getAttribute('data-id') ?? '', src: img?.getAttribute('src') ?? '', drawn: !!img && img.complete && img.naturalWidth > 0 };
  });
}

describe.each(VIEWPORTS)('$name', ({ name, options }) => {
  const phone = name === 'phone-wechat';
  let context: BrowserContext;
  let t: TrackedPage;
  beforeEach(async () => {
    context = await newContext(options);
    await context.addInitScript(RECORD_OPENS);
    t = await openPage(context);
  });

  const shot = (step: string) => t.page.screenshot({ path: screenshotPath(`pay-${name}-${step}`) });
  const sheetPhase = () => visible(t.page, 'pay-sheet').getAttribute('data-phase');

  async function openFirstPhoto(): Promise<string> {
    await t.page.goto(CARPET);
    await visibleTestId(t, 'gallery-name');
    const cell = visible(t.page, 'photo-item');
    await waitUntil(t, 'a photo of carpet26', () => cell.isVisible());
    const id = (await cell.getAttribute('data-id')) ?? '';
    await cell.click();
    await waitUntil(t, 'PayToRemove in the viewer', () => visible(t.page, 'viewer-pay-remove').isVisible());
    return id;
  }

  /** The sheet at its price: what is bought, the price per photo, one photo, the total. */
  async function expectPrice(): Promise<void> {
    await waitUntil(t, 'the confirmation sheet with its price', async () => (await sheetPhase()) === 'confirm', 20000);
    expect(await visibleTestId(t, 'pay-sheet-title')).toMatch(/付费去水印|Remove watermark/);
    expect(await visibleTestId(t, 'pay-sheet-what')).toMatch(/去除 1 张照片的水印|Remove the watermark from 1 photo/);
    const unit = await visibleTestId(t, 'pay-sheet-unit');
    const total = await visibleTestId(t, 'pay-sheet-total');
    expect(unit).toMatch(PRICE);
    expect(total).toMatch(PRICE);
    expect(unit.match(PRICE)![0]).toBe(total.match(PRICE)![0]);
    expect(await visibleTestId(t, 'pay-sheet-confirm')).toContain(total.match(PRICE)![0]);
  }

  /** Pay on the sandbox page the tap opened, and come back to the app's tab. */
  async function payOn(sandbox: Page): Promise<void> {
    await sandbox.waitForLoadState();
    expect(sandbox.url()).toContain('/sandbox/pay/');
    expect(await sandbox.getByTestId('sandbox-pay-title').textContent()).toBe('Remove watermark · 1 photo · 去水印 1 张');
    await sandbox.screenshot({ path: screenshotPath(`pay-${name}-sandbox-page`) });
    await sandbox.locator('form button[type="submit"]').click();
    await sandbox.waitForLoadState();
    await sandbox.getByTestId('sandbox-paid').waitFor();
    await sandbox.close();
  }

  it('guest: 付费去水印 → login → the price → the confirm tap opens the sandbox page → paid, the photo without watermark', async () => {
    const photoId = await openFirstPhoto();
    expect((await currentSlide(t.page)).src).not.toMatch(SIGNED_IMAGE);
    await shot('1-viewer');
    await visible(t.page, 'viewer-pay-remove').click();
    expect(await visibleTestId(t, 'login-prompt')).toMatch(/微信授权|WeChat authorization/);
    await shot('2-authorise');
    await visible(t.page, 'login-prompt-ok').click();
    if (phone) {
      // The whole page goes to the sandbox OAuth page and comes back.
      await t.page.waitForURL(/\/sandbox\/oauth\/authorize\?/, { timeout: 15000 });
      await t.page.getByTestId('sandbox-nickname').fill('WeChat payer');
      await t.page.getByTestId('sandbox-authorise').click();
      await t.page.waitForURL((u) => u.href.startsWith(CARPET), { timeout: 15000 });
      // Back on the same photo, with the payment going on.
      await waitUntil(t, 'the viewer on the same photo after the login', async () => (await currentSlide(t.page)).id === photoId, 20000);
    } else {
      await waitUntil(t, 'the sandbox login popup', () => visible(t.page, 'login-popup').isVisible());
      await t.page.frameLocator('[data-testid="login-popup"] iframe').getByTestId('sandbox-authorise').click();
      await waitUntil(t, 'the login to finish', async () => !(await t.page.getByTestId('login-popup').isVisible()), 20000);
    }
    await expectPrice();
    expect((await currentSlide(t.page)).id).toBe(photoId);
    await shot('3-price');
    expect(await opens(t.page)).toEqual([]);

    let sandbox: Page;
    if (phone) {
      // JSAPI without WeChat's bridge (the sandbox): the confirm tap opens the pay page.
      [sandbox] = await Promise.all([context.waitForEvent('page'), visible(t.page, 'pay-sheet-confirm').click()]);
      await waitUntil(t, 'the sheet waiting for the payment', async () => (await sheetPhase()) === 'waiting');
      await shot('4-waiting');
    } else {
      // Native: the QR popup; its sandbox link is a tap of its own.
      await visible(t.page, 'pay-sheet-confirm').click();
      await waitUntil(t, 'the QR pay popup', () => visible(t.page, 'pay-qr').isVisible());
      expect(await visibleTestId(t, 'pay-qr-price')).toMatch(PRICE);
      await shot('4-qr');
      [sandbox] = await Promise.all([context.waitForEvent('page'), visible(t.page, 'pay-qr-sandbox').click()]);
    }
    // The window was opened inside the click itself: no pop-up blocker would stop it.
    const opened = await opens(t.page);
    expect(opened).toHaveLength(1);
    expect(opened[0]).toMatchObject({ url: expect.stringContaining('/sandbox/pay/'), event: 'click', active: true });
    await payOn(sandbox);

    // The server says paid (polled every 2 s): 付费成功, then the signed original without watermark.
    await toastSays(t, /付费成功|Payment succeeded/);
    await shot('5-paid-toast');
    await waitUntil(t, 'the signed original in the viewer', async () => SIGNED_IMAGE.test((await currentSlide(t.page)).src), 30000);
    await waitUntil(t, 'the original to be drawn', async () => (await currentSlide(t.page)).drawn);
    expect((await currentSlide(t.page)).id).toBe(photoId);
    expect(await t.page.getByTestId('viewer-pay-remove').filter({ visible: true }).count()).toBe(0);
    expect(await t.page.getByTestId('pay-sheet').count()).toBe(0);
    expect(await t.page.getByTestId('pay-qr').count()).toBe(0);
    await shot('6-paid');
    expect(t.errors.filter((e) => !/401|favicon|requestfailed/.test(e))).toEqual([]);
  });

  it('a second tap while the order is being made says so; Cancel ends with 已取消支付', async () => {
    await t.page.goto(CARPET);
    await visibleTestId(t, 'gallery-name');
    await sandboxLogin(t.page, `busy-${name}`);
    // The server's answer to the order waits until the test lets it through.
    let release!: () => void;
    const held = new Promise<void>((r) => (release = r));
    await t.page.route('**/api/v2/pay/paytoimage', async (route) => {
      await held;
      await route.continue();
    });
    await openFirstPhoto();
    await visible(t.page, 'viewer-pay-remove').click();
    await waitUntil(t, 'the sheet while ordering', async () => (await sheetPhase()) === 'ordering');
    expect(await visibleTestId(t, 'pay-sheet-confirm')).toMatch(/正在下单|Preparing your order/);
    await shot('busy-1-ordering');
    await visible(t.page, 'pay-sheet-confirm').click();
    expect(await toastSays(t, /正在处理付款，请稍候|Your payment is still in progress/)).toBeTruthy();
    await shot('busy-2-toast');
    expect(await opens(t.page)).toEqual([]);
    release();
    await expectPrice();
    await visible(t.page, 'pay-sheet-cancel').click();
    await toastSays(t, /已取消支付|Payment cancelled/);
    await waitUntil(t, 'the sheet closed', async () => (await t.page.getByTestId('pay-sheet').count()) === 0);
    expect(await visible(t.page, 'viewer-pay-remove').isVisible()).toBe(true);
    expect(await opens(t.page)).toEqual([]);
  });
});
