/**
 * Whole-person results on real, different photos of the same people (the faces dev set,
 * face-devset.ts): the dev set's photos are uploaded into a gallery and indexed by the real
 * indexer and engine; then, for each person, a different photo of them (never uploaded) is
 * the selfie. findpeople must find them, and the photo list of the person it answers must
 * hold at least WHOLE_SHARE of their photos and no photo without them. Clustering: each
 * person's photos end in one person. A stranger finds nobody.
 */
import { BACKENDS, startTestServer, insertGallery, type TestServer } from './helpers';
import { dataUrl, uploadPhoto } from './face-fixtures';
import { DEV_PEOPLE, DEV_STRANGER, devGalleryPhotos, devJpeg } from './face-devset';
import { ErrorCode } from '../../types/envelope';

const TOKEN = 'face-people-token';
const CONSENT = { consent: 1, adult: 1 };
/** Issue 27's budget: at least this share of a found person's photos returned. */
const WHOLE_SHARE = 0.9;

jest.setTimeout(600_000);

describe.each(BACKENDS)('whole-person results on the faces dev set on %s', (backend) => {
  let s: TestServer;
  let galleryId: number;
  /** Photo id of each dev-set file in the gallery. */
  const ids = new Map<string, number>();
  const post = (url: string, payload: unknown) => s.app.inject({ method: 'POST', url, payload: payload as object });

  beforeAll(async () => {
    s = await startTestServer(backend, { ORGANIZER_TOKEN: TOKEN, FACE_INDEXING: '0' });
    galleryId = await insertGallery(s.db, { link_id: 'facedevs', name: 'Dev set', config: { use_face: 1 } });
    for (const file of devGalleryPhotos()) ids.set(file, await uploadPhoto(s, TOKEN, galleryId, await devJpeg(file), file.split('/').pop()!));
    expect(await s.services.faceIndexer.drain()).toBe(ids.size);
  });
  afterAll(() => s.close());

  /** The persons that have a face in a photo. */
  const personsIn = async (file: string) =>
    new Set((await s.db.query<{ person_id: number }>('SELECT person_id FROM faces WHERE photo_id = $1 AND person_id IS NOT NULL', [ids.get(file)])).rows.map((r) => r.person_id));

  it("clustering: each person's photos end in one person", async () => {
    const split: Record<string, number> = {};
    for (const p of DEV_PEOPLE) {
      // A person id present in every one of their photos: one person holds them all.
      const sets = await Promise.all(p.photos.map(personsIn));
      const common = [...sets[0]].filter((id) => sets.every((set) => set.has(id)));
      if (!common.length) split[p.name] = p.photos.length;
    }
    expect(split).toEqual({});
  });

  it("findpeople with a different photo of each person lists at least 90% of that person's photos, and none without them", async () => {
    const report: Record<string, { found: boolean; returned: number; of: number; wrong: string[] }> = {};
    let returned = 0;
    let expected = 0;
    for (const p of DEV_PEOPLE) {
      const selfie = dataUrl(await devJpeg(p.selfie, 1024));
      const r = (await post('/api/v2/face3/findpeople', { image: selfie, galleryid: galleryId, ...CONSENT })).json();
      const theirs = new Set(p.photos.map((f) => ids.get(f)!));
      expected += theirs.size;
      if (r.code !== 200) {
        report[p.name] = { found: false, returned: 0, of: theirs.size, wrong: [] };
        continue;
      }
      const list = await s.app.inject({ method: 'GET', url: `/api/v2/images/${galleryId}/list?person=${r.data.data}&page_size=100` });
      const listed: number[] = list.json().data.items.map((i: { id: number }) => i.id);
      const hits = listed.filter((id) => theirs.has(id)).length;
      returned += hits;
      const wrong = listed.filter((id) => !theirs.has(id)).map((id) => [...ids].find(([, v]) => v === id)![0]);
      report[p.name] = { found: true, returned: hits, of: theirs.size, wrong };
    }
    const people = Object.values(report);
    const found = people.filter((x) => x.found);
    const foundShare = found.reduce((n, x) => n + x.returned, 0) / found.reduce((n, x) => n + x.of, 0);
    // The measurement (issue 27's budget): in the log whether or not it passes.
    console.log(
      `dev set, ${backend}: ${found.length}/${people.length} people found; ${(100 * foundShare).toFixed(0)}% of a found person's photos returned; ` +
        `${returned}/${expected} of all; ${JSON.stringify(report)}`
    );
    // Whether a person is found at all is the recognition model's budget (recall, bench/face-accuracy.mjs);
    // a found person comes whole: at least WHOLE_SHARE of their photos, and nobody else's photo.
    expect(found.length).toBeGreaterThan(people.length / 2);
    expect(people.flatMap((x) => x.wrong)).toEqual([]);
    expect(foundShare).toBeGreaterThanOrEqual(WHOLE_SHARE);
  });

  it('a stranger in none of the photos finds nobody', async () => {
    const r = (await post('/api/v2/face3/findpeople', { image: dataUrl(await devJpeg(DEV_STRANGER, 1024)), galleryid: galleryId, ...CONSENT })).json();
    expect(r.code).toBe(ErrorCode.FACE_NO_RELATED);
  });
});
