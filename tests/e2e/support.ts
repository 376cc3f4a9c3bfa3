// Shared pieces of the browser tests: where the server is, the two viewports,
// launching Chromium, and waits that explain themselves when they time out.
import fs from 'node:fs';
import path from 'node:path';
import { chromium, type Browser, type BrowserContext, type BrowserContextOptions, type Page } from 'playwright-core';

export const ROOT = path.resolve(__dirname, '../..');
export const SCREENSHOT_DIR = path.join(ROOT, 'tests/e2e/screenshots');

function serverState(): { baseUrl: string; demoUrl: string; organizerToken: string } {
  if (process.env.E2E_BASE_URL && process.env.E2E_DEMO_URL) {
    return { baseUrl: process.env.E2E_BASE_URL, demoUrl: process.env.E2E_DEMO_URL, organizerToken: process.env.E2E_ORGANIZER_TOKEN ?? '' };
  }
  const file = path.join(ROOT, '.tmp/e2e/server.json');
  if (!fs.existsSync(file)) throw new Error('the e2e server is not running: run these tests with `npm run test:e2e`');
  return JSON.parse(fs.readFileSync(file, 'utf8'));
}

export const { baseUrl: BASE_URL, demoUrl: DEMO_URL, organizerToken: ORGANIZER_TOKEN } = serverState();
/** The demo's link id, taken from the URL the server printed. */
export const DEMO_LINK = new URL(DEMO_URL).pathname.split('/').pop() as string;

export const WECHAT_UA =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 MicroMessenger/8.0.47(0x18002f2c) NetType/WIFI Language/zh_CN';

export interface Viewport {
  name: string;
  options: Parameters<Browser['newContext']>[0];
}

export const VIEWPORTS: Viewport[] = [
  {
    name: 'phone-wechat',
    options: { viewport: { width: 375, height: 812 }, userAgent: WECHAT_UA, hasTouch: true, isMobile: true, deviceScaleFactor: 2, locale: 'zh-CN' }
  },
  { name: 'desktop', options: { viewport: { width: 1280, height: 800 } } }
];

/**
 * A Chromium whose every context reports Content-Security-Policy and Trusted Types violations
 * (watchPolicyViolations): a test in which any page reports one fails (the afterEach below).
 */
export async function launchBrowser(): Promise<Browser> {
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium',
    headless: true,
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run']
  });
  const newContext = browser.newContext.bind(browser);
  browser.newContext = async (options) => {
    const context = await newContext(options);
    await watchPolicyViolations(context);
    return context;
  };
  browser.newPage = async (options) => {
    const context = await browser.newContext(options);
    const page = await context.newPage();
    page.once('close', () => void context.close().catch(() => undefined));
    return page;
  };
  return browser;
}

/** Violations reported since the last check (each test's afterEach takes them). */
const policyViolations: string[] = [];
const VIOLATION_BINDING = '__e2ePolicyViolation';
/** Chromium's console lines for a refused script, style, frame or Trusted Types sink. */
const VIOLATION_CONSOLE = /Refused to|requires 'Trusted|Trusted ?Type/i;

/**
 * Every page of `context` (and its frames) reports the document's `securitypolicyviolation`
 * events, and Chromium's console lines about a refusal, into policyViolations.
 */
export async function watchPolicyViolations(context: BrowserContext): Promise<void> {
  await context.exposeBinding(VIOLATION_BINDING, (source, text: string) => {
    policyViolations.push(`${source.frame.url()}: ${text}`);
  });
  await context.addInitScript((name) => {
    document.addEventListener(
      'securitypolicyviolation',
      (e) => {
        const text = `${e.effectiveDirective} refused ${e.blockedURI || '(inline)'} at ${e.sourceFile || '-'}:${e.lineNumber} ${e.sample || ''}`;
        void (window as unknown as Record<string, (t: string) => Promise<void>>)[name]?.(text);
      },
      true
    );
  }, VIOLATION_BINDING);
  context.on('console', (m) => {
    if (m.type() === 'error' && VIOLATION_CONSOLE.test(m.text())) policyViolations.push(`console: ${m.text()}`);
  });
}

