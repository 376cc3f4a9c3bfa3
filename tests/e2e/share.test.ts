// The image share page in a real browser: /page/share/{openid}/{ids} of two demo
// photos on a phone with a WeChat user agent shows both photos (who shared, the
// grid), a tap opens the viewer, and 'View the whole album' leads to their gallery.
// Also: unknown ids show the empty state; the desktop layout is screenshotted.
import { BASE_URL, DEMO_LINK, VIEWPORTS, getJson, pagePerTest, screenshotPath, visibleTestId, waitUntil, useBrowser, type TrackedPage } from './support';

const phone = VIEWPORTS.find((v) => v.name === 'phone-wechat')!;
const desktop = VIEWPORTS.find((v) => v.name === 'desktop')!;

const { browser } = useBrowser();
/** Two photos of a free demo gallery and that gallery's link id. */
let shared: { ids: number[]; linkId: string };

interface G {
  id: number;
  link_id: string;
  image_total: number;
  access_type: string;
}

beforeAll(async () => {
  const detail = await getJson(`/api/v2/gallery/link/${DEMO_LINK}`);
  expect(detail.status).toBe(200);
  const all: G[] = [detail.body.data.gallery, ...detail.body.data.children];
  const g = all.find((x) => x.image_total >= 2 && x.access_type === 'free');
  if (!g) throw new Error(`no free demo gallery with 2 photos among ${all.map((x) => x.link_id).join(', ')}`);
  const list = await getJson(`/api/v2/images/${g.id}/list?offset=0&page_size=2`);
  expect(list.status).toBe(200);
  shared = { ids: list.body.data.items.map((p: { id: number }) => p.id), linkId: g.link_id };
  expect(shared.ids).toHaveLength(2);
});

const loadedPhotos = (t: TrackedPage) =>
  t.page.evaluate(() =>
    Array.from(document.querySelectorAll('[data-testid="share-grid"] [data-testid="photo-item"]')).filter((c) => {
      const img = c.querySelector('img');
      return !!img && img.complete && img.naturalWidth > 0;
    }).length
  );

describe('phone with a WeChat user agent', () => {
  let t: TrackedPage;
  pagePerTest(browser, phone.options, (p) => (t = p));

  it('shows the 2 shared photos; a tap opens the viewer; the album button leads to the gallery', async () => {
    await t.page.goto(`${BASE_URL}/page/share/o_unknown_sharer/${shared.ids.join(',')}`);
    await visibleTestId(t, 'share-grid');
    expect(await t.page.locator('[data-testid="share-grid"] [data-testid="photo-item"]').count()).toBe(2);
    await waitUntil(t, 'both shared photos to be drawn', async () => (await loadedPhotos(t)) === 2);
    expect(await visibleTestId(t, 'share-sharer-text')).toMatch(/有人与你分享了 2 张照片|2 photos shared with you/);
    // Display styles (watermarked as elsewhere), never originals.
    const srcs = await t.page.locator('[data-testid="share-grid"] img').evaluateAll((imgs) => imgs.map((i) => i.getAttribute('src') ?? ''));
    for (const src of srcs) expect(src).toMatch(/\/img\/[0-9a-f]+!wx_(250_160|375_240)\?g=\d+$/);
    expect(await visibleTestId(t, 'share-button')).toMatch(/分享|Share/);
    await t.page.screenshot({ path: screenshotPath('share-phone-wechat') });

    await t.page.locator('[data-testid="share-grid"] [data-testid="photo-item"]').nth(1).click();
    await waitUntil(t, 'the viewer at the second photo', async () => (await visibleTestId(t, 'viewer-position')) === '2/2');
    await t.page.getByTestId('viewer-close').filter({ visible: true }).click();
    await waitUntil(t, 'the viewer to close', async () => (await t.page.getByTestId('viewer').count()) === 0);

    await t.page.getByTestId('share-album').filter({ visible: true }).click();
    await waitUntil(t, `the address /g/${shared.linkId}`, async () => new URL(t.page.url()).pathname === `/g/${shared.linkId}`);
    await visibleTestId(t, 'gallery-name');
    expect(t.errors.filter((e) => !/401|favicon/.test(e))).toEqual([]);
  });

  it('ids that are unknown show the empty state', async () => {
    await t.page.goto(`${BASE_URL}/page/share/o_unknown_sharer/999999001,999999002`);
    expect(await visibleTestId(t, 'share-empty')).toMatch(/这些分享的照片已不可用|These shared photos are no longer available/);
    expect(await t.page.getByTestId('photo-item').count()).toBe(0);
  });
});

describe('desktop', () => {
  let t: TrackedPage;
  pagePerTest(browser, desktop.options, (p) => (t = p));

  it('shows the photos in the wider grid', async () => {
    await t.page.goto(`${BASE_URL}/page/share/o_unknown_sharer/${shared.ids.join(',')}`);
    await visibleTestId(t, 'share-grid');
    await waitUntil(t, 'both shared photos to be drawn', async () => (await loadedPhotos(t)) === 2);
    await visibleTestId(t, 'share-album');
    await t.page.screenshot({ path: screenshotPath('share-desktop') });
  });
});
