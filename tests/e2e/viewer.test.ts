// The full-screen viewer in a real browser: open it by tapping a photo, keys on
// a desktop, touch swipes on a phone, the last-photo toast at the end of a short
// gallery, and Escape.
import type { BrowserContext } from 'playwright-core';
import { BASE_URL, DEMO_URL, VIEWPORTS, openPage, revealPhotos, scrollToBottom, useBrowser, visibleTestId, waitUntil, type TrackedPage } from './support';

const phone = VIEWPORTS.find((v) => v.name.startsWith('phone'))!;
const desktop = VIEWPORTS.find((v) => v.name === 'desktop')!;
/** The demo's short gallery (80 photos). */
const SHORT_GALLERY = `${BASE_URL}/g/carpet26`;
const LAST_PHOTO_TEXTS = ['This is the last photo', '已经是最后一张了'];

const { newContext } = useBrowser();

let context: BrowserContext;
let t: TrackedPage;

async function start(options: typeof phone.options, url: string) {
  context = await newContext(options);
  t = await openPage(context);
  await t.page.goto(url);
  await visibleTestId(t, 'gallery-name');
  await revealPhotos(t);
  await waitUntil(t, 'a visible photo-item', () => t.page.getByTestId('photo-item').filter({ visible: true }).first().isVisible());
}

/** "3/80" → [3, 80] */
async function position(): Promise<[number, number]> {
  const text = await visibleTestId(t, 'viewer-position');
  const m = /(\d+)\s*\/\s*(\d+)/.exec(text);
  if (!m) throw new Error(`viewer position reads "${text}"`);
  return [Number(m[1]), Number(m[2])];
}

async function waitForPosition(n: number): Promise<void> {
  await waitUntil(t, `viewer position ${n}`, async () => (await position())[0] === n, 5000);
}

async function openFirstVisiblePhoto(): Promise<number> {
  const cell = t.page.getByTestId('photo-item').filter({ visible: true }).first();
  await cell.click();
  await visibleTestId(t, 'viewer');
  return (await position())[0];
}

const viewerGone = () => t.page.getByTestId('viewer').filter({ visible: true }).count().then((n) => n === 0);

it('desktop: a click opens the viewer, ←/→ navigate, Escape closes', async () => {
  await start(desktop.options, DEMO_URL);
  const first = await openFirstVisiblePhoto();
  expect(await t.page.getByTestId('viewer-next').filter({ visible: true }).count()).toBe(1);
  await t.page.keyboard.press('ArrowRight');
  await waitForPosition(first + 1);
  await t.page.keyboard.press('ArrowRight');
  await waitForPosition(first + 2);
  await t.page.keyboard.press('ArrowLeft');
  await waitForPosition(first + 1);
  // The styled image for desktops is the 1920 one.
  const src = await t.page.locator('[data-testid="viewer-slide"][data-current="true"] img').first().getAttribute('src');
  expect(src).toContain('!wx_1920_n');
  await t.page.keyboard.press('Escape');
  await waitUntil(t, 'the viewer to close after Escape', viewerGone, 5000);
});

it('phone: a tap opens the viewer, a touch swipe moves on, a swipe down closes', async () => {
  await start(phone.options, DEMO_URL);
  const first = await openFirstVisiblePhoto();
  expect(await t.page.getByTestId('viewer-next').filter({ visible: true }).count()).toBe(0);
  const cdp = await context.newCDPSession(t.page);
  const swipe = async (dx: number, dy: number) => {
    const x = 190;
    const y = 380;
    await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: [{ x, y }] });
    for (let i = 1; i <= 6; i++) {
      await cdp.send('Input.dispatchTouchEvent', { type: 'touchMove', touchPoints: [{ x: x + (dx * i) / 6, y: y + (dy * i) / 6 }] });
    }
    await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
  };
  await swipe(-150, 0);
  await waitForPosition(first + 1);
  await swipe(150, 0);
  await waitForPosition(first);
  const src = await t.page.locator('[data-testid="viewer-slide"][data-current="true"] img').first().getAttribute('src');
  expect(src).toContain('!wx_750_n');
  await swipe(0, 300);
  await waitUntil(t, 'the viewer to close after a swipe down', viewerGone, 5000);
});

it("short gallery: past the last photo the viewer says 'This is the last photo'", async () => {
  await start(desktop.options, SHORT_GALLERY);
  // Load the whole list first (80 photos), then open one near the end.
  await waitUntil(
    t,
    'the end of the photo list',
    async () => {
      await scrollToBottom(t.page);
      return t.page.getByTestId('list-end').filter({ visible: true }).count();
    },
    30000
  );
  const cells = t.page.getByTestId('photo-item').filter({ visible: true });
  await cells.last().click();
  await visibleTestId(t, 'viewer');
  const [, total] = await position();
  expect(total).toBe(80);
  for (let i = 0; i < 100 && (await position())[0] < total; i++) await t.page.keyboard.press('ArrowRight');
  expect((await position())[0]).toBe(total);
  await t.page.keyboard.press('ArrowRight');
  const toast = await visibleTestId(t, 'viewer-toast', 3000);
  expect(LAST_PHOTO_TEXTS).toContain(toast);
  expect((await position())[0]).toBe(total);
  await t.page.keyboard.press('Escape');
  await waitUntil(t, 'the viewer to close after Escape', viewerGone, 5000);
});
