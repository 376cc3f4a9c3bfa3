// Originals stay paid for (issue 5 item 3): the original and watermark-free renders
// reach only an entitled visitor through a short-lived URL signed for that visitor;
// guessed ids, unsigned, expired, tampered or other users' URLs get a 403 envelope.
import sharp from 'sharp';
import { BACKENDS, startTestServer, insertGallery, type TestServer } from './helpers';
import { ImageService, type IngestedImage } from '../../server/src/services/photos/images';
import { originalKey } from '../../server/src/storage';
import type { Watermark } from '../../types/watermark';

const WM: Watermark = { icon: '', percent: 30, opacity: 100, align: 'bottom-right', h: 3, v: 3, noborder: false, adjust: 'h' };

async function jpeg(seed: number): Promise<Buffer> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="1200" height="800"><rect width="1200" height="800" fill="#1${seed % 10}3050"/>
    <circle cx="${300 + seed * 7}" cy="400" r="150" fill="#c04020"/></svg>`;
  return sharp(Buffer.from(svg)).jpeg({ quality: 90 }).toBuffer();
}

describe.each(BACKENDS)('paid originals on %s', (backend) => {
  let s: TestServer;
  let paidGallery: number; // watermark, pay to remove; originals not free
  let freeGallery: number; // original_photo = 1
  let other: number; // another gallery with a watermark
  let photo: { id: number; img: IngestedImage }; // in paidGallery
  let freePhoto: { id: number; img: IngestedImage };
  let otherPhoto: { id: number; img: IngestedImage };
  let payer: { id: number; token: string };
  let visitor: { id: number; token: string };
  let guest: { id: number; token: string };

  const get = (url: string, token?: string) => s.app.inject({ method: 'GET', url, headers: token ? { authorization: `Bearer ${token}` } : {} });
  const signUrl = (token: string, id: number, style = 'original') => get(`/api/v2/images/original/${id}?style=${style}`, token);

  async function user(real: boolean): Promise<{ id: number; token: string }> {
    const { user: u, token } = await s.services.sessions.createOrResume(undefined);
    if (real) await s.db.query('UPDATE users SET is_mock = false WHERE id = $1', [u.id]);
    return { id: u.id, token };
  }

  async function add(gallery: number, seed: number): Promise<{ id: number; img: IngestedImage }> {
    const images = new ImageService({ db: s.db, store: s.services.store });
    const img = await images.ingest(await jpeg(seed), `IMG_${seed}.JPG`);
    const id = (await images.addPhoto(s.db, gallery, img, { origin: `IMG_${seed}.JPG` }))!.id;
    return { id, img };
  }

  /** Every answer of a refused request: 403 envelope, never image bytes. */
  function refused(r: Awaited<ReturnType<typeof get>>): void {
    expect(r.statusCode).toBe(403);
    expect(r.headers['content-type']).toMatch(/^application\/json/);
    expect(r.json()).toMatchObject({ code: 403, msg: 'Original photo is not available' });
  }

  beforeAll(async () => {
    s = await startTestServer(backend);
    const icon = await new ImageService({ db: s.db, store: s.services.store }).ingest(await sharp({ create: { width: 200, height: 100, channels: 4, background: '#ffffffff' } }).png().toBuffer());
    paidGallery = await insertGallery(s.db, { link_id: 'paid0001', watermarks: { ...WM, icon: icon.hash }, config: { original_photo: 0 } });
    freeGallery = await insertGallery(s.db, { link_id: 'free0001', config: { original_photo: 1 } });
    other = await insertGallery(s.db, { link_id: 'othr0001', watermarks: { ...WM, icon: icon.hash }, config: { original_photo: 0 } });
    photo = await add(paidGallery, 1);
    freePhoto = await add(freeGallery, 2);
    otherPhoto = await add(other, 3);
    payer = await user(true);
    visitor = await user(true);
    guest = await user(false);
    await s.db.query('INSERT INTO paid_images (user_id, photo_id, order_id, created_at) VALUES ($1, $2, NULL, 0)', [payer.id, photo.id]);
  });
  afterAll(() => s.close());

  it('gives an unpaid visitor guessing ids a 403 and never the original', async () => {
    const { hash } = photo.img;
    refused(await get(`/img/${hash}!original`, visitor.token));
    refused(await get(`/img/${hash}!original?g=${paidGallery}`, visitor.token));
    refused(await get(`/img/${hash}!original?g=${paidGallery}`));
    for (const gid of [paidGallery, freeGallery, other, 999]) refused(await get(`/img/${hash}!original?g=${gid}&u=${visitor.id}&e=9999999999&s=x`, visitor.token));
    // The signing call itself refuses the unpaid visitor and a guest.
    const r = await signUrl(visitor.token, photo.id);
    expect(r.statusCode).toBe(403);
    expect((await signUrl(guest.token, photo.id)).statusCode).toBe(403);
    expect((await get(`/api/v2/images/original/${photo.id}`)).statusCode).toBe(401);
    expect((await signUrl(visitor.token, 987654)).statusCode).toBe(404);
  });

  it('serves the paid original to its payer only, through a URL signed for them', async () => {
    const stored = (await s.services.store.get(originalKey(photo.img.hash)))!;
    const r = await signUrl(payer.token, photo.id);
    expect(r.statusCode).toBe(200);
    const { url, expires, entitlement } = r.json().data;
    expect(entitlement).toBe('paid');
    expect(expires).toBeGreaterThan(Date.now() / 1000);
    expect(expires).toBeLessThanOrEqual(Date.now() / 1000 + 301);
    expect(url).toMatch(new RegExp(`^/img/${photo.img.hash}!original\\?g=${paidGallery}&u=${payer.id}&e=\\d+&s=`));
    for (const token of [payer.token, undefined]) {
      const img = await get(url, token);
      expect(img.statusCode).toBe(200);
      expect(img.rawPayload.equals(stored)).toBe(true);
      expect(img.headers['cache-control']).toMatch(/^private/);
    }
    // The payer's URL in another visitor's session: 403.
    refused(await get(url, visitor.token));
  });

  it('refuses expired, tampered, other-user and cross-gallery signatures', async () => {
    const signer = s.services.signer;
    const { hash } = photo.img;
    const expired = signer.imageUrl({ hash, style: 'original', gallery: paidGallery, user: payer.id }, -10).url;
    refused(await get(expired, payer.token));
    const good = signer.imageUrl({ hash, style: 'original', gallery: paidGallery, user: payer.id }).url;
    refused(await get(good.replace(/e=(\d+)/, (_m, e) => `e=${Number(e) + 3600}`), payer.token));
    refused(await get(good.replace(/s=([A-Za-z0-9_-])/, (_m, c) => `s=${c === 'A' ? 'B' : 'A'}`), payer.token));
    refused(await get(good.replace(`u=${payer.id}`, `u=${visitor.id}`), visitor.token));
    refused(await get(good.replace(`!original`, '!wx_750_n'), payer.token));
    // A signature for a visitor who has not paid (correctly signed, entitlement missing).
    refused(await get(signer.imageUrl({ hash, style: 'original', gallery: paidGallery, user: visitor.id }).url, visitor.token));
    // A photo of another gallery signed as if it were in the paid gallery; and its own gallery.
    refused(await get(signer.imageUrl({ hash: otherPhoto.img.hash, style: 'original', gallery: paidGallery, user: payer.id }).url, payer.token));
    refused(await get(signer.imageUrl({ hash: otherPhoto.img.hash, style: 'original', gallery: other, user: payer.id }).url, payer.token));
    refused(await get(good.replace(`g=${paidGallery}`, `g=${other}`), payer.token));
  });

  it('keeps watermark-free styles behind the same signature', async () => {
    const { hash } = photo.img;
    const marked = await get(`/img/${hash}!wx_750_n?g=${paidGallery}`, visitor.token);
    expect(marked.statusCode).toBe(200);
    refused(await get(`/img/${hash}!wx_750_n?g=${paidGallery}&u=${visitor.id}&e=9999999999&s=forged`, visitor.token));
    const { url } = (await signUrl(payer.token, photo.id, 'wx_750_n')).json().data;
    const plain = await get(url, payer.token);
    expect(plain.statusCode).toBe(200);
    expect(plain.headers['content-type']).toBe('image/jpeg');
    expect(plain.headers.etag).toMatch(/\.plain\./);
    expect(marked.headers.etag).not.toMatch(/\.plain\./);
    expect(plain.rawPayload.equals(marked.rawPayload)).toBe(false);
    // The public URL keeps drawing the watermark after the plain render is cached.
    const again = await get(`/img/${hash}!wx_750_n?g=${paidGallery}`);
    expect(again.rawPayload.equals(marked.rawPayload)).toBe(true);
  });

  it('stops serving once the entitlement is withdrawn', async () => {
    const extra = await add(paidGallery, 4);
    await s.db.query('INSERT INTO paid_images (user_id, photo_id, order_id, created_at) VALUES ($1, $2, NULL, 0)', [visitor.id, extra.id]);
    const { url } = (await signUrl(visitor.token, extra.id)).json().data;
    expect((await get(url, visitor.token)).statusCode).toBe(200);
    await s.db.query('DELETE FROM paid_images WHERE user_id = $1 AND photo_id = $2', [visitor.id, extra.id]);
    refused(await get(url, visitor.token));
  });

  it('gives free-original galleries to any visitor with a session, signed', async () => {
    const stored = (await s.services.store.get(originalKey(freePhoto.img.hash)))!;
    refused(await get(`/img/${freePhoto.img.hash}!original?g=${freeGallery}`, visitor.token));
    for (const who of [visitor, guest]) {
      const r = await signUrl(who.token, freePhoto.id);
      expect(r.json().data.entitlement).toBe('free');
      const img = await get(r.json().data.url, who.token);
      expect(img.statusCode).toBe(200);
      expect(img.rawPayload.equals(stored)).toBe(true);
    }
  });

  it('lists, batch lists and sizes carry no original URL; paid photos carry payed for their payer', async () => {
    const ids = [photo.id, freePhoto.id, otherPhoto.id].join(',');
    for (const token of [undefined, visitor.token, payer.token]) {
      const list = await get(`/api/v2/images/${paidGallery}/list`, token);
      const batch = await get(`/api/v2/images/batchlist?id=${ids}`, token);
      for (const r of [list, batch]) {
        expect(r.statusCode).toBe(200);
        expect(r.body).not.toMatch(/original|!|\/img\//);
      }
      const mine = (r: typeof list, items: Array<{ id: number; payed?: number }>) => items.find((p) => p.id === photo.id)?.payed;
      expect(mine(list, list.json().data.items)).toBe(token === payer.token ? 1 : undefined);
      expect(mine(batch, batch.json().data)).toBe(token === payer.token ? 1 : undefined);
    }
    // The payer's tag never leaks into the shared cached page.
    expect((await get(`/api/v2/images/${paidGallery}/list`)).json().data.items.some((p: { payed?: number }) => p.payed)).toBe(false);
    const size = await get(`/api/v2/images/size?url=${encodeURIComponent(`/img/${photo.img.hash}!original?g=${paidGallery}`)}`, visitor.token);
    expect(size.statusCode).toBe(200);
    expect(Object.keys(size.json().data)).toEqual(['size']);
    expect(typeof size.json().data.size).toBe('number');
  });
});
