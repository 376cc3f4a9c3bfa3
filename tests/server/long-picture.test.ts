// Long pictures (issue 16 item 4): POST /api/v2/usersplice/create draws the chosen photos
// on the server, from what the visitor may see (watermarked unless entitled), stores the
// JPEG by hash and lists it on the Find page; show answers its signed address; refusals
// are 4xx with stable codes and store nothing; a gated gallery's picture needs the pass.
import sharp from 'sharp';
import { BACKENDS, startTestServer, insertGallery, type TestServer } from './helpers';
import { newUser } from './pay-fixture';
import { ImageService } from '../../server/src/services/photos/images';
import { gateDemoGallery } from '../../server/src/demo/demoGated';
import { longLayout } from '../../server/src/images/longPicture';
import { spliceKey } from '../../server/src/services/splice/splices';
import { LONG_PICTURE_GAP, LONG_PICTURE_WIDTH, SpliceErrorCode } from '../../types/api/splice';
import type { Watermark } from '../../types/watermark';

// A green icon drawn over the centre of every photo of the marked gallery.
const WM: Watermark = { icon: '', percent: 50, opacity: 100, align: 'center', h: 0, v: 0, noborder: true, adjust: 'h' };

let seed = 0;
/** A dark blue photo with a small red mark at a corner (every photo's bytes differ). */
async function jpeg(width: number, height: number): Promise<Buffer> {
  const n = ++seed;
  const mark = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#c04020' } }).png().toBuffer();
  return sharp({ create: { width, height, channels: 3, background: '#103050' } })
    .composite([{ input: mark, left: width - 10 - n, top: height - 10 }])
    .jpeg({ quality: 90 })
    .toBuffer();
}

