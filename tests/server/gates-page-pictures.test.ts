import sharp from 'sharp';
import { ImageService } from '../../server/src/services/photos/images';
import { BACKENDS, startTestServer, insertGallery, type TestServer } from './helpers';
import { newUser } from './pay-fixture';

const ORGANISER = 'page-pictures-organiser';
const PUBLIC = 'public, max-age=31536000, immutable';

/**
 * Issue 26 finding 8: a page (pgdata) gate withholds the page data, and the pictures only that
 * page data names (banners, image blocks, icons) follow it, as a gated gallery's photos follow
 * their gates: 403 with the 200202 envelope without the pass, out of shared caches with it,
 * opened for `<img>` by the image ticket. A picture anything open shows (another page without a
 * gate, the share image, a cover) stays public.
 */
describe.each(BACKENDS)('page pictures under a page gate on %s', (backend) => {
  let s: TestServer;
  let seq = 0;

  beforeAll(async () => {
    s = await startTestServer(backend, { ORGANIZER_TOKEN: ORGANISER });
  });
  afterAll(() => s.close());

  const auth = (token?: string): Record<string, string> => (token ? { authorization: `Bearer ${token}` } : {});
  const get = (url: string, token?: string) => s.app.inject({ method: 'GET', url, headers: auth(token), remoteAddress: '10.26.8.1' });
  const post = (url: string, payload: unknown, token?: string) =>
    s.app.inject({ method: 'POST', url, payload: payload as object, headers: auth(token), remoteAddress: '10.26.8.1' });
  const ok = async (p: Promise<{ json(): { code: number } }>) => expect((await p).json().code).toBe(200);

  const images = () => new ImageService({ db: s.db, store: s.services.store });
  async function ingest() {
    const k = ++seq;
    const buf = await sharp({ create: { width: 160, height: 90, channels: 3, background: { r: (29 * k) % 256, g: (71 * k) % 256, b: (11 * k) % 256 } } }).jpeg().toBuffer();
    return images().ingest(buf);
  }
  const picture = async () => (await ingest()).hash;
  const page = (...hashes: string[]) => ({ components: [{ id: 'img', type: 'image', props: { items: hashes.map((image) => ({ image })) } }] });
  const setPage = (id: number, pagedata: unknown) => ok(post(`/api/v2/organizer/galleries/${id}/page`, { pagedata }, ORGANISER));
  const setGate = (id: number, kind: 'pgdata' | 'watermark', password: string) =>
    ok(post(`/api/v2/organizer/galleries/${id}/gates/${kind}`, { access_type: 'password', password }, ORGANISER));

  it('a picture only a closed page shows is refused without the pass, like its photos; with the pass or the ticket it is served privately', async () => {
    const banner = await picture();
    const kidBanner = await picture();
    const shared = await picture();
    const share = await picture();
    const top = await insertGallery(s.db, { link_id: 'ppictop1', name: 'Top' });
    const kid = await insertGallery(s.db, { link_id: 'ppickid1', name: 'Kid', parent: top });
    const open = await insertGallery(s.db, { link_id: 'ppicopn1', name: 'Open' });
    await setPage(top, page(banner, shared, share));
    await setPage(kid, page(kidBanner));
    await setPage(open, page(shared));
    await s.db.query('UPDATE galleries SET h5_share_image = $2 WHERE id = $1', [top, share]);
    s.services.galleries.invalidate(top);
    await setGate(top, 'pgdata', 'top-pw');

    const missing = { code: 200202, data: { gallery_id: top, kind: 'pgdata', access_type: 'password' }, msg: 'Permission Error' };
    const u = await newUser(s);
    expect((await get(`/api/v2/images/${top}/list`, u.token)).json()).toMatchObject(missing);
    for (const url of [`/img/${banner}!wx_750_n`, `/img/${banner}!wx_1920_n?g=${top}`, `/img/${kidBanner}!avatar_150?g=${kid}`, `/img/${banner}!wx_750_n?g=${top}&p=1.${'x'.repeat(22)}`]) {
      for (const token of [undefined, u.token]) {
        const r = await get(url, token);
        expect({ url, status: r.statusCode, body: r.json(), cache: r.headers['cache-control'] }).toEqual({ url, status: 403, body: missing, cache: 'no-store' });
      }
    }
    // Shown by an open page, or as the share image everyone sees: public as before.
    for (const hash of [shared, share]) {
      const r = await get(`/img/${hash}!wx_750_n`);
      expect({ hash, status: r.statusCode, cache: r.headers['cache-control'] }).toEqual({ hash, status: 200, cache: PUBLIC });
    }

    await ok(post('/api/v2/gallerypgdata/permisson/visit/check', { id: kid, password: 'top-pw' }, u.token));
    for (const url of [`/img/${banner}!wx_750_n`, `/img/${kidBanner}!avatar_150?g=${kid}`]) {
      const r = await get(url, u.token);
      expect({ url, status: r.statusCode, cache: r.headers['cache-control'] }).toEqual({ url, status: 200, cache: expect.stringMatching(/^private/) });
      // A revalidation answers 304 with the same private headers.
      const again = await s.app.inject({ method: 'GET', url, headers: { ...auth(u.token), 'if-none-match': r.headers.etag as string } });
      expect([again.statusCode, again.headers['cache-control']]).toEqual([304, r.headers['cache-control']]);
    }
    // <img> carries no token: the ticket issued with the pass opens the page's pictures.
    const ticket = (await get(`/api/v2/gallerypgdata/permisson/ispass/${top}`, u.token)).json().data.image_ticket as string;
    expect(ticket).toMatch(/^\d+\.[\w-]{22}$/);
    expect((await get(`/img/${banner}!wx_750_n?g=${top}&p=${ticket}`)).statusCode).toBe(200);
    // Bound to its gallery.
    expect((await get(`/img/${banner}!wx_750_n?g=${open}&p=${ticket}`)).statusCode).toBe(403);
    // Someone else is still outside.
    expect((await get(`/img/${banner}!wx_750_n`, (await newUser(s)).token)).statusCode).toBe(403);

    // The gate cleared: public again.
    await ok(post(`/api/v2/organizer/galleries/${top}/gates/pgdata/clear`, {}, ORGANISER));
    const r = await get(`/img/${banner}!wx_750_n`);
    expect([r.statusCode, r.headers['cache-control']]).toEqual([200, PUBLIC]);
  });

  it('the page gate passed and the photo gate not: the page pictures are served, the photos refused', async () => {
    const banner = await picture();
    const g = await insertGallery(s.db, { link_id: 'ppicwm01', name: 'Both gates' });
    const photo = await ingest();
    await images().addPhoto(s.db, g, photo, { origin: 'P.JPG' });
    await setPage(g, page(banner));
    await setGate(g, 'pgdata', 'page-pw');
    await setGate(g, 'watermark', 'photo-pw');
    const u = await newUser(s);
    await ok(post('/api/v2/gallerypgdata/permisson/visit/check', { id: g, password: 'page-pw' }, u.token));
    expect((await get(`/img/${banner}!wx_750_n`, u.token)).statusCode).toBe(200);
    expect((await get(`/img/${photo.hash}!wx_750_n`, u.token)).json()).toMatchObject({ code: 200202, data: { gallery_id: g, kind: 'watermark' } });
  });
});
