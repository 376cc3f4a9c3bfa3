// ZIP downloads (issue 5 item 4): a one-time token for the entitled photos, then the
// archive streamed from the store with the photos' bytes under their file names.
import sharp from 'sharp';
import yauzl from 'yauzl';
import { BACKENDS, startTestServer, insertGallery, insertPhotos, type TestServer } from './helpers';
import { ImageService } from '../../server/src/services/photos/images';
import { originalKey } from '../../server/src/storage';
import { MAX_DOWNLOAD_NUM } from '../../types/api/download';

async function jpeg(seed: number): Promise<Buffer> {
  return sharp({ create: { width: 64, height: 48, channels: 3, background: { r: seed * 20, g: 80, b: 200 - seed * 10 } } }).jpeg().toBuffer();
}

/** Entry name → bytes of a whole ZIP. */
function unzip(buf: Buffer): Promise<Map<string, Buffer>> {
  return new Promise((resolve, reject) => {
    yauzl.fromBuffer(buf, { lazyEntries: true }, (err, zip) => {
      if (err || !zip) return reject(err);
      const out = new Map<string, Buffer>();
      zip.on('entry', (e: yauzl.Entry) => {
        zip.openReadStream(e, (err2, rs) => {
          if (err2 || !rs) return reject(err2);
          const parts: Buffer[] = [];
          rs.on('data', (c: Buffer) => parts.push(c));
          rs.on('end', () => {
            out.set(e.fileName, Buffer.concat(parts));
            zip.readEntry();
          });
        });
      });
      zip.on('end', () => resolve(out));
      zip.readEntry();
    });
  });
}