describe.each(BACKENDS)('long pictures on %s', (backend) => {
  let s: TestServer;
  let marked: number; // watermarked gallery, originals paid
  let other: number;
  let gated: number;
  let photos: number[]; // in marked: landscape, portrait, landscape
  let otherPhoto: number;
  let gatedPhotos: number[];

  const req = async (method: 'GET' | 'POST', url: string, token: string | null, payload?: object) => {
    const r = await s.app.inject({ method, url, payload, headers: token ? { authorization: `Bearer ${token}` } : {} });
    expect(r.statusCode).toBeLessThan(500);
    return r;
  };
  const create = (token: string | null, galleryid: number, imageids: string) => req('POST', '/api/v2/usersplice/create', token, { galleryid, imageids });
  const show = (token: string | null, galleryid: number, imageids: string) => req('POST', '/api/v2/usersplice/show', token, { galleryid, imageids });
  const stored = async () => {
    const keys: string[] = [];
    for await (const o of s.services.store.list('splices/')) keys.push(o.key);
    return keys.sort();
  };
  const rows = async () => (await s.db.query<{ n: number }>('SELECT count(*)::int AS n FROM user_splices')).rows[0].n;

  async function add(gallery: number, w: number, h: number): Promise<number> {
    const images = new ImageService({ db: s.db, store: s.services.store });
    const img = await images.ingest(await jpeg(w, h), 'IMG.JPG');
    return (await images.addPhoto(s.db, gallery, img, { origin: 'IMG.JPG' }))!.id;
  }

  /** The mean colour of a box of the picture. */
  async function meanAt(data: Buffer, box: { left: number; top: number; width: number; height: number }) {
    const { channels } = await sharp(await sharp(data).extract(box).toBuffer()).stats();
    return { r: channels[0].mean, g: channels[1].mean, b: channels[2].mean };
  }

  beforeAll(async () => {
    s = await startTestServer(backend);
    const icon = await new ImageService({ db: s.db, store: s.services.store }).ingest(
      await sharp({ create: { width: 200, height: 100, channels: 4, background: '#00ff00ff' } }).png().toBuffer()
    );
    marked = await insertGallery(s.db, { link_id: 'long0001', watermarks: { ...WM, icon: icon.hash }, config: { original_photo: 0 } });
    other = await insertGallery(s.db, { link_id: 'long0002' });
    gated = await insertGallery(s.db, { link_id: 'long0003' });
    photos = [await add(marked, 1200, 800), await add(marked, 800, 1200), await add(marked, 1200, 800)];
    otherPhoto = await add(other, 1200, 800);
    gatedPhotos = [await add(gated, 1200, 800), await add(gated, 1200, 800)];
  });
  afterAll(() => s.close());

  it('draws the photos stacked at 1080 wide, watermarked, stores it by hash and shows it to its maker', async () => {
    const me = await newUser(s);
    const ids = `[${photos[1]},${photos[0]},${photos[2]}]`;
    const made = await create(me.token, marked, ids);
    expect(made.statusCode).toBe(200);
    const hash = made.json().data as string;
    expect(hash).toMatch(/^[0-9a-f]{64}$/);
    expect(await stored()).toEqual([spliceKey(hash)]);

    const shown = await show(me.token, marked, ids);
    expect(shown.statusCode).toBe(200);
    const pic = shown.json().data;
    const layout = longLayout([{ width: 800, height: 1200 }, { width: 1200, height: 800 }, { width: 1200, height: 800 }]);
    expect(pic).toMatchObject({ hash, width: LONG_PICTURE_WIDTH, height: 1620 + 720 + 720 + 2 * LONG_PICTURE_GAP, gallery_id: marked, image_ids: [photos[1], photos[0], photos[2]] });
    expect(pic.height).toBe(layout.height);

    const img = await req('GET', pic.url, null);
    expect(img.statusCode).toBe(200);
    expect(img.headers['content-type']).toBe('image/jpeg');
    const meta = await sharp(img.rawPayload).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['jpeg', pic.width, pic.height]);
    // Every piece carries the gallery's watermark (green at its centre); the gaps are white.
    for (const p of layout.pieces) {
      const c = await meanAt(img.rawPayload, { left: 520, top: p.top + Math.round(p.height / 2) - 10, width: 40, height: 20 });
      expect(c.g).toBeGreaterThan(200);
      expect(c.r).toBeLessThan(60);
    }
    const gap = await meanAt(img.rawPayload, { left: 0, top: layout.pieces[0].height + 2, width: 1080, height: LONG_PICTURE_GAP - 4 });
    expect(Math.min(gap.r, gap.g, gap.b)).toBeGreaterThan(240);
    // Outside the icon, the photo itself.
    const edge = await meanAt(img.rawPayload, { left: 10, top: 10, width: 40, height: 40 });
    expect(edge.b).toBeGreaterThan(edge.r + 30);

    // The Find page's splice tab lists it with its address.
    const list = (await req('GET', '/api/v2/user/spliceimages', me.token)).json().data;
    expect(list.total).toBe(1);
    expect(list.items[0]).toMatchObject({ hash, width: pic.width, height: pic.height, gallery_id: marked });
    expect(list.items[0].images.map((i: { id: number }) => i.id)).toEqual([photos[1], photos[0], photos[2]]);
    expect((await req('GET', list.items[0].url, null)).statusCode).toBe(200);

    // The same photos again: the same picture, one row.
    expect((await create(me.token, marked, `${photos[1]},${photos[0]},${photos[2]}`)).json().data).toBe(hash);
    expect((await s.db.query('SELECT id FROM user_splices WHERE user_id = $1', [me.id])).rows).toHaveLength(1);
  });

  it('draws unmarked pieces only for photos the visitor is entitled to, and serves them only while entitled', async () => {
    const payer = await newUser(s);
    await s.db.query('INSERT INTO paid_images (user_id, photo_id, order_id, created_at) VALUES ($1, $2, NULL, 0)', [payer.id, photos[0]]);
    const made = await create(payer.token, marked, `${photos[0]},${photos[2]}`);
    expect(made.statusCode).toBe(200);
    const pic = (await show(payer.token, marked, `${photos[0]},${photos[2]}`)).json().data;
    const img = (await req('GET', pic.url, null)).rawPayload;
    const layout = longLayout([{ width: 1200, height: 800 }, { width: 1200, height: 800 }]);
    const centre = (i: number) => meanAt(img, { left: 520, top: layout.pieces[i].top + 350, width: 40, height: 20 });
    // Paid photo: the photo's own colour; unpaid photo: the watermark.
    expect((await centre(0)).g).toBeLessThan(100);
    expect((await centre(1)).g).toBeGreaterThan(200);
    // Another visitor's picture of the same photos is watermarked throughout: another hash.
    const visitor = await newUser(s);
    const theirs = (await create(visitor.token, marked, `${photos[0]},${photos[2]}`)).json().data;
    expect(theirs).not.toBe(made.json().data);
    // A refund ends the unmarked picture.
    await s.db.query('DELETE FROM paid_images WHERE user_id = $1', [payer.id]);
    expect((await req('GET', pic.url, null)).statusCode).toBe(404);
    expect((await show(payer.token, marked, `${photos[0]},${photos[2]}`)).json().code).toBe(SpliceErrorCode.NOT_MADE);
  });

  it('refuses bad input with stable codes and stores nothing', async () => {
    const me = await newUser(s);
    const before = { keys: await stored(), rows: await rows() };
    const expectRefused = async (r: Awaited<ReturnType<typeof req>>, status: number, code: number) => {
      expect([r.statusCode, r.json().code]).toEqual([status, code]);
      expect(r.json().data === null || typeof r.json().data === 'object').toBe(true);
    };
    const many = Array.from({ length: 13 }, (_, i) => i + 1).join(',');
    await expectRefused(await create(me.token, marked, many), 400, SpliceErrorCode.TOO_MANY);
    await expectRefused(await create(me.token, marked, `${photos[0]}`), 400, SpliceErrorCode.TOO_FEW);
    await expectRefused(await create(me.token, marked, `${photos[0]},${photos[0]}`), 400, SpliceErrorCode.TOO_FEW);
    const foreign = await create(me.token, marked, `${photos[0]},${otherPhoto}`);
    await expectRefused(foreign, 400, SpliceErrorCode.OTHER_GALLERY);
    expect(foreign.json().data).toEqual({ ids: [otherPhoto] });
    const unknown = await create(me.token, marked, `${photos[0]},2147483647`);
    await expectRefused(unknown, 404, SpliceErrorCode.UNKNOWN_PHOTO);
    await s.db.query('UPDATE photos SET hidden = true WHERE id = $1', [photos[2]]);
    await expectRefused(await create(me.token, marked, `${photos[0]},${photos[2]}`), 404, SpliceErrorCode.UNKNOWN_PHOTO);
    await s.db.query('UPDATE photos SET hidden = false WHERE id = $1', [photos[2]]);
    // Malformed lists and more ids than any request may name: the schema's 400.
    for (const bad of ['abc', '1;2', '', Array.from({ length: 51 }, (_, i) => i + 1).join(',')]) await expectRefused(await create(me.token, marked, bad), 400, 400);
    expect((await req('POST', '/api/v2/usersplice/create', me.token, { galleryid: marked })).statusCode).toBe(400);
    // No session at all.
    await expectRefused(await create(null, marked, `${photos[0]},${photos[1]}`), 401, 401);
    // show of photos never made into a picture.
    await expectRefused(await show(me.token, marked, `${photos[2]},${photos[0]}`), 404, SpliceErrorCode.NOT_MADE);
    expect({ keys: await stored(), rows: await rows() }).toEqual(before);
  });

  it('gives a visitor without the pass to a gated gallery 403 and no bytes', async () => {
    const me = await newUser(s);
    const made = await create(me.token, gated, gatedPhotos.join(','));
    expect(made.statusCode).toBe(200);
    const url = (await show(me.token, gated, gatedPhotos.join(','))).json().data.url;
    const before = { keys: await stored(), rows: await rows() };

    await gateDemoGallery(s.db, gated, 'password', 0);
    s.services.gates.service.forget();
    try {
      const stranger = await newUser(s);
      const refused = await create(stranger.token, gated, gatedPhotos.join(','));
      expect(refused.statusCode).toBe(403);
      expect(refused.json().code).toBe(200202);
      expect((await show(stranger.token, gated, gatedPhotos.join(','))).statusCode).toBe(403);
      // The maker's own address, now that the maker has no pass either: 403, JSON, no image.
      const img = await req('GET', url, null);
      expect(img.statusCode).toBe(403);
      expect(img.headers['content-type']).toMatch(/^application\/json/);
      expect({ keys: await stored(), rows: await rows() }).toEqual(before);
    } finally {
      await s.db.query('DELETE FROM gallery_gates WHERE gallery_id = $1', [gated]);
      s.services.gates.service.forget();
    }
    expect((await req('GET', url, null)).statusCode).toBe(200);
  });

  it('serves the picture only to its maker, on a valid signature, while its photos are shown', async () => {
    const me = await newUser(s);
    const ids = `${photos[2]},${photos[1]}`;
    const hash = (await create(me.token, marked, ids)).json().data;
    const url: string = (await show(me.token, marked, ids)).json().data.url;
    const other = await newUser(s);
    expect((await req('GET', url, other.token)).statusCode).toBe(403);
    expect((await req('GET', url, me.token)).statusCode).toBe(200);
    expect((await req('GET', url.replace(/s=[^&]+/, 's=AAAA'), null)).statusCode).toBe(403);
    expect((await req('GET', url.replace(/u=\d+/, `u=${other.id}`), null)).statusCode).toBe(403);
    expect((await req('GET', `/api/v2/usersplice/image/${hash}`, null)).statusCode).toBe(403);
    expect((await req('GET', url.replace(/e=\d+/, 'e=1000'), null)).statusCode).toBe(403);

    await s.db.query('UPDATE photos SET hidden = true WHERE id = $1', [photos[1]]);
    try {
      expect((await req('GET', url, null)).statusCode).toBe(404);
      const item = (await req('GET', '/api/v2/user/spliceimages', me.token)).json().data.items[0];
      expect(item).toMatchObject({ hash: null, url: null, width: 0, height: 0 });
      expect(item.images.map((i: { id: number }) => i.id)).toEqual([photos[2]]);
    } finally {
      await s.db.query('UPDATE photos SET hidden = false WHERE id = $1', [photos[1]]);
    }
  });
});
