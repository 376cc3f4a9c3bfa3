import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import net from 'node:net';
import sharp from 'sharp';
import { BACKENDS, startTestServer, fakeImage, type TestServer } from './helpers';
import { parseGalleryArgs, runGalleryCommand } from '../../server/src/cli/gallery';
import { parseUploadArgs, runUpload } from '../../server/src/cli/upload';
import type { ImageSign } from '../../types/api/upload';
import type { PageComponent } from '../../types/page';

/**
 * Issue 12, Experience 7: a gallery the organiser creates (API or CLI) starts with a
 * sensible page — a head image showing its cover, its sub-galleries, the photo list
 * and the bottom navigation with Me — and a cover that is its first photo until the
 * organiser sets one. The organiser's own page and cover always win.
 */

const TOKEN = 'default-page-token';
const AUTH = { authorization: `Bearer ${TOKEN}` };

/** A small JPEG whose bytes depend on `seed`. */
async function jpeg(seed: number): Promise<Buffer> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="320" height="240"><rect width="320" height="240" fill="#2${seed % 10}4060"/>
    <circle cx="${60 + seed * 7}" cy="120" r="50" fill="#d05030"/></svg>`;
  return sharp(Buffer.from(svg)).jpeg({ quality: 80 }).toBuffer();
}

const sha256 = (b: Buffer) => crypto.createHash('sha256').update(b).digest('hex');

function multipart(fields: Record<string, string>, data: Buffer) {
  const boundary = `----lgdefault${crypto.randomBytes(8).toString('hex')}`;
  const parts: Buffer[] = Object.entries(fields).map(([k, v]) => Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`));
  parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="p.jpg"\r\nContent-Type: image/jpeg\r\n\r\n`), data, Buffer.from('\r\n'));
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(parts), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

const types = (components: PageComponent[] | undefined) => (components ?? []).map((c) => c.type);

describe.each(BACKENDS)('the default page of a new gallery (%s)', (backend) => {
  let s: TestServer;

  beforeAll(async () => {
    s = await startTestServer(backend, { ORGANIZER_TOKEN: TOKEN, PUBLIC_URL: 'https://photos.example', SEED_DEMO: '0' });
  });
  afterAll(async () => {
    await s.close();
  });

  const create = (payload: Record<string, unknown>) => s.app.inject({ method: 'POST', url: '/api/v2/organizer/galleries', headers: AUTH, payload });
  const setPage = (id: number, payload: Record<string, unknown>) => s.app.inject({ method: 'POST', url: `/api/v2/organizer/galleries/${id}/page`, headers: AUTH, payload });
  /** What a visitor's app gets for the gallery page. */
  const visitorView = async (link: string) => {
    const res = await s.app.inject({ method: 'GET', url: `/api/v2/gallery/link/${link}` });
    expect(res.statusCode).toBe(200);
    return res.json().data.gallery as { id: number; cover: string | null; pagedata: { components: PageComponent[] } | null };
  };
  const headSlides = async (link: string) => {
    const head = (await visitorView(link)).pagedata?.components.find((c) => c.type === 'slidehead');
    return (head?.props?.items as Array<{ image: string }> | undefined) ?? null;
  };
  /** The signed upload flow a photographer's tool uses: policy, OSS-style POST, register. */
  const upload = async (galleryId: number, data: Buffer) => {
    const sign = (await s.app.inject({ method: 'GET', url: `/api/v2/common/imagesign?gallery_id=${galleryId}`, headers: AUTH })).json().data as ImageSign;
    const key = `${sign.dir}${sha256(data)}.jpg`;
    const post = await s.app.inject({
      method: 'POST',
      url: '/oss/upload',
      ...multipart({ key, policy: sign.policy, OSSAccessKeyId: sign.accessid, success_action_status: '204', Signature: sign.signature }, data)
    });
    expect(post.statusCode).toBe(204);
    const reg = await s.app.inject({ method: 'POST', url: '/api/v2/images/upload', headers: AUTH, payload: { gallery_id: galleryId, hash: key } });
    expect(reg.statusCode).toBe(200);
    return reg.json().data.photo as { id: number; hash: string };
  };
  const photoAction = (galleryId: number, action: string, ids: number[]) =>
    s.app.inject({ method: 'POST', url: `/api/v2/organizer/galleries/${galleryId}/photos/${action}`, headers: AUTH, payload: { ids } });

  it('gives a gallery created through the API a head, its sub-galleries, the photo list and the navigation with Me', async () => {
    const res = await create({ name: 'Launch Day' });
    expect(res.statusCode).toBe(200);
    const made = res.json().data;
    expect(made.cover_auto).toBe(true);
    expect(made.gallery.cover).toBe('');
    const g = await visitorView(made.gallery.link_id);
    expect(types(g.pagedata?.components)).toEqual(['slidehead', 'gallery', 'photo', 'navigator']);
    const nav = g.pagedata!.components.find((c) => c.type === 'navigator')!;
    expect(nav.props).toMatchObject({ show_my: true });
    const photo = g.pagedata!.components.find((c) => c.type === 'photo')!;
    expect(photo.props).toMatchObject({ gallery_id: 0 });
    // No photo yet: the head has no slide (it takes no room), and no cover is claimed.
    expect(await headSlides(made.gallery.link_id)).toEqual([]);
    // A sub-gallery gets the same page; its parent's page lists it.
    const child = (await create({ name: 'Day 1', parent: made.gallery.id })).json().data;
    expect(types((await visitorView(child.gallery.link_id)).pagedata?.components)).toEqual(['slidehead', 'gallery', 'photo', 'navigator']);
  });

  it('takes the cover from the first photo once it is uploaded, shows it in the head and the share preview, and keeps it there', async () => {
    const made = (await create({ name: 'Wedding', link_id: 'wedd1234' })).json().data;
    const id = made.gallery.id as number;
    const first = await upload(id, await jpeg(1));
    expect((await visitorView('wedd1234')).cover).toBe(first.hash);
    expect(await headSlides('wedd1234')).toEqual([{ image: first.hash }]);
    // The H5 document previews it in chats and preloads it as the head image.
    const head = await s.services.h5Document.head('/g/wedd1234');
    expect(head.og.image).toBe(`https://photos.example/img/${first.hash}!wx_750_n`);
    expect(head.first?.banner?.phone).toBe(`/img/${first.hash}!wx_750_n`);
    const second = await upload(id, await jpeg(2));
    expect((await visitorView('wedd1234')).cover).toBe(first.hash);

    // Hiding or deleting the cover photo hands the cover on: a removed photo is not shown as the cover.
    expect((await photoAction(id, 'hide', [first.id])).statusCode).toBe(200);
    expect((await visitorView('wedd1234')).cover).toBe(second.hash);
    expect((await photoAction(id, 'show', [first.id])).statusCode).toBe(200);
    expect((await visitorView('wedd1234')).cover).toBe(first.hash);
    await photoAction(id, 'delete', [first.id, second.id]);
    expect((await visitorView('wedd1234')).cover).toBe('');
    expect(await headSlides('wedd1234')).toEqual([]);
    const list = (await s.app.inject({ method: 'GET', url: '/api/v2/organizer/galleries', headers: AUTH })).json().data as Array<{ gallery: { id: number }; cover_auto: boolean }>;
    expect(list.find((x) => x.gallery.id === id)?.cover_auto).toBe(true);
  });

  it("never replaces the organiser's cover; null hands the cover back to the first photo", async () => {
    const chosen = await fakeImage(s.db);
    const made = (await create({ name: 'Gala', link_id: 'gala1234', cover: chosen })).json().data;
    expect(made).toMatchObject({ cover_auto: false, gallery: { cover: chosen } });
    const id = made.gallery.id as number;
    const first = await upload(id, await jpeg(3));
    expect((await visitorView('gala1234')).cover).toBe(chosen);
    expect(await headSlides('gala1234')).toEqual([{ image: chosen }]);

    const auto = await setPage(id, { cover: null });
    expect(auto.statusCode).toBe(200);
    expect(auto.json().data).toMatchObject({ cover_auto: true, gallery: { cover: first.hash } });

    const again = await fakeImage(s.db);
    expect((await setPage(id, { cover: again })).json().data).toMatchObject({ cover_auto: false, gallery: { cover: again } });
    await upload(id, await jpeg(4));
    await photoAction(id, 'hide', [first.id]);
    expect((await visitorView('gala1234')).cover).toBe(again);

    // '' is the organiser's "no cover": it stays empty whatever arrives.
    expect((await setPage(id, { cover: '' })).json().data).toMatchObject({ cover_auto: false, gallery: { cover: '' } });
    await upload(id, await jpeg(10));
    expect((await visitorView('gala1234')).cover).toBe('');
    expect(await headSlides('gala1234')).toEqual([]);
    await setPage(id, { cover: again });

    // A cover that is not a stored image is refused with a clear message, and nothing changes.
    const unknown = 'a'.repeat(64);
    const bad = await setPage(id, { cover: unknown });
    expect([bad.statusCode, bad.json().msg]).toEqual([400, 'cover is not a stored image']);
    expect((await create({ name: 'Bad cover', cover: 'not-a-hash' })).statusCode).toBe(400);
    expect((await create({ name: 'Unknown cover', cover: unknown })).json().msg).toBe('cover is not a stored image');
    expect((await visitorView('gala1234')).cover).toBe(again);
  });

  it("keeps the organiser's own page, refuses a malformed one, and gives the default back on null", async () => {
    const own = { components: [{ id: 'p', type: 'photo', props: { gallery_id: 0, mode: 'waterfall', show_tags: false } }] };
    const made = (await create({ name: 'Own page', link_id: 'ownpage1', pagedata: own })).json().data;
    expect((await visitorView('ownpage1')).pagedata).toEqual(own);
    const id = made.gallery.id as number;
    await upload(id, await jpeg(5));
    expect((await visitorView('ownpage1')).pagedata).toEqual(own);

    const bad = await create({ name: 'Broken', pagedata: { components: [{ type: 'photo' }] } });
    expect([bad.statusCode, bad.json().msg]).toEqual([400, 'pagedata has 1 problem: pagedata.components[0].id: is required']);
    expect((await setPage(id, { pagedata: [] })).statusCode).toBe(400);
    expect((await visitorView('ownpage1')).pagedata).toEqual(own);

    const reset = await setPage(id, { pagedata: null });
    expect(reset.statusCode).toBe(200);
    expect(types((await visitorView('ownpage1')).pagedata?.components)).toEqual(['slidehead', 'gallery', 'photo', 'navigator']);
    expect((await setPage(999_999, { cover: null })).statusCode).toBe(404);
    expect((await s.app.inject({ method: 'POST', url: `/api/v2/organizer/galleries/${id}/page`, payload: { cover: null } })).statusCode).toBe(401);
  });

  it('shows no photo of a gated gallery as its cover, and follows the gate when it opens', async () => {
    const parent = (await create({ name: 'Private', link_id: 'privat12' })).json().data.gallery.id as number;
    const child = (await create({ name: 'Private day', link_id: 'privat13', parent })).json().data.gallery.id as number;
    const gate = await s.app.inject({ method: 'POST', url: `/api/v2/organizer/galleries/${parent}/gates/pgdata`, headers: AUTH, payload: { access_type: 'password', password: 'x1' } });
    expect(gate.statusCode).toBe(200);
    await upload(parent, await jpeg(6));
    const childPhoto = await upload(child, await jpeg(7));
    const cover = async (gid: number) => (await s.db.query<{ cover: string }>('SELECT cover FROM galleries WHERE id = $1', [gid])).rows[0].cover;
    expect(await cover(parent)).toBe('');
    expect(await cover(child)).toBe('');
    // The gate opens: the page and its sub-page take their first photos as covers.
    await s.app.inject({ method: 'POST', url: `/api/v2/organizer/galleries/${parent}/gates/pgdata/clear`, headers: AUTH });
    expect(await cover(child)).toBe(childPhoto.hash);
    expect(await cover(parent)).not.toBe('');
    // Closed again: the covers go.
    await s.app.inject({ method: 'POST', url: `/api/v2/organizer/galleries/${parent}/gates/pgdata`, headers: AUTH, payload: { access_type: 'password', password: 'x2' } });
    expect(await cover(parent)).toBe('');
    expect(await cover(child)).toBe('');
  });
});

