// Issue 16's pages in a real browser, against the seeded demo:
// - the order context (/g/demo2026?from=order&from_id=7) shows the Preorder tab; a guest taps it, logs in
//   through the sandbox, lands on /page/order/demo2026 and buys an offer: the sheet's price, the sandbox pay
//   page (desktop: from the QR popup; phone: from the confirm tap), Paid, and still Paid after a reload;
// - the group page opens from its token: the demo's albums, gated ones locked, a tap opens an album;
// - the legacy address /wx/gallery?id= opens a gallery brought over with its old id; a larger id is not found.
import type { Page } from 'playwright-core';
import { BASE_URL, DEMO_LINK, VIEWPORTS, pagePerTest, sandboxLogin, screenshotPath, toastSays, visible, visibleTestId, waitUntil, useBrowser, type TrackedPage } from './support';
import { organiser } from './organiser';

/** server/src/demo/demo.ts DEMO_GROUP_TOKEN and DEMO_SERVICE_OFFERS[0]. */
const GROUP_TOKEN = 'demoSpringGala2026AlbumsGroup000';
const OFFER = 'Photographer for your event, half day';

const { browser } = useBrowser();

const pathOf = (t: TrackedPage) => new URL(t.page.url()).pathname;

/** Pay on the sandbox page that opened, and close it. */
async function payOn(sandbox: Page): Promise<void> {
  await sandbox.waitForLoadState();
  expect(sandbox.url()).toContain('/sandbox/pay/');
  expect(await sandbox.getByTestId('sandbox-pay-title').textContent()).toBe(OFFER);
  await sandbox.locator('form button[type="submit"]').click();
  await sandbox.waitForLoadState();
  await sandbox.getByTestId('sandbox-paid').waitFor();
  await sandbox.close();
}

describe.each(VIEWPORTS)('order page ($name)', (vp) => {
  const phone = vp.name === 'phone-wechat';
  let t: TrackedPage;
  pagePerTest(browser, vp.options, (p) => (t = p));
  const firstOffer = () => t.page.getByTestId('order-offer').filter({ hasText: OFFER }).first();

  it('pays an offer in the sandbox, reached from the Preorder tab of the order context', async () => {
    if (phone) {
      // The phone's login is a whole-page OAuth round trip (tests/e2e/pay.test.ts): log in beforehand here.
      await t.page.goto(`${BASE_URL}/g/${DEMO_LINK}?from=order&from_id=7`);
      await visibleTestId(t, 'gallery-name');
      await sandboxLogin(t.page, 'order-phone');
      await t.page.reload();
      await visibleTestId(t, 'gallery-name');
      await visible(t.page, 'nav-tab-4').click();
    } else {
      await t.page.goto(`${BASE_URL}/g/${DEMO_LINK}?from=order&from_id=7`);
      await visibleTestId(t, 'gallery-name');
      await visible(t.page, 'nav-tab-4').click();
      // A guest logs in first.
      expect(await visibleTestId(t, 'login-prompt')).toMatch(/微信授权|WeChat authorization/);
      await visible(t.page, 'login-prompt-ok').click();
      await waitUntil(t, 'the sandbox login popup', () => visible(t.page, 'login-popup').isVisible());
      await t.page.frameLocator('[data-testid="login-popup"] iframe').getByTestId('sandbox-authorise').click();
    }
    await waitUntil(t, `the address /page/order/${DEMO_LINK}`, async () => pathOf(t) === `/page/order/${DEMO_LINK}`, 20000);
    await waitUntil(t, 'the offers', async () => (await t.page.getByTestId('order-offer').count()) === 2);
    expect(await firstOffer().getByTestId('order-offer-price').textContent()).toBe('¥888.00');
    await t.page.screenshot({ path: screenshotPath(`order-${vp.name}-1-offers`) });

    // The tap lands on taro-ui's button (its native-button layer covers the label).
    expect(await firstOffer().getByTestId('order-offer-buy').textContent()).toMatch(/购买|Buy/);
    await firstOffer().locator('.order-offer__buy').click();
    await waitUntil(t, 'the sheet with its price', async () => (await visible(t.page, 'pay-sheet').getAttribute('data-phase')) === 'confirm', 20000);
    expect(await visibleTestId(t, 'pay-sheet-total')).toBe('¥888.00');
    let sandbox: Page;
    if (phone) {
      [sandbox] = await Promise.all([t.page.context().waitForEvent('page'), visible(t.page, 'pay-sheet-confirm').click()]);
    } else {
      await visible(t.page, 'pay-sheet-confirm').click();
      await waitUntil(t, 'the QR pay popup', () => visible(t.page, 'pay-qr').isVisible());
      [sandbox] = await Promise.all([t.page.context().waitForEvent('page'), visible(t.page, 'pay-qr-sandbox').click()]);
    }
    await payOn(sandbox);
    await toastSays(t, /付费成功|Payment succeeded/, 30000);
    await waitUntil(t, 'the offer paid', async () => (await firstOffer().getAttribute('data-state')) === 'paid', 30000);
    await t.page.screenshot({ path: screenshotPath(`order-${vp.name}-2-paid`) });
    // The server keeps it: still paid after a reload, and the other offer is still to buy.
    await t.page.reload();
    await waitUntil(t, 'the offer paid after a reload', async () => (await firstOffer().getAttribute('data-state')) === 'paid');
    expect(await t.page.getByTestId('order-offer').filter({ hasNotText: OFFER }).first().getAttribute('data-state')).toBe('buy');
    // Back leads to the album in its order context: the Preorder tab is there again.
    await visible(t.page, 'page-back').click();
    await waitUntil(t, `the address /g/${DEMO_LINK}`, async () => pathOf(t) === `/g/${DEMO_LINK}`);
    await waitUntil(t, 'the Preorder tab', () => visible(t.page, 'nav-tab-4').isVisible());
  });
});

