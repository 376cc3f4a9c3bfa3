// Comments in a real browser (spec part 3 §2 items 1–2, §4; issue 15 Tests): a comment posted from
// one phone's send bar appears in another phone's open comment sheet (the server publishes the
// live `text` message after the post) and flies as a bullet over the venue screen; markup in the
// comment and in the poster's nickname shows as text in the sheet and on the screen, and no
// script of it runs. The server runs with the Redis live bus (tests/e2e/redis-live.ts).
// On the demo (the shared server's seed), the After Party's page has the comments in the page
// (`commentlist`) and the send bar at its bottom (`commentsend`): a visitor reads them, logs in and
// posts through that bar, and the navigation stands on the bar.
import type { Page } from 'playwright-core';
import { BASE_URL, VIEWPORTS, openPage, pageApi, sandboxLogin, waitUntil, useBrowser, type TrackedPage } from './support';
import { startRedisServer, type RedisServer } from './redis-live';

const desktop = VIEWPORTS.find((v) => v.name === 'desktop')!;
const phone = VIEWPORTS.find((v) => v.name.startsWith('phone'))!;
const XSS = '<img src=x onerror="window.__xss=1"><script>window.__xss=2</script><b>bold</b>';
/** At most 32 characters (NICKNAME_MAX). */
const XSS_NICK = '<img src=x onerror=__xss=3>';

let server: RedisServer;
const { newContext } = useBrowser();
beforeAll(async () => {
  server = await startRedisServer();
}, 150_000);
afterAll(async () => {
  await server?.stop();
});

async function newPage(options: typeof phone.options): Promise<TrackedPage> {
  const context = await newContext({ ...options, locale: 'en-US' });
  return openPage(context);
}

/** A phone on the gallery page, logged in through the sandbox as `name`, its nickname set. */
async function phoneAs(link: string, name: string, nickname?: string): Promise<TrackedPage> {
  const t = await newPage(phone.options);
  await t.page.goto(`${server.baseUrl}/g/${link}`);
  await t.page.getByTestId('gallery-comment-button').waitFor({ state: 'visible', timeout: 30_000 });
  await sandboxLogin(t.page, name);
  if (nickname) {
    const r = await pageApi(t.page, '/api/v2/userinfo/profile', { nickname });
    expect(r.code).toBe(200);
  }
  await t.page.reload();
  await t.page.getByTestId('gallery-comment-button').waitFor({ state: 'visible', timeout: 30_000 });
  return t;
}

const openSheet = async (page: Page) => {
  await page.getByTestId('gallery-comment-button').click();
  await page.getByTestId('comment-sheet').waitFor({ state: 'visible' });
};

const noXss = (page: Page) => page.evaluate(() => (window as { __xss?: number }).__xss);

it('a comment posted on one phone shows in another phone’s sheet and on the venue screen; markup stays text', async () => {
  const g = (await server.organiser('POST', '/api/v2/organizer/galleries', { name: 'Comments e2e' })).gallery as { id: number; link_id: string };
  await server.organiser('POST', `/api/v2/organizer/galleries/${g.id}/config`, { use_comment: 1 });

  // The venue screen, its bullet layer turned on.
  const screen = await newPage(desktop.options);
  await screen.page.goto(`${server.baseUrl}/g/${g.link_id}/screen`);
  await screen.page.getByTestId('carousel').waitFor({ state: 'visible', timeout: 30_000 });
  await screen.page.getByTestId('carousel-danmaku-toggle').click();
  await screen.page.getByTestId('carousel-danmaku').waitFor({ state: 'attached' });

  const alice = await phoneAs(g.link_id, 'alice', XSS_NICK);
  const bob = await phoneAs(g.link_id, 'bob');
  await openSheet(bob.page);
  await bob.page.getByTestId('comment-empty').waitFor({ state: 'visible' });

  // Alice writes from her sheet's send bar: the empty check first, then a real comment.
  await openSheet(alice.page);
  await alice.page.getByTestId('comment-send-open').click();
  await alice.page.getByTestId('comment-send-button').click();
  // The gallery's language (zh-CN by default) or the visitor's: either is right.
  expect((await alice.page.getByTestId('comment-send-notice').textContent())?.trim()).toMatch(/^(Please input the comment|请输入评论内容)$/);
  // Taro's H5 Input: the test id lands on the native input (or on its wrapper, around it).
  const input = alice.page.locator('input[data-testid="comment-send-input"], [data-testid="comment-send-input"] input').first();
  await input.fill('Hello from phone A');
  await alice.page.getByTestId('comment-send-button').click();
  await waitUntil(alice, 'the input cleared', async () => (await input.inputValue()) === '', 15_000);
  await alice.page.getByTestId('comment-text').filter({ hasText: 'Hello from phone A' }).waitFor({ state: 'visible' });

  // Bob's open sheet gets it over the live channel; the venue screen flies it.
  await bob.page.getByTestId('comment-text').filter({ hasText: 'Hello from phone A' }).waitFor({ state: 'visible', timeout: 20_000 });
  const bullets = () => screen.page.locator('[data-testid="carousel-danmaku"] [data-testid="danmaku-bullet"]').allTextContents();
  await waitUntil(screen, 'the bullet on the venue screen', async () => (await bullets()).includes('Hello from phone A'), 20_000);

  // Markup in a comment and in a nickname: text everywhere, no element, no script.
  await input.fill(XSS);
  await alice.page.getByTestId('comment-send-button').click();
  await waitUntil(alice, 'the input cleared again', async () => (await input.inputValue()) === '', 15_000);
  const xssRow = bob.page.getByTestId('comment').filter({ has: bob.page.getByTestId('comment-text').getByText(XSS, { exact: true }) });
  await xssRow.waitFor({ state: 'visible', timeout: 20_000 });
  expect((await xssRow.getByTestId('comment-name').textContent())?.trim()).toBe(XSS_NICK);
  expect(await bob.page.getByTestId('comment-sheet').locator('script, b, img[src="x"]').count()).toBe(0);
  expect(await alice.page.getByTestId('comment-sheet').locator('script, b, img[src="x"]').count()).toBe(0);
  await waitUntil(screen, 'the markup bullet', async () => (await bullets()).includes(XSS), 20_000);
  expect(await screen.page.getByTestId('carousel-danmaku').locator('img, script, b').count()).toBe(0);
  for (const t of [alice, bob, screen]) {
    expect(await noXss(t.page)).toBeUndefined();
    expect(t.errors.filter((e) => !/favicon/.test(e))).toEqual([]);
  }

  // Back closes the sheet (it pushed a history entry).
  await bob.page.goBack();
  await waitUntil(bob, 'the sheet closed by Back', async () => (await bob.page.getByTestId('comment-sheet').count()) === 0);
  expect(bob.page.url()).toContain(`/g/${g.link_id}`);
});

