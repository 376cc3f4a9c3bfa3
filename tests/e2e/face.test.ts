// Face search in a real browser on a phone with a WeChat user agent (issue 13): the demo's
// face gallery of real group photos is indexed in the background; a visitor opens it, taps
// Find, chooses a selfie (a crop around one person's face from the same sample photo, made
// here with sharp), gives the separate face consent and the age confirmation, and gets that
// person's photos; then follows the person (Following lists them), and sets their own face
// (My Photo lists their photos). The dialog and the results are screenshotted.
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import type { Page } from 'playwright-core';
import { findWithSelfie } from './face-find';
import { BASE_URL, ROOT, VIEWPORTS, getJson, pageApi, pagePerTest, sandboxLogin, screenshotPath, visibleTestId, waitUntil, useBrowser, type TrackedPage } from './support';

const phone = VIEWPORTS.find((v) => v.name === 'phone-wechat')!;
const FACES_LINK = 'faces026';
const SAMPLES = path.join(ROOT, 'node_modules/@vladmandic/face-api/demo');

interface Person {
  personid: number;
  image: string;
  shape: { x: number; y: number; w: number; h: number };
  total_image: number;
}

const { browser } = useBrowser();
let galleryId = 0;
let selfiePath = '';
let target: Person;

/** A call with this page's session (the API reads the token from the header). */
const pageJson = (page: Page, url: string) => pageApi(page, url);

/** A selfie: a square around the person's face in the sample photo it comes from, 2.4 times the face. */
async function selfieOf(p: Person): Promise<string> {
  const files = fs.readdirSync(SAMPLES).filter((f) => /^sample\d+\.jpg$/.test(f));
  const file = files.find((f) => crypto.createHash('sha256').update(fs.readFileSync(path.join(SAMPLES, f))).digest('hex') === p.image);
  if (!file) throw new Error(`no sample photo has the hash ${p.image}`);
  const img = sharp(path.join(SAMPLES, file));
  const { width = 0, height = 0 } = await img.metadata();
  const cx = (p.shape.x + p.shape.w / 2) * width;
  const cy = (p.shape.y + p.shape.h / 2) * height;
  const side = Math.min(width, height, Math.round(Math.max(p.shape.w * width, p.shape.h * height) * 2.4));
  const left = Math.round(Math.min(Math.max(0, cx - side / 2), width - side));
  const top = Math.round(Math.min(Math.max(0, cy - side / 2), height - side));
  const out = path.join(ROOT, '.tmp/e2e/selfie.jpg');
  fs.mkdirSync(path.dirname(out), { recursive: true });
  await sharp(path.join(SAMPLES, file)).extract({ left, top, width: side, height: side }).resize(480, 480).jpeg({ quality: 90 }).toFile(out);
  return out;
}

beforeAll(async () => {
  const detail = await getJson(`/api/v2/gallery/link/${FACES_LINK}`);
  if (detail.status !== 200) throw new Error(`the demo has no ${FACES_LINK} gallery (face-api's samples missing?)`);
  const g: { id: number } = detail.body.data.gallery;
  galleryId = g.id;
}, 120_000);

describe('face search on a phone (WeChat)', () => {
  let t: TrackedPage;
  pagePerTest(browser, phone.options, (p) => (t = p));

  it('find by selfie shows that person’s photos; following lists them; My Photo lists the visitor’s own', async () => {
    await t.page.goto(`${BASE_URL}/g/${FACES_LINK}`);
    await visibleTestId(t, 'gallery-name');
    // A logged-in visitor (following and My Photo need one; finding does not).
    await sandboxLogin(t.page, 'face-e2e');
    await t.page.reload();
    await visibleTestId(t, 'gallery-name');
    // The background indexer has found the persons of the sample photos.
    const persons = await waitUntil(
      t,
      'the face gallery to be indexed',
      async () => {
        const r = await pageJson(t.page, `/api/v2/face3/person?galleryid=${galleryId}&page=1`);
        const items: Person[] = r.data?.items ?? [];
        return items.length >= 3 ? items : null;
      },
      180_000
    );
    target = persons.find((p) => p.total_image >= 2) ?? persons[0];
    selfiePath = await selfieOf(target);

    // Find: the dialog, a selfie, both consents.
    await findWithSelfie(t, selfiePath);
    await t.page.screenshot({ path: screenshotPath('face-dialog-phone-wechat') });
    const started = Date.now();
    await t.page.getByTestId('face-submit').click();
    await visibleTestId(t, 'face-found', 30_000);
    await waitUntil(t, 'the person’s photos', async () => (await t.page.locator('[data-testid="face-found"] [data-testid="photo-item"]').count()) > 0, 30_000);
    const ms = Date.now() - started;
    const found = Number(await t.page.getByTestId('person-head').getAttribute('data-personid'));
    expect(found).toBe(target.personid);
    const shown = await t.page.locator('[data-testid="face-found"] [data-testid="photo-item"]').count();
    expect(shown).toBe(Math.min(target.total_image, 20));
    console.log(`selfie to result list: ${ms} ms (${shown} photos of person ${found})`);
    await t.page.screenshot({ path: screenshotPath('face-results-phone-wechat') });

    // Follow that person: Following lists them with their photos.
    await t.page.getByTestId('found-follow').click();
    await visibleTestId(t, 'face-dialog');
    expect(await t.page.getByTestId('face-dialog').getAttribute('data-mode')).toBe('followNew');
    await t.page.getByTestId('face-submit').click();
    await waitUntil(t, 'the follow dialog to close', async () => (await t.page.getByTestId('face-dialog').count()) === 0, 30_000);
    await t.page.getByTestId('face-found-back').click();
    await t.page.getByTestId('nav-tab-3').click();
    await visibleTestId(t, 'following');
    await waitUntil(t, 'the followed person', async () => (await t.page.getByTestId('following-person').count()) === 1);
    expect(Number(await t.page.getByTestId('following-person').first().getAttribute('data-personid'))).toBe(target.personid);
    await waitUntil(t, 'their photos under Following', async () => (await t.page.locator('[data-testid="following"] [data-testid="photo-item"]').count()) > 0, 30_000);

    // My Photo: the visitor sets their own face with the same selfie and sees their photos.
    await t.page.getByTestId('nav-tab-2').click();
    await visibleTestId(t, 'my-photo-empty');
    await t.page.locator('[data-testid="my-photo-empty"] .empty-state__action').click();
    await visibleTestId(t, 'face-dialog');
    const [chooser2] = await Promise.all([t.page.waitForEvent('filechooser'), t.page.getByTestId('face-upload').click()]);
    await chooser2.setFiles(selfiePath);
    await t.page.locator('[data-testid="face-consent"] .at-checkbox__option').click();
    await t.page.locator('[data-testid="face-adult"] .at-checkbox__option').click();
    await t.page.getByTestId('face-submit').click();
    await waitUntil(t, 'My Photo to list the visitor’s photos', async () => (await t.page.locator('[data-testid="my-photo"] [data-testid="photo-item"]').count()) > 0, 30_000);
    expect(Number(await t.page.locator('[data-testid="my-photo"] [data-testid="person-head"]').getAttribute('data-personid'))).toBe(target.personid);
    await t.page.screenshot({ path: screenshotPath('face-my-photo-phone-wechat') });
    // Images still loading when a view is left are aborted by the browser: not errors.
    expect(t.errors.filter((e) => !/^requestfailed: .* net::ERR_ABORTED$/.test(e))).toEqual([]);
  }, 300_000);
});
