// Login in a real browser against the e2e server (sandbox mode): a guest taps
// the heart in the viewer → 'WeChat authorization' → ok → the sandbox login
// (the whole page on a WeChat phone, our QR popup with its language toggle on a
// desktop) → back on the gallery as a real user, and the heart is red.
import type { Browser } from 'playwright-core';
import { DEMO_URL, VIEWPORTS, launchBrowser, pagePerTest, screenshotPath, visibleTestId, waitUntil, type TrackedPage } from './support';

const phone = VIEWPORTS.find((v) => v.name === 'phone-wechat')!;
const desktop = VIEWPORTS.find((v) => v.name === 'desktop')!;

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

/** The session as the server sees it, read with the page's own token. */
function sessionUser(t: TrackedPage): Promise<{ is_mock: boolean; nickname: string }> {
  return t.page.evaluate(async () => {
    const raw = localStorage.getItem('token') ?? '';
    let token: unknown = raw;
    try {
      const parsed = JSON.parse(raw);
      token = parsed && typeof parsed === 'object' ? parsed.data : parsed;
    } catch {
      /* stored as plain text */
    }
    const res = await fetch('/session.js', { headers: { Authorization: `Bearer ${token}` } });
    return (await res.json()).data.user;
  });
}

async function openFirstPhoto(t: TrackedPage): Promise<void> {
  await visibleTestId(t, 'gallery-name');
  const cell = t.page.getByTestId('photo-item').filter({ visible: true }).first();
  await waitUntil(t, 'a visible photo-item', () => cell.isVisible());
  await cell.click();
  await visibleTestId(t, 'viewer');
}

const heart = (t: TrackedPage) => t.page.getByTestId('viewer-like').filter({ visible: true }).first();

async function tapHeartAsGuest(t: TrackedPage): Promise<void> {
  await t.page.goto(DEMO_URL);
  await openFirstPhoto(t);
  expect(await heart(t).getAttribute('data-loved')).toBe('false');
  await heart(t).click();
  const dialog = await visibleTestId(t, 'login-prompt');
  expect(dialog).toMatch(/微信授权|WeChat authorization/);
  // The sandbox is labelled as such on screen.
  expect(await visibleTestId(t, 'login-sandbox')).toMatch(/沙箱登录（非微信）|Sandbox login \(not WeChat\)/);
}

async function expectRedHeart(t: TrackedPage): Promise<void> {
  await waitUntil(t, 'the heart to be red', async () => (await heart(t).getAttribute('data-loved')) === 'true', 15000);
}

describe('phone with a WeChat user agent: the whole page goes through the sandbox OAuth page', () => {
  let t: TrackedPage;
  pagePerTest(() => browser, phone.options, (p) => (t = p));

  it('heart → authorisation → ok → sandbox page → authorise → back as a real user, the like done', async () => {
    await tapHeartAsGuest(t);
    await t.page.screenshot({ path: screenshotPath('login-phone-dialog') });
    await t.page.getByTestId('login-prompt-ok').filter({ visible: true }).click();
    await t.page.waitForURL(/\/sandbox\/oauth\/authorize\?/, { timeout: 15000 });
    expect(await t.page.getByTestId('sandbox-title').textContent()).toContain('Sandbox login');
    await t.page.getByTestId('sandbox-nickname').fill('Phone tester');
    await t.page.getByTestId('sandbox-authorise').click();
    await t.page.waitForURL((u) => u.href.startsWith(DEMO_URL), { timeout: 15000 });
    await visibleTestId(t, 'gallery-name');
    expect(await sessionUser(t)).toMatchObject({ is_mock: false, nickname: 'Phone tester' });
    await openFirstPhoto(t);
    await expectRedHeart(t);
    expect(await t.page.getByTestId('login-prompt').filter({ visible: true }).count()).toBe(0);
  });
});

describe('desktop: the QR popup shows the sandbox page, with the language toggle', () => {
  let t: TrackedPage;
  pagePerTest(() => browser, desktop.options, (p) => (t = p));

  it('heart → authorisation → ok → popup → toggle language → authorise in the popup → the heart turns red', async () => {
    await tapHeartAsGuest(t);
    await t.page.getByTestId('login-prompt-ok').filter({ visible: true }).click();
    await visibleTestId(t, 'login-popup');
    const frame = t.page.getByTestId('login-popup-frame');
    const first = (await frame.getAttribute('src')) ?? '';
    const other = /lang=en/.test(first) ? 'cn' : 'en';
    await t.page.getByTestId(`login-popup-lang-${other}`).click();
    await waitUntil(t, `the popup page in lang=${other}`, async () => ((await frame.getAttribute('src')) ?? '').includes(`lang=${other}`));
    const inner = t.page.frameLocator('[data-testid="login-popup-frame"]');
    await waitUntil(t, 'the sandbox page in the popup', () => inner.getByTestId('sandbox-authorise').isVisible());
    const title = (await inner.getByTestId('sandbox-title').textContent()) ?? '';
    expect(title).toBe(other === 'en' ? 'Sandbox login — not WeChat' : '沙箱登录 — 不是微信 (Sandbox login — not WeChat)');
    await t.page.screenshot({ path: screenshotPath('login-desktop-popup') });
    // Still a guest while the popup is open.
    expect((await sessionUser(t)).is_mock).toBe(true);
    await inner.getByTestId('sandbox-authorise').click();
    await waitUntil(t, 'the popup to close', async () => (await t.page.getByTestId('login-popup').count()) === 0, 15000);
    expect((await sessionUser(t)).is_mock).toBe(false);
    await expectRedHeart(t);
  });
});
