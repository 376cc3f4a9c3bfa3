/**
 * The demo's comment gifts and stickers (server/src/demo/demoGifts.ts): every gallery with
 * use_comment 1 gets free and paid gifts and a sticker set whose images the server serves;
 * galleries without comments, or with gifts of their own, are left alone.
 */
import { BACKENDS, insertGallery, startTestServer, type TestServer } from './helpers';
import { DEMO_EMOTIONS, DEMO_GIFTS, drawDemoGiftImages, seedDemoGifts } from '../../server/src/demo/demoGifts';
import { ImageService } from '../../server/src/services/photos/images';

describe.each(BACKENDS)('demo gifts (%s)', (backend) => {
  let s: TestServer;
  beforeAll(async () => {
    s = await startTestServer(backend);
  });
  afterAll(() => s.close());

  it('gives galleries with comments free and paid gifts and stickers, once, with images the server serves', async () => {
    const on = await insertGallery(s.db, { link_id: 'dgift001', config: { use_comment: 1 } });
    const off = await insertGallery(s.db, { link_id: 'dgift002', config: {} });
    const own = await insertGallery(s.db, { link_id: 'dgift003', config: { use_comment: 1 } });
    await s.db.query(`INSERT INTO comment_gifts (gallery_id, name, image, price_cents, created_at) VALUES ($1, 'Own', '/x.png', 0, 0)`, [own]);
    const images = new ImageService({ ...s.services, db: s.db });
    const drawn = await drawDemoGiftImages((png, name) => images.ingest(png, name));
    const now = Math.floor(Date.now() / 1000);
    expect(await s.db.tx((q) => seedDemoGifts(q, drawn, now))).toEqual([on]);
    expect(await s.db.tx((q) => seedDemoGifts(q, drawn, now))).toEqual([]);

    const show = (await s.app.inject({ method: 'GET', url: `/api/v2/gallery/show?id=${on}&_with=gift_detail,emotion_detail` })).json();
    const gifts = show.data.gift_detail as Array<{ name: string; price: number; cooldown: number; image: string }>;
    expect(gifts.map((g) => g.name)).toEqual(DEMO_GIFTS.map((g) => g.name));
    expect(gifts.some((g) => g.price === 0 && g.cooldown > 0)).toBe(true);
    expect(gifts.some((g) => g.price > 0)).toBe(true);
    expect(show.data.emotion_detail).toEqual([expect.objectContaining({ name: DEMO_EMOTIONS.name, images: drawn.emotions })]);
    for (const url of [gifts[0].image, drawn.emotions[0]]) {
      const img = await s.app.inject({ method: 'GET', url });
      expect(img.statusCode).toBe(200);
      expect(String(img.headers['content-type'])).toMatch(/^image\//);
    }
    const offShow = (await s.app.inject({ method: 'GET', url: `/api/v2/gallery/show?id=${off}&_with=gift_detail` })).json();
    expect(offShow.data.gift_detail).toEqual([]);
  });
});
