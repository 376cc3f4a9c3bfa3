// Content components in a real browser (issue 14): the demo's event info accordion (rich text
// fetched by hash, the floor plan in an image modal), rich text with XSS payloads staying inert,
// and an automatic image modal that shows once and not again on the next visit.
import { organiser, createGallery } from './organiser';
import { BASE_URL, DEMO_LINK, VIEWPORTS, getJson, pagePerTest, screenshotPath, visible, waitUntil, useBrowser, type TrackedPage } from './support';

const phone = VIEWPORTS.find((v) => v.name === 'phone-wechat')!;
const desktop = VIEWPORTS.find((v) => v.name === 'desktop')!;

const { browser } = useBrowser();
/** The demo's floor plan image hash (a stored page asset). */
let planHash: string;

beforeAll(async () => {
  const detail = await getJson(`/api/v2/gallery/link/${DEMO_LINK}`);
  const info = detail.body.data.gallery.pagedata.components.find((c: { type: string }) => c.type === 'collapse');
  planHash = info.props.items[3].children[0].props.items[0].image;
  expect(planHash).toMatch(/^[a-f0-9]{64}$/);
});

async function openInfo(t: TrackedPage) {
  await t.page.goto(`${BASE_URL}/g/${DEMO_LINK}`);
  await waitUntil(t, 'the event info accordion', async () => (await t.page.locator('[data-testid="collapse-head"]').count()) === 9, 30000);
  const heads = t.page.locator('[data-testid="collapse-head"]');
  await heads.first().scrollIntoViewIfNeeded();
  return heads;
}

for (const vp of [phone, desktop]) {
  describe(`the demo's event info (${vp.name})`, () => {
    let t: TrackedPage;
    pagePerTest(browser, vp.options, (p) => (t = p));

    it('the event, programme and guests unfold; the schedule is rich text; the floor plan opens large in a modal, × closes it', async () => {
      const heads = await openInfo(t);
      await heads.nth(0).click();
      await waitUntil(t, 'the event info', async () => /Riverside Center/.test(await t.page.getByTestId('actinfo-place').innerText().catch(() => '')));
      await heads.nth(1).click();
      await waitUntil(t, 'the programme', async () => (await t.page.getByTestId('actflow-step').count()) === 5);
      await heads.nth(2).click();
      await waitUntil(t, 'the guests', async () => (await t.page.getByTestId('guest').count()) === 4);
      await t.page.getByTestId('guest').first().click();
      await waitUntil(t, 'a guest introduction', async () => /Twenty years/.test(await t.page.getByTestId('guest-sheet-desc').innerText().catch(() => '')));
      await t.page.getByTestId('guest-sheet-close').click();
      await t.page.screenshot({ path: screenshotPath(`content-info-${vp.name}`) });
      for (const k of [0, 1, 2]) await heads.nth(k).click();
      expect(await t.page.locator('[data-testid="richtext"]').count()).toBe(0);
      await heads.nth(4).click();
      await waitUntil(t, 'the schedule', async () => /Red carpet\s*arrivals/.test((await t.page.locator('[data-testid="richtext"]').first().innerText().catch(() => '')) ?? ''));
      expect(await t.page.locator('[data-testid="richtext"] table tr').count()).toBe(6);
      await t.page.screenshot({ path: screenshotPath(`content-schedule-${vp.name}`) });
      await heads.nth(3).click();
      const cell = t.page.locator('[data-testid="image-block-cell"]').first();
      await cell.scrollIntoViewIfNeeded();
      await waitUntil(t, 'the floor plan picture', () => cell.locator('img').evaluate((i: HTMLImageElement) => i.complete && i.naturalWidth > 0));
      await cell.click();
      await waitUntil(t, 'the image modal', () => visible(t.page, 'modal-image-picture').isVisible());
      const modalImg = t.page.locator('[data-testid="modal-image-picture"] img');
      await waitUntil(t, 'the modal picture', () => modalImg.evaluate((i: HTMLImageElement) => i.complete && i.naturalWidth > 0));
      expect(await modalImg.getAttribute('src')).toContain(planHash);
      await t.page.screenshot({ path: screenshotPath(`content-modal-${vp.name}`) });
      await t.page.getByTestId('modal-image-close').click();
      await waitUntil(t, 'the modal to close', async () => (await t.page.getByTestId('modal-image').count()) === 0);
      expect(t.errors.filter((e) => /pageerror/.test(e))).toEqual([]);
    });
  });
}

