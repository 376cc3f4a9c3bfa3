// Whole-person results in a real browser on a phone with a WeChat user agent (issue 27): an
// organiser uploads real, different photos of several people (the faces dev set,
// tests/server/face-devset.ts) with the upload CLI into a gallery with face search on; once the
// background indexer has been through them, a visitor taps Find and chooses a selfie that is a
// different photo of one of those people, never uploaded. The result lists that person's
// photos — all of them, and no photo without them.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { BASE_URL, VIEWPORTS, getJson, pagePerTest, screenshotPath, visibleTestId, waitUntil, useBrowser, type TrackedPage } from './support';
import { createGallery, organiser, upload } from './organiser';
import { findWithSelfie } from './face-find';
import { DEV_PEOPLE, devGalleryPhotos, devJpeg } from '../server/face-devset';
import { faceCrop } from '../server/face-fixtures';

const phone = VIEWPORTS.find((v) => v.name === 'phone-wechat')!;
const { browser } = useBrowser();
/** The person searched for: the one with the most photos in the dev set. */
const target = DEV_PEOPLE.find((p) => p.name === 'obama')!;
/** Upload file name of a dev-set photo (the CLI keeps it as the photo's origin). */
const fileName = (file: string) => `${file.replace(/[^A-Za-z0-9]+/g, '_')}.jpg`;

let link = '';
let galleryId = 0;
let selfiePath = '';

beforeAll(async () => {
  const g = await createGallery('Faces of the dev set');
  link = g.link_id;
  galleryId = g.id;
  await organiser('POST', `/api/v2/organizer/galleries/${g.id}/config`, { use_face: 1 });
  // The photo stream and the Find pendant, as the demo's face gallery has them.
  await organiser('POST', `/api/v2/organizer/galleries/${g.id}/page`, {
    pagedata: {
      components: [
        { id: 'photo-1', type: 'photo', props: { gallery_id: 0, mode: '2', show_tags: true } },
        { id: 'navigator-1', type: 'navigator', props: { show_my: true, home_label: 'back' } },
        { id: 'pendent-1', type: 'pendent', props: { buttons: [{ type: 'people' }, { type: 'top' }] } }
      ]
    }
  });
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'e2e-face-people-'));
  for (const file of devGalleryPhotos()) fs.writeFileSync(path.join(dir, fileName(file)), await devJpeg(file));
  upload(link, dir);
  // Apart from the uploaded folder: the selfie never enters the gallery.
  selfiePath = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'e2e-face-selfie-')), 'selfie.jpg');
  // Square around the face, as one takes a selfie.
  fs.writeFileSync(selfiePath, await faceCrop(await devJpeg(target.selfie), target.selfieFace!, { margin: 0.25, edge: 640 }));
}, 180_000);

describe('whole-person results on a phone (WeChat)', () => {
  let t: TrackedPage;
  pagePerTest(browser, phone.options, (p) => (t = p));

  it('a selfie from a different photo of a person lists all of that person’s photos', async () => {
    const list = await getJson(`/api/v2/images/${galleryId}/list?page_size=100`);
    const photos: Array<{ id: number; origin: string }> = list.body.data.items;
    expect(photos).toHaveLength(devGalleryPhotos().length);
    const theirs = photos.filter((p) => target.photos.some((f) => fileName(f) === p.origin)).map((p) => p.id);
    expect(theirs).toHaveLength(target.photos.length);
    // The background indexer has been through every photo: each shows someone.
    await waitUntil(
      t,
      'every photo indexed',
      async () => {
        for (const p of photos) if (!(await getJson(`/api/v2/face3/maybe?imageid=${p.id}`)).body.data?.length) return false;
        return true;
      },
      240_000
    );

    await t.page.goto(`${BASE_URL}/g/${link}`);
    await visibleTestId(t, 'gallery-name');
    await findWithSelfie(t, selfiePath);
    await t.page.getByTestId('face-submit').click();
    await visibleTestId(t, 'face-found', 30_000);
    const items = t.page.locator('[data-testid="face-found"] [data-testid="photo-item"]');
    await waitUntil(t, 'the person’s photos', async () => (await items.count()) >= theirs.length, 30_000);
    const shown = (await items.evaluateAll((els) => els.map((e) => Number(e.getAttribute('data-id'))))).sort((a, b) => a - b);
    expect(shown).toEqual([...theirs].sort((a, b) => a - b));
    await t.page.screenshot({ path: screenshotPath('face-people-phone-wechat') });
    expect(t.errors.filter((e) => !/^requestfailed: .* net::ERR_ABORTED$/.test(e))).toEqual([]);
  }, 360_000);
});
