// A form's pay field in a real browser (issue 14 Deliver 5, form_pay paid per verified phone), on a
// phone with a WeChat user agent and on a desktop. Visitor A logs in, verifies a phone by SMS,
// pays the entry fee through the sandbox (the phone's JSAPI step opens the pay page; the desktop's
// QR popup links to it), sees the field paid for that phone and submits. Visitor B, another account
// in another browser, verifies the same phone: the field shows it paid, no pay button, and the
// form submits without paying again.
import fs from 'node:fs';
import type { Page } from 'playwright-core';
import { createGallery, organiser } from './organiser';
import { BASE_URL, VIEWPORTS, openPage, sandboxLogin, screenshotPath, toastSays, visible, visibleTestId, waitUntil, useBrowser, type TrackedPage } from './support';

const { newContext } = useBrowser();
let link = '';
let galleryId = 0;

beforeAll(async () => {
  const g = await createGallery('Form pay race');
  link = g.link_id;
  galleryId = g.id;
  const goods = (await organiser('POST', `/api/v2/organizer/galleries/${g.id}/goods`, { name: 'Entry fee', price: 1990, kind: 'download' })) as { goods: Array<{ id: number; name: string }> };
  const fee = goods.goods.find((x) => x.name === 'Entry fee')!.id;
  await organiser('POST', `/api/v2/organizer/galleries/${g.id}/page`, {
    pagedata: {
      components: [
        {
          id: 'entry',
          type: 'form',
          props: {
            title: 'Race entry',
            children: [
              { id: 'entry-name', type: 'form_input', props: { field: 'Name', required: true } },
              { id: 'entry-mobile', type: 'form_phone', props: { field: 'Mobile', required: true } },
              { id: 'entry-fee', type: 'form_pay', props: { field: 'Entry fee', required: true, goods_id: fee } }
            ]
          }
        }
      ]
    }
  });
}, 120_000);

/** Every sandbox SMS code printed in the server's output for `phone` (masked there as 138****8000), oldest first. */
function smsCodes(phone: string): string[] {
  const file = process.env.E2E_SERVER_LOG;
  if (!file || !fs.existsSync(file)) throw new Error('E2E_SERVER_LOG is not set or missing: run through tests/e2e/jest.config.js');
  const masked = `${phone.slice(0, 3)}${'*'.repeat(phone.length - 7)}${phone.slice(-4)}`;
  return [...fs.readFileSync(file, 'utf8').matchAll(new RegExp(`SMS to ${masked.replace(/\*/g, '\\*')}: code (\\d{4})`, 'g'))].map((m) => m[1]);
}

const PHONES: Record<string, string> = { 'phone-wechat': '13800138301', desktop: '13800138302' };

