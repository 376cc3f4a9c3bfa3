/**
 * Text-in-photo search (issues 14, 27; formocr): photos of a gallery a formocr component
 * searches are read by the real OCR engine (PaddleOCR's models) in the background after they
 * are published, and GET /api/ocr/search finds them by a bib number, with the photo list's
 * gates and visibility: two runners in one photo, a tilted photo, a prefixed bib ('A-1024'),
 * and apart from the exact matches the photos whose number reads close ("maybe yours").
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
/** The camera held askew: the whole photo turned by `deg` degrees (the bib with it). */
const tiltedPhoto = async (bibs: string[], seed: number, deg: number) =>
  sharp(await sharp(Buffer.from(raceSvg(bibs, seed, 1600, 1067))).rotate(deg, { background: '#6b7280' }).png().toBuffer()).jpeg({ quality: 85 }).toBuffer();
const ids = (r: { items: Array<{ id: number }> }) => r.items.map((p) => p.id).sort((a, b) => a - b);

describe.each(BACKENDS)('OCR search on %s', (backend) => {
  let s: TestServer;
  let race: number;
  let plain: number;
  let both: number;
  let single: number;
  let tilted: number;
  let prefixed: number;
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
    tilted = await uploadPhoto(s, TOKEN, race, await tiltedPhoto(['5162'], 17, -16), 'RUN_4.JPG');
    prefixed = await uploadPhoto(s, TOKEN, race, await racePhoto(['A-1024'], 19), 'RUN_5.JPG');
    await uploadPhoto(s, TOKEN, plain, await racePhoto(['4821'], 13), 'RUN_3.JPG');
    const { token } = await s.services.sessions.createOrResume(undefined);
    guest = { authorization: `Bearer ${token}` };
  });
  afterAll(() => s.close());

  it('queues photos after upload only where a formocr component searches the gallery', async () => {
    expect(await s.services.ocrIndexer.counts(race)).toEqual({ queued: 4 });
    expect(await s.services.ocrIndexer.counts(plain)).toEqual({});
    // Nothing is read before the indexer runs: the upload did not wait for OCR.
    expect((await search(race, '4821')).data.total).toBe(0);
  });

  it('reads the bib numbers and finds the photos by number; both runners of a photo are found', async () => {
    expect(await s.services.ocrIndexer.drain()).toBe(4);
    expect(await s.services.ocrIndexer.counts(race)).toEqual({ done: 4 });
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
    // Exact matches carry no "maybe yours" of their own.
    expect((await search(race, '4821')).data.maybe).toEqual([]);
  });

  it('a photo taken askew (tilted 16°) is found by its bib', async () => {
    const found = (await search(race, '5162')).data;
    expect(ids(found)).toEqual([tilted]);
    expect(found.maybe).toEqual([]);
  });

  it("a prefixed bib ('A-1024') is found by its number, with or without the prefix", async () => {
    for (const k of ['1024', 'A-1024', 'a1024']) expect(ids((await search(race, k)).data)).toEqual([prefixed]);
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

  it('a number read one digit off or without its last digit is "maybe yours", apart from the exact matches', async () => {
    const g = await insertGallery(s.db, { link_id: 'ocrmaybe', name: 'Close reads', pagedata: formocrPage() });
    const [exact, lastMissing, oneOff, twoOff, other, longer] = await insertPhotos(s.db, g, 6);
    const words: Array<[number, string]> = [[exact, '77015'], [exact, '7701'], [lastMissing, '7701'], [oneOff, '77016'], [twoOff, '77066'], [other, '2026'], [longer, '770151']];
    for (const [pid, word] of words) await s.db.query('INSERT INTO ocr_words (photo_id, gallery_id, word) VALUES ($1, $2, $3)', [pid, g, word]);
    const found = (await search(g, '77015')).data;
    expect(ids(found)).toEqual([exact]);
    expect(found.total).toBe(1);
    // Marked as such: a list of its own, without the exact match.
    expect(ids({ items: found.maybe })).toEqual([lastMissing, oneOff].sort((a, b) => a - b));
    // A prefix is dropped for the close reads too; a later page has none.
    expect(ids({ items: (await search(g, 'A-77015')).data.maybe })).toEqual([lastMissing, oneOff].sort((a, b) => a - b));
    expect((await search(g, '77015', '&offset=1')).data.maybe).toEqual([]);
    // Only the closest misread counts: 2468 read as 2469 is a maybe for 2468, and no exact hit.
    await s.db.query("INSERT INTO ocr_words (photo_id, gallery_id, word) VALUES ($1, $2, '2469')", [other, g]);
    const misread = (await search(g, '2468')).data;
    expect(misread.total).toBe(0);
    expect(ids({ items: misread.maybe })).toEqual([other]);
    // Short numbers and words get no maybes.
    await s.db.query("INSERT INTO ocr_words (photo_id, gallery_id, word) VALUES ($1, $2, '43')", [twoOff, g]);
    expect((await search(g, '42')).data.maybe).toEqual([]);
    // Hidden photos are not maybes either.
    expect((await post(`/api/v2/organizer/galleries/${g}/photos/hide`, { ids: [oneOff] }, ORG)).json().code).toBe(200);
    expect(ids({ items: (await search(g, '77015')).data.maybe })).toEqual([lastMissing]);
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
