/**
 * Text-in-photo search (issue 14, formocr): photos of a gallery a formocr component searches
 * are read by real tesseract in the background after they are published, and
 * GET /api/ocr/search finds them by a bib number, with the photo list's gates and visibility.
 */
import sharp from 'sharp';
import { BACKENDS, startTestServer, insertGallery, insertPhotos, type TestServer } from './helpers';
import { uploadPhoto } from './face-fixtures';
import { raceSvg } from '../../server/src/demo/raceArt';

const TOKEN = 'ocr-organiser-token';
const ORG = { authorization: `Bearer ${TOKEN}` };
jest.setTimeout(240_000);

const formocrPage = (galleryId = 0) => ({ components: [{ id: 'formocr-1', type: 'formocr', props: { gallery_id: galleryId } }] });
const racePhoto = async (bibs: string[], seed: number) =>
  sharp(Buffer.from(raceSvg(bibs, seed, 1600, 1067))).jpeg({ quality: 85 }).toBuffer();

describe.each(BACKENDS)('OCR search on %s', (backend) => {
  let s: TestServer;
  let race: number;
  let plain: number;
  let both: number;
  let single: number;
  let guest: Record<string, string>;

  const get = (url: string, headers: Record<string, string> = guest) => s.app.inject({ method: 'GET', url, headers });
  const post = (url: string, payload: unknown, headers: Record<string, string> = {}) => s.app.inject({ method: 'POST', url, payload: payload as object, headers });
  const search = async (galleryid: number, keyword: string, extra = '', headers = guest) =>
    (await get(`/api/ocr/search?galleryid=${galleryid}&keyword=${encodeURIComponent(keyword)}${extra}`, headers)).json();

  beforeAll(async () => {
    s = await startTestServer(backend, { ORGANIZER_TOKEN: TOKEN, OCR_INDEXING: '0', FACE_INDEXING: '0' });
    race = await insertGallery(s.db, { link_id: 'ocrrace1', name: 'City Run', pagedata: formocrPage() });
    plain = await insertGallery(s.db, { link_id: 'ocrplain', name: 'No search here' });
    both = await uploadPhoto(s, TOKEN, race, await racePhoto(['4821', '3067'], 7), 'RUN_1.JPG');
    single = await uploadPhoto(s, TOKEN, race, await racePhoto(['4821'], 11), 'RUN_2.JPG');
    await uploadPhoto(s, TOKEN, plain, await racePhoto(['4821'], 13), 'RUN_3.JPG');
    const { token } = await s.services.sessions.createOrResume(undefined);
    guest = { authorization: `Bearer ${token}` };
  });
  afterAll(() => s.close());

  it('queues photos after upload only where a formocr component searches the gallery', async () => {
    expect(await s.services.ocrIndexer.counts(race)).toEqual({ queued: 2 });
    expect(await s.services.ocrIndexer.counts(plain)).toEqual({});
    // Nothing is read before the indexer runs: the upload did not wait for OCR.
    expect((await search(race, '4821')).data.total).toBe(0);
  });

  it('reads the bib numbers with tesseract and finds the photos by number', async () => {
    expect(await s.services.ocrIndexer.drain()).toBe(2);
    expect(await s.services.ocrIndexer.counts(race)).toEqual({ done: 2 });
    const found = await search(race, '4821');
    expect(found.code).toBe(200);
    expect(found.data.items.map((p: { id: number }) => p.id).sort()).toEqual([both, single].sort());
    expect(found.data.items[0]).toMatchObject({ galleryid: race, trash: 0 });
    expect(found.data.pagedata).toMatchObject({ offset: 0, has_more: false, next_offset: 2 });
    expect((await search(race, '3067')).data.items.map((p: { id: number }) => p.id)).toEqual([both]);
    // A number matches whole: part of a bib finds nothing.
    expect((await search(race, '482')).data.total).toBe(0);
    // Full-width digits and spaces around are the same number.
    expect((await search(race, ' ４８２１ ')).data.total).toBe(2);
  });

  it('a gallery without a formocr component has nothing indexed', async () => {
    expect(await s.services.ocrIndexer.enqueueMissing()).toBe(0);
    expect((await search(plain, '4821')).data).toMatchObject({ items: [], total: 0 });
  });

  it('hidden photos are not found; the trash flag travels with the item', async () => {
    await s.db.query('UPDATE photos SET trash = 1 WHERE id = $1', [single]);
    const flagged = (await search(race, '4821')).data.items.find((p: { id: number }) => p.id === single);
    expect(flagged.trash).toBe(1);
    const hide = await post(`/api/v2/organizer/galleries/${race}/photos/hide`, { ids: [single] }, ORG);
    expect(hide.json().code).toBe(200);
    expect((await search(race, '4821')).data.items.map((p: { id: number }) => p.id)).toEqual([both]);
  });

  it("honours the gallery's gates as the photo list does", async () => {
    const gated = await insertGallery(s.db, { link_id: 'ocrgate1', name: 'Gated run', pagedata: formocrPage() });
    const [pid] = await insertPhotos(s.db, gated, 1);
    await s.db.query("INSERT INTO ocr_words (photo_id, gallery_id, word) VALUES ($1, $2, '7777')", [pid, gated]);
    expect((await search(gated, '7777')).data.total).toBe(1);
    const set = await post(`/api/v2/organizer/galleries/${gated}/gates/watermark`, { access_type: 'password', password: 'pw-ocr' }, ORG);
    expect(set.json().code).toBe(200);
    const list = (await get(`/api/v2/images/${gated}/list`)).json();
    const found = await search(gated, '7777');
    expect(found.code).toBe(200202);
    expect(found.code).toBe(list.code);
    expect(found.data).toEqual(list.data);
    expect(found.data.items).toBeUndefined();
    expect((await post('/api/v2/gallery/watermark/visit/check', { id: gated, password: 'pw-ocr' }, guest)).json().code).toBe(200);
    expect((await search(gated, '7777')).data.total).toBe(1);
  });

  it('pages through many matches', async () => {
    const big = await insertGallery(s.db, { link_id: 'ocrbig01', name: 'Many', pagedata: formocrPage() });
    const ids = await insertPhotos(s.db, big, 35);
    await s.db.query("INSERT INTO ocr_words (photo_id, gallery_id, word) SELECT unnest($1::int[]), $2, 'marathon'", [ids, big]);
    const first = (await search(big, 'MARAT')).data;
    expect(first).toMatchObject({ total: 35, pagedata: { offset: 0, page_size: 30, next_offset: 30, has_more: true } });
    const second = (await search(big, 'marat', `&offset=${first.pagedata.next_offset}`)).data;
    expect(second.items).toHaveLength(5);
    expect(second.pagedata.has_more).toBe(false);
    const all = [...first.items, ...second.items].map((p: { id: number }) => p.id);
    expect(new Set(all).size).toBe(35);
  });

  it('refuses bad input with a 4xx and a clear message', async () => {
    const bad = async (url: string) => {
      const res = await get(url);
      expect(res.statusCode).toBeGreaterThanOrEqual(400);
      expect(res.statusCode).toBeLessThan(500);
      return res.json();
    };
    expect((await bad(`/api/ocr/search?galleryid=${race}`)).msg).toMatch(/keyword/);
    expect((await bad(`/api/ocr/search?galleryid=${race}&keyword=`)).msg).toMatch(/keyword/);
    expect((await bad(`/api/ocr/search?galleryid=${race}&keyword=${'9'.repeat(41)}`)).msg).toMatch(/keyword/);
    expect((await bad(`/api/ocr/search?galleryid=abc&keyword=1`)).msg).toMatch(/galleryid/);
    expect((await bad('/api/ocr/search?keyword=1')).msg).toMatch(/galleryid/);
    expect(await bad(`/api/ocr/search?galleryid=${race}&keyword=${encodeURIComponent('!!! ---')}`)).toMatchObject({ code: 400, msg: 'keyword must hold a letter or a digit' });
    expect(await bad('/api/ocr/search?galleryid=999999&keyword=1234')).toMatchObject({ code: 404 });
  });
});
