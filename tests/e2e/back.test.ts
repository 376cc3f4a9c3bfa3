// Back respects what is open (issue 12, navigation): in the browser the viewer and
// a sheet each push a history entry on the gallery's URL, so Back closes them and
// a second Back leaves the gallery; closing from the UI leaves no entry behind.
import { BASE_URL, VIEWPORTS, pagePerTest, visibleTestId, waitUntil, useBrowser, type TrackedPage } from './support';

/** The demo's sub-gallery with a switch panel (a sheet) in its header. */
const GALLERY = `${BASE_URL}/g/carpet26`;
/** The page the visitor came from. */
const BEFORE = 'data:text/html,<title>before</title><p>before</p>';

const { browser } = useBrowser();

describe.each(VIEWPORTS)('$name', ({ options }) => {
  let t: TrackedPage;
  pagePerTest(browser, options, (page) => (t = page));

  const pathOf = () => new URL(t.page.url()).pathname;
  const viewerOpen = async () => (await t.page.locator('[data-testid="viewer"][data-open="true"]').count()) > 0;
  const viewerGone = async () => (await t.page.locator('[data-testid="viewer"]').count()) === 0;
  const sheetOpen = async () => (await t.page.getByTestId('gallery-switch').filter({ visible: true }).count()) > 0;

  async function arrive() {
    await t.page.goto(BEFORE);
    await t.page.goto(GALLERY);
    await visibleTestId(t, 'gallery-name');
    await waitUntil(t, 'a visible photo', () => t.page.getByTestId('photo-item').filter({ visible: true }).first().isVisible());
  }

  async function openViewer() {
    await t.page.getByTestId('photo-item').filter({ visible: true }).first().click();
    await waitUntil(t, 'the viewer open', viewerOpen);
  }

  async function backLeavesTheGallery() {
    await t.page.goBack();
    await waitUntil(t, 'the page before the gallery', async () => t.page.url().startsWith('data:'));
  }

  it('Back closes the viewer and stays on the gallery; a second Back leaves it', async () => {
    await arrive();
    await openViewer();
    await t.page.goBack();
    await waitUntil(t, 'the viewer closed by Back', viewerGone);
    expect(pathOf()).toBe('/g/carpet26');
    expect(await visibleTestId(t, 'gallery-name')).toBe('Red Carpet');
    await backLeavesTheGallery();
  });

  it('after closing the viewer with its button, Back leaves the gallery', async () => {
    await arrive();
    await openViewer();
    await t.page.getByTestId('viewer-close').filter({ visible: true }).click();
    await waitUntil(t, 'the viewer closed', viewerGone);
    await backLeavesTheGallery();
  });

  it('Back closes the switch sheet and stays on the gallery; a second Back leaves it', async () => {
    await arrive();
    await visibleTestId(t, 'gallery-switch-open');
    await t.page.getByTestId('gallery-switch-open').filter({ visible: true }).click();
    await waitUntil(t, 'the switch sheet open', sheetOpen);
    await t.page.goBack();
    await waitUntil(t, 'the sheet closed by Back', async () => !(await sheetOpen()));
    expect(pathOf()).toBe('/g/carpet26');
    expect(await visibleTestId(t, 'gallery-name')).toBe('Red Carpet');
    await backLeavesTheGallery();
  });
});
