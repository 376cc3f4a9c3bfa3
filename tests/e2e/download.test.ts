// Downloads give feedback and work where the visitor is (issue 12), on the demo gallery (it
// gives originals, so a logged-in visitor downloads without paying):
// - inside WeChat's browser, which saves no ZIP and no downloaded file, Download with 3
//   photos offers them at full size to press and hold (and the way to a system browser);
//   no ZIP is asked for and nothing is "downloaded";
// - a guest there who selected photos and tapped Download logs in (the whole page goes to the
//   sandbox OAuth page) and comes back to the same selection, and the download goes on;
// - on a desktop, a second tap on Download while the ZIP is on its way says so.
import type { Browser, Request } from 'playwright-core';
import { DEMO_URL, VIEWPORTS, revealPhotos, openPage, sandboxLogin, screenshotPath, toastSays, visible, waitUntil, useBrowser, type TrackedPage } from './support';

const phone = VIEWPORTS.find((v) => v.name === 'phone-wechat')!;
const desktop = VIEWPORTS.find((v) => v.name === 'desktop')!;

const { newContext } = useBrowser();
let t: TrackedPage;


async function tap(id: string): Promise<void> {
  await waitUntil(t, `[data-testid="${id}"] to be visible`, () => visible(t.page, id).isVisible());
  await visible(t.page, id).click();
}

/** The demo gallery as a logged-in visitor, in selection mode for Download with `n` photos chosen. */
async function selectForDownload(options: Parameters<Browser['newContext']>[0], who: string, n: number): Promise<void> {
  t = await openPage(await newContext({ ...options, acceptDownloads: true }));
  await t.page.goto(DEMO_URL);
  await revealPhotos(t);
  await waitUntil(t, 'a photo of the demo gallery', () => visible(t.page, 'photo-item').isVisible(), 30000);
  await sandboxLogin(t.page, who);
  await t.page.reload();
  await revealPhotos(t);
  await waitUntil(t, 'the photos again after login', () => visible(t.page, 'photo-item').isVisible(), 30000);
  await tap('select-start');
  await tap('select-purpose-download');
  const cells = t.page.getByTestId('photo-item').filter({ visible: true });
  for (let i = 0; i < n; i++) await cells.nth(i).click();
  await waitUntil(t, `${n} photos selected`, async () => (await visible(t.page, 'select-bar').getAttribute('data-count')) === String(n));
}

it('WeChat browser: Download with 3 photos shows them at full size to press and hold, never a ZIP', async () => {
  await selectForDownload(phone.options, 'wechat-download', 3);
  const zipCalls: string[] = [];
  t.page.on('request', (r: Request) => {
    if (/\/zip|download\/zip/.test(r.url())) zipCalls.push(r.url());
  });
  let downloads = 0;
  t.page.on('download', () => downloads++);
  await tap('select-download');
  await waitUntil(t, 'the press-and-hold sheet', () => visible(t.page, 'save-sheet').isVisible(), 20000);
  expect(await visible(t.page, 'save-sheet').getAttribute('data-count')).toBe('3');
  expect(await visible(t.page, 'save-sheet-title').textContent()).toMatch(/长按照片保存|Press and hold to save/);
  expect(await visible(t.page, 'save-sheet-hint').textContent()).toMatch(/长按每张照片|Press and hold each photo/);
  expect(await visible(t.page, 'save-sheet-browser').textContent()).toMatch(/在浏览器打开|Open in Browser/);
  // Full-size images (the signed originals), drawn: each one can be pressed and saved.
  const drawn = () =>
    t.page.evaluate(() =>
      Array.from(document.querySelectorAll<HTMLImageElement>('[data-testid="save-sheet-photo"] img'))
        .slice(0, 2)
        .map((i) => ({ complete: i.complete, natural: i.naturalWidth, src: i.getAttribute('src') ?? '', shown: Math.round(i.getBoundingClientRect().width) }))
    );
  await waitUntil(t, 'the first photos drawn at full width', async () => {
    const imgs = await drawn();
    return imgs.length === 2 && imgs.every((i) => i.complete && i.natural > 0 && /!original\?/.test(i.src) && i.shown > 300);
  }).catch(async (e) => {
    throw new Error(`${(e as Error).message}\n  images: ${JSON.stringify(await drawn())}`);
  });
  await t.page.screenshot({ path: screenshotPath('download-wechat-press-and-hold') });
  expect(await t.page.getByTestId('save-sheet-photo').count()).toBe(3);
  expect(zipCalls).toEqual([]);
  expect(downloads).toBe(0);
  await tap('save-sheet-done');
  await waitUntil(t, 'the sheet closed', async () => (await t.page.getByTestId('save-sheet').count()) === 0);
  expect(t.errors.filter((e) => !/401|favicon|requestfailed/.test(e))).toEqual([]);
});

it('WeChat browser, as a guest: select 3, Download → login round trip → back with the same 3 photos, and the download goes on', async () => {
  t = await openPage(await newContext({ ...phone.options, acceptDownloads: true }));
  await t.page.goto(DEMO_URL);
  await revealPhotos(t);
  await waitUntil(t, 'a photo of the demo gallery', () => visible(t.page, 'photo-item').isVisible(), 30000);
  await tap('select-start');
  await tap('select-purpose-download');
  const cells = t.page.getByTestId('photo-item').filter({ visible: true });
  const chosen: string[] = [];
  for (let i = 0; i < 3; i++) {
    chosen.push((await cells.nth(i).getAttribute('data-id')) ?? '');
    await cells.nth(i).click();
  }
  await waitUntil(t, '3 photos selected', async () => (await visible(t.page, 'select-bar').getAttribute('data-count')) === '3');
  await t.page.screenshot({ path: screenshotPath('download-wechat-guest-1-selected') });
  await tap('select-download');
  await tap('login-prompt-ok');
  await t.page.waitForURL(/\/sandbox\/oauth\/authorize\?/, { timeout: 15000 });
  await t.page.getByTestId('sandbox-authorise').click();
  await t.page.waitForURL((u) => u.href.startsWith(DEMO_URL), { timeout: 15000 });
  // Back: the same selection, and its Download went on (here: the press-and-hold sheet).
  await waitUntil(t, 'the press-and-hold sheet after the return', () => visible(t.page, 'save-sheet').isVisible(), 30000);
  const shown = await t.page.getByTestId('save-sheet-photo').evaluateAll((els) => els.map((e) => e.getAttribute('data-id') ?? ''));
  expect(shown).toEqual(chosen);
  await t.page.screenshot({ path: screenshotPath('download-wechat-guest-2-back') });
});

it('desktop: a second tap on Download while the ZIP is on its way says so; the ZIP then arrives', async () => {
  await selectForDownload(desktop.options, 'desktop-download', 3);
  // The ZIP ticket's answer waits until the test lets it through.
  let release!: () => void;
  const held = new Promise<void>((r) => (release = r));
  await t.page.route('**/api/v2/images/zip', async (route) => {
    await held;
    await route.continue();
  });
  const downloaded = t.page.waitForEvent('download', { timeout: 45000 });
  await tap('select-download');
  await toastSays(t, /正在下载|Downloading/);
  await visible(t.page, 'select-download').click();
  await toastSays(t, /正在下载，请稍候|A download is already in progress/);
  await t.page.screenshot({ path: screenshotPath('download-desktop-busy') });
  release();
  const download = await downloaded;
  expect(download.suggestedFilename()).toMatch(/\.zip$/);
  await toastSays(t, /已开始下载|Download started/);
});
