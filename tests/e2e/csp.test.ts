// The browser refuses injected code (issue 26, Deliver 2): the document's Content-Security-Policy
// and Trusted Types stop markup that page script puts into an HTML sink, and inline script without
// the answer's nonce, and report them; titles with markup show as text and run nothing; the `code`
// component's scripts load from its allow-listed host, on that page only. Every other browser test
// fails on any violation too (tests/e2e/support.ts watchPolicyViolations).
import { organiser, createGallery } from './organiser';
import { BASE_URL, DEMO_LINK, VIEWPORTS, pagePerTest, takePolicyViolations, useBrowser, visibleTestId, waitUntil, type TrackedPage } from './support';

const phone = VIEWPORTS.find((v) => v.name === 'phone-wechat')!;
const { browser } = useBrowser();

/** The markup of the report: it runs script wherever it reaches an HTML sink unchecked. */
const INJECTED = '<img src=x onerror="window.__injected=(window.__injected||0)+1">';
const injectedRuns = (t: TrackedPage) => t.page.evaluate(() => (window as unknown as { __injected?: number }).__injected ?? 0);

/** The allow-listed code host (CODE_HOSTS of the e2e server), answered by the test: its script counts its runs. */
async function serveCodeHost(t: TrackedPage): Promise<void> {
  await t.page.context().route('https://cdn.example.com/**', (route) =>
    route.fulfill({ status: 200, contentType: 'application/javascript', headers: { 'access-control-allow-origin': '*' }, body: 'window.__codeRan=(window.__codeRan||0)+1;' })
  );
}

/** A gallery whose page is one `code` component loading `script`. */
async function codeGallery(name: string, script: string) {
  const g = await createGallery(name);
  await organiser('POST', `/api/v2/organizer/galleries/${g.id}/page`, { pagedata: { components: [{ id: 'c', type: 'code', props: { scripts: [script] } }] } });
  return g;
}

