/**
 * The photo list's non-face ways to find photos (issue 13, part 1 §7): `from`/`to` (shoot-time
 * range) and `q` (a tag or the file name contains the text), combined with tags, sorts and paging.
 */
import { BACKENDS, startTestServer, insertGallery, insertPhotos, type TestServer } from './helpers';

describe.each(BACKENDS)('photo list filters on %s', (backend) => {
  let s: TestServer;
  let galleryId: number;
  const BASE = 1_700_000_000;
  const list = async (query: string) => {
    const r = await s.app.inject({ method: 'GET', url: `/api/v2/images/${galleryId}/list?${query}` });
    return r.json();
  };
  const origins = (body: { data: { items: Array<{ origin: string }> } }) => body.data.items.map((p) => p.origin);

  beforeAll(async () => {
    s = await startTestServer(backend);
    galleryId = await insertGallery(s.db, { link_id: 'filter01' });
    // IMG_0 … IMG_9, a minute apart; bib tags on a few.
    await insertPhotos(s.db, galleryId, 10, { base: BASE, tags: (i) => (i % 3 === 0 ? [`Bib ${100 + i}`] : ['Stage']) });
  });
  afterAll(() => s.close());

  it('from/to: a shoot-time range, both ends included, in the gallery order', async () => {
    const r = await list(`from=${BASE + 120}&to=${BASE + 300}&sorttype=shoottime&order=asc`);
    expect(origins(r)).toEqual(['IMG_2.JPG', 'IMG_3.JPG', 'IMG_4.JPG', 'IMG_5.JPG']);
    expect(r.data.total).toBe(4);
    expect(origins(await list(`from=${BASE + 540}`))).toEqual(['IMG_9.JPG']);
    expect((await list(`from=${BASE + 300}&to=${BASE + 100}`)).code).toBe(400);
  });

  it('q: a tag or the file name contains the text (case-insensitive, taken literally)', async () => {
    expect(origins(await list('q=bib 10&sorttype=shoottime&order=asc'))).toEqual(['IMG_0.JPG', 'IMG_3.JPG', 'IMG_6.JPG', 'IMG_9.JPG']);
    expect(origins(await list('q=img_7'))).toEqual(['IMG_7.JPG']);
    // LIKE wildcards are plain text here.
    expect((await list('q=%25')).data.total).toBe(0);
    expect((await list('q=_')).data.items.length).toBe(10);
  });

  it('filters combine with tags, ranges and paging', async () => {
    const r = await list(`q=bib&from=${BASE + 60}&sorttype=shoottime&order=asc&page_size=2`);
    expect(origins(r)).toEqual(['IMG_3.JPG', 'IMG_6.JPG']);
    expect(r.data.total).toBe(3);
    expect(r.data.pagedata.has_more).toBe(true);
    const next = await list(`q=bib&from=${BASE + 60}&sorttype=shoottime&order=asc&page_size=2&offset=2`);
    expect(origins(next)).toEqual(['IMG_9.JPG']);
    expect(origins(await list('tags=Stage&q=img_1'))).toEqual(['IMG_1.JPG']);
  });

  it('person: an unknown person lists nothing', async () => {
    expect((await list('person=999999')).data).toMatchObject({ items: [], total: 0 });
  });
});
