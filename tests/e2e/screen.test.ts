// The venue screen (/g/{link_id}/screen) in a desktop browser: QR code with its
// caption and toggle, play and pause, the interval and effect choices, and a photo
// uploaded while the show runs joining it without moving the photo on screen.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { BASE_URL, VIEWPORTS, openPage, visibleTestId, waitUntil, useBrowser, type TrackedPage } from './support';
import { createGallery, shot, upload } from './organiser';

const desktop = VIEWPORTS.find((v) => v.name === 'desktop')!;
/** The show follows the gallery's language (zh-CN by default) or the visitor's: either is right. */
const TEXT = {
  scan: /^(Scan to see the live photos|扫码观看照片直播)$/,
  hideQr: /^(Hide QR code|隐藏二维码)$/,
  showQr: /^(Show QR code|显示二维码)$/,
  play: /^(Play|开始播放)$/,
  pause: /^(Pause|暂停播放)$/
};

const { newContext } = useBrowser();
let t: TrackedPage;
let folder: string;
beforeAll(async () => {
  folder = fs.mkdtempSync(path.join(os.tmpdir(), 'lg-e2e-screen-'));
});
afterAll(async () => {
  fs.rmSync(folder, { recursive: true, force: true });
});

it('shows the QR code, plays, and takes a new photo into the running show', async () => {
  const g = await createGallery('Screen e2e');
  const first = path.join(folder, 'first');
  fs.mkdirSync(first);
  const base = Date.now() - 3600_000;
  for (let i = 0; i < 3; i++) await shot(first, `IMG_${300 + i}.JPG`, new Date(base + i * 60_000), 40 + i * 50);
  expect(upload(g.link_id, first)).toContain('uploaded 3');

  t = await openPage(await newContext({ ...desktop.options, locale: 'en-US' }));
  await t.page.goto(`${BASE_URL}/g/${g.link_id}/screen`);
  const carousel = t.page.getByTestId('carousel');
  await waitUntil(t, 'three photos in the show', async () => (await carousel.getAttribute('data-count')) === '3');

  expect((await visibleTestId(t, 'carousel-qr')).trim()).toMatch(TEXT.scan);
  expect(await t.page.locator('[data-testid="carousel-qr-image"] img').first().getAttribute('src')).toMatch(/^data:image\//);
  await t.page.getByTestId('carousel-qr-toggle').click();
  expect(await t.page.getByTestId('carousel-qr').count()).toBe(0);
  expect(await visibleTestId(t, 'carousel-qr-toggle')).toMatch(TEXT.showQr);
  await t.page.getByTestId('carousel-qr-toggle').click();
  expect(await visibleTestId(t, 'carousel-qr-toggle')).toMatch(TEXT.hideQr);

  expect(await visibleTestId(t, 'carousel-play')).toMatch(TEXT.play);
  await t.page.getByTestId('carousel-play').click();
  await waitUntil(t, 'playing', async () => (await carousel.getAttribute('data-playing')) === 'true');
  expect(await visibleTestId(t, 'carousel-play')).toMatch(TEXT.pause);
  await t.page.getByTestId('carousel-play').click();
  await waitUntil(t, 'paused', async () => (await carousel.getAttribute('data-playing')) === 'false');
  await visibleTestId(t, 'carousel-background');
  const onScreen = await carousel.getAttribute('data-current');
  expect(onScreen).not.toBe('');

  // Shot now, so it goes last in shoot-time order; the show keeps its photo.
  const more = path.join(folder, 'more');
  fs.mkdirSync(more);
  await shot(more, 'IMG_400.JPG', new Date(), 220);
  expect(upload(g.link_id, more)).toContain('uploaded 1');
  await waitUntil(t, 'the new photo in the show', async () => (await carousel.getAttribute('data-count')) === '4');
  expect(await carousel.getAttribute('data-current')).toBe(onScreen);
});

it('a password-gated gallery: the screen sends the operator to its permission page and comes back with the photos', async () => {
  const gated = await newContext({ ...desktop.options, locale: 'en-US' });
  const g = await openPage(gated);
  // The demo's "VIP Lounge" (password 2026).
  await g.page.goto(`${BASE_URL}/g/vip2026a/screen`);
  await waitUntil(g, 'the permission page', async () => /^\/page\/permission\/\d+$/.test(new URL(g.page.url()).pathname));
  expect(new URL(g.page.url()).searchParams.get('to')).toBe('screen');
  await visibleTestId(g, 'permission-password-form');
  await g.page.locator('[data-testid="permission-password"] input, input[data-testid="permission-password"]').first().fill('2026');
  await g.page.getByTestId('permission-submit').filter({ visible: true }).first().click();
  await waitUntil(g, 'back on the screen', async () => new URL(g.page.url()).pathname === '/g/vip2026a/screen');
  const carousel = g.page.getByTestId('carousel');
  await waitUntil(g, 'photos in the show', async () => Number((await carousel.getAttribute('data-count')) ?? 0) > 0);
});
