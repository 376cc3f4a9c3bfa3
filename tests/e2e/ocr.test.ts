// Text-in-photo search in a real browser on a phone with a WeChat user agent (issues 14, 27; formocr):
// the demo's race gallery of generated photos with bib numbers is read by OCR in the background;
// a racer opens it, types a bib number into the search box, and the full-screen overlay shows
// every photo with that number; a tap opens the viewer. A number one digit off finds no exact
// photo and shows that runner's photos as "maybe yours". The overlays are screenshotted.
import { demoRacePlan } from '../../server/src/demo/demoRace';
import { VIEWPORTS, BASE_URL, getJson, pageApi, pagePerTest, screenshotPath, visibleTestId, waitUntil, useBrowser, type TrackedPage } from './support';

const phone = VIEWPORTS.find((v) => v.name === 'phone-wechat')!;
const RACE_LINK = 'race2026';
const BIB = '4821';
/** The demo's photos that show BIB (all seven must be found). */
const WITH_BIB = demoRacePlan().filter((p) => p.bibs.includes(BIB)).length;

const { browser } = useBrowser();
let galleryId = 0;

beforeAll(async () => {
  const detail = await getJson(`/api/v2/gallery/link/${RACE_LINK}`);
  if (detail.status !== 200) throw new Error(`the demo has no ${RACE_LINK} gallery`);
  galleryId = detail.body.data.gallery.id;
}, 120_000);

/** Opens the race gallery afresh and submits `keyword` with the keyboard's Enter. */
async function searchAfresh(t: TrackedPage, keyword: string): Promise<void> {
  await t.page.goto(`${BASE_URL}/g/${RACE_LINK}`);
  const input = t.page.locator('[data-testid="formocr-box"] input').first();
  await input.click();
  await input.fill(keyword);
  await input.press('Enter');
}

describe('bib-number search on a phone (WeChat)', () => {
  let t: TrackedPage;
  pagePerTest(browser, phone.options, (p) => (t = p));

  it('typing a bib number shows that runner’s photos full screen; a tap opens the viewer', async () => {
    await t.page.goto(`${BASE_URL}/g/${RACE_LINK}`);
    await visibleTestId(t, 'gallery-name');
    await visibleTestId(t, 'formocr');
    // The background OCR has read every photo that shows the bib.
    const total = await waitUntil(
      t,
      `the race photos to be read (bib ${BIB} in ${WITH_BIB} photos)`,
      async () => {
        const r = await pageApi(t.page, `/api/ocr/search?galleryid=${galleryId}&keyword=${BIB}`);
        return r.data?.total >= WITH_BIB ? (r.data.total as number) : null;
      },
      // The demo's 15 race photos are read one at a time, after the seed, between the face indexer's jobs.
      600_000
    );
    expect(total).toBe(WITH_BIB);
    const input = t.page.locator('[data-testid="formocr-box"] input').first();
    await input.click();
    await input.fill(BIB);
    await t.page.locator('[data-testid="formocr-box"] .at-search-bar__action').click();
    await visibleTestId(t, 'formocr-overlay');
    await waitUntil(t, 'the photos found', async () => (await t.page.getByTestId('formocr-photo').count()) >= total, 30_000);
    expect(await t.page.getByTestId('formocr-keyword').textContent()).toContain(BIB);
    // The overlay covers the screen.
    const box = await t.page.getByTestId('formocr-overlay').boundingBox();
    expect(box).toMatchObject({ x: 0, y: 0, width: phone.options!.viewport!.width });
    await t.page.screenshot({ path: screenshotPath('ocr-results-phone-wechat') });
    await t.page.getByTestId('formocr-photo').first().click();
    await visibleTestId(t, 'viewer');
    // One digit off (the runner mistyped, or the photo's bib was misread): maybe yours.
    await searchAfresh(t, '4822');
    await visibleTestId(t, 'formocr-maybe', 30_000);
    expect(await t.page.getByTestId('formocr-photo').count()).toBe(0);
    expect(await t.page.getByTestId('formocr-maybe-photo').count()).toBe(WITH_BIB);
    await visibleTestId(t, 'formocr-no-exact');
    await t.page.screenshot({ path: screenshotPath('ocr-maybe-phone-wechat') });
    // A number nobody wears: the empty state.
    await searchAfresh(t, '0000');
    await visibleTestId(t, 'formocr-empty', 30_000);
    expect(t.errors.filter((e) => !/^requestfailed: .* net::ERR_ABORTED$/.test(e))).toEqual([]);
  }, 720_000);
});
