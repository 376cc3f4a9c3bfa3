/**
 * The Find page's lists (issue 15 §6): GET /api/v2/user/loveimages, /spliceimages and
 * (long pictures: long-picture.test.ts).
 */
import { BACKENDS, insertGallery, insertPhotos, startTestServer, type TestServer } from './helpers';
import { newUser } from './pay-fixture';
import { gateDemoGallery } from '../../server/src/demo/demoGated';
import { MY_IMAGES_PAGE_SIZE } from '../../types/api/mine';

describe.each(BACKENDS)('my favourite photos and splice posters on %s', (backend) => {
  let s: TestServer;
  let gallery: number;
  let gated: number;
  let photos: number[];
  let gatedPhoto: number;

  const req = async (method: 'GET' | 'POST', url: string, token: string | null, payload?: object) => {
    const r = await s.app.inject({ method, url, payload, headers: token ? { authorization: `Bearer ${token}` } : {} });
    expect(r.statusCode).toBeLessThan(500);
    return r.json() as { code: number; msg?: string; data: any };
  };

  beforeAll(async () => {
    s = await startTestServer(backend);
    gallery = await insertGallery(s.db, { link_id: 'mine0001', name: 'Mine' });
    gated = await insertGallery(s.db, { link_id: 'mine0002', name: 'Gated' });
    photos = await insertPhotos(s.db, gallery, MY_IMAGES_PAGE_SIZE + 2);
    [gatedPhoto] = await insertPhotos(s.db, gated, 1);
  });
  afterAll(() => s.close());

  it('lists the photos I liked, newest like first, paged, without hidden photos or other people’s likes', async () => {
    const me = await newUser(s);
    const other = await newUser(s);
    for (const [i, id] of photos.entries()) {
      const r = await req('POST', '/api/v2/userimage/love', me.token, { id, galleryid: gallery, path: `/img/${i}`, love: 1 });
      expect(r.code).toBe(200);
      await s.db.query('UPDATE photo_likes SET created_at = $3 WHERE user_id = $1 AND photo_id = $2', [me.id, id, 1_000 + i]);
    }
    await req('POST', '/api/v2/userimage/love', other.token, { id: photos[0], galleryid: gallery, path: '/img/x', love: 1 });
    await s.db.query('UPDATE photos SET hidden = true WHERE id = $1', [photos[photos.length - 1]]);

    const p1 = await req('GET', '/api/v2/user/loveimages?page=1', me.token);
    expect(p1.code).toBe(200);
    expect(p1.data.total).toBe(photos.length - 1);
    expect(p1.data.page_size).toBe(MY_IMAGES_PAGE_SIZE);
    expect(p1.data.items).toHaveLength(MY_IMAGES_PAGE_SIZE);
    // Newest like first: the hidden last photo is skipped, so the second to last leads.
    expect(p1.data.items[0]).toMatchObject({ id: photos[photos.length - 2], gallery_id: gallery, loved_at: 1_000 + photos.length - 2 });
    expect(typeof p1.data.items[0].hash).toBe('string');
    const p2 = await req('GET', '/api/v2/user/loveimages?page=2', me.token);
    expect(p2.data.items.map((i: { id: number }) => i.id)).toEqual([photos[0]]);

    const theirs = await req('GET', '/api/v2/user/loveimages', other.token);
    expect(theirs.data.items.map((i: { id: number }) => i.id)).toEqual([photos[0]]);
    // No session: an empty list, not an error.
    const none = await req('GET', '/api/v2/user/loveimages', null);
    expect(none.data).toEqual({ items: [], total: 0, page: 1, page_size: MY_IMAGES_PAGE_SIZE });
  });

  it('leaves out photos of a gallery whose gate the visitor has not passed', async () => {
    const me = await newUser(s);
    await s.services.likes.love(me.id, gatedPhoto, gated, '/img/g', true);
    await req('POST', '/api/v2/userimage/love', me.token, { id: photos[1], galleryid: gallery, path: '/img/1', love: 1 });
    await gateDemoGallery(s.db, gated, 'password', 0);
    s.services.gates.service.forget();
    const list = await req('GET', '/api/v2/user/loveimages', me.token);
    expect(list.data.items.map((i: { id: number }) => i.id)).toEqual([photos[1]]);
    await s.db.query('DELETE FROM gallery_gates WHERE gallery_id = $1', [gated]);
    s.services.gates.service.forget();
    const open = await req('GET', '/api/v2/user/loveimages', me.token);
    expect(open.data.items.map((i: { id: number }) => i.id).sort()).toEqual([photos[1], gatedPhoto].sort());
  });

  it('lists splices recorded before long pictures with their shown photos in order and no picture', async () => {
    const me = await newUser(s);
    const ins = (ids: number[], at: number) =>
      s.db.query<{ id: number }>('INSERT INTO user_splices (user_id, gallery_id, image_ids, created_at) VALUES ($1, $2, $3::int[], $4) RETURNING id', [me.id, gallery, ids, at]);
    const first = (await ins([photos[3], photos[1], photos[2]], 100)).rows[0].id;
    const second = (await ins([photos[4]], 110)).rows[0].id;
    const list = await req('GET', '/api/v2/user/spliceimages', me.token);
    expect(list.data.total).toBe(2);
    expect(list.data.items.map((i: { id: number }) => i.id)).toEqual([second, first]);
    expect(list.data.items[1]).toMatchObject({ gallery_id: gallery, hash: null, url: null, width: 0, height: 0, images: [{ id: photos[3] }, { id: photos[1] }, { id: photos[2] }] });
    const other = await newUser(s);
    expect((await req('GET', '/api/v2/user/spliceimages', other.token)).data.total).toBe(0);
  });
});
