// The demo event in a real browser, on a phone inside WeChat and on a desktop:
// the printed link, photos that load, infinite scroll, reloaded deep links,
// unknown links and an empty sub-gallery.
import { BASE_URL, DEMO_URL, VIEWPORTS, countItems, countLoadedItems, pagePerTest, revealNextUnloaded, revealPhotos, screenshotPath, scrollToBottom, scrollToTop, visibleTestId, waitUntil, useBrowser, type TrackedPage } from './support';

const MIN_PHOTOS = 20;

const { browser } = useBrowser();

describe.each(VIEWPORTS)('$name', ({ name, options }) => {
  let t: TrackedPage;
  pagePerTest(browser, options, (page) => (t = page));

  it('opens the printed demo link: gallery name and at least 20 loaded photos', async () => {
    await t.page.goto(DEMO_URL);
    const galleryName = await visibleTestId(t, 'gallery-name');
    expect(galleryName.length).toBeGreaterThan(0);
    await revealPhotos(t);
    const loaded = await waitUntil(
      t,
      `${MIN_PHOTOS} photo-item cells with a loaded image`,
      async () => {
        const n = await countLoadedItems(t.page);
        if (n >= MIN_PHOTOS) return n;
        await revealNextUnloaded(t.page);
        return 0;
      },
      40000
    );
    expect(loaded).toBeGreaterThanOrEqual(MIN_PHOTOS);
    await scrollToTop(t.page);
    await t.page.screenshot({ path: screenshotPath(name) });
  });

  it('loads more photos when scrolled to the bottom', async () => {
    await t.page.goto(DEMO_URL);
    await visibleTestId(t, 'gallery-name');
    await revealPhotos(t);
    const before = await waitUntil(t, 'the first page of photo-item cells', () => countItems(t.page));
    const target = Math.max(before, MIN_PHOTOS);
    const after = await waitUntil(
      t,
      `more than ${target} photo-item cells after scrolling (had ${before})`,
      async () => {
        await scrollToBottom(t.page);
        const n = await countItems(t.page);
        return n > target ? n : 0;
      },
      30000
    );
    expect(after).toBeGreaterThan(MIN_PHOTOS);
  });

  it.each([['/g/carpet26'], ['/gti/spring-gala']])('reloads the deep link %s and shows its page', async (urlPath) => {
    await t.page.goto(BASE_URL + urlPath);
    await visibleTestId(t, 'gallery-name');
    await t.page.reload();
    const shown = await visibleTestId(t, 'gallery-name');
    expect(shown.length).toBeGreaterThan(0);
    // The address bar keeps the shared URL.
    expect(new URL(t.page.url()).pathname).toBe(urlPath);
    await revealPhotos(t);
  });

  it('/gti/spring-gala is the same page as the demo link', async () => {
    await t.page.goto(DEMO_URL);
    const demoName = await visibleTestId(t, 'gallery-name');
    await t.page.goto(`${BASE_URL}/gti/spring-gala`);
    expect(await visibleTestId(t, 'gallery-name')).toBe(demoName);
  });

  it('scrolls the sub-gallery carpet26 to its end line', async () => {
    await t.page.goto(`${BASE_URL}/g/carpet26`);
    await visibleTestId(t, 'gallery-name');
    await waitUntil(
      t,
      'the list-end line after scrolling through carpet26',
      async () => {
        await scrollToBottom(t.page);
        return t.page.getByTestId('list-end').first().isVisible();
      },
      45000
    );
  });

  it('shows not-found for an unknown link', async () => {
    await t.page.goto(`${BASE_URL}/g/zzzzzz9`);
    await visibleTestId(t, 'not-found');
    expect(await countItems(t.page)).toBe(0);
  });

  it('shows the empty state for party026, which has no photos yet', async () => {
    await t.page.goto(`${BASE_URL}/g/party026`);
    await visibleTestId(t, 'gallery-name');
    await visibleTestId(t, 'empty-state');
    expect(await countItems(t.page)).toBe(0);
  });
});
