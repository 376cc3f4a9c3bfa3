// Login in a real browser against the e2e server (sandbox mode): a guest taps
// the heart in the viewer → 'WeChat authorization' → ok → the sandbox login
// (the whole page on a WeChat phone, our QR popup with its language toggle on a
// desktop) → back on the gallery as a real user, where they were (issue 12): the
// same scroll offset, the viewer open on the same photo, the heart red and its toast.
import { DEMO_URL, VIEWPORTS, pageApi, revealPhotos, pagePerTest, screenshotPath, visibleTestId, waitUntil, useBrowser, type TrackedPage } from './support';

const phone = VIEWPORTS.find((v) => v.name === 'phone-wechat')!;
const desktop = VIEWPORTS.find((v) => v.name === 'desktop')!;

const { browser } = useBrowser();

/** The session as the server sees it, read with the page's own session (its cookie). */
async function sessionUser(t: TrackedPage): Promise<{ is_mock: boolean; nickname: string }> {
  return (await pageApi<{ data: { user: { is_mock: boolean; nickname: string } } }>(t.page, '/session.js')).data.user;
}

async function openFirstPhoto(t: TrackedPage): Promise<void> {
  await visibleTestId(t, 'gallery-name');
  await revealPhotos(t);
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
  pagePerTest(browser, phone.options, (p) => (t = p));

  /** The page's scroll offset (it scrolls inside `.taro_page`, or the window). */
  const scrollOffset = () =>
    t.page.evaluate(() => {
      const pages = document.querySelectorAll<HTMLElement>('.taro_router > .taro_page');
      return Math.round(pages[pages.length - 1]?.scrollTop || window.scrollY || 0);
    });
  const currentPhoto = () => t.page.evaluate(() => document.querySelector('[data-testid="viewer-slide"][data-current="true"]')?.getAttribute('data-id') ?? '');

  it('scrolled down, heart → authorisation → sandbox page → back: the same scroll offset, the viewer on the same photo, the like done with its toast', async () => {
    await t.page.goto(DEMO_URL);
    await visibleTestId(t, 'gallery-name');
    await revealPhotos(t);
    await waitUntil(t, 'photos', () => t.page.getByTestId('photo-item').filter({ visible: true }).first().isVisible());
    // Down the list, past the first screens of photos.
    await t.page.mouse.move(187, 500);
    for (let i = 0; i < 6; i++) await t.page.mouse.wheel(0, 500);
    await waitUntil(t, 'the page scrolled down', async () => (await scrollOffset()) > 1500);
    await t.page.waitForTimeout(300);
    const before = await scrollOffset();
    // A photo in the middle of the screen.
    const cell = await waitUntil(t, 'a photo in view', async () => {
      const cells = t.page.getByTestId('photo-item').filter({ visible: true });
      for (let i = 0; i < (await cells.count()); i++) {
        const box = await cells.nth(i).boundingBox();
        if (box && box.y > 250 && box.y < 550) return cells.nth(i);
      }
      return undefined;
    });
    const photoId = (await cell.getAttribute('data-id')) ?? '';
    const box = (await cell.boundingBox())!;
    await t.page.mouse.click(box.x + box.width / 2, box.y + box.height / 2);
    await visibleTestId(t, 'viewer');
    expect(await scrollOffset()).toBe(before);
    await waitUntil(t, 'the viewer on the tapped photo', async () => (await currentPhoto()) === photoId);
    expect(await heart(t).getAttribute('data-loved')).toBe('false');
    await t.page.screenshot({ path: screenshotPath('login-phone-1-viewer') });
    await heart(t).click();
    expect(await visibleTestId(t, 'login-prompt')).toMatch(/微信授权|WeChat authorization/);
    expect(await visibleTestId(t, 'login-sandbox')).toMatch(/沙箱登录（非微信）|Sandbox login \(not WeChat\)/);
    await t.page.screenshot({ path: screenshotPath('login-phone-dialog') });
    await t.page.getByTestId('login-prompt-ok').filter({ visible: true }).click();
    await t.page.waitForURL(/\/sandbox\/oauth\/authorize\?/, { timeout: 15000 });
    expect(await t.page.getByTestId('sandbox-title').textContent()).toContain('Sandbox login');
    await t.page.getByTestId('sandbox-nickname').fill('Phone tester');
    await t.page.getByTestId('sandbox-authorise').click();
    await t.page.waitForURL((u) => u.href.startsWith(DEMO_URL), { timeout: 15000 });
    await visibleTestId(t, 'gallery-name');
    expect(await sessionUser(t)).toMatchObject({ is_mock: false, nickname: 'Phone tester' });

    // Back where they were: the viewer on the same photo, the heart red, and the toast says so.
    await waitUntil(t, 'the viewer open on the same photo', async () => (await currentPhoto()) === photoId, 20000);
    const toast = await visibleTestId(t, 'viewer-toast', 20000);
    expect(toast).toMatch(/已添加到我喜欢的照片|Added to your favorites/);
    await expectRedHeart(t);
    await t.page.screenshot({ path: screenshotPath('login-phone-2-back-in-viewer') });
    expect(await t.page.getByTestId('login-prompt').filter({ visible: true }).count()).toBe(0);
    // Under the viewer, the list at the same offset (tapped where the × is: Playwright's
    // click() would first scroll the page to bring the element into view).
    const close = (await t.page.getByTestId('viewer-close').filter({ visible: true }).boundingBox())!;
    await t.page.mouse.click(close.x + close.width / 2, close.y + close.height / 2);
    await waitUntil(t, 'the viewer closed', async () => (await t.page.locator('[data-testid="viewer"]').count()) === 0);
    const after = await scrollOffset();
    expect(Math.abs(after - before)).toBeLessThanOrEqual(2);
    expect(await t.page.locator(`[data-testid="photo-item"][data-id="${photoId}"]`).filter({ visible: true }).count()).toBe(1);
    await t.page.screenshot({ path: screenshotPath('login-phone-3-same-place') });
  });
});

describe('desktop: the QR popup shows the sandbox page, with the language toggle', () => {
  let t: TrackedPage;
  pagePerTest(browser, desktop.options, (p) => (t = p));

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
    // No reload: the viewer stayed open, the like is done and its toast says so.
    expect(await visibleTestId(t, 'viewer-toast')).toMatch(/已添加到我喜欢的照片|Added to your favorites/);
    await expectRedHeart(t);
  });
});
