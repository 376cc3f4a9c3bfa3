// The live album in a real browser (issue 4): a phone visitor has the viewer open
// on photo k of a gallery; the photographer's uploader (the real CLI, through the
// signed upload flow) adds three newer photos; the live channel inserts them ahead
// of photo k, the viewer still shows photo k, and the header's photo count rises
// with them (issue 12); the banner stays away, as the photos are already on screen.
// The socket carries the session cookie, not a token in its URL (issue 26).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { BASE_URL, VIEWPORTS, openPage, visibleTestId, waitUntil, useBrowser, type TrackedPage } from './support';
import { createGallery, shot, upload } from './organiser';

const phone = VIEWPORTS.find((v) => v.name.startsWith('phone'))!;

const { newContext } = useBrowser();
let t: TrackedPage;
let folder: string;
beforeAll(async () => {
  folder = fs.mkdtempSync(path.join(os.tmpdir(), 'lg-e2e-live-'));
});
afterAll(async () => {
  fs.rmSync(folder, { recursive: true, force: true });
});

it('a phone viewer on photo k stays on it while three uploaded photos arrive, and the header counts them', async () => {
  const g = await createGallery('Live e2e');
  const first = path.join(folder, 'first');
  fs.mkdirSync(first);
  const base = Date.now() - 3600_000;
  for (let i = 0; i < 12; i++) await shot(first, `IMG_${100 + i}.JPG`, new Date(base + i * 60_000), i * 20);
  expect(upload(g.link_id, first)).toContain('uploaded 12');

  t = await openPage(await newContext(phone.options));
  const sockets: string[] = [];
  t.page.on('websocket', (ws) => sockets.push(ws.url()));
  await t.page.goto(`${BASE_URL}/g/${g.link_id}`);
  await visibleTestId(t, 'gallery-name');
  await waitUntil(t, 'the live channel open', async () => (await t.page.locator('[data-testid="photo-area"][data-live="open"]').count()) > 0);
  // The same-origin socket carries the session cookie: no token in its URL (URLs end up in logs).
  expect(sockets.length).toBeGreaterThan(0);
  for (const url of sockets) expect(new URL(url).searchParams.has('token')).toBe(false);
  await waitUntil(t, 'twelve photos', async () => (await t.page.getByTestId('photo-item').count()) === 12);
  const headerPhotos = () => t.page.getByTestId('stat-photos').filter({ visible: true }).first().locator('.stats-row__num').textContent();
  expect(await headerPhotos()).toBe('12');

  // Open the viewer on the sixth photo (newest first), k = 6.
  await t.page.locator('[data-testid="photo-item"][data-index="5"]').click();
  await visibleTestId(t, 'viewer-position');
  const current = () => t.page.locator('[data-testid="viewer-slide"][data-current="true"]').getAttribute('data-id');
  const before = await current();
  expect(await visibleTestId(t, 'viewer-position')).toMatch(/^6\s*\/\s*12$/);

  const more = path.join(folder, 'more');
  fs.mkdirSync(more);
  for (let i = 0; i < 3; i++) await shot(more, `IMG_${200 + i}.JPG`, new Date(Date.now() - (3 - i) * 1000), 200 + i * 10);
  expect(upload(g.link_id, more)).toContain('uploaded 3');

  // Three newer photos went in ahead of it: same photo, now 9 of 15.
  await waitUntil(t, 'the viewer position to shift', async () => /^9\s*\/\s*15$/.test(await visibleTestId(t, 'viewer-position')));
  expect(await current()).toBe(before);

  // The header's photo count followed the live events, without a reload.
  await t.page.getByTestId('viewer-close').click();
  await waitUntil(t, 'the header to count 15 photos', async () => (await headerPhotos()) === '15');
  // A fourth photo while the list is shown: the count rises again.
  const last = path.join(folder, 'last');
  fs.mkdirSync(last);
  await shot(last, 'IMG_300.JPG', new Date(), 300);
  expect(upload(g.link_id, last)).toContain('uploaded 1');
  await waitUntil(t, 'the header to count 16 photos', async () => (await headerPhotos()) === '16');
  await waitUntil(t, 'sixteen photos in the list', async () => (await t.page.getByTestId('photo-item').count()) === 16);
});