/** The violations reported since the last call, taken (a test that expects some takes and checks them). */
export function takePolicyViolations(): string[] {
  return policyViolations.splice(0);
}

// Any violation fails the test in which it was reported (the app runs under the CSP and Trusted Types).
afterEach(() => {
  const found = takePolicyViolations();
  if (found.length) throw new Error(`${found.length} Content-Security-Policy / Trusted Types violation(s):\n  ${found.join('\n  ')}`);
});

/** What useBrowser answers: the file's browser, and contexts that close themselves. */
export interface FileBrowser {
  /** The file's browser (launched in a beforeAll: ask for it in hooks and tests). */
  browser: () => Browser;
  /**
   * A new context of the file's browser. One opened in a test (or a beforeEach) is closed after
   * that test, once the test's own afterEach hooks ran; one opened in a beforeAll, after the
   * file's tests. Closing it earlier is fine.
   */
  newContext: (options?: BrowserContextOptions) => Promise<BrowserContext>;
}

/**
 * One Chromium for the file: launched before its tests, closed after them with every context
 * `newContext` opened. Call it once at the file's top level, before the file's other hooks (its
 * beforeAll then runs first, its afterAll before theirs).
 */
export function useBrowser(): FileBrowser {
  let browser: Browser | undefined;
  let inTest = false;
  const testContexts: BrowserContext[] = [];
  const fileContexts: BrowserContext[] = [];
  const closeAll = async (list: BrowserContext[]) => {
    for (const c of list.splice(0)) await c.close();
  };
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  beforeEach(() => {
    inTest = true;
  });
  afterEach(async () => {
    inTest = false;
    await closeAll(testContexts);
  });
  afterAll(async () => {
    await closeAll(fileContexts);
    await browser?.close();
  });
  const get = (): Browser => {
    if (!browser) throw new Error('useBrowser: the browser is launched in beforeAll; ask for it in a hook or a test');
    return browser;
  };
  return {
    browser: get,
    newContext: async (options) => {
      const context = await get().newContext(options);
      (inTest ? testContexts : fileContexts).push(context);
      return context;
    }
  };
}

/** A page that remembers its uncaught errors and console errors, for failure messages. */
export interface TrackedPage {
  page: Page;
  errors: string[];
}

/** Device-storage key of the demo top page's splash (src/stores/blocks/GuideStore.ts guideStorageKey, server/src/demo/demoBlocks.ts). */
export const DEMO_SPLASH_KEY = `guide_${DEMO_LINK}_guide-splash`;

/**
 * A new page. The demo's splash page (4 s over the whole screen on a device's first visit) is marked
 * as seen, as for a returning visitor, unless `splash` is true: tests of other features then see the
 * page at once (tests/e2e/blocks.test.ts covers the splash itself).
 */
export async function openPage(context: BrowserContext, opts: { splash?: boolean } = {}): Promise<TrackedPage> {
  const page = await context.newPage();
  if (!opts.splash) {
    await page.addInitScript(
      ({ key }) => {
        try {
          if (!localStorage.getItem(key)) localStorage.setItem(key, JSON.stringify({ data: Date.now() + 365 * 86_400_000 }));
        } catch {
          // A document without storage (about:blank, an opaque origin) shows no splash either.
        }
      },
      { key: DEMO_SPLASH_KEY }
    );
  }
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(`pageerror: ${e.message}`));
  page.on('console', (m) => {
    if (m.type() === 'error') errors.push(`console: ${m.text()}`);
  });
  page.on('requestfailed', (r) => errors.push(`requestfailed: ${r.url()} ${r.failure()?.errorText ?? ''}`));
  page.on('response', (r) => {
    if (r.status() >= 400) errors.push(`response ${r.status()}: ${r.url()}`);
  });
  return { page, errors };
}

