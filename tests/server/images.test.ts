import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { BACKENDS, startTestServer, insertGallery, type TestServer } from './helpers';
import { ImageService, exifTimeToUnix, type IngestedImage } from '../../server/src/services/photos/images';
import { placeWatermark, normalizeWatermark, watermarkFingerprint } from '../../server/src/images/watermark';
import { originalKey } from '../../server/src/storage';
import { AppError } from '../../server/src/errors';
import { IMAGE_STYLES, type ImageStyleName } from '../../types/image-style';
import type { Watermark } from '../../types/watermark';

const SHOT = '2026:05:01 12:34:56';
const SHOT_UNIX = Date.UTC(2026, 4, 1, 12, 34, 56) / 1000;

/** A dark 1600×1200 photo with some structure, EXIF time in UTC. */
async function photo(seed: number, extra: { orientation?: number } = {}): Promise<Buffer> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="1600" height="1200">
    <defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#101830"/><stop offset="1" stop-color="#203a${(seed % 90) + 10}"/></linearGradient></defs>
    <rect width="1600" height="1200" fill="url(#g)"/><circle cx="${400 + seed}" cy="500" r="180" fill="#c04020"/></svg>`;
  let img = sharp(Buffer.from(svg)).jpeg({ quality: 90 }).withExif({ IFD2: { DateTimeOriginal: SHOT, OffsetTimeOriginal: '+00:00' } });
  if (extra.orientation) img = img.withMetadata({ orientation: extra.orientation });
  return img.toBuffer();
}

const WM: Watermark = { icon: '', percent: 20, opacity: 60, align: 'bottom-right', h: 3, v: 3, noborder: false, adjust: 'h' };

/** Mean absolute difference of two same-sized raw RGB images over a rectangle. */
function regionDiff(a: Buffer, b: Buffer, width: number, rect: { x: number; y: number; w: number; h: number }): number {
  let sum = 0;
  for (let y = rect.y; y < rect.y + rect.h; y++) {
    for (let x = rect.x; x < rect.x + rect.w; x++) {
      const i = (y * width + x) * 3;
      sum += Math.abs(a[i] - b[i]) + Math.abs(a[i + 1] - b[i + 1]) + Math.abs(a[i + 2] - b[i + 2]);
    }
  }
  return sum / (rect.w * rect.h * 3);
}

describe.each(BACKENDS)('images on %s', (backend) => {
  let s: TestServer;
  let images: ImageService;
  let plainId: number; // no watermark, originals allowed
  let markedId: number; // watermark, no originals
  let shared: IngestedImage; // in both galleries
  let onlyPlain: IngestedImage;
  let icon: IngestedImage;

  const get = (url: string, headers: Record<string, string> = {}) => s.app.inject({ method: 'GET', url, headers });
  const webp = { accept: 'image/avif,image/webp,image/*,*/*;q=0.8' };
  /** A signed original URL (issue 5: originals are never served unsigned) for a fresh session user. */
  const signed = async (hash: string, gallery: number) => {
    const { user } = await s.services.sessions.createOrResume(undefined);
    return s.services.signer.imageUrl({ hash, style: 'original', gallery, user: user.id }).url;
  };

  beforeAll(async () => {
    s = await startTestServer(backend);
    images = new ImageService({ db: s.db, store: s.services.store });
    icon = await images.ingest(await sharp({ create: { width: 200, height: 100, channels: 4, background: '#ffffffff' } }).png().toBuffer(), 'icon.png');
    plainId = await insertGallery(s.db, { link_id: 'plain001', config: { original_photo: 1 } });
    markedId = await insertGallery(s.db, { link_id: 'marked01', watermarks: { ...WM, icon: icon.hash }, config: { original_photo: 0 } });
    shared = await images.ingest(await photo(1), 'IMG_0001.JPG');
    onlyPlain = await images.ingest(await photo(2), 'IMG_0002.JPG');
    await images.addPhoto(s.db, plainId, shared, { origin: 'IMG_0001.JPG' });
    await images.addPhoto(s.db, markedId, shared, { origin: 'IMG_0001.JPG' });
    await images.addPhoto(s.db, plainId, onlyPlain, { origin: 'IMG_0002.JPG' });
  });
  afterAll(() => s.close());

  describe('ingest', () => {
    it('hashes, measures, reads the EXIF time and stores the original', async () => {
      const buf = await photo(3);
      const img = await images.ingest(buf, 'IMG_0003.JPG');
      expect(img).toEqual({
        hash: crypto.createHash('sha256').update(buf).digest('hex'),
        width: 1600,
        height: 1200,
        size: buf.length,
        mime: 'image/jpeg',
        shoottime: SHOT_UNIX
      });
      expect((await s.services.store.get(originalKey(img.hash)))?.equals(buf)).toBe(true);
      const { rows } = await s.db.query('SELECT width, height, mime FROM images WHERE hash = $1', [img.hash]);
      expect(rows).toEqual([{ width: 1600, height: 1200, mime: 'image/jpeg' }]);
      // Same bytes again: same image, no error.
      await expect(images.ingest(buf)).resolves.toEqual(img);
    });

    it('reports dimensions after EXIF orientation', async () => {
      const img = await images.ingest(await photo(4, { orientation: 6 }));
      expect([img.width, img.height]).toEqual([1200, 1600]);
    });

    it('has no shoot time without EXIF, and refuses what is not JPEG/PNG/WebP', async () => {
      const png = await images.ingest(await sharp({ create: { width: 10, height: 10, channels: 3, background: '#000' } }).png().toBuffer());
      expect(png).toMatchObject({ mime: 'image/png', shoottime: null });
      const gif = await sharp({ create: { width: 10, height: 10, channels: 3, background: '#000' } }).gif().toBuffer();
      for (const bad of [gif, Buffer.from('not an image at all')]) {
        const err = await images.ingest(bad).catch((e) => e);
        expect(err).toBeInstanceOf(AppError);
        expect(err).toMatchObject({ code: 400, message: 'Unsupported image type' });
      }
    });

    it('reads EXIF times with and without an offset', () => {
      expect(exifTimeToUnix('2026:05:01 12:34:56', '+02:00')).toBe(SHOT_UNIX - 7200);
      expect(exifTimeToUnix('garbage')).toBeNull();
    });

    it('adds a photo once per gallery and counts it once', async () => {
      const g = await insertGallery(s.db, { link_id: 'dedup001' });
      const first = await images.addPhoto(s.db, g, shared, { origin: 'a.jpg', tags: ['Stage'] });
      const second = await images.addPhoto(s.db, g, shared, { origin: 'b.jpg' });
      expect(first).toMatchObject({ id: expect.any(Number), gallery_id: g, hash: shared.hash, origin: 'a.jpg', tags: ['Stage'] });
      expect(second).toBeNull();
      const { rows } = await s.db.query<{ image_total: number }>('SELECT image_total FROM galleries WHERE id = $1', [g]);
      expect(rows[0].image_total).toBe(1);
      const p = await s.db.query('SELECT origin, tags, shoottime FROM photos WHERE gallery_id = $1', [g]);
      expect(p.rows).toEqual([{ origin: 'a.jpg', tags: ['Stage'], shoottime: SHOT_UNIX }]);
    });
  });

  describe('styles', () => {
    const expected: Record<Exclude<ImageStyleName, 'original'>, [number, number]> = {
      wx_750_n: [750, 563],
      wx_375_240: [375, 240],
      wx_1920_n: [1600, 1200], // never enlarged
      wx_1366_n: [1366, 1025], // the poster's source
      wx_250_160: [250, 160],
      face: [200, 200],
      avatar_150: [150, 150]
    };
    it.each(Object.entries(expected))('%s renders at the right size as WebP or JPEG', async (style, [w, h]) => {
      for (const [headers, format, mime] of [[webp, 'webp', 'image/webp'], [{}, 'jpeg', 'image/jpeg']] as const) {
        const r = await get(`/img/${onlyPlain.hash}!${style}`, headers);
        expect(r.statusCode).toBe(200);
        expect(r.headers['content-type']).toBe(mime);
        expect(r.headers.vary).toBe('Accept');
        expect(r.headers['cache-control']).toBe('public, max-age=31536000, immutable');
        const meta = await sharp(r.rawPayload).metadata();
        expect(meta.format).toBe(format);
        expect(meta.width).toBe(w);
        expect(Math.abs((meta.height ?? 0) - h)).toBeLessThanOrEqual(1);
      }
    });

    it('accepts %21 for the bang', async () => {
      const r = await get(`/img/${onlyPlain.hash}%21wx_250_160`, webp);
      expect(r.statusCode).toBe(200);
      expect(r.headers['content-type']).toBe('image/webp');
    });

    it('answers 404 envelopes for unknown styles and hashes', async () => {
      const cases: [string, string][] = [
        [`/img/${onlyPlain.hash}!wx_999`, 'Unknown image style'],
        [`/img/${onlyPlain.hash}`, 'Unknown image style'],
        ['/img/not-a-hash!wx_750_n', 'Image not found'],
        [`/img/${onlyPlain.hash.toUpperCase()}!wx_750_n`, 'Image not found'],
        [`/img/${'ab'.repeat(32)}!wx_750_n`, 'Image not found']
      ];
      for (const [url, msg] of cases) {
        const r = await get(url);
        expect({ url, status: r.statusCode, body: r.json() }).toEqual({ url, status: 404, body: { code: 404, data: null, msg } });
      }
    });
  });

  describe('watermark', () => {
    async function raw(url: string) {
      const r = await get(url); // JPEG: decode both the same way
      expect(r.statusCode).toBe(200);
      return sharp(r.rawPayload).removeAlpha().raw().toBuffer({ resolveWithObject: true });
    }

    it('is drawn in the anchored corner in the marked gallery only', async () => {
      const plain = await raw(`/img/${shared.hash}!wx_750_n?g=${plainId}`);
      const marked = await raw(`/img/${shared.hash}!wx_750_n?g=${markedId}`);
      const { width, height } = plain.info;
      expect(marked.info).toMatchObject({ width, height });
      // 20% of 750 = 150 px wide, 75 px high, 3% (23 px, 17 px) from the bottom-right edges.
      const corner = { x: width - 23 - 150 + 10, y: height - 17 - 75 + 10, w: 130, h: 55 };
      const opposite = { x: 10, y: 10, w: 130, h: 55 };
      const edge = { x: width - 18, y: height - 12, w: 16, h: 10 }; // the border the offsets leave free
      expect(regionDiff(plain.data, marked.data, width, corner)).toBeGreaterThan(60);
      expect(regionDiff(plain.data, marked.data, width, opposite)).toBeLessThan(2);
      expect(regionDiff(plain.data, marked.data, width, edge)).toBeLessThan(4);
    });

    it('uses the holders\' rules when the named gallery does not hold the image (a cover on a card)', async () => {
      const named = await get(`/img/${shared.hash}!wx_375_240?g=${999_999_999}`, webp);
      const implicit = await get(`/img/${shared.hash}!wx_375_240`, webp);
      expect(named.statusCode).toBe(200);
      expect(named.headers.etag).toBe(implicit.headers.etag);
    });

    it('applies the most restrictive gallery when none is named', async () => {
      const viaMarked = await get(`/img/${shared.hash}!wx_375_240?g=${markedId}`, webp);
      const implicit = await get(`/img/${shared.hash}!wx_375_240`, webp);
      expect(implicit.headers.etag).toBe(viaMarked.headers.etag);
      expect(implicit.rawPayload.equals(viaMarked.rawPayload)).toBe(true);
    });

    it('picks the watermarking holder for styles and the refusing one for originals', async () => {
      const img = await images.ingest(await photo(6));
      const markedOpen = await insertGallery(s.db, { link_id: 'mixed001', watermarks: { ...WM, icon: icon.hash }, config: { original_photo: 1 } });
      const plainClosed = await insertGallery(s.db, { link_id: 'mixed002', config: { original_photo: 0 } });
      await images.addPhoto(s.db, plainClosed, img);
      await images.addPhoto(s.db, markedOpen, img);
      const styled = await get(`/img/${img.hash}!wx_250_160`, webp);
      expect(styled.headers.etag).not.toMatch(/\.plain\./);
      expect((await get(`/img/${img.hash}!original`)).statusCode).toBe(403);
      // Unsigned: refused even where the gallery gives originals (signed URLs: originals.test.ts).
      expect((await get(`/img/${img.hash}!original?g=${markedOpen}`)).statusCode).toBe(403);
      expect((await get(await signed(img.hash, markedOpen))).statusCode).toBe(200);
    });

    it('re-renders when the watermark changes, and skips photos with show_mark 0', async () => {
      const before = await get(`/img/${shared.hash}!wx_250_160?g=${markedId}`, webp);
      await s.db.query('UPDATE galleries SET watermarks = $2::jsonb WHERE id = $1', [markedId, JSON.stringify({ ...WM, icon: icon.hash, opacity: 100 })]);
      const after = await get(`/img/${shared.hash}!wx_250_160?g=${markedId}`, webp);
      expect(after.headers.etag).not.toBe(before.headers.etag);
      expect(after.rawPayload.equals(before.rawPayload)).toBe(false);
      await s.db.query('UPDATE photos SET show_mark = 0 WHERE gallery_id = $1 AND hash = $2', [markedId, shared.hash]);
      const unmarked = await get(`/img/${shared.hash}!wx_250_160?g=${markedId}`, webp);
      const plain = await get(`/img/${shared.hash}!wx_250_160?g=${plainId}`, webp);
      expect(unmarked.headers.etag).toBe(plain.headers.etag);
      await s.db.query('UPDATE photos SET show_mark = 1 WHERE gallery_id = $1 AND hash = $2', [markedId, shared.hash]);
      await s.db.query('UPDATE galleries SET watermarks = $2::jsonb WHERE id = $1', [markedId, JSON.stringify({ ...WM, icon: icon.hash })]);
    });

    it('places the nine anchors, with and without border', () => {
      const wm = normalizeWatermark({ ...WM, icon: 'x', h: 10, v: 10 })!;
      expect(placeWatermark({ ...wm, align: 'top-left' }, 1000, 500, 100, 50)).toEqual({ left: 100, top: 50 });
      expect(placeWatermark({ ...wm, align: 'bottom-right' }, 1000, 500, 100, 50)).toEqual({ left: 800, top: 400 });
      expect(placeWatermark({ ...wm, align: 'center' }, 1000, 500, 100, 50)).toEqual({ left: 450, top: 225 });
      expect(placeWatermark({ ...wm, align: 'top' }, 1000, 500, 100, 50)).toEqual({ left: 450, top: 50 });
      expect(placeWatermark({ ...wm, align: 'left' }, 1000, 500, 100, 50)).toEqual({ left: 100, top: 225 });
      expect(placeWatermark({ ...wm, align: 'bottom-right', noborder: true }, 1000, 500, 100, 50)).toEqual({ left: 900, top: 450 });
      expect(placeWatermark({ ...wm, align: 'top-left', noborder: true }, 1000, 500, 100, 50)).toEqual({ left: 0, top: 0 });
      expect(normalizeWatermark(null)).toBeNull();
      expect(normalizeWatermark({ percent: 10 })).toBeNull();
      expect(watermarkFingerprint(wm)).not.toBe(watermarkFingerprint({ ...wm, opacity: 59 }));
    });
  });

  describe('cache', () => {
    it('serves identical bytes from disk, and 304 for a matching ETag', async () => {
      const url = `/img/${onlyPlain.hash}!face`;
      const first = await get(url, webp);
      const second = await get(url, webp);
      expect(second.rawPayload.equals(first.rawPayload)).toBe(true);
      expect(second.headers.etag).toBe(first.headers.etag);
      expect(first.headers.etag).toMatch(/^"[^"]+"$/);
      const cache = s.services.images.cache;
      await cache.flush();
      const dir = path.join(s.dataDir, 'cache', onlyPlain.hash.slice(0, 2));
      expect(fs.readdirSync(dir).filter((f) => f.includes('.face.') && f.endsWith('.webp'))).toEqual([expect.stringMatching(/\.webp$/)]);
      // From disk once memory has let go of it.
      cache.clearMemory();
      const hits = cache.stats.hits;
      const third = await get(url, webp);
      expect(third.rawPayload.equals(first.rawPayload)).toBe(true);
      expect(cache.stats.hits).toBe(hits + 1);
      const cond = await get(url, { ...webp, 'if-none-match': first.headers.etag as string });
      expect(cond.statusCode).toBe(304);
      expect(cond.rawPayload.length).toBe(0);
      const jpeg = await get(url, { 'if-none-match': first.headers.etag as string });
      expect(jpeg.statusCode).toBe(200); // another format, another ETag
    });

    it('renders once for concurrent identical requests', async () => {
      const fresh = await images.ingest(await photo(5));
      await images.addPhoto(s.db, plainId, fresh);
      const pipeline = s.services.images;
      const before = pipeline.cache.stats.renders;
      const rs = await Promise.all(Array.from({ length: 6 }, () => get(`/img/${fresh.hash}!avatar_150`, webp)));
      expect(rs.map((r) => r.statusCode)).toEqual([200, 200, 200, 200, 200, 200]);
      expect(pipeline.cache.stats.renders - before).toBe(1);
      expect(new Set(rs.map((r) => r.rawPayload.toString('base64'))).size).toBe(1);
    });
  });

  describe('originals', () => {
    it('are refused where the gallery does not allow them', async () => {
      for (const url of [`/img/${shared.hash}!original?g=${markedId}`, `/img/${shared.hash}!original`, `/img/${icon.hash}!original`]) {
        const r = await get(url);
        expect(r.statusCode).toBe(403);
        expect(r.json()).toEqual({ code: 403, data: null, msg: 'Original photo is not available' });
      }
    });

    it('are the stored bytes where allowed, through a signed URL', async () => {
      const stored = await s.services.store.get(originalKey(onlyPlain.hash));
      for (const url of [await signed(shared.hash, plainId), await signed(onlyPlain.hash, plainId)]) {
        const r = await get(url);
        expect(r.statusCode).toBe(200);
        expect(r.headers['content-type']).toBe('image/jpeg');
        if (url.includes(onlyPlain.hash)) expect(r.rawPayload.equals(stored!)).toBe(true);
      }
    });

    it('images in no gallery (icons, banners) still have their styles, unmarked', async () => {
      const r = await get(`/img/${icon.hash}!wx_250_160`);
      expect(r.statusCode).toBe(200);
      expect(r.headers['content-type']).toBe('image/jpeg');
    });
  });

  describe('broken sources', () => {
    it('answer an error envelope and the server keeps serving', async () => {
      const broken = await images.ingest(await photo(77));
      await images.addPhoto(s.db, plainId, broken);
      await s.services.store.put(originalKey(broken.hash), Buffer.concat([Buffer.from([0xff, 0xd8, 0xff]), crypto.randomBytes(4000)]));
      for (let i = 0; i < 2; i++) {
        const r = await get(`/img/${broken.hash}!wx_750_n`, webp);
        expect(r.statusCode).toBe(500);
        expect(r.json()).toMatchObject({ code: 500, msg: 'Image could not be rendered' });
      }
      expect(fs.existsSync(path.join(s.dataDir, 'cache', broken.hash.slice(0, 2)))).toBe(false);
      const ok = await get(`/img/${onlyPlain.hash}!wx_375_240`, webp);
      expect(ok.statusCode).toBe(200);
    });

    it('a missing stored object is a 404', async () => {
      const gone = await images.ingest(await photo(78));
      await images.addPhoto(s.db, plainId, gone);
      fs.rmSync(s.services.store.localPath(originalKey(gone.hash))!);
      expect((await get(`/img/${gone.hash}!wx_750_n`)).statusCode).toBe(404);
    });
  });

  it('every preset is covered', () => {
    expect(Object.keys(IMAGE_STYLES).sort()).toEqual(['avatar_150', 'face', 'original', 'wx_1366_n', 'wx_1920_n', 'wx_250_160', 'wx_375_240', 'wx_750_n']);
  });
});