describe('a browser that refuses injected code', () => {
  let t: TrackedPage;
  pagePerTest(browser, phone.options, (p) => (t = p));

  // (eval is refused by script-src without 'unsafe-eval' (tests/server/csp.test.ts); code that
  // Playwright evaluates is exempt from the page's eval check, so it is not tried here.)
  it('refuses markup and script that page script puts into a sink, and reports each', async () => {
    await t.page.goto(`${BASE_URL}/g/${DEMO_LINK}`);
    await visibleTestId(t, 'gallery-name', 30000);
    const tried = await t.page.evaluate((markup) => {
      const attempt = (f: () => void) => {
        try {
          f();
          return 'ran';
        } catch (e) {
          return (e as Error).name;
        }
      };
      const box = document.createElement('div');
      document.body.appendChild(box);
      const script = document.createElement('script');
      return {
        innerHTML: attempt(() => {
          box.innerHTML = markup;
        }),
        insertAdjacentHTML: attempt(() => box.insertAdjacentHTML('beforeend', markup)),
        scriptText: attempt(() => {
          script.textContent = 'window.__injected=(window.__injected||0)+1';
          document.head.appendChild(script);
        }),
        scriptSrc: attempt(() => {
          script.src = 'data:text/javascript,window.__injected=1';
        }),
        images: box.querySelectorAll('img').length
      };
    }, INJECTED);
    await t.page.waitForTimeout(500);
    expect(tried).toEqual({ innerHTML: 'TypeError', insertAdjacentHTML: 'TypeError', scriptText: 'TypeError', scriptSrc: 'TypeError', images: 0 });
    expect(await injectedRuns(t)).toBe(0);
    const reported = takePolicyViolations();
    // Each refusal is reported as a violation of the sink it reached.
    for (const sink of ['Element innerHTML', 'Element insertAdjacentHTML', 'HTMLScriptElement textContent', 'HTMLScriptElement src']) {
      expect(reported.some((v) => v.includes('require-trusted-types-for') && v.includes(sink))).toBe(true);
    }
  });

  it("runs no inline script or handler in the document that lacks the answer's nonce (an HTML injection)", async () => {
    // The real answer, with its own headers (the CSP), and markup injected into its head and body.
    await t.page.route(`${BASE_URL}/g/${DEMO_LINK}`, async (route) => {
      const res = await route.fetch();
      const body = (await res.text())
        .replace('</head>', '<script>window.__injected=(window.__injected||0)+1</script></head>')
        .replace('<div id="app"></div>', `<div id="app"></div>${INJECTED}`);
      const headers = { ...res.headers() };
      delete headers['content-encoding'];
      delete headers['content-length'];
      expect(headers['content-security-policy']).toContain("'nonce-");
      await route.fulfill({ status: res.status(), headers, body });
    });
    await t.page.goto(`${BASE_URL}/g/${DEMO_LINK}`);
    // The app's own scripts (the build's files, the nonce'd head scripts) still run.
    await visibleTestId(t, 'gallery-name', 30000);
    expect(await injectedRuns(t)).toBe(0);
    const reported = takePolicyViolations();
    expect(reported.filter((v) => /script-src/.test(v)).length).toBeGreaterThanOrEqual(2);
  });

  it('shows a gallery name with markup as text, at /g/{link} and as /page/video/iframe?title=, and runs nothing', async () => {
    const g = await createGallery(`Party ${INJECTED}`);
    await t.page.goto(`${BASE_URL}/g/${g.link_id}`);
    expect(await visibleTestId(t, 'gallery-name', 30000)).toContain('<img src=x');
    await waitUntil(t, 'the title', async () => (await t.page.title()).includes('<img src=x'));
    await t.page.goto(`${BASE_URL}/page/video/iframe?title=${encodeURIComponent(INJECTED)}`);
    await visibleTestId(t, 'empty-state', 30000);
    await waitUntil(t, 'the title', async () => (await t.page.title()).includes('<img src=x'));
    await t.page.waitForTimeout(500);
    expect(await injectedRuns(t)).toBe(0);
    expect(await t.page.locator('img[src="x"]').count()).toBe(0);
  });

  it("loads a code component's script from its allow-listed host on that page, under the page's own policy", async () => {
    await serveCodeHost(t);
    const g = await codeGallery('Code page', 'https://cdn.example.com/widget.js');
    const doc = await t.page.goto(`${BASE_URL}/g/${g.link_id}`);
    expect(doc!.headers()['content-security-policy']).toMatch(/script-src 'self' 'nonce-[^']+' https:\/\/cdn\.example\.com;/);
    await waitUntil(t, 'the code script to run', () => t.page.evaluate(() => (window as unknown as { __codeRan?: number }).__codeRan === 1), 30000);
    // Another page's document does not allow the host.
    const other = await t.page.goto(`${BASE_URL}/g/${DEMO_LINK}`);
    expect(other!.headers()['content-security-policy']).not.toContain('cdn.example.com');
  });

  it("a code page reached inside the app is loaded by its own address, whose policy allows its code; its script runs once", async () => {
    await serveCodeHost(t);
    const code = await codeGallery('Code page reached in the app', 'https://cdn.example.com/inapp.js');
    const start = await createGallery('Start page');
    await organiser('POST', `/api/v2/organizer/galleries/${start.id}/page`, {
      pagedata: { components: [{ id: 'b', type: 'buttongroup', props: { buttons: [{ text: 'Go', link: { type: 'gallery', value: code.link_id } }] } }] }
    });
    const first = await t.page.goto(`${BASE_URL}/g/${start.link_id}`);
    expect(first!.headers()['content-security-policy']).not.toContain('cdn.example.com');
    const documents: string[] = [];
    t.page.on('response', (r) => {
      if (r.request().resourceType() === 'document') documents.push(new URL(r.url()).pathname);
    });
    await t.page.getByTestId('buttongroup-button').filter({ visible: true }).first().click();
    await waitUntil(t, 'the code script to run', () => t.page.evaluate(() => (window as unknown as { __codeRan?: number }).__codeRan === 1), 30000);
    // The first document did not allow the host: the page was loaded once more by its own address.
    expect(documents).toEqual([`/g/${code.link_id}`]);
    await visibleTestId(t, 'gallery-name');
    expect(await t.page.evaluate(() => (window as unknown as { __codeRan?: number }).__codeRan)).toBe(1);
  });
});
