import { BACKENDS, startTestServer, insertGallery, insertPhotos, type TestServer } from './helpers';
import { insertGoods, newUser } from './pay-fixture';

const ORGANISER = 'actions-organiser-token';

/**
 * Issue 11 finding 8: every per-photo action checks the gallery's gate like its list
 * does (200202), before it looks at the photo: no counter moves and no answer tells
 * which photo ids exist.
 */
describe.each(BACKENDS)('per-photo actions behind a gate on %s', (backend) => {
  let s: TestServer;
  let gated: number;
  let free: number;
  let photos: number[];
  let goods: number;

  beforeAll(async () => {
    s = await startTestServer(backend, { ORGANIZER_TOKEN: ORGANISER });
    gated = await insertGallery(s.db, { link_id: 'actgate1', name: 'Gated' });
    free = await insertGallery(s.db, { link_id: 'actfree1', name: 'Free' });
    photos = await insertPhotos(s.db, gated, 3);
    await insertPhotos(s.db, free, 1);
    goods = await insertGoods(s, gated, 100);
    const set = await post(`/api/v2/organizer/galleries/${gated}/gates/watermark`, { access_type: 'password', password: 'likes-pw' }, ORGANISER);
    expect(set.json().code).toBe(200);
  });
  afterAll(() => s.close());

  const auth = (token?: string): Record<string, string> => (token ? { authorization: `Bearer ${token}` } : {});
  const get = (url: string, token?: string) => s.app.inject({ method: 'GET', url, headers: auth(token) });
  const post = (url: string, payload: unknown, token?: string) => s.app.inject({ method: 'POST', url, payload: payload as object, headers: auth(token) });
  const love = (id: number, token?: string, galleryid = gated) => post('/api/v2/userimage/love', { id, galleryid, path: '/img/x', love: 1 }, token);
  const counts = async () => (await s.db.query<{ love: number }>('SELECT love FROM photos WHERE gallery_id = $1 ORDER BY id', [gated])).rows.map((r) => r.love);
  const likeRows = async () => (await s.db.query<{ n: number }>('SELECT count(*)::int AS n FROM photo_likes WHERE gallery_id = $1', [gated])).rows[0].n;

  it('likes, like status, photo orders and paid lists answer 200202 without the pass, for any id', async () => {
    const user = await newUser(s);
    const guest = await newUser(s, false);
    const listAnswer = (await get(`/api/v2/images/${gated}/list`, user.token)).json();
    expect(listAnswer).toEqual({ code: 200202, msg: 'Permission Error', data: { gallery_id: gated, kind: 'watermark', access_type: 'password' } });
    for (const token of [user.token, guest.token, undefined]) {
      // A real photo, an id that does not exist, and an unlike: the same answer as the list.
      for (const id of [photos[0], 999_999]) expect((await love(id, token)).json()).toEqual(listAnswer);
      expect((await post('/api/v2/userimage/love', { id: photos[1], galleryid: gated, path: '/img/x', love: 0 }, token)).json()).toEqual(listAnswer);
      expect((await get(`/api/v2/images/user/loved?galleryid=${gated}&imageid=${photos.join(',')}`, token)).json()).toEqual(listAnswer);
      expect((await get(`/api/v2/pay/getdownimglist?gallery_id=${gated}`, token)).json()).toEqual(listAnswer);
      for (const path of ['/api/v2/pay/predownimg', '/api/v2/pay/paytoimage']) {
        expect((await post(path, { gallery_id: gated, goods_id: goods, imgids: [photos[0]] }, token)).json()).toEqual(listAnswer);
      }
    }
    expect(await counts()).toEqual([0, 0, 0]);
    expect(await likeRows()).toBe(0);
    expect((await s.db.query<{ n: number }>('SELECT count(*)::int AS n FROM orders WHERE gallery_id = $1', [gated])).rows[0].n).toBe(0);
    // A gated photo named under a free gallery is simply not there, like an id that does not exist.
    const foreign = (await love(photos[0], user.token, free)).json();
    expect(foreign).toEqual((await love(999_999, user.token, free)).json());
    expect(foreign.code).toBe(404);
  });

  it('with the pass the same calls work', async () => {
    const user = await newUser(s);
    expect((await post('/api/v2/gallery/watermark/visit/check', { id: gated, password: 'likes-pw' }, user.token)).json().data.ispass).toBe(true);
    expect((await love(photos[2], user.token)).json()).toMatchObject({ code: 200, data: { id: photos[2], loved: true, love: 1 } });
    expect((await get(`/api/v2/images/user/loved?galleryid=${gated}&imageid=${photos[2]}`, user.token)).json().data).toEqual({ [photos[2]]: true });
    expect((await get(`/api/v2/pay/getdownimglist?gallery_id=${gated}`, user.token)).json()).toMatchObject({ code: 200, data: { items: [] } });
    const order = (await post('/api/v2/pay/predownimg', { gallery_id: gated, goods_id: goods, imgids: [photos[0]] }, user.token)).json();
    expect(order).toMatchObject({ code: 200, data: { amount: 100 } });
    // A hidden photo cannot be liked (the list does not show it either).
    await s.db.query('UPDATE photos SET hidden = true WHERE id = $1', [photos[1]]);
    expect((await love(photos[1], user.token)).json().code).toBe(404);
  });
});
