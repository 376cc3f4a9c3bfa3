// Selection mode in a real browser (issue 5 item 4): on the demo gallery (it gives
// originals, so a logged-in visitor downloads without paying) choose Collage → long,
// select 2 photos, OK → the preview shows the collage; Save downloads a JPEG 1080 px
// wide (in WeChat's browser: a press-and-hold hint over a JPEG data URL). Then Download with 3 photos → the server's ZIP holds 3 images.
import fs from 'node:fs';
import sharp from 'sharp';
import yauzl from 'yauzl';
import type { Browser, BrowserContext, Download } from 'playwright-core';
import { visible, DEMO_URL, WECHAT_UA, launchBrowser, revealPhotos, openPage, sandboxLogin, screenshotPath, waitUntil, type TrackedPage } from './support';

let browser: Browser;
let context: BrowserContext;
let t: TrackedPage;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});
afterEach(async () => {
  await context?.close();
});

async function tap(id: string): Promise<void> {
  await waitUntil(t, `[data-testid="${id}"] to be visible`, () => visible(t.page, id).isVisible());
  await visible(t.page, id).click();
}

/** The demo gallery as a logged-in visitor (sandbox login, then a reload picks up the session). */
async function openDemo(viewport: { width: number; height: number }, userAgent?: string): Promise<void> {
  context = await browser.newContext({ viewport, userAgent, acceptDownloads: true });
  t = await openPage(context);
  await t.page.goto(DEMO_URL);
  await revealPhotos(t);
  await waitUntil(t, 'a photo of the demo gallery', () => visible(t.page, 'photo-item').isVisible(), 30000);
  await sandboxLogin(t.page, 'selection');
  await t.page.reload();
  await revealPhotos(t);
  await waitUntil(t, 'the photos again after login', () => visible(t.page, 'photo-item').isVisible(), 30000);
}

/** Tap the first n visible cells of the list (in selection mode: select them). */
async function selectPhotos(n: number): Promise<void> {
  const cells = t.page.getByTestId('photo-item').filter({ visible: true });
  for (let i = 0; i < n; i++) await cells.nth(i).click();
  await waitUntil(t, `${n} photos selected`, async () => (await visible(t.page, 'select-bar').getAttribute('data-count')) === String(n));
}

function readDownload(d: Download): Promise<Buffer> {
  return d.path().then((p) => fs.readFileSync(p!));
}

function zipEntries(buf: Buffer): Promise<string[]> {
  return new Promise((resolve, reject) => {
    yauzl.fromBuffer(buf, { lazyEntries: true }, (err, zip) => {
      if (err || !zip) return reject(err);
      const names: string[] = [];
      zip.on('entry', (e: yauzl.Entry) => {
        names.push(e.fileName);
        zip.readEntry();
      });
      zip.on('end', () => resolve(names));
      zip.on('error', reject);
      zip.readEntry();
    });
  });
}

/** Collage → long with 2 photos, OK: the preview shows the collage (1080 px wide). */
async function makeLongCollage(shot: string): Promise<void> {
  await tap('select-start');
  await tap('select-purpose-jigsaw');
  await t.page.screenshot({ path: screenshotPath(`${shot}-kinds`) });
  await tap('select-jigsaw-long');
  await selectPhotos(2);
  await tap('select-ok');
  await waitUntil(
    t,
    'the collage image in the preview',
    () =>
      t.page.evaluate(() => {
        const img = document.querySelector('[data-testid="jigsaw-image"] img, img[data-testid="jigsaw-image"]') as HTMLImageElement | null;
        return !!img && img.complete && img.naturalWidth === 1080;
      }),
    30000
  );
  await t.page.screenshot({ path: screenshotPath(`${shot}-preview`) });
}

const collageSrc = () =>
  t.page.evaluate(() => (document.querySelector('[data-testid="jigsaw-image"] img, img[data-testid="jigsaw-image"]') as HTMLImageElement | null)?.src ?? '');

it('Collage → long: 2 photos, OK → the preview shows the collage; Save downloads a JPEG 1080 px wide', async () => {
  await openDemo({ width: 375, height: 812 });
  await makeLongCollage('selection-jigsaw');
  const downloaded = t.page.waitForEvent('download', { timeout: 30000 });
  await tap('jigsaw-save');
  const download = await downloaded;
  expect(download.suggestedFilename()).toMatch(/-long\.jpg$/);
  const meta = await sharp(await readDownload(download)).metadata();
  expect(meta.format).toBe('jpeg');
  expect(meta.width).toBe(1080);
  expect(meta.height).toBeGreaterThan(400);
  await tap('jigsaw-close');
  expect(await t.page.getByTestId('jigsaw-preview').count()).toBe(0);
  expect(t.errors.filter((e) => !/401|favicon|requestfailed/.test(e))).toEqual([]);
});

it("WeChat's browser saves no file: the collage is a JPEG data URL, and Save turns the sheet into a press-and-hold hint", async () => {
  await openDemo({ width: 375, height: 812 }, WECHAT_UA);
  await makeLongCollage('selection-jigsaw-wechat');
  const src = await collageSrc();
  expect(src.startsWith('data:image/jpeg;base64,')).toBe(true);
  const meta = await sharp(Buffer.from(src.slice(src.indexOf(',') + 1), 'base64')).metadata();
  expect(meta.width).toBe(1080);
  let downloads = 0;
  t.page.on('download', () => downloads++);
  await tap('jigsaw-save');
  const hint = await waitUntil(t, 'the press-and-hold hint', async () => (await visible(t.page, 'jigsaw-press-hold').isVisible()) && (await visible(t.page, 'jigsaw-press-hold').innerText()));
  expect(hint).toMatch(/长按|Press and hold/);
  expect(await t.page.getByTestId('jigsaw-save').count()).toBe(0);
  await t.page.screenshot({ path: screenshotPath('selection-jigsaw-wechat-hold') });
  expect(downloads).toBe(0);
  await tap('jigsaw-close');
  expect(await t.page.getByTestId('jigsaw-preview').count()).toBe(0);
  expect(t.errors.filter((e) => !/401|favicon|requestfailed/.test(e))).toEqual([]);
});

it('Download: 3 photos → a ZIP whose entries are the 3 images', async () => {
  await openDemo({ width: 1280, height: 800 });
  await tap('select-start');
  await t.page.screenshot({ path: screenshotPath('selection-purposes-desktop') });
  await tap('select-purpose-download');
  await selectPhotos(3);
  await t.page.screenshot({ path: screenshotPath('selection-download-bar-desktop') });
  const downloaded = t.page.waitForEvent('download', { timeout: 45000 });
  await tap('select-download');
  const download = await downloaded;
  expect(download.suggestedFilename()).toMatch(/\.zip$/);
  const names = await zipEntries(await readDownload(download));
  expect(names).toHaveLength(3);
  for (const n of names) expect(n).toMatch(/\.(jpe?g|png|webp)$/i);
  await waitUntil(t, 'selection mode to end after the download', async () => (await t.page.getByTestId('select-check').count()) === 0);
  expect(t.errors.filter((e) => !/401|favicon|requestfailed/.test(e))).toEqual([]);
});