describe.each(VIEWPORTS)('a form pay field paid per phone ($name)', (vp) => {
  async function visitor(who: string): Promise<TrackedPage> {
    const context = await newContext(vp.options);
    const t = await openPage(context);
    await t.page.goto(`${BASE_URL}/g/${link}`);
    await visibleTestId(t, 'gallery-name');
    // Phone fields need a real user (spec part 1 §5): log in through the sandbox.
    await sandboxLogin(t.page, `formpay-${who}-${vp.name}`);
    await t.page.reload();
    await visibleTestId(t, 'form');
    return t;
  }

  const field = (t: TrackedPage, id: string) => t.page.locator(`[data-testid="form-field"][data-field="${id}"]`).filter({ visible: true }).first();
  const input = (t: TrackedPage, id: string, nth = 0) => field(t, id).locator('input, textarea').nth(nth);

  /**
   * Name, phone, the SMS code (a new one in the server log; while the phone's 60 s send limit from
   * the other visitor's code runs, the send button counts down and is tapped again once it may be).
   */
  async function fillAndVerify(t: TrackedPage, phone: string): Promise<void> {
    await input(t, 'entry-name').fill('Han Meimei');
    await input(t, 'entry-mobile', 1).fill(phone);
    const before = smsCodes(phone).length;
    const send = field(t, 'entry-mobile').getByTestId('form-phone-send');
    const code = await waitUntil(
      t,
      'a new SMS code in the server log',
      async () => {
        const codes = smsCodes(phone);
        if (codes.length > before) return codes[codes.length - 1];
        if ((await send.getAttribute('aria-disabled')) !== 'true') await send.click();
        return null;
      },
      90_000
    );
    await input(t, 'entry-mobile', 2).fill(code);
    await waitUntil(t, 'the phone to be verified', async () => (await field(t, 'entry-mobile').getByTestId('form-phone-verified').count()) > 0);
  }

  /** The pay field's button (its label carries the test id; the tap goes to taro-ui's button around it). */
  const payButton = (t: TrackedPage) => t.page.locator('.form-pay__button').filter({ visible: true }).first();
  const submit = (t: TrackedPage) => t.page.getByTestId('form-submit').filter({ visible: true }).first();

  /** Pay on the sandbox page the confirm tap opened. */
  async function payOn(sandbox: Page): Promise<void> {
    await sandbox.waitForLoadState();
    expect(sandbox.url()).toContain('/sandbox/pay/');
    expect(await sandbox.getByTestId('sandbox-pay-title').textContent()).toBe('Entry fee');
    await sandbox.locator('form button[type="submit"]').click();
    await sandbox.waitForLoadState();
    await sandbox.getByTestId('sandbox-paid').waitFor();
    await sandbox.close();
  }

  it('A pays for the phone; B, another account verifying the same phone, sees it paid and submits without paying', async () => {
    const phone = PHONES[vp.name];
    const masked = `${phone.slice(0, 3)}****${phone.slice(-4)}`;
    const a = await visitor('a');
    await waitUntil(a, 'the price from the server', async () => (await visibleTestId(a, 'form-pay-price')) === '¥19.90');
    // Before a phone is verified the pay button asks for one.
    await payButton(a).click();
    await toastSays(a, /请先验证手机号|Please verify your phone number first/);
    await fillAndVerify(a, phone);
    expect(await a.page.getByTestId('form-pay-paid').count()).toBe(0);
    expect(await submit(a).getAttribute('data-enabled')).toBe('0');

    await payButton(a).click();
    await waitUntil(a, 'the confirmation sheet with its price', async () => (await visible(a.page, 'pay-sheet').getAttribute('data-phase')) === 'confirm', 20000);
    expect(await visibleTestId(a, 'pay-sheet-total')).toContain('19.90');
    let sandbox: Page;
    if (vp.name === 'phone-wechat') {
      [sandbox] = await Promise.all([a.page.context().waitForEvent('page'), visible(a.page, 'pay-sheet-confirm').click()]);
    } else {
      await visible(a.page, 'pay-sheet-confirm').click();
      await waitUntil(a, 'the QR pay popup', () => visible(a.page, 'pay-qr').isVisible());
      [sandbox] = await Promise.all([a.page.context().waitForEvent('page'), visible(a.page, 'pay-qr-sandbox').click()]);
    }
    await payOn(sandbox);
    await toastSays(a, /付费成功|Payment succeeded/);
    await waitUntil(a, 'the field paid for the phone', async () => ((await a.page.getByTestId('form-pay-paid').filter({ visible: true }).textContent()) ?? '').includes(masked), 30000);
    await a.page.getByTestId('form').filter({ visible: true }).first().screenshot({ path: screenshotPath(`form-pay-${vp.name}-1-a-paid`) });
    await waitUntil(a, 'submit enabled', async () => (await submit(a).getAttribute('data-enabled')) === '1');
    await submit(a).click();
    await toastSays(a, /提交成功|Submitted successfully/);

    // B: another account in another browser, the same phone.
    const b = await visitor('b');
    await fillAndVerify(b, phone);
    await waitUntil(b, 'the field paid for the phone', async () => ((await b.page.getByTestId('form-pay-paid').filter({ visible: true }).textContent()) ?? '').includes(masked));
    expect(await b.page.getByTestId('form-pay-button').count()).toBe(0);
    await b.page.getByTestId('form').filter({ visible: true }).first().screenshot({ path: screenshotPath(`form-pay-${vp.name}-2-b-paid`) });
    await waitUntil(b, 'submit enabled', async () => (await submit(b).getAttribute('data-enabled')) === '1');
    await submit(b).click();
    await toastSays(b, /提交成功|Submitted successfully/);
    expect(await b.page.getByTestId('pay-sheet').count()).toBe(0);

    // Both submissions are stored, each with the phone.
    const list = (await organiser('GET', `/api/v2/organizer/galleries/${galleryId}/forms/submissions?form=entry`)) as { items: Array<{ fields: Array<{ id: string; value: string }> }> };
    const withPhone = list.items.filter((s) => s.fields.some((f) => f.id === 'entry-mobile' && f.value === `${phone} (+86)`));
    expect(withPhone).toHaveLength(2);
    // (A send refused while the phone's 60 s limit ran answers 429.)
    expect(b.errors.filter((e) => !/401|429|favicon|requestfailed/.test(e))).toEqual([]);
  }, 240_000);
});