describe.each(BACKENDS)('zip downloads on %s', (backend) => {
  let s: TestServer;
  let paidGallery: number;
  let freeGallery: number;
  const paidIds: number[] = [];
  const freeIds: number[] = [];
  const hashes = new Map<number, string>();
  let buyer: { id: number; token: string };
  let guest: { id: number; token: string };

  const post = (body: object, token?: string) =>
    s.app.inject({ method: 'POST', url: '/api/v2/images/zip', payload: body, headers: token ? { authorization: `Bearer ${token}` } : {} });
  const get = (url: string) => s.app.inject({ method: 'GET', url });

  beforeAll(async () => {
    s = await startTestServer(backend);
    paidGallery = await insertGallery(s.db, { link_id: 'zippaid1', name: 'Gala 2026 / night', config: { original_photo: 0 } });
    freeGallery = await insertGallery(s.db, { link_id: 'zipfree1', name: '婚礼', config: { original_photo: 1 } });
    const images = new ImageService({ db: s.db, store: s.services.store });
    for (let i = 0; i < 4; i++) {
      const img = await images.ingest(await jpeg(i));
      // Two photos share a file name: the archive de-duplicates it.
      const id = (await images.addPhoto(s.db, paidGallery, img, { origin: i < 2 ? 'IMG_0001.JPG' : `DSC_${i}.jpg` }))!.id;
      paidIds.push(id);
      hashes.set(id, img.hash);
    }
    for (let i = 4; i < 6; i++) {
      const img = await images.ingest(await jpeg(i));
      const id = (await images.addPhoto(s.db, freeGallery, img, { origin: `F_${i}.jpg` }))!.id;
      freeIds.push(id);
      hashes.set(id, img.hash);
    }
    const a = await s.services.sessions.createOrResume(undefined);
    await s.db.query('UPDATE users SET is_mock = false WHERE id = $1', [a.user.id]);
    buyer = { id: a.user.id, token: a.token };
    const g = await s.services.sessions.createOrResume(undefined);
    guest = { id: g.user.id, token: g.token };
    for (const id of paidIds.slice(0, 3)) {
      await s.db.query('INSERT INTO paid_images (user_id, photo_id, order_id, created_at) VALUES ($1, $2, NULL, 0)', [buyer.id, id]);
    }
  });
  afterAll(() => s.close());

  it('streams exactly the entitled photos with their bytes, de-duplicated names, once', async () => {
    const ids = paidIds.slice(0, 3);
    const t = await post({ gallery_id: paidGallery, ids }, buyer.token);
    expect(t.statusCode).toBe(200);
    const { url, count } = t.json().data;
    expect(count).toBe(3);
    const r = await get(url);
    expect(r.statusCode).toBe(200);
    expect(r.headers['content-type']).toBe('application/zip');
    expect(r.headers['content-disposition']).toBe(`attachment; filename="Gala 2026 _ night.zip"; filename*=UTF-8''Gala%202026%20_%20night.zip`);
    expect(Number(r.headers['content-length'])).toBe(r.rawPayload.length);
    const entries = await unzip(r.rawPayload);
    expect([...entries.keys()]).toEqual(['IMG_0001.JPG', 'IMG_0001 (2).JPG', 'DSC_2.jpg']);
    const bodies = [...entries.values()];
    for (let i = 0; i < ids.length; i++) {
      expect(bodies[i].equals((await s.services.store.get(originalKey(hashes.get(ids[i])!)))!)).toBe(true);
    }
    // The token is good for one download.
    const again = await get(url);
    expect(again.statusCode).toBe(403);
    expect(again.json()).toMatchObject({ code: 403, msg: 'Download link already used' });
  });

  it('refuses unentitled ids, foreign ids and guests before any byte', async () => {
    const r = await post({ gallery_id: paidGallery, ids: paidIds }, buyer.token);
    expect(r.statusCode).toBe(403);
    expect(r.json()).toEqual({ code: 403, data: { ids: [paidIds[3]] }, msg: 'Some photos are not available for download' });
    // A free gallery's photo named under the paid gallery.
    expect((await post({ gallery_id: paidGallery, ids: [paidIds[0], freeIds[0]] }, buyer.token)).json().data).toEqual({ ids: [freeIds[0]] });
    expect((await post({ gallery_id: paidGallery, ids: [paidIds[0]] })).statusCode).toBe(401);
    expect((await post({ gallery_id: freeGallery, ids: freeIds }, guest.token)).statusCode).toBe(401);
    expect((await get('/api/v2/images/zip/bm90LWEtdG9rZW4.AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA')).statusCode).toBe(403);
    // A token whose entitlement went away before the download.
    const extra = (await s.db.query<{ id: number }>('SELECT id FROM photos WHERE id = $1', [paidIds[2]])).rows[0].id;
    const { url } = (await post({ gallery_id: paidGallery, ids: [extra] }, buyer.token)).json().data;
    await s.db.query('DELETE FROM paid_images WHERE user_id = $1 AND photo_id = $2', [buyer.id, extra]);
    const late = await get(url);
    expect(late.statusCode).toBe(403);
    expect(late.headers['content-type']).toMatch(/^application\/json/);
    await s.db.query('INSERT INTO paid_images (user_id, photo_id, order_id, created_at) VALUES ($1, $2, NULL, 0)', [buyer.id, extra]);
  });

  it('gives a free-original gallery to any logged-in user, with the gallery name', async () => {
    const t = await post({ gallery_id: freeGallery, ids: freeIds.join(',') }, buyer.token);
    expect(t.statusCode).toBe(200);
    const r = await get(t.json().data.url);
    expect(r.headers['content-disposition']).toBe(`attachment; filename="__.zip"; filename*=UTF-8''${encodeURIComponent('婚礼')}.zip`);
    expect([...(await unzip(r.rawPayload)).keys()]).toEqual(['F_4.jpg', 'F_5.jpg']);
  });

  it('routes tokens of a full selection (MAX_DOWNLOAD_NUM ids)', async () => {
    const g = await insertGallery(s.db, { link_id: 'zipmany1', config: { original_photo: 1 } });
    const ids = await insertPhotos(s.db, g, MAX_DOWNLOAD_NUM); // rows without stored files
    const t = await post({ gallery_id: g, ids }, buyer.token);
    expect(t.statusCode).toBe(200);
    expect(t.json().data.url.length).toBeGreaterThan(300);
    const r = await get(t.json().data.url);
    expect(r.json()).toEqual({ code: 404, data: null, msg: 'A photo file is missing' });
  });

  it('enforces the download limits (MAX_DOWNLOAD_NUM, at least one) and validates input', async () => {
    const many = Array.from({ length: MAX_DOWNLOAD_NUM + 1 }, (_, i) => i + 1);
    const over = await post({ gallery_id: freeGallery, ids: many }, buyer.token);
    expect(over.statusCode).toBe(400);
    expect(over.json()).toEqual({ code: 400, data: { alert: 'MAX_DOWNLOAD_NUM', num: MAX_DOWNLOAD_NUM }, msg: `At most ${MAX_DOWNLOAD_NUM} photos per download` });
    expect((await post({ gallery_id: freeGallery, ids: [] }, buyer.token)).json().data).toEqual({ alert: 'min-download', num: 1 });
    expect((await post({ gallery_id: freeGallery, ids: ['x'] }, buyer.token)).statusCode).toBe(400);
    expect((await post({ ids: freeIds }, buyer.token)).statusCode).toBe(400);
  });
});
