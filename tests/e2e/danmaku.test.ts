// The bullet screen on the venue screen (/g/{link_id}/screen) in a real browser: with the screen's
// bullet-screen toggle on, a `text` live message published on the server's live bus (Redis, as
// another server process publishes) flies across the screen as a bullet, and a message carrying
// markup shows as text: no element is made from it and no script of it runs.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { VIEWPORTS, openPage, waitUntil, useBrowser, type TrackedPage } from './support';
import { shot } from './organiser';
import { startRedisServer, type RedisServer } from './redis-live';

const desktop = VIEWPORTS.find((v) => v.name === 'desktop')!;
const phone = VIEWPORTS.find((v) => v.name.startsWith('phone'))!;
/** The gallery's language (zh-CN by default) or the visitor's: either is right. */
const SWITCH = { on: /^(Live comments: on|弹幕：开)$/, off: /^(Live comments: off|弹幕：关)$/ };
const XSS = '<img src=x onerror="window.__xss=1"><script>window.__xss=2</script><b>bold</b>';

let server: RedisServer;
const { newContext } = useBrowser();
let t: TrackedPage;
beforeAll(async () => {
  server = await startRedisServer();
}, 150_000);
afterAll(async () => {
  await server?.stop();
});

/** The texts of the bullets on screen (in `within`: a layer's container). */
const bulletTexts = (within = '[data-testid="carousel-danmaku"]') => t.page.locator(`${within} [data-testid="danmaku-bullet"]`).allTextContents();

/** Publish `text` messages (a new id each time) until one shows: the screen's socket may join the room after the first. */
async function sendUntilShown(room: number, content: string, firstId: number, within?: string): Promise<void> {
  let id = firstId;
  await waitUntil(
    t,
    `the bullet "${content}"`,
    async () => {
      await server.publish(room, 'text', { id: id++, content, nickname: 'Guest', photo: '' });
      await t.page.waitForTimeout(400);
      return (await bulletTexts(within)).includes(content);
    },
    30_000
  );
}

it('a live text message flies over the venue screen, and markup in one shows as text', async () => {
  const g = (await server.organiser('POST', '/api/v2/organizer/galleries', { name: 'Bullet e2e' })).gallery as { id: number; link_id: string };
  t = await openPage(await newContext({ ...desktop.options, locale: 'en-US' }));
  await t.page.goto(`${server.baseUrl}/g/${g.link_id}/screen`);
  await t.page.getByTestId('carousel').waitFor({ state: 'visible', timeout: 30_000 });

  // The gallery's danmuku setting is 0: the operator turns the layer on.
  expect(await t.page.getByTestId('carousel-danmaku').count()).toBe(0);
  await t.page.getByTestId('carousel-danmaku-toggle').click();
  await t.page.getByTestId('carousel-danmaku').waitFor({ state: 'attached' });

  await sendUntilShown(g.id, 'Hello from the venue', 1000);
  const bullet = t.page.locator('[data-testid="danmaku-bullet"]', { hasText: 'Hello from the venue' }).first();
  // Moved by a CSS animation on the compositor (a transform), from the right edge.
  const motion = await bullet.evaluate((el) => {
    const cs = getComputedStyle(el);
    return { name: cs.animationName, transform: cs.transform };
  });
  expect(motion.name).toBe('danmaku-run');
  expect(motion.transform).toMatch(/^matrix/);

  await sendUntilShown(g.id, XSS, 2000);
  const layer = t.page.getByTestId('carousel-danmaku');
  expect(await layer.locator('img, script, b').count()).toBe(0);
  expect(await t.page.evaluate(() => (window as { __xss?: number }).__xss)).toBeUndefined();
  expect(await bulletTexts()).toContain(XSS);

  // Off: the layer and its bullets are gone.
  await t.page.getByTestId('carousel-danmaku-toggle').click();
  await waitUntil(t, 'the layer gone', async () => (await t.page.getByTestId('carousel-danmaku').count()) === 0);
  expect(await t.page.locator('[data-testid="danmaku-bullet"]').count()).toBe(0);
  expect(t.errors.filter((e) => !/favicon/.test(e))).toEqual([]);
});

it('on a phone the gallery page and its viewer run the bullet screen; the viewer switch turns it off and the device remembers', async () => {
  const g = (await server.organiser('POST', '/api/v2/organizer/galleries', { name: 'Bullet page e2e' })).gallery as { id: number; link_id: string };
  await server.organiser('POST', `/api/v2/organizer/galleries/${g.id}/config`, { use_comment: 1 });
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'lg-e2e-danmaku-'));
  try {
    for (let i = 0; i < 2; i++) await shot(folder, `IMG_${500 + i}.JPG`, new Date(Date.now() - (2 - i) * 60_000), 60 + i * 80);
    expect(server.upload(g.link_id, folder)).toContain('uploaded 2');
  } finally {
    fs.rmSync(folder, { recursive: true, force: true });
  }
  t = await openPage(await newContext({ ...phone.options, locale: 'en-US' }));
  await t.page.goto(`${server.baseUrl}/g/${g.link_id}`);
  await waitUntil(t, 'two photos', async () => (await t.page.getByTestId('photo-item').count()) === 2, 30_000);

  await sendUntilShown(g.id, 'Welcome, everyone', 3000, '.danmaku--page');
  await t.page.getByTestId('photo-item').first().click();
  await t.page.getByTestId('viewer-danmaku-toggle').waitFor({ state: 'visible' });
  expect((await t.page.getByTestId('viewer-danmaku-toggle').textContent())?.trim()).toMatch(SWITCH.on);
  await sendUntilShown(g.id, XSS, 4000, '.danmaku--viewer');
  expect(await t.page.locator('.danmaku--viewer').locator('img, script, b').count()).toBe(0);
  expect(await t.page.evaluate(() => (window as { __xss?: number }).__xss)).toBeUndefined();

  await t.page.getByTestId('viewer-danmaku-toggle').click();
  await waitUntil(t, 'the switch off', async () => (await t.page.getByTestId('viewer-danmaku-toggle').textContent())?.trim().match(SWITCH.off));
  expect(await t.page.locator('[data-testid="danmaku-bullet"]').count()).toBe(0);

  // Reloaded: still off (danSwitch on the device): no layer on the page or in the viewer.
  expect(await t.page.evaluate(() => localStorage.getItem('danSwitch'))).toContain('false');
  await t.page.reload();
  await waitUntil(t, 'two photos again', async () => (await t.page.getByTestId('photo-item').count()) === 2, 30_000);
  await t.page.getByTestId('photo-item').first().click();
  await t.page.getByTestId('viewer-danmaku-toggle').waitFor({ state: 'visible' });
  expect((await t.page.getByTestId('viewer-danmaku-toggle').textContent())?.trim()).toMatch(SWITCH.off);
  expect(await t.page.getByTestId('danmaku').count()).toBe(0);
});