async function describePage(t: TrackedPage): Promise<string> {
  const text = await t.page
    .evaluate(() => (document.body?.innerText ?? '').replace(/\s+/g, ' ').slice(0, 300))
    .catch(() => '(page not readable)');
  const ids = await t.page
    .evaluate(() => Array.from(new Set(Array.from(document.querySelectorAll('[data-testid]')).map((e) => e.getAttribute('data-testid')))).join(', '))
    .catch(() => '');
  const cells = await t.page
    .evaluate(() => {
      const all = Array.from(document.querySelectorAll('[data-testid="photo-item"]'));
      const imgs = all.map((c) => c.querySelector('img'));
      const loaded = imgs.filter((i) => i && i.complete && i.naturalWidth > 0).length;
      const first = imgs.find((i) => i && !(i.complete && i.naturalWidth > 0));
      return `${all.length} photo cells, ${imgs.filter(Boolean).length} with an <img>, ${loaded} loaded; first unloaded: ${first?.getAttribute('src') ?? '-'} (complete ${first?.complete})`;
    })
    .catch(() => '');
  return [`url: ${t.page.url()}`, `test ids on the page: ${ids || '(none)'}`, `text: ${text}`, cells, ...t.errors.slice(-8)].join('\n  ');
}

/** Poll `check` until it returns a truthy value; on timeout throw with what the page shows. */
export async function waitUntil<T>(t: TrackedPage, what: string, check: () => Promise<T>, timeoutMs = 15000): Promise<T> {
  const end = Date.now() + timeoutMs;
  let last: T | undefined;
  for (;;) {
    last = await check().catch(() => undefined);
    if (last) return last;
    if (Date.now() > end) throw new Error(`timed out after ${timeoutMs / 1000} s waiting for ${what}\n  ${await describePage(t)}`);
    await t.page.waitForTimeout(250);
  }
}

/** The first visible element with a test id (pages lower in the stack stay in the DOM, hidden). */
export const visible = (page: Page, id: string) => page.getByTestId(id).filter({ visible: true }).first();

/** A signed image URL (types/api/download.ts SignedOriginal): /img/{hash}!{style}?g=&u=&e=&s= */
export const SIGNED_IMAGE = /\/img\/[^!]+![a-z0-9_]+\?g=\d+&u=\d+&e=\d+&s=/;

/** The text of the first visible element with a test id (pages lower in the stack stay in the DOM, hidden). */
export async function visibleTestId(t: TrackedPage, id: string, timeoutMs = 15000): Promise<string> {
  const loc = visible(t.page, id);
  await waitUntil(t, `[data-testid="${id}"] to be visible`, () => loc.isVisible(), timeoutMs);
  return ((await loc.textContent()) ?? '').trim();
}

/**
 * The app's toast (Taro's `.taro__toast`, whose box is position: fixed, so Playwright's
 * visibility test does not see it) once one says `pattern`; its text.
 */
export async function toastSays(t: TrackedPage, pattern: RegExp, timeoutMs = 15000): Promise<string> {
  return waitUntil(
    t,
    `a toast matching ${pattern}`,
    async () => {
      const texts = await t.page.evaluate(() =>
        Array.from(document.querySelectorAll<HTMLElement>('.taro__toast'))
          .filter((el) => el.style.display !== 'none')
          .map((el) => (el.textContent ?? '').trim())
      );
      return texts.find((x) => pattern.test(x));
    },
    timeoutMs
  );
}

export const countItems = (page: Page) => page.locator('[data-testid="photo-item"]').count();

/** How many photo cells show an image that has finished loading (naturalWidth > 0). */
export function countLoadedItems(page: Page): Promise<number> {
  return page.evaluate(
    () =>
      Array.from(document.querySelectorAll('[data-testid="photo-item"]')).filter((cell) =>
        Array.from(cell.querySelectorAll('img')).some((img) => img.complete && img.naturalWidth > 0)
      ).length
  );
}

/**
 * Bring the first cell whose image has not loaded into view (lazy images load when
 * seen). When every rendered cell has loaded, scroll the last one into view: the list
 * is windowed, so further cells only exist once the page scrolls towards them.
 */
export function revealNextUnloaded(page: Page): Promise<void> {
  return page.evaluate(() => {
    const cells = Array.from(document.querySelectorAll('[data-testid="photo-item"]'));
    const cell = cells.find((c) => !Array.from(c.querySelectorAll('img')).some((img) => img.complete && img.naturalWidth > 0));
    (cell ?? cells[cells.length - 1])?.scrollIntoView({ block: cell ? 'center' : 'start' });
  });
}

