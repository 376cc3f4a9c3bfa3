// The demo top page's content blocks of issue 14 part 2 in a real browser, at phone (390x844, WeChat)
// and desktop size: the splash page (shown on a first visit, its countdown, Skip, not again on the next
// visit, closing by itself), the button group's sponsor and guest modals, and the highlights tab
// (hot pictures in two rows, the hot list, a tap opening the viewer, the tab remembered).
import type { BrowserContext } from 'playwright-core';
import { BASE_URL, DEMO_LINK, VIEWPORTS, openPage, screenshotPath, waitUntil, useBrowser, type TrackedPage } from './support';

const wechat = VIEWPORTS.find((v) => v.name === 'phone-wechat')!;
const SIZES = [
  { name: 'phone', options: { ...wechat.options, viewport: { width: 390, height: 844 } } },
  { name: 'desktop', options: VIEWPORTS.find((v) => v.name === 'desktop')!.options }
];

const { newContext } = useBrowser();

/** Open the accordion fold titled `title` on the demo top page. */
async function openFold(t: TrackedPage, title: string) {
  await waitUntil(t, 'the event info accordion', async () => (await t.page.locator('[data-testid="collapse-head"]').count()) === 9, 30000);
  const head = t.page.locator('[data-testid="collapse-head"]', { hasText: title });
  await head.scrollIntoViewIfNeeded();
  await head.click();
}

for (const vp of SIZES) {
  describe(`the demo's content blocks (${vp.name})`, () => {
    let context: BrowserContext;
    let t: TrackedPage;
    beforeEach(async () => {
      context = await newContext(vp.options);
    });

    it('a first visit shows the splash with its countdown; Skip closes it; the next visit goes straight to the page', async () => {
      t = await openPage(context, { splash: true });
      await t.page.goto(`${BASE_URL}/g/${DEMO_LINK}`);
      await waitUntil(t, 'the splash', async () => t.page.getByTestId('guide').isVisible(), 30000);
      const skip = t.page.getByTestId('guide-skip');
      expect(await skip.innerText()).toMatch(/^跳过 [1-4]s$/);
      await waitUntil(t, 'the splash picture', () => t.page.getByTestId('guide-image').locator('img').evaluate((i: HTMLImageElement) => i.complete && i.naturalWidth > 0));
      // It covers the screen.
      const box = await t.page.getByTestId('guide').boundingBox();
      const size = vp.options.viewport!;
      expect(box).toEqual({ x: 0, y: 0, width: size.width, height: size.height });
      await t.page.screenshot({ path: screenshotPath(`blocks-splash-${vp.name}`) });
      await skip.click();
      await waitUntil(t, 'the splash to close', async () => (await t.page.getByTestId('guide').count()) === 0, 5000);
      await waitUntil(t, 'the page under it', async () => t.page.locator('[data-testid="slidehead"], [data-testid="collapse"]').first().isVisible());
      await t.page.reload();
      await waitUntil(t, 'the page again', async () => (await t.page.locator('[data-testid="collapse-head"]').count()) === 9, 30000);
      expect(await t.page.getByTestId('guide').count()).toBe(0);
    });

    it('the splash closes by itself when its countdown ends', async () => {
      t = await openPage(context, { splash: true });
      await t.page.goto(`${BASE_URL}/g/${DEMO_LINK}`);
      await waitUntil(t, 'the splash', async () => t.page.getByTestId('guide').isVisible(), 30000);
      await waitUntil(t, 'the countdown to end', async () => (await t.page.getByTestId('guide').count()) === 0, 10000);
    });

    it('the button group opens the sponsor and guest modals', async () => {
      t = await openPage(context);
      await t.page.goto(`${BASE_URL}/g/${DEMO_LINK}`);
      await openFold(t, 'Hosts and sponsors');
      const buttons = t.page.getByTestId('buttongroup-button');
      await waitUntil(t, 'the buttons', async () => (await buttons.count()) === 4);
      expect(await buttons.allInnerTexts()).toEqual(['Sponsors', 'Guests', 'About', 'Red Carpet']);
      await buttons.nth(0).click();
      const sheet = t.page.getByTestId('buttongroup-sheet');
      await waitUntil(t, 'the sponsors', async () => (await t.page.getByTestId('buttongroup-sponsor').count()) === 3);
      expect(await sheet.getAttribute('data-modal')).toBe('sponsor');
      const logos = t.page.getByTestId('buttongroup-sponsor').locator('img');
      await waitUntil(t, 'the sponsor logos', async () => (await logos.evaluateAll((imgs) => imgs.filter((i) => (i as HTMLImageElement).naturalWidth > 0).length)) === 3);
      expect(await t.page.getByTestId('buttongroup-sponsor').first().innerText()).toContain('Riverside Bank');
      await t.page.screenshot({ path: screenshotPath(`blocks-sponsors-${vp.name}`) });
      await t.page.getByTestId('buttongroup-sheet-close').click();
      await waitUntil(t, 'the sheet to close', async () => (await sheet.count()) === 0);
      await buttons.nth(1).click();
      await waitUntil(t, 'the guests', async () => (await t.page.getByTestId('buttongroup-guest').count()) === 4);
      expect(await t.page.getByTestId('buttongroup-guest').first().innerText()).toContain('Ada Lin');
      await t.page.getByTestId('buttongroup-sheet-close').click();
    });

    it('the highlights tab: most-liked pictures in two rows, the top-10 list opens the viewer, and the tab is remembered', async () => {
      t = await openPage(context);
      await t.page.goto(`${BASE_URL}/g/${DEMO_LINK}`);
      await openFold(t, 'Highlights');
      await waitUntil(t, 'the most-liked pictures', async () => (await t.page.getByTestId('hot-item').count()) === 6, 30000);
      const rows = await t.page.getByTestId('hot-row').evaluateAll((rs) => rs.map((r) => r.querySelectorAll('[data-testid="hot-item"]').length));
      expect(rows).toEqual([3, 3]);
      await t.page.getByTestId('tab').scrollIntoViewIfNeeded();
      await waitUntil(t, 'the pictures', () => t.page.getByTestId('hot-item').first().locator('img').evaluate((i: HTMLImageElement) => i.complete && i.naturalWidth > 0));
      await t.page.screenshot({ path: screenshotPath(`blocks-highlights-${vp.name}`) });
      await t.page.locator('.at-tabs__item', { hasText: 'Top 10' }).click();
      await waitUntil(t, 'the top-10 list', async () => (await t.page.locator('[data-testid="hot"] [data-testid="hot-item"]').count()) === 10, 30000);
      expect(await t.page.locator('[data-testid="hot"] [data-testid="hot-likes"]').first().innerText()).toMatch(/^♥ \d+$/);
      await t.page.locator('[data-testid="hot"] [data-testid="hot-item"]').first().click();
      await waitUntil(t, 'the viewer', async () => (await t.page.locator('[data-testid="viewer"]').count()) > 0, 30000);
      await t.page.keyboard.press('Escape');
      await t.page.reload();
      await openFold(t, 'Highlights');
      await waitUntil(t, 'the remembered tab', async () => (await t.page.getByTestId('tab').getAttribute('data-current')) === '1', 30000);
    });
  });
}
