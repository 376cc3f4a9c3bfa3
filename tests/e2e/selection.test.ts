// Selection mode in a real browser (issue 5 item 4, issue 16 item 4): on the demo gallery
// (it gives originals, so a logged-in visitor downloads without paying) choose Collage →
// long, select photos, OK → the server draws the long picture and the preview shows it;
// Save downloads a JPEG 1080 px wide (in WeChat's browser: a press-and-hold hint); the
// picture is then listed in the Find page's splice tab. Then Download with 3 photos → the
// server's ZIP holds 3 images.
import fs from 'node:fs';
import sharp from 'sharp';
import yauzl from 'yauzl';
import type { Download } from 'playwright-core';
import { visible, BASE_URL, DEMO_LINK, DEMO_URL, WECHAT_UA, revealPhotos, openPage, sandboxLogin, screenshotPath, waitUntil, useBrowser, type TrackedPage } from './support';

const { newContext } = useBrowser();
let t: TrackedPage;


async function tap(id: string): Promise<void> {
  await waitUntil(t, `[data-testid="${id}"] to be visible`, () => visible(t.page, id).isVisible());
  await visible(t.page, id).click();
}

/** The demo gallery as a logged-in visitor (sandbox login, then a reload picks up the session). */
async function openDemo(viewport: { width: number; height: number }, userAgent?: string): Promise<void> {
  t = await openPage(await newContext({ viewport, userAgent, acceptDownloads: true }));
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

/** Collage → long with n photos, OK: the server's long picture in the preview (1080 px wide). */
async function makeLongCollage(shot: string, n = 2): Promise<void> {
  await tap('select-start');
  await tap('select-purpose-jigsaw');
  await t.page.screenshot({ path: screenshotPath(`${shot}-kinds`) });
  await tap('select-jigsaw-long');
  await selectPhotos(n);
  await tap('select-ok');
  await waitUntil(
    t,
    'the long picture in the preview',
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

it('Collage → long: 3 photos, OK → the server draws the long picture; it decodes, Save downloads it, and the Find page lists it', async () => {
  await openDemo({ width: 375, height: 812 });
  await makeLongCollage('selection-jigsaw', 3);
  // The preview shows the server's picture (its maker's signed address), a real JPEG.
  const src = await collageSrc();
  expect(src).toMatch(/\/api\/v2\/usersplice\/image\/[0-9a-f]{64}\?u=\d+&e=\d+&s=/);
  const hash = /image\/([0-9a-f]{64})/.exec(src)![1];
  const res = await t.page.request.get(src);
  expect(res.status()).toBe(200);
  const picture = await sharp(await res.body()).metadata();
  expect([picture.format, picture.width]).toEqual(['jpeg', 1080]);
  expect(picture.height).toBeGreaterThan(3 * 400);
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

  // The Find page's splice tab lists it, with the picture itself.
  await t.page.goto(`${BASE_URL}/page/find?link_id=${DEMO_LINK}`);
  await waitUntil(t, 'the Find page', () => visible(t.page, 'page-find').isVisible(), 30000);
  await t.page.locator('[data-testid="find"] .at-tabs__item').nth(1).click();
  const item = t.page.locator(`[data-testid="find-splice-item"][data-hash="${hash}"]`);
  await waitUntil(t, 'the long picture in the splice tab', () => item.isVisible(), 30000);
  await waitUntil(t, 'its image to load', () =>
    t.page.evaluate((h) => {
      const img = document.querySelector(`[data-testid="find-splice-item"][data-hash="${h}"] [data-testid="find-splice-picture"] img, [data-testid="find-splice-item"][data-hash="${h}"] img[data-testid="find-splice-picture"]`) as HTMLImageElement | null;
      return !!img && img.complete && img.naturalWidth === 1080;
    }, hash)
  );
  await t.page.screenshot({ path: screenshotPath('find-splice-long-picture') });
  expect(t.errors.filter((e) => !/401|favicon|requestfailed/.test(e))).toEqual([]);
});

it("WeChat's browser saves no file: the long picture shows, and Save turns the sheet into a press-and-hold hint", async () => {
  await openDemo({ width: 375, height: 812 }, WECHAT_UA);
  await makeLongCollage('selection-jigsaw-wechat');
  const src = await collageSrc();
  expect(src).toMatch(/\/api\/v2\/usersplice\/image\/[0-9a-f]{64}\?/);
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
