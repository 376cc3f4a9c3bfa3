// Emotions and gifts in a real browser (issue 15; spec part 3 §3 Gift, Emotion): a visitor on a
// phone browser (no WeChat: the Native QR with the sandbox link) opens the comment sheet, sends a
// sticker from the emotion panel, then a paid gift × 10: the server prices it (¥19.90), the pay
// tap shows the QR, the sandbox pay page is paid, and the gift comment appears in the sheet. A
// free gift then waits out its cooldown (the button disabled with the seconds left). After a
// reload the sheet still shows all three (they are stored), and the paid order made one comment.
import type { Page } from 'playwright-core';
import { BASE_URL, DEMO_LINK, getJson, openPage, sandboxLogin, screenshotPath, visible, waitUntil, useBrowser, type TrackedPage } from './support';
import { createGallery, organiser } from './organiser';

const PHONE = { viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true, deviceScaleFactor: 2, locale: 'en-US' };

const { newContext } = useBrowser();
let gallery: { id: number; link_id: string };

beforeAll(async () => {
  gallery = await createGallery('Gift party');
  await organiser('POST', `/api/v2/organizer/galleries/${gallery.id}/config`, { use_comment: 1 });
  // Images the server serves: the demo's cover (a gallery's gifts and stickers make it this gallery's asset too).
  const demo = await getJson(`/api/v2/gallery/link/${DEMO_LINK}`);
  const cover = demo.body.data.gallery.cover as string;
  expect(cover).toMatch(/^[0-9a-f]{64}$/);
  await organiser('POST', `/api/v2/organizer/galleries/${gallery.id}/gifts`, { name: 'Rose', image: `/img/${cover}!avatar_150`, price: 0, cooldown: 600 });
  await organiser('POST', `/api/v2/organizer/galleries/${gallery.id}/gifts`, { name: 'Car', image: `/img/${cover}!avatar_150`, price: 199 });
  await organiser('POST', `/api/v2/organizer/galleries/${gallery.id}/emotions`, { name: 'Party', images: [`/img/${cover}!avatar_150`, `/img/${cover}!wx_250_160`] });
}, 60_000);

async function phone(name: string): Promise<TrackedPage> {
  const context = await newContext(PHONE);
  const t = await openPage(context);
  const url = `${BASE_URL}/g/${gallery.link_id}`;
  await t.page.goto(url);
  await t.page.getByTestId('gallery-comment-button').waitFor({ state: 'visible', timeout: 30_000 });
  await sandboxLogin(t.page, name);
  await t.page.reload();
  await t.page.getByTestId('gallery-comment-button').waitFor({ state: 'visible', timeout: 30_000 });
  return t;
}

const openBar = async (page: Page) => {
  await page.getByTestId('gallery-comment-button').click();
  await page.getByTestId('comment-sheet').waitFor({ state: 'visible' });
  await page.getByTestId('comment-send-open').click();
  await visible(page, 'comment-gift-open').waitFor({ timeout: 15_000 });
};
const text = async (page: Page, id: string) => ((await visible(page, id).textContent()) ?? '').trim();

it('a visitor sends a sticker and a paid gift through the sandbox, sees them in the sheet, and waits out a free gift’s cooldown', async () => {
  const t = await phone('gift-sender');
  const p = t.page;
  await openBar(p);

  // A sticker: one tap in the emotion panel.
  await visible(p, 'comment-emotion-open').click();
  await visible(p, 'emotion-panel').waitFor();
  expect(await p.getByTestId('emotion-item').count()).toBe(2);
  await p.getByTestId('emotion-item').nth(1).click();
  await waitUntil(t, 'the sticker in the sheet', () => visible(p, 'comment-emotion').isVisible(), 15_000);

  // A paid gift × 10: the total in yuan, the server's order, the QR and its sandbox page.
  await visible(p, 'comment-gift-open').click();
  await visible(p, 'gift-panel').waitFor();
  expect(await p.getByTestId('gift-item-price').allTextContents()).toEqual([expect.stringMatching(/^(Free|免费)$/), '¥1.99']);
  await p.getByTestId('gift-item').nth(1).click();
  await p.getByTestId('gift-count-pick').nth(1).click();
  expect(await text(p, 'gift-total')).toMatch(/^(Total|合计) ¥19\.90$/);
  await visible(p, 'gift-send').click();
  await waitUntil(t, 'the pay button with the server’s price', async () => /^(Pay|支付) ¥19\.90$/.test(await text(p, 'gift-send')), 15_000);
  await p.screenshot({ path: screenshotPath('gifts-1-order') });
  await visible(p, 'gift-send').click();
  await visible(p, 'gift-qr').waitFor();
  const [pay] = await Promise.all([p.context().waitForEvent('page'), visible(p, 'gift-qr-sandbox').click()]);
  await pay.waitForLoadState();
  expect(pay.url()).toContain('/sandbox/pay/');
  await pay.locator('form button[type="submit"]').click();
  await pay.waitForLoadState();
  await pay.getByTestId('sandbox-paid').waitFor();
  await pay.close();
  const gift = p.getByTestId('comment-gift').filter({ hasText: 'Car × 10' });
  await gift.waitFor({ state: 'visible', timeout: 20_000 });
  expect(await gift.getByTestId('comment-gift-price').textContent()).toBe('¥1.99');
  await p.screenshot({ path: screenshotPath('gifts-2-paid') });

  // A free gift: sent at once, then its button waits with the seconds left.
  await visible(p, 'comment-gift-open').click();
  await p.getByTestId('gift-item').nth(0).click();
  await visible(p, 'gift-send').click();
  await p.getByTestId('comment-gift').filter({ hasText: 'Rose × 1' }).waitFor({ state: 'visible', timeout: 15_000 });
  await visible(p, 'comment-gift-open').click();
  await p.getByTestId('gift-item').nth(0).click();
  expect(await text(p, 'gift-send')).toMatch(/^(Wait (599|600) s|(599|600) 秒后可送)$/);
  expect(await visible(p, 'gift-send').getAttribute('aria-disabled')).toBe('true');

  // Stored: after a reload the sheet shows all three; the paid order made one comment.
  await p.reload();
  await p.getByTestId('gallery-comment-button').click();
  await p.getByTestId('comment-sheet').waitFor({ state: 'visible' });
  await waitUntil(t, 'the stored comments', async () => (await p.getByTestId('comment').count()) === 3, 15_000);
  expect(await p.getByTestId('comment-gift').count()).toBe(2);
  expect(await p.getByTestId('comment-emotion').count()).toBe(1);
  // Every gift and sticker image loaded (the gallery's assets), nothing else failed.
  expect(t.errors.filter((e) => !/favicon|401/.test(e))).toEqual([]);
});