describe('organiser content on a phone', () => {
  let t: TrackedPage;
  pagePerTest(browser, phone.options, (p) => (t = p));

  it('rich text with XSS payloads renders its text and runs nothing', async () => {
    const payload =
      '<p id="ok">Hello <b>guests</b></p><script>window.__xss=(window.__xss||0)+1</script>' +
      '<img src="/nope.png" onerror="window.__xss=(window.__xss||0)+1"><a id="js" href="javascript:window.__xss=(window.__xss||0)+1">tap</a>' +
      '<svg onload="window.__xss=(window.__xss||0)+1"></svg><iframe src="javascript:parent.__xss=(parent.__xss||0)+1"></iframe>' +
      '<div style="background:url(javascript:window.__xss=1)" onmouseover="window.__xss=(window.__xss||0)+1">hover me</div>';
    const content = await organiser('POST', '/api/v2/organizer/contents', { html: payload });
    const g = await createGallery('Rich text XSS');
    await organiser('POST', `/api/v2/organizer/galleries/${g.id}/page`, { pagedata: { components: [{ id: 'r', type: 'richtext', props: { hash: content.hash } }] } });
    await t.page.goto(`${BASE_URL}/g/${g.link_id}`);
    await waitUntil(t, 'the rich text', async () => (await t.page.locator('[data-testid="richtext"]').innerText().catch(() => '')).includes('Hello guests'), 30000);
    const rt = t.page.locator('[data-testid="richtext"]');
    await rt.getByText('hover me').hover();
    await rt.locator('a').click({ noWaitAfter: true }).catch(() => undefined);
    await t.page.waitForTimeout(500);
    const found = await t.page.evaluate(() => {
      const root = document.querySelector('[data-testid="richtext"]')!;
      const attrs = Array.from(root.querySelectorAll('*')).flatMap((el) => Array.from(el.attributes).map((a) => `${a.name}=${a.value}`));
      return {
        xss: (window as unknown as { __xss?: number }).__xss ?? 0,
        scripts: root.querySelectorAll('script, iframe, svg').length,
        handlers: attrs.filter((a) => /^on/i.test(a) || /javascript:/i.test(a))
      };
    });
    expect(found).toEqual({ xss: 0, scripts: 0, handlers: [] });
  });

  it('an automatic image modal shows once on opening; on the next visit it stays closed; the link still opens it', async () => {
    const g = await createGallery('Welcome modal');
    const link = { type: 'modal-image', modalcontent: planHash, modalauto: true };
    await organiser('POST', `/api/v2/organizer/galleries/${g.id}/page`, {
      pagedata: { components: [{ id: 't', type: 'tips', props: { text: 'Welcome! Tap for the floor plan', link } }] }
    });
    await t.page.goto(`${BASE_URL}/g/${g.link_id}`);
    await waitUntil(t, 'the automatic modal', () => visible(t.page, 'modal-image-picture').isVisible(), 30000);
    await t.page.getByTestId('modal-image-close').click();
    await t.page.reload();
    await waitUntil(t, 'the tips banner', () => visible(t.page, 'tips').isVisible(), 30000);
    await t.page.waitForTimeout(1000);
    expect(await t.page.getByTestId('modal-image').count()).toBe(0);
    await visible(t.page, 'tips').click();
    await waitUntil(t, 'the modal from the banner', () => visible(t.page, 'modal-image-picture').isVisible());
  });
});
