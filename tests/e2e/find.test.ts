// The Find page in a real browser (issue 15 §6), on a phone with a WeChat user agent:
// the album history lists the gallery just visited, a guest is asked to log in for the
// favourites tab, and a visitor who liked a photo finds it under favourite photos.
import { BASE_URL, DEMO_LINK, DEMO_URL, VIEWPORTS, pagePerTest, revealPhotos, sandboxLogin, visibleTestId, waitUntil, useBrowser, type TrackedPage } from './support';

const phone = VIEWPORTS.find((v) => v.name === 'phone-wechat')!;

const { browser } = useBrowser();

const tab = (t: TrackedPage, i: number) => t.page.locator('[data-testid="find"] .at-tabs__item').nth(i);

describe('Find page on a phone with a WeChat user agent', () => {
  let t: TrackedPage;
  pagePerTest(browser, phone.options, (p) => (t = p));

  it('a guest sees the visited album in the album history and is asked to log in for favourite photos', async () => {
    await t.page.goto(DEMO_URL);
    await visibleTestId(t, 'gallery-name');
    await t.page.goto(`${BASE_URL}/page/find`);
    await visibleTestId(t, 'page-find');
    const item = t.page.locator(`[data-testid="find-history-item"][data-link="${DEMO_LINK}"]`);
    await waitUntil(t, 'the demo album in the history', async () => (await item.count()) === 1);
    expect(await item.textContent()).toContain('Spring Gala');
    await tab(t, 2).click();
    const dialog = await visibleTestId(t, 'login-prompt');
    expect(dialog).toMatch(/微信授权|WeChat authorization/);
    await t.page.getByTestId('login-prompt-cancel').filter({ visible: true }).click();
    await visibleTestId(t, 'find-login');
    // The album history needs no login.
    await tab(t, 0).click();
    await waitUntil(t, 'the history again', async () => (await item.count()) === 1);
  });

  it('a visitor who liked a photo sees it under favourite photos', async () => {
    await t.page.goto(DEMO_URL);
    await visibleTestId(t, 'gallery-name');
    await sandboxLogin(t.page, 'find-e2e');
    await t.page.goto(`${BASE_URL}/page/find?link_id=${DEMO_LINK}`);
    await visibleTestId(t, 'page-find');
    await tab(t, 2).click();
    await visibleTestId(t, 'find-love-empty');

    await t.page.goto(DEMO_URL);
    await visibleTestId(t, 'gallery-name');
    await revealPhotos(t);
    const cell = t.page.getByTestId('photo-item').filter({ visible: true }).first();
    await waitUntil(t, 'a visible photo-item', () => cell.isVisible());
    const likedId = await cell.getAttribute('data-id');
    expect(Number(likedId)).toBeGreaterThan(0);
    await cell.click();
    await visibleTestId(t, 'viewer');
    const heart = t.page.getByTestId('viewer-like').filter({ visible: true }).first();
    await heart.click();
    await waitUntil(t, 'the heart to be red', async () => (await heart.getAttribute('data-loved')) === 'true');

    await t.page.goto(`${BASE_URL}/page/find?link_id=${DEMO_LINK}`);
    await visibleTestId(t, 'page-find');
    await tab(t, 2).click();
    const photos = t.page.getByTestId('find-love-photo');
    await waitUntil(t, 'one favourite photo', async () => (await photos.count()) === 1);
    expect(await t.page.getByTestId('find-login').count()).toBe(0);
    // It is the photo the heart was given to.
    expect(await photos.first().getAttribute('data-id')).toBe(likedId);
  });
});
