// Moving around the product: bottom navigation, gallery cards, /demo, and every
// route of the spec opened directly (typed, shared or reloaded).
import { BASE_URL, DEMO_LINK, VIEWPORTS, pagePerTest, sandboxLogin, visibleTestId, waitUntil, useBrowser, type TrackedPage } from './support';

const { browser } = useBrowser();

const pathOf = (t: TrackedPage) => new URL(t.page.url()).pathname;

describe.each(VIEWPORTS)('$name', ({ options }) => {
  let t: TrackedPage;
  pagePerTest(browser, options, (page) => (t = page));

  it('/demo opens the demo event', async () => {
    await t.page.goto(`${BASE_URL}/demo`);
    await visibleTestId(t, 'gallery-name');
    expect(pathOf(t)).toBe(`/g/${DEMO_LINK}`);
  });

  it('a gallery card opens the sub-gallery at its own address, and Back Home returns', async () => {
    await t.page.goto(`${BASE_URL}/g/${DEMO_LINK}`);
    await visibleTestId(t, 'gallery-name');
    await t.page.getByTestId('gallery-card').first().click();
    await waitUntil(t, 'the address /g/carpet26', async () => pathOf(t) === '/g/carpet26');
    expect(await visibleTestId(t, 'gallery-name')).toBe('Red Carpet');
    const nav = t.page.getByTestId('bottom-nav').filter({ visible: true });
    await nav.waitFor({ state: 'visible' });
    // Tab 0 is "Back Home" under a parent; tapping it on itself goes to the parent page.
    await nav.getByTestId('nav-tab-0').click();
    await waitUntil(t, `the address /g/${DEMO_LINK}`, async () => pathOf(t) === `/g/${DEMO_LINK}`);
    expect(await visibleTestId(t, 'gallery-name')).toBe('Demo: Spring Gala 2026');
    // Browser back returns to Red Carpet with its own album, not the page above it.
    await t.page.goBack();
    await waitUntil(t, 'the address /g/carpet26', async () => pathOf(t) === '/g/carpet26');
    expect(await visibleTestId(t, 'gallery-name')).toBe('Red Carpet');
  });

  it('the My tab asks a guest to log in, then opens the Me page with its settings', async () => {
    await t.page.goto(`${BASE_URL}/g/${DEMO_LINK}`);
    await visibleTestId(t, 'gallery-name');
    const myTab = () => t.page.getByTestId('bottom-nav').filter({ visible: true }).getByTestId('nav-tab-5');
    // Guests are asked first (spec part 1 §6: the Me tab needs a real user); cancel stays put.
    await myTab().click();
    await visibleTestId(t, 'login-prompt');
    await t.page.getByTestId('login-prompt-cancel').filter({ visible: true }).click();
    expect(pathOf(t)).toBe(`/g/${DEMO_LINK}`);
    await sandboxLogin(t.page, 'nav-e2e');
    await t.page.reload();
    await visibleTestId(t, 'gallery-name');
    await myTab().click();
    await waitUntil(t, 'the address /page/me', async () => pathOf(t) === '/page/me');
    await visibleTestId(t, 'page-me');
    await visibleTestId(t, 'me-language');
  });

  it('/page/video/iframe frames no address that the gallery page does not name (a crafted link shows the empty state)', async () => {
    const detail = await (await fetch(`${BASE_URL}/api/v2/gallery/link/${DEMO_LINK}`)).json();
    const id = detail.data.gallery.id as number;
    await t.page.goto(`${BASE_URL}/page/video/iframe?url=${encodeURIComponent('https://phish.example.com/login')}&galleryid=${id}`);
    await visibleTestId(t, 'empty-state');
    expect(await t.page.locator('iframe').count()).toBe(0);
  });

  it.each([
    ['/page/me', 'page-me'],
    [`/page/order/${DEMO_LINK}`, 'page-order'],
    // /page/permission/{id} of a gated gallery: tests/e2e/permission.test.ts (a free one leads on to the gallery).
    [`/g/${DEMO_LINK}/video/12`, 'page-video'],
    [`/page/person/${DEMO_LINK}/3/o123`, 'page-person'],
    ['/page/share/o123/1,2,3', 'page-share'],
    ['/page/group/abcdef', 'page-group'],
    ['/page/video/iframe', 'page-video-iframe'],
    ['/page/agreement', 'page-agreement'],
    ['/page/find', 'page-find'],
    [`/g/${DEMO_LINK}/original/1`, 'gallery-name'],
    [`/g/carpet26/visit/1000001`, 'gallery-name']
  ])('%s opens its page when typed and when reloaded', async (urlPath, testId) => {
    await t.page.goto(BASE_URL + urlPath);
    await visibleTestId(t, testId);
    await t.page.reload();
    await visibleTestId(t, testId);
    expect(pathOf(t)).toBe(urlPath.split('?')[0]);
  });
});
