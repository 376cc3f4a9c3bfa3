// The pendant bar on the demo page (issue 14 part 3), on a phone in WeChat (390x844) and
// on a desktop: the phone docks language, good and share beside the tabs and folds the
// rest into the more-menu (which opens above the bar, on layer 3); good keeps its count
// on the device across a reload; settings, share and download do what they say; the
// desktop shows the PC set (good, language) in the right gutter.
import type { BrowserContextOptions } from 'playwright-core';
import { BASE_URL, DEMO_LINK, WECHAT_UA, pagePerTest, revealPhotos, screenshotPath, visible, visibleTestId, waitUntil, useBrowser, type TrackedPage } from './support';

const { browser } = useBrowser();

const PHONE: BrowserContextOptions = { viewport: { width: 390, height: 844 }, userAgent: WECHAT_UA, hasTouch: true, isMobile: true, deviceScaleFactor: 2, locale: 'zh-CN' };
const DESKTOP: BrowserContextOptions = { viewport: { width: 1280, height: 800 } };

/** The buttons docked in the bar, in order. */
const docked = (t: TrackedPage) =>
  t.page.locator('[data-testid="pendent"]:visible .pendent__slot').evaluateAll((els) => els.map((e) => e.getAttribute('data-testid')));

async function openDemo(t: TrackedPage): Promise<void> {
  await t.page.goto(`${BASE_URL}/g/${DEMO_LINK}`);
  await visibleTestId(t, 'gallery-name');
  await waitUntil(t, 'the pendant bar', () => visible(t.page, 'pendent').isVisible());
}

const box = async (t: TrackedPage, id: string) => (await visible(t.page, id).boundingBox())!;

describe('phone (WeChat, 390x844)', () => {
  let t: TrackedPage;
  pagePerTest(browser, PHONE, (page) => (t = page));

  it('docks language, good and share beside the tabs; the rest folds into the more-menu above the bar', async () => {
    await openDemo(t);
    // The photo list offers download and collage once it shows.
    await revealPhotos(t, 2);
    await t.page.evaluate(() => window.scrollTo(0, 0));
    expect(await docked(t)).toEqual(['pendent-top', 'pendent-lang', 'pendent-good', 'pendent-share', 'pendent-more']);
    const bar = await box(t, 'bottom-nav');
    const row = await box(t, 'pendent');
    // In the tab bar, at the bottom edge, not over the content.
    expect(row.y).toBeGreaterThanOrEqual(bar.y - 0.5);
    expect(row.y + row.height).toBeCloseTo(844, 0);
    await visible(t.page, 'pendent-more').click();
    const menu = visible(t.page, 'pendent-menu');
    await waitUntil(t, 'the more-menu', () => menu.isVisible());
    const items = await menu.locator('[data-testid^="pendent-"]').evaluateAll((els) => els.map((e) => e.getAttribute('data-testid')));
    expect(items).toEqual(['pendent-setting', 'pendent-download', 'pendent-jigsaw', 'pendent-refresh']);
    // Spec part 3 §9: layer 3, 49 px up over the navigator.
    const style = await menu.evaluate((el) => ({ z: getComputedStyle(el).zIndex, bottom: getComputedStyle(el).bottom }));
    expect(style).toEqual({ z: '3', bottom: '49px' });
    const m = (await menu.boundingBox())!;
    expect(m.y + m.height).toBeLessThanOrEqual(bar.y + 0.5);
    await t.page.screenshot({ path: screenshotPath('pendants-phone-menu') });
    // Download: the list in download selection mode.
    await menu.getByTestId('pendent-download').click();
    await waitUntil(t, 'download selection', async () => (await visible(t.page, 'select-bar').getAttribute('data-purpose')) === 'download');
    expect(await t.page.getByTestId('pendent-menu').filter({ visible: true }).count()).toBe(0);
  });

  it('good counts on the device across a reload; settings opens its sheet; share opens the modal, whose WeChat choice points at the menu', async () => {
    await openDemo(t);
    const good = visible(t.page, 'pendent-good');
    await good.click();
    await good.click();
    await waitUntil(t, 'the badge 2', async () => (await visible(t.page, 'pendent-badge-good').textContent()) === '2');
    await t.page.reload();
    await waitUntil(t, 'the pendant bar again', () => visible(t.page, 'pendent').isVisible());
    expect(await visibleTestId(t, 'pendent-badge-good')).toBe('2');
    await t.page.screenshot({ path: screenshotPath('pendants-phone') });

    await visible(t.page, 'pendent-more').click();
    await visible(t.page, 'pendent-menu').getByTestId('pendent-setting').click();
    await visibleTestId(t, 'pendent-settings');
    expect(await visibleTestId(t, 'pendent-settings-language')).toContain('语言');
    await t.page.screenshot({ path: screenshotPath('pendants-phone-settings') });
    await visible(t.page, 'pendent-settings').locator('[data-testid$="-close"], .bottom-sheet__close').first().click();
    await waitUntil(t, 'the sheet closed', async () => (await t.page.getByTestId('pendent-settings').filter({ visible: true }).count()) === 0);

    // Share: the share modal; in WeChat's browser its first way is the hint at the ··· menu.
    await visible(t.page, 'pendent-share').click();
    await visibleTestId(t, 'share-sheet');
    await visible(t.page, 'share-opt-wechat').click();
    await visibleTestId(t, 'share-menu-hint');
    await visible(t.page, 'share-menu-hint-close').click();
    await waitUntil(t, 'the hint closed', async () => (await t.page.getByTestId('share-menu-hint').filter({ visible: true }).count()) === 0);
  });
});

describe('desktop (1280x800)', () => {
  let t: TrackedPage;
  pagePerTest(browser, DESKTOP, (page) => (t = page));

  it('shows the PC set (good, language) in the right gutter, nothing folded', async () => {
    await openDemo(t);
    expect(await docked(t)).toEqual(['pendent-good', 'pendent-lang']);
    expect(await t.page.getByTestId('pendent-more').filter({ visible: true }).count()).toBe(0);
    const good = await box(t, 'pendent-good');
    const header = await box(t, 'gallery-name');
    // Right of the content column.
    expect(good.x).toBeGreaterThan(header.x + header.width);
    await visible(t.page, 'pendent-good').click();
    expect(await visibleTestId(t, 'pendent-badge-good')).toBe('1');
    await visible(t.page, 'pendent-lang').click();
    await waitUntil(t, 'English', async () => (await visible(t.page, 'pendent-lang').textContent())?.trim() === '中');
    await t.page.screenshot({ path: screenshotPath('pendants-desktop') });
  });
});