async function freePort(): Promise<number> {
  const probe = net.createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const port = (probe.address() as net.AddressInfo).port;
  await new Promise((resolve) => probe.close(resolve));
  return port;
}

describe.each(BACKENDS)('the organiser CLI path to the default page (%s)', (backend) => {
  let s: TestServer;
  let server: string;
  let dir: string;

  beforeAll(async () => {
    const port = await freePort();
    server = `http://127.0.0.1:${port}`;
    s = await startTestServer(backend, { ORGANIZER_TOKEN: TOKEN, PUBLIC_URL: server, SEED_DEMO: '0' });
    await s.app.listen({ port, host: '127.0.0.1' });
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'lg-default-page-'));
  });
  afterAll(async () => {
    await s?.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('`gallery create` then `upload`: the gallery has the default page and its first photo as the cover', async () => {
    const cli = (...args: string[]) => [...args, '--server', server, '--token', TOKEN];
    const lines: string[] = [];
    await runGalleryCommand(parseGalleryArgs(cli('create', '--name', 'Club night', '--link', 'club1234'), {}), (l) => lines.push(l));
    expect(lines).toContain(`${server}/g/club1234`);
    const before = (await s.app.inject({ method: 'GET', url: '/api/v2/gallery/link/club1234' })).json().data.gallery;
    expect(types(before.pagedata.components)).toEqual(['slidehead', 'gallery', 'photo', 'navigator']);
    expect(before.cover).toBe('');

    const a = await jpeg(8);
    fs.writeFileSync(path.join(dir, 'IMG_0001.jpg'), a);
    fs.writeFileSync(path.join(dir, 'IMG_0002.jpg'), await jpeg(9));
    const out: string[] = [];
    expect(await runUpload(parseUploadArgs(cli('--gallery', 'club1234', '--concurrency', '1', dir), {}), { print: (l) => out.push(l), tty: false })).toBe(0);
    const after = (await s.app.inject({ method: 'GET', url: '/api/v2/gallery/link/club1234' })).json().data.gallery;
    const { rows } = await s.db.query<{ hash: string }>('SELECT hash FROM photos WHERE gallery_id = $1 ORDER BY id LIMIT 1', [after.id]);
    expect(after.cover).toBe(rows[0].hash);
    expect(after.pagedata.components[0].props.items).toEqual([{ image: rows[0].hash }]);
    expect([sha256(a), sha256(await jpeg(9))]).toContain(after.cover);
  });
});