it('on the demo’s After Party a visitor reads the comments in the page and posts through the page’s send bar', async () => {
  const t = await newPage(phone.options);
  const { page } = t;
  await page.goto(`${BASE_URL}/g/party026`);
  const list = page.getByTestId('comment-list-plain');
  await list.waitFor({ state: 'visible', timeout: 30_000 });
  // The hosts' pinned welcome, with the organiser and top tags, in the page itself (no sheet).
  const welcome = list.getByTestId('comment').filter({ hasText: 'Welcome to the after party' });
  await welcome.waitFor({ state: 'visible' });
  expect((await welcome.getByTestId('comment-name').textContent())?.trim()).toBe('Party hosts');
  expect(await welcome.getByTestId('comment-organiser').count()).toBe(1);
  expect(await welcome.getByTestId('comment-top').count()).toBe(1);
  expect(await page.getByTestId('comment-sheet').count()).toBe(0);

  // The send bar: fixed at the bottom, 66 px high; a guest sees the login line; the tab bar stands on it.
  const bar = page.getByTestId('comment-bar');
  await bar.getByTestId('comment-send-login').waitFor({ state: 'visible' });
  const viewport = page.viewportSize()!;
  const barBox = (await bar.boundingBox())!;
  expect(Math.round(barBox.y + barBox.height)).toBe(viewport.height);
  expect(Math.round(barBox.height)).toBe(66);
  // The page's navigator gives it Back Home and Me: that bar stands on the comment bar, as does the comment button.
  const nav = page.getByTestId('bottom-nav');
  await nav.waitFor({ state: 'visible' });
  const navBox = (await nav.boundingBox())!;
  expect(Math.round(navBox.y + navBox.height)).toBeLessThanOrEqual(Math.round(barBox.y));
  const buttonBox = (await page.getByTestId('gallery-comment-button').boundingBox())!;
  expect(Math.round(buttonBox.y + buttonBox.height)).toBeLessThanOrEqual(Math.round(navBox.y));

  // Logged in, the bar has the input: the empty check, then a post that shows in the page's list.
  await sandboxLogin(page, 'party-guest');
  await page.reload();
  const input = page.locator('[data-testid="comment-bar"] input[data-testid="comment-send-input"], [data-testid="comment-bar"] [data-testid="comment-send-input"] input').first();
  await input.waitFor({ state: 'visible', timeout: 30_000 });
  await bar.getByTestId('comment-send-button').click();
  expect((await bar.getByTestId('comment-send-notice').textContent())?.trim()).toMatch(/^(Please input the comment|请输入评论内容)$/);
  const text = `Can’t wait for tonight ${Date.now()}`;
  await input.fill(text);
  await bar.getByTestId('comment-send-button').click();
  await waitUntil(t, 'the input cleared', async () => (await input.inputValue()) === '', 15_000);
  const mine = list.getByTestId('comment').filter({ has: page.getByTestId('comment-text').getByText(text, { exact: true }) });
  await mine.waitFor({ state: 'visible', timeout: 15_000 });

  // Another visitor opening the page finds it in the list; the poster deletes it again.
  const other = await newPage(phone.options);
  await other.page.goto(`${BASE_URL}/g/party026`);
  await other.page.getByTestId('comment-list-plain').getByTestId('comment-text').getByText(text, { exact: true }).waitFor({ state: 'visible', timeout: 30_000 });
  await mine.getByTestId('comment-delete').click();
  await waitUntil(t, 'the comment deleted', async () => (await mine.count()) === 0, 15_000);
  for (const p of [t, other]) expect(p.errors.filter((e) => !/favicon/.test(e))).toEqual([]);
});
