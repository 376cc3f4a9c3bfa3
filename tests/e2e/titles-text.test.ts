// Issue 26, finding 1 in a real browser: a title built from data (a gallery's name, a
// link's `title` parameter) is text. Taro's H5 navigation bar writes titles with
// innerHTML; the app never hands it one, so markup in a name shows as typed in the tab
// and runs nothing, on every page that takes its title from data, at phone and desktop size.
import { BASE_URL, VIEWPORTS, pagePerTest, visibleTestId, waitUntil, useBrowser, type TrackedPage } from './support';
import { createGallery } from './organiser';

const { browser } = useBrowser();
const MARKUP = '<img src=x onerror="window.__titleXss=(window.__titleXss||0)+1"><b>Gala</b>';

let gallery: { id: number; link_id: string };
beforeAll(async () => {
  gallery = await createGallery(MARKUP);
});

/** Whether anything of the markup became an element or ran. */
async function markupEffects(t: TrackedPage) {
  return t.page.evaluate(() => ({
    ran: (window as unknown as { __titleXss?: number }).__titleXss ?? 0,
    img: document.querySelectorAll('img[src="x"]').length,
    bold: Array.from(document.querySelectorAll('b')).filter((b) => b.textContent === 'Gala').length,
    navBarElements: document.querySelectorAll('#taro-navigation-bar .taro-navigation-bar-title *').length
  }));
}

describe.each(VIEWPORTS)('titles are text ($name)', ({ options }) => {
  let t: TrackedPage;
  pagePerTest(browser, options, (page) => (t = page));

  it('a gallery named with markup: the tab shows the name as typed on /g, /gti and the venue screen; nothing runs', async () => {
    for (const [url, ready, expected] of [
      [`/g/${gallery.link_id}`, 'gallery-name', MARKUP],
      [`/gti/${gallery.id}`, 'gallery-name', MARKUP],
      [`/g/${gallery.link_id}/screen`, 'carousel-name', null]
    ] as const) {
      await t.page.goto(BASE_URL + url);
      await visibleTestId(t, ready);
      const shown = await waitUntil(t, `the gallery's name in the title of ${url}`, async () => {
        const title = await t.page.title();
        return title.includes(MARKUP) ? title : null;
      });
      if (expected) expect(shown).toBe(expected);
      // Taro's router writes a page's remembered title when the page shows; give it the chance.
      await t.page.waitForTimeout(300);
      expect(await t.page.title()).toContain(MARKUP);
      expect(await markupEffects(t)).toEqual({ ran: 0, img: 0, bold: 0, navBarElements: 0 });
    }
  });

  it('/page/video/iframe?title=<markup>: the title is the text of the parameter; nothing runs', async () => {
    await t.page.goto(`${BASE_URL}/page/video/iframe?title=${encodeURIComponent(MARKUP)}`);
    await visibleTestId(t, 'page-video-iframe');
    await waitUntil(t, 'the parameter as the title', async () => ((await t.page.title()) === MARKUP ? true : null));
    await t.page.waitForTimeout(300);
    expect(await t.page.title()).toBe(MARKUP);
    expect(await markupEffects(t)).toEqual({ ran: 0, img: 0, bold: 0, navBarElements: 0 });
  });
});
