// Red packets in a real browser (issue 15 Deliver 4), two phones with the WeChat user agent on a
// gallery with use_package on: the sender (sandbox login) taps the plus button, fills the send
// modal, the pay tap opens the sandbox pay page, pays, and the packet is created; the other phone
// gets the live message (1 to 5 s late), opens the packet and sees its amount; the detail lists
// both recipients with the best-luck mark, and the shares add up to the total.
import type { Page } from 'playwright-core';
import { BASE_URL, WECHAT_UA, openPage, sandboxLogin, screenshotPath, visible, waitUntil, useBrowser, type TrackedPage } from './support';
import { createGallery, organiser } from './organiser';

const PHONE = { viewport: { width: 375, height: 812 }, userAgent: WECHAT_UA, hasTouch: true, isMobile: true, deviceScaleFactor: 2, locale: 'zh-CN' };

const { newContext } = useBrowser();
let gallery: { id: number; link_id: string };

beforeAll(async () => {
  gallery = await createGallery('Red packet party');
  await organiser('POST', `/api/v2/organizer/galleries/${gallery.id}/config`, { use_package: 1 });
});

/** A phone on the gallery page, logged in through the sandbox as `name`. */
async function phone(name: string): Promise<TrackedPage> {
  const context = await newContext(PHONE);
  const t = await openPage(context);
  const url = `${BASE_URL}/g/${gallery.link_id}`;
  await t.page.goto(url);
  await waitUntil(t, 'the gallery page', async () => (await t.page.locator('.gallery-page').count()) > 0, 30000);
  await sandboxLogin(t.page, name);
  await t.page.goto(url);
  await waitUntil(t, 'the red packet button', () => visible(t.page, 'redpacket-plus').isVisible(), 30000);
  return t;
}

const text = (page: Page, id: string) => visible(page, id).textContent();
/** Taro's H5 Input: the test id is on the input element or on its wrapper. */
const field = (page: Page, id: string) => page.locator(`input[data-testid="${id}"], [data-testid="${id}"] input`).filter({ visible: true }).first();

it('one phone sends a red packet paying in the sandbox; another opens it and sees its amount; the detail lists both', async () => {
  const receiver = await phone('rp-receiver');
  const sender = await phone('rp-sender');
  const s = sender.page;

  await visible(s, 'redpacket-plus').click();
  await waitUntil(sender, 'the send modal', () => visible(s, 'redpacket-send-button').isVisible());
  await field(s, 'redpacket-number').fill('2');
  await field(s, 'redpacket-amount').fill('250');
  await visible(s, 'redpacket-send-button').click();
  expect(await text(s, 'redpacket-send-error')).toBe('最多200');
  await field(s, 'redpacket-amount').fill('3');
  await s.waitForTimeout(1100); // the send button's debounce
  await visible(s, 'redpacket-send-button').click();
  // The order is made (precreate), then the pay button shows the price.
  await waitUntil(sender, 'the pay button with the price', async () => (await text(s, 'redpacket-pay')) === '支付 ¥3.00', 20000);
  await s.screenshot({ path: screenshotPath('redpackets-1-send') });

  // The sandbox has no WeChat bridge: the pay tap opens its pay page.
  const [pay] = await Promise.all([s.context().waitForEvent('page'), visible(s, 'redpacket-pay').click()]);
  await pay.waitForLoadState();
  expect(pay.url()).toContain('/sandbox/pay/');
  await pay.locator('form button[type="submit"]').click();
  await pay.waitForLoadState();
  await pay.getByTestId('sandbox-paid').waitFor();
  await pay.close();

  // Paid and created: the sender's own packet opens on its phone.
  await waitUntil(sender, "the sender's open modal", () => visible(s, 'redpacket-open-button').isVisible(), 30000);
  await visible(s, 'redpacket-open-button').click();
  const senderAmount = await waitUntil(sender, "the sender's share", () => text(s, 'redpacket-my-amount'), 20000);
  expect(senderAmount).toMatch(/^¥\d+\.\d{2}$/);

  // The other phone: the live message shows the packet after 1 to 5 s.
  const r = receiver.page;
  await waitUntil(receiver, 'the live red packet', () => visible(r, 'redpacket-open-button').isVisible(), 30000);
  expect(await text(r, 'redpacket-open-wish')).toBe('恭喜发财，大吉大利！');
  await visible(r, 'redpacket-open-button').click();
  const receiverAmount = await waitUntil(receiver, "the receiver's share", () => text(r, 'redpacket-my-amount'), 20000);
  expect(receiverAmount).toMatch(/^¥\d+\.\d{2}$/);
  await r.screenshot({ path: screenshotPath('redpackets-2-opened') });

  const cents = (s: string | null) => Math.round(Number(String(s).replace('¥', '')) * 100);
  expect(cents(senderAmount) + cents(receiverAmount)).toBe(300);

  await visible(r, 'redpacket-view-details').click();
  await waitUntil(receiver, 'the detail', async () => (await r.getByTestId('redpacket-recipient').filter({ visible: true }).count()) === 2, 20000);
  const rows = r.getByTestId('redpacket-recipient').filter({ visible: true });
  const best = await rows.evaluateAll((els) => els.map((e) => e.getAttribute('data-best')));
  expect(best.filter((b) => b === '1')).toHaveLength(1);
  expect(await text(r, 'redpacket-detail-sum')).toBe('已领取2/2个，共¥3.00');
  await r.screenshot({ path: screenshotPath('redpackets-3-detail') });
  for (const t of [sender, receiver]) expect(t.errors.filter((e) => !/401|favicon|requestfailed/.test(e))).toEqual([]);
});
