import fs from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { BACKENDS, startTestServer, insertGallery, type TestServer } from './helpers';
import { ImageService, type IngestedImage } from '../../server/src/services/photos/images';
import type { Watermark } from '../../types/watermark';

/**
 * Issue 11 item 1: entitlements are keyed by the content. A hash no visible photo holds
 * is served to nobody, with or without `g`, and never kept by shared caches; hiding or
 * deleting a photo takes its renders out of the cache; all of it holds after a restart.
 */

const TOKEN = 'organiser-test-token';
const AUTH = { authorization: `Bearer ${TOKEN}` };
const PUBLIC = 'public, max-age=31536000, immutable';
const WM: Watermark = { icon: '', percent: 20, opacity: 60, align: 'bottom-right', h: 3, v: 3, noborder: false, adjust: 'h' };
const NOT_FOUND = { code: 404, data: null, msg: 'Image not found' };

let seq = 0;
/** A distinct 640×480 JPEG per call. */
async function jpeg(): Promise<Buffer> {
  const n = ++seq;
  return sharp({ create: { width: 640, height: 480, channels: 3, background: { r: (41 * n) % 256, g: (97 * n) % 256, b: (13 * n) % 256 } } })
    .jpeg()
    .toBuffer();
}

describe.each(BACKENDS)('hidden and deleted photos on %s', (backend) => {
  let s: TestServer;
  let images: ImageService;
  let icon: IngestedImage;
  let carpet: number; // public, watermarked (Red Carpet)
  let vip: number; // password-gated photos (VIP Lounge)
  let plain: number; // public, no watermark

  const get = (url: string, headers: Record<string, string> = {}) => s.app.inject({ method: 'GET', url, headers });
  const action = (gallery: number, act: 'hide' | 'show' | 'delete', ids: number[]) =>
    s.app.inject({ method: 'POST', url: `/api/v2/organizer/galleries/${gallery}/photos/${act}`, headers: AUTH, payload: { ids } });
  /** A new photo in each of `galleries` with the same bytes. */
  async function photo(...galleries: number[]): Promise<{ hash: string; ids: number[] }> {
    const img = await images.ingest(await jpeg());
    const ids: number[] = [];
    for (const g of galleries) ids.push((await images.addPhoto(s.db, g, img))!.id);
    return { hash: img.hash, ids };
  }
  /** A session holding the gate pass of `gallery`. */
  async function passHolder(gallery: number): Promise<Record<string, string>> {
    const { user, token } = await s.services.sessions.createOrResume(undefined);
    await s.services.gates.service.grant(user.id, gallery, 'watermark');
    return { authorization: `Bearer ${token}` };
  }
  /** Render files of a hash in the disk cache. */
  const cached = async (hash: string) => {
    await s.services.images.cache.flush();
    const dir = path.join(s.dataDir, 'cache', hash.slice(0, 2));
    return fs.existsSync(dir) ? fs.readdirSync(dir).filter((f) => f.startsWith(`${hash}.`)) : [];
  };
  /** Every way an outsider could ask for the bytes answers the 404 envelope, never cacheable. */
  async function expectGone(hash: string, galleries: number[]) {
    const holder = await passHolder(galleries[0]);
    const ticket = s.services.gates.service.imageTicket(galleries[0]);
    const urls = [`/img/${hash}!wx_1920_n`, `/img/${hash}!wx_750_n`, ...galleries.map((g) => `/img/${hash}!wx_1920_n?g=${g}`)];
    urls.push(`/img/${hash}!wx_1920_n?g=${galleries[0]}&p=${encodeURIComponent(ticket)}`);
    for (const url of urls) {
      for (const headers of [{}, holder]) {
        const r = await get(url, headers);
        expect({ url, status: r.statusCode, body: r.json(), cache: r.headers['cache-control'] }).toEqual({ url, status: 404, body: NOT_FOUND, cache: 'no-store' });
      }
    }
    // Originals are never served unsigned (a signed URL needs a visible photo: the hide test).
    const original = await get(`/img/${hash}!original?g=${galleries[0]}`, holder);
    expect([original.statusCode, original.headers['cache-control']]).toEqual([403, 'no-store']);
  }

  beforeAll(async () => {
    s = await startTestServer(backend, { ORGANIZER_TOKEN: TOKEN });
    images = new ImageService({ db: s.db, store: s.services.store });
    icon = await images.ingest(await sharp({ create: { width: 200, height: 100, channels: 4, background: '#ffffffff' } }).png().toBuffer());
    carpet = await insertGallery(s.db, { link_id: 'carpet01', watermarks: { ...WM, icon: icon.hash } });
    vip = await insertGallery(s.db, { link_id: 'viplng01' });
    plain = await insertGallery(s.db, { link_id: 'plain001' });
    await s.services.gates.settings.set(vip, 'watermark', { access_type: 'password', password: '2026' });
  });
  afterAll(() => s.close());

  it('a deleted photo of a public watermarked gallery is served to nobody, and its renders leave the cache', async () => {
    const p = await photo(carpet);
    const before = await get(`/img/${p.hash}!wx_1920_n`);
    expect(before.statusCode).toBe(200);
    expect(before.headers['cache-control']).toBe(PUBLIC);
    expect(before.headers.etag).not.toMatch(/\.plain\./); // watermarked
    expect((await get(`/img/${p.hash}!wx_750_n?g=${carpet}`)).statusCode).toBe(200);
    expect(await cached(p.hash)).toHaveLength(2);

    expect((await action(carpet, 'delete', p.ids)).json().data).toEqual({ ids: p.ids });
    await expectGone(p.hash, [carpet]);
    expect(await cached(p.hash)).toEqual([]);
    // Memory let go too: the next render of the same key is a fresh one.
    const key = before.headers.etag!.toString().replace(/"/g, '');
    const again = await s.services.images.cache.get(key, async () => Buffer.from('fresh'));
    expect(again.body.toString()).toBe('fresh');
    await s.services.images.cache.purge(p.hash);
  });

  it('a deleted photo of a gated gallery is served to nobody, not even the pass holder', async () => {
    const p = await photo(vip);
    const holder = await passHolder(vip);
    expect((await get(`/img/${p.hash}!wx_1920_n?g=${vip}`)).statusCode).toBe(403);
    const ok = await get(`/img/${p.hash}!wx_1920_n?g=${vip}`, holder);
    expect(ok.statusCode).toBe(200);
    expect(ok.headers['cache-control']).toBe('private, max-age=300');
    expect((await action(vip, 'delete', p.ids)).statusCode).toBe(200);
    await expectGone(p.hash, [vip]);
    expect(await cached(p.hash)).toEqual([]);
  });

  it('a hidden photo is served to nobody, and showing it again restores the gallery\'s rules', async () => {
    const pub = await photo(carpet);
    const gated = await photo(vip);
    expect((await get(`/img/${gated.hash}!wx_750_n?g=${vip}`, await passHolder(vip))).statusCode).toBe(200);
    expect((await get(`/img/${pub.hash}!wx_750_n`)).statusCode).toBe(200);
    expect((await action(carpet, 'hide', pub.ids)).statusCode).toBe(200);
    expect((await action(vip, 'hide', gated.ids)).statusCode).toBe(200);
    await expectGone(pub.hash, [carpet]);
    await expectGone(gated.hash, [vip]);
    expect(await cached(pub.hash)).toEqual([]);
    expect(await cached(gated.hash)).toEqual([]);
    // A signed URL of the hidden photo is refused as well.
    const { user } = await s.services.sessions.createOrResume(undefined);
    const signed = s.services.signer.imageUrl({ hash: pub.hash, style: 'original', gallery: carpet, user: user.id }).url;
    expect((await get(signed)).statusCode).toBe(403);

    await action(carpet, 'show', pub.ids);
    await action(vip, 'show', gated.ids);
    const back = await get(`/img/${pub.hash}!wx_750_n`);
    expect(back.statusCode).toBe(200);
    expect(back.headers['cache-control']).toBe(PUBLIC);
    expect((await get(`/img/${gated.hash}!wx_750_n?g=${vip}`)).statusCode).toBe(403);
    const passed = await get(`/img/${gated.hash}!wx_750_n?g=${vip}`, await passHolder(vip));
    expect(passed.statusCode).toBe(200);
    expect(passed.headers['cache-control']).toBe('private, max-age=300');
  });

  it('the same bytes in two galleries: the one left decides, per gallery, and none borrows the other\'s rights', async () => {
    // Public and gated; the public photo goes: the bytes are gated everywhere now.
    const both = await photo(plain, vip);
    const open = await get(`/img/${both.hash}!wx_1920_n`);
    expect([open.statusCode, open.headers['cache-control']]).toEqual([200, PUBLIC]);
    await action(plain, 'delete', [both.ids[0]]);
    for (const url of [`/img/${both.hash}!wx_1920_n`, `/img/${both.hash}!wx_1920_n?g=${plain}`, `/img/${both.hash}!wx_1920_n?g=${vip}`]) {
      const r = await get(url);
      expect([url, r.statusCode, r.json().code]).toEqual([url, 403, 200202]);
      expect(r.headers['cache-control']).toBe('no-store');
    }
    const holder = await passHolder(vip);
    const passed = await get(`/img/${both.hash}!wx_1920_n?g=${vip}`, holder);
    expect([passed.statusCode, passed.headers['cache-control']]).toEqual([200, 'private, max-age=300']);
    // The renders stay: a visible photo still holds the bytes.
    expect((await cached(both.hash)).length).toBeGreaterThan(0);

    // Public and watermarked; hidden in the watermarked one: the plain gallery's rules, for every `g`.
    const pair = await photo(plain, carpet);
    const marked = await get(`/img/${pair.hash}!wx_750_n`);
    expect(marked.headers.etag).not.toMatch(/\.plain\./);
    await action(carpet, 'hide', [pair.ids[1]]);
    const viaPlain = await get(`/img/${pair.hash}!wx_750_n?g=${plain}`);
    expect(viaPlain.headers.etag).toMatch(/\.plain\./);
    for (const url of [`/img/${pair.hash}!wx_750_n`, `/img/${pair.hash}!wx_750_n?g=${carpet}`]) {
      const r = await get(url);
      expect([url, r.statusCode, r.headers.etag, r.headers['cache-control']]).toEqual([url, 200, viaPlain.headers.etag, PUBLIC]);
    }
    // Gated and watermarked; the gated one hidden: the watermark stays, for every `g`, and no gate is asked.
    const mixed = await photo(vip, carpet);
    await action(vip, 'hide', [mixed.ids[0]]);
    for (const url of [`/img/${mixed.hash}!wx_750_n`, `/img/${mixed.hash}!wx_750_n?g=${vip}`]) {
      const r = await get(url);
      expect([url, r.statusCode, r.headers['cache-control']]).toEqual([url, 200, PUBLIC]);
      expect(r.headers.etag).not.toMatch(/\.plain\./);
    }
  });

  it('a page asset stays served: a deleted photo kept as a cover carries its gallery\'s watermark; a banner none', async () => {
    const p = await photo(carpet);
    await s.db.query('UPDATE galleries SET cover = $2 WHERE id = $1', [carpet, p.hash]);
    await action(carpet, 'delete', p.ids);
    const cover = await get(`/img/${p.hash}!wx_375_240`);
    expect([cover.statusCode, cover.headers['cache-control']]).toEqual([200, PUBLIC]);
    expect(cover.headers.etag).not.toMatch(/\.plain\./);
    expect((await get(`/img/${p.hash}!original`)).statusCode).toBe(403);

    const banner = await images.ingest(await jpeg());
    expect((await get(`/img/${banner.hash}!wx_750_n`)).json()).toEqual(NOT_FOUND); // stored, shown by no page
    await s.db.query('UPDATE galleries SET pagedata = $2::jsonb WHERE id = $1', [plain, JSON.stringify({ components: [{ type: 'slidehead', items: [{ image: banner.hash }] }] })]);
    const shown = await get(`/img/${banner.hash}!wx_750_n`);
    expect(shown.statusCode).toBe(200);
    expect(shown.headers.etag).toMatch(/\.plain\./);
    await s.db.query('UPDATE galleries SET cover = NULL, pagedata = NULL WHERE id = ANY($1::int[])', [[carpet, plain]]);
  });

  it('after a restart: still protected, and renders of hashes no visible photo holds are swept from the disk cache', async () => {
    const deleted = await photo(carpet);
    const hidden = await photo(vip);
    const kept = await photo(plain);
    const sneaky = await photo(plain); // hidden behind the server's back (another process, or a crash before the purge)
    const holder = await passHolder(vip);
    for (const [p, h] of [[deleted, {}], [hidden, holder], [kept, {}], [sneaky, {}]] as const) {
      expect((await get(`/img/${p.hash}!wx_750_n`, h)).statusCode).toBe(200);
    }
    await action(carpet, 'delete', deleted.ids);
    await action(vip, 'hide', hidden.ids);
    await s.db.query('UPDATE photos SET hidden = true WHERE id = $1', [sneaky.ids[0]]);
    expect(await cached(sneaky.hash)).toHaveLength(1);
    const stray = path.join(s.dataDir, 'cache', kept.hash.slice(0, 2), `${kept.hash}.wx_750_n.plain.jpg.abc123.tmp`);
    fs.writeFileSync(stray, 'half a render');

    await s.restart();
    await s.services.orphans.idle();
    await expectGone(deleted.hash, [carpet]);
    await expectGone(hidden.hash, [vip]);
    await expectGone(sneaky.hash, [plain]);
    expect(await cached(sneaky.hash)).toEqual([]);
    expect(await cached(kept.hash)).toEqual([`${kept.hash}.wx_750_n.plain.jpg`]);
    expect(fs.existsSync(stray)).toBe(false);
    const still = await get(`/img/${kept.hash}!wx_750_n`);
    expect([still.statusCode, still.headers['cache-control']]).toEqual([200, PUBLIC]);
  });
});
