// Gated pages (issue 5 item 5) on a phone: the demo's password-gated and
// phone-gated sub-galleries send a visitor to /page/permission/{id}; passing the
// gate brings them back to the gallery's photos.
import fs from 'node:fs';
import { BASE_URL, DEMO_LINK, countItems, getJson, countLoadedItems, pagePerTest, sandboxLogin, screenshotPath, visibleTestId, waitUntil, useBrowser, type TrackedPage } from './support';

const PASSWORD_LINK = 'vip2026a';
const PHONE_LINK = 'press026';
const PHONE = '13800138000';

const PHONE_CONTEXT = {
  viewport: { width: 375, height: 812 },
  hasTouch: true,
  isMobile: true,
  deviceScaleFactor: 2,
  locale: 'en-US'
};

const { browser } = useBrowser();
let t: TrackedPage;


/** The sandbox SMS code printed in the server's output for `phone` (masked there as 138****8000). */
function smsCodeFromLog(phone: string): string | null {
  const file = process.env.E2E_SERVER_LOG;
  if (!file || !fs.existsSync(file)) throw new Error('E2E_SERVER_LOG is not set or missing: run through tests/e2e/jest.config.js (global-setup.mjs writes it)');
  const masked = `${phone.slice(0, 3)}${'*'.repeat(phone.length - 7)}${phone.slice(-4)}`;
  const re = new RegExp(`SMS to ${masked.replace(/\*/g, '\\*')}: code (\\d{4})`, 'g');
  let code: string | null = null;
  for (const m of fs.readFileSync(file, 'utf8').matchAll(re)) code = m[1];
  return code;
}

/** Type into a Taro Input (its inner <input>). */
async function fill(testId: string, value: string) {
  // The input is inside the element with the test id (Stencil components) or is that element (React components).
  const input = t.page.locator(`[data-testid="${testId}"] input, input[data-testid="${testId}"]`).first();
  await input.fill(value);
}

async function tap(testId: string) {
  await t.page.getByTestId(testId).filter({ visible: true }).first().click();
}

async function expectPermissionPage(): Promise<number> {
  const url = await waitUntil(t, 'the redirect to /page/permission/{id}', async () => (/\/page\/permission\/\d+/.test(t.page.url()) ? t.page.url() : null));
  return Number(/\/page\/permission\/(\d+)/.exec(url)![1]);
}

async function expectPhotos(link: string) {
  await waitUntil(t, `back on /g/${link}`, async () => new URL(t.page.url()).pathname === `/g/${link}`);
  await waitUntil(t, 'photos in the grid', async () => (await countItems(t.page)) > 0);
  await waitUntil(t, 'a photo image that loaded (with the image ticket)', async () => (await countLoadedItems(t.page)) > 0, 20000);
}

describe('permission pages on a phone', () => {
  pagePerTest(
    browser,
    PHONE_CONTEXT,
    (x) => {
      t = x;
    }
  );
  beforeEach(async () => {
    // English wording on the page (the app's default language is zh-CN).
    await t.page.addInitScript(() => localStorage.setItem('settings', JSON.stringify({ data: { language: 'en-US' } })));
  });

  it('the permission page of a gated gallery opens when typed and when reloaded (both forms); a free one leads on', async () => {
    const { body } = await getJson(`/api/v2/permissibility?link=${PASSWORD_LINK}`);
    const id = body.data.gallery_id as number;
    for (const urlPath of [`/page/permission/${id}`, `/page/permission/${id}/original/1`]) {
      await t.page.goto(BASE_URL + urlPath);
      await visibleTestId(t, 'permission-password-form');
      await t.page.reload();
      await visibleTestId(t, 'permission-password-form');
      expect(new URL(t.page.url()).pathname).toBe(urlPath);
    }
    const free = (await getJson(`/api/v2/permissibility?link=${DEMO_LINK}`)).body.data;
    expect(free.state).toBe('free');
    await t.page.goto(`${BASE_URL}/page/permission/${free.gallery_id}/original/1`);
    await waitUntil(t, 'on to the free gallery', async () => new URL(t.page.url()).pathname === `/g/${DEMO_LINK}/original/1`);
  });

  it('password gate: redirected, wrong password refused, right password shows the photos', async () => {
    await t.page.goto(`${BASE_URL}/g/${PASSWORD_LINK}`);
    const id = await expectPermissionPage();
    expect(id).toBeGreaterThan(0);
    await visibleTestId(t, 'permission-password-form');
    await t.page.screenshot({ path: screenshotPath('permission-password-phone') });

    await fill('permission-password', 'not-the-password');
    await tap('permission-submit');
    expect(await visibleTestId(t, 'permission-error')).toBe('Wrong password');
    expect(t.page.url()).not.toContain('not-the-password');

    await fill('permission-password', '2026');
    await tap('permission-submit');
    await expectPhotos(PASSWORD_LINK);
  });

  it('phone gate: send code, the code from the server log, then the photos', async () => {
    await t.page.goto(`${BASE_URL}/g/${PHONE_LINK}`);
    await expectPermissionPage();
    await visibleTestId(t, 'permission-phone-form');
    // Phone forms need a real user (spec part 1 §5): log this session in through the sandbox.
    await sandboxLogin(t.page, 'permission-e2e');
    await t.page.reload();
    await visibleTestId(t, 'permission-phone-form');

    await fill('permission-phone', PHONE);
    await tap('permission-send-code');
    const label = await waitUntil(t, 'the send-code countdown', async () => {
      const text = await visibleTestId(t, 'permission-send-code');
      return /Resend in \d+ s/.test(text) ? text : null;
    });
    expect(label).toMatch(/Resend in (60|59|58) s/);
    await t.page.screenshot({ path: screenshotPath('permission-phone-phone') });

    const code = await waitUntil(t, 'the sandbox SMS code in the server log', async () => smsCodeFromLog(PHONE));
    const wrong = code === '0000' ? '1111' : '0000';
    await fill('permission-code', wrong);
    await tap('permission-submit');
    expect(await visibleTestId(t, 'permission-error')).toMatch(/Wrong verification code|Invalid verification code/);

    await fill('permission-code', code);
    await tap('permission-submit');
    await expectPhotos(PHONE_LINK);
  });
});