/** Scroll to the bottom whatever scrolls (window, page container or scroll-view). */
export async function scrollToBottom(page: Page): Promise<void> {
  await page.evaluate(() => {
    const cells = document.querySelectorAll('[data-testid="photo-item"]');
    cells[cells.length - 1]?.scrollIntoView({ block: 'end' });
    for (const el of Array.from(document.querySelectorAll('*'))) {
      if (el.scrollHeight > el.clientHeight + 10 && /(auto|scroll)/.test(getComputedStyle(el).overflowY)) el.scrollTop = el.scrollHeight;
    }
    window.scrollTo(0, document.documentElement.scrollHeight);
  });
  const vp = page.viewportSize();
  if (vp) await page.mouse.move(vp.width / 2, vp.height / 2).catch(() => undefined);
  await page.mouse.wheel(0, 3000).catch(() => undefined);
}

/** Back to the top of the page, whatever scrolls, so screenshots show the header. */
export async function scrollToTop(page: Page): Promise<void> {
  await page.evaluate(() => {
    for (const el of Array.from(document.querySelectorAll('*'))) if (el.scrollTop > 0) el.scrollTop = 0;
    window.scrollTo(0, 0);
  });
  await page.waitForTimeout(500);
}

export function screenshotPath(name: string): string {
  fs.mkdirSync(SCREENSHOT_DIR, { recursive: true });
  return path.join(SCREENSHOT_DIR, `${name}.png`);
}

export async function getJson(urlPath: string): Promise<{ status: number; body: any }> {
  const res = await fetch(BASE_URL + urlPath);
  const text = await res.text();
  let body: unknown = text;
  try {
    body = JSON.parse(text);
  } catch {
    /* not JSON: keep the text for the assertion message */
  }
  return { status: res.status, body };
}

/**
 * A fresh browser context and tracked page for every test of the enclosing
 * describe (closed after it); `use` receives the page before each test.
 * `getBrowser`: useBrowser's `browser`.
 */
export function pagePerTest(getBrowser: () => Browser, options: BrowserContextOptions | undefined, use: (t: TrackedPage) => void): void {
  let context: BrowserContext | undefined;
  beforeEach(async () => {
    context = await getBrowser().newContext(options);
    use(await openPage(context));
  });
  afterEach(async () => {
    await context?.close();
  });
}

/**
 * A call to the API with this page's session (GET, or POST with a JSON body), as the app makes it:
 * the session cookie goes with it, and the app's X-Client header marks it as the app's own.
 * The answer's envelope.
 */
export function pageApi<T = { code: number; data: any; msg: string }>(page: Page, url: string, body?: unknown): Promise<T> {
  return page.evaluate(
    async ({ u, b }) => {
      const headers: Record<string, string> = { 'X-Client': 'h5' };
      if (b !== undefined) headers['Content-Type'] = 'application/json';
      const res = await fetch(u, { method: b === undefined ? 'GET' : 'POST', headers, body: b === undefined ? undefined : JSON.stringify(b) });
      return res.json();
    },
    { u: url, b: body }
  );
}

/**
 * Log this page's session in through the sandbox mini-program login call (for tests
 * whose subject is not the login flow itself; tests/e2e/login.test.ts covers that).
 */
export async function sandboxLogin(page: Page, name = 'e2e'): Promise<void> {
  const login = await pageApi<{ code: number; msg: string }>(page, '/api/v2/auth/mp/login', { code: `sandbox:${name}:${Date.now()}` });
  if (login.code !== 200) throw new Error(`sandbox login answered ${JSON.stringify(login)}`);
}

/**
 * Scroll the page's photo list to the top of the screen and wait for at least `min` photo cells.
 * A long event page (banner, tips, gallery cards) puts the list below the first two screens,
 * and the windowed list draws cells only near the screen.
 */
export async function revealPhotos(t: TrackedPage, min = 1): Promise<void> {
  await waitUntil(t, 'the photo list', async () => (await t.page.locator('[data-testid="photo-area"]').count()) > 0, 30000);
  await t.page.locator('[data-testid="photo-area"]').first().evaluate((el) => el.scrollIntoView({ block: 'start' }));
  await waitUntil(t, `${min} photo cells`, async () => (await t.page.locator('[data-testid="photo-item"]').count()) >= min, 30000);
}
