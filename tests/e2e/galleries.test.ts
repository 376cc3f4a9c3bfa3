// Galleries around the photos in a real browser: a deep link into a sub-gallery,
// the visit form with its way back to the parent, the switch panel, the Me page's
// recent-visit card, and the view count rising once the stats are flushed.
import { BASE_URL, VIEWPORTS, getJson, pagePerTest, visibleTestId, waitUntil, useBrowser, type TrackedPage } from './support';

const { browser } = useBrowser();

const pathOf = (t: TrackedPage) => new URL(t.page.url()).pathname;
const TOP_ID = 1000001;

/** The view count the header shows now (small counts print as plain numbers). */
async function shownViews(t: TrackedPage): Promise<number> {
  const text = await visibleTestId(t, 'stat-views');
  return Number(text.replace(/\D+$/, '').replace(/[^\d]/g, ''));
}

async function apiViews(link: string): Promise<number> {
  const r = await getJson(`/api/v2/gallery/link/${link}`);
  return r.body.data.gallery.view_detail.view;
}

async function apiImageViews(link: string): Promise<number> {
  const r = await getJson(`/api/v2/gallery/link/${link}`);
  return r.body.data.gallery.imageviews;
}

describe.each(VIEWPORTS)('$name', ({ options }) => {
  let t: TrackedPage;
  pagePerTest(browser, options, (page) => (t = page));

  it('a deep link into a sub-gallery switches to its sibling through the switch panel', async () => {
    await t.page.goto(`${BASE_URL}/g/carpet26`);
    expect(await visibleTestId(t, 'gallery-name')).toBe('Red Carpet');
    // The siblings load from the parent page; the header then offers the panel.
    await visibleTestId(t, 'gallery-switch-open');
    await t.page.getByTestId('gallery-switch-open').filter({ visible: true }).click();
    await visibleTestId(t, 'gallery-switch');
    const items = t.page.getByTestId('gallery-switch-item').filter({ visible: true });
    expect(await items.evaluateAll((els) => els.map((e) => e.getAttribute('data-link-id')))).toEqual(['carpet26', 'party026', 'vip2026a', 'press026', 'faces026', 'race2026']);
    // The live-video tab has nothing yet.
    await t.page.getByTestId('gallery-switch-tab-video').filter({ visible: true }).click();
    await visibleTestId(t, 'gallery-switch-video-empty');
    await t.page.getByTestId('gallery-switch-tab-photo').filter({ visible: true }).click();
    await items.nth(1).click();
    await t.page.getByTestId('gallery-switch-go').filter({ visible: true }).click();
    await waitUntil(t, 'the address /g/party026', async () => pathOf(t) === '/g/party026');
    expect(await visibleTestId(t, 'gallery-name')).toBe('After Party');
  });

  it('the visit form shows the gallery with a way back to its parent, and the Me page shows the visit', async () => {
    await t.page.goto(`${BASE_URL}/g/carpet26/visit/${TOP_ID}`);
    expect(await visibleTestId(t, 'gallery-name')).toBe('Red Carpet');
    expect(pathOf(t)).toBe(`/g/carpet26/visit/${TOP_ID}`);
    const back = await waitUntil(t, 'the back bar naming the parent', async () => {
      const text = await visibleTestId(t, 'visit-back');
      return text.includes('Spring Gala') ? text : '';
    });
    expect(back).toContain('Spring Gala');
    await t.page.getByTestId('visit-back').filter({ visible: true }).click();
    await waitUntil(t, 'the address /g/demo2026', async () => pathOf(t) === '/g/demo2026');
    await visibleTestId(t, 'gallery-name');

    // Visiting the sub-gallery again makes it the last visit.
    await t.page.goto(`${BASE_URL}/g/carpet26/visit/${TOP_ID}`);
    await visibleTestId(t, 'visit-back');
    await t.page.goto(`${BASE_URL}/page/me`);
    const title = await waitUntil(t, 'the recent-visit card', async () => (await visibleTestId(t, 'recent-visit-title')) || '');
    expect(title).toBe('Red Carpet');
    await t.page.getByTestId('recent-visit-go').filter({ visible: true }).click();
    await waitUntil(t, 'the address /g/carpet26', async () => pathOf(t) === '/g/carpet26');
  });

  it('the view count rises after a visit once the stats are flushed (timer and beacon)', async () => {
    // The server's count: the header shows at least the visitors listed under it, so its own number may not move for one view.
    const before = await apiViews('party026');
    await t.page.goto(`${BASE_URL}/g/party026`);
    await shownViews(t);
    // The 5 s flush sends the page view (a batch naming this gallery: an earlier flush may still carry the pages before it).
    const flushed = await t.page.waitForResponse(
      (r) => r.url().includes('/api/v2/trigger/story') && r.request().method() === 'POST' && (r.request().postData() ?? '').includes('"party026"'),
      { timeout: 15000 }
    );
    expect(flushed.status()).toBe(200);
    await t.page.reload();
    const after = await waitUntil(t, `a view count above ${before}`, async () => {
      const n = await shownViews(t);
      return n > before ? n : 0;
    });
    expect(after).toBeGreaterThan(before);

    // Leaving the page right away sends the reload's page view as a beacon.
    const serverBefore = await apiViews('party026');
    await t.page.goto(`${BASE_URL}/g/party026`);
    await visibleTestId(t, 'gallery-name');
    await t.page.goto('about:blank');
    await waitUntil(t, 'the beacon to be counted', async () => (await apiViews('party026')) > serverBefore);
  });

  it('a photo shown in the viewer counts as an image view', async () => {
    const before = await apiImageViews('carpet26');
    await t.page.goto(`${BASE_URL}/g/carpet26`);
    await visibleTestId(t, 'gallery-name');
    const first = t.page.getByTestId('photo-item').filter({ visible: true }).first();
    await first.waitFor({ state: 'visible' });
    await first.click();
    await t.page.waitForResponse((r) => r.url().includes('/api/v2/trigger/story') && r.request().method() === 'POST', { timeout: 15000 });
    await waitUntil(t, 'the image view to be counted', async () => (await apiImageViews('carpet26')) > before);
  });
});