describe('group page and legacy address', () => {
  let t: TrackedPage;
  pagePerTest(browser, VIEWPORTS[0].options, (p) => (t = p));

  it('the group page opens from its token: the albums, gated ones locked; a tap opens one', async () => {
    await t.page.goto(`${BASE_URL}/page/group/${GROUP_TOKEN}`);
    expect(await visibleTestId(t, 'group-name')).toBe('Demo: Spring Gala albums');
    const cards = t.page.getByTestId('group-gallery');
    await waitUntil(t, 'the group albums', async () => (await cards.count()) >= 4);
    expect(await t.page.locator('[data-testid="group-gallery"][data-locked="1"]').count()).toBeGreaterThan(0);
    expect(await t.page.locator('[data-testid="group-gallery"][data-link="carpet26"]').getAttribute('data-locked')).toBe('0');
    // An open album shows its cover.
    const carpetCover = t.page.locator('[data-testid="group-gallery"][data-link="carpet26"] img');
    await waitUntil(t, 'the Red Carpet cover drawn', () => carpetCover.evaluate((img) => (img as HTMLImageElement).complete && (img as HTMLImageElement).naturalWidth > 0), 20000);
    await t.page.screenshot({ path: screenshotPath('group-page') });
    await t.page.locator('[data-testid="group-gallery"][data-link="carpet26"]').click();
    await waitUntil(t, 'the address /g/carpet26', async () => pathOf(t) === '/g/carpet26');
    await visibleTestId(t, 'gallery-name');
    // An unknown token says the link has expired.
    await t.page.goto(`${BASE_URL}/page/group/${'A'.repeat(32)}`);
    await visibleTestId(t, 'group-not-found');
  });

  it('the legacy address opens a gallery with an old id; a larger id is not found', async () => {
    const g = (await organiser('POST', '/api/v2/organizer/galleries', { name: 'Old album', legacy_id: 4242 })).gallery;
    expect(g.id).toBe(4242);
    await t.page.goto(`${BASE_URL}/wx/gallery?id=4242`);
    expect(await visibleTestId(t, 'gallery-name')).toContain('Old album');
    await t.page.goto(`${BASE_URL}/wx/gallery?id=1000001`);
    await visibleTestId(t, 'not-found');
  });
});
