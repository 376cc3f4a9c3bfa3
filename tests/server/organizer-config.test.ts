/**
 * Issue 14, Deliver 6: organisers configure an event by API and CLI — a page checked
 * against the component definitions, config flags, watermark, goods and gates — and
 * each setting shows in what a visitor gets.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import sharp from 'sharp';
import { BACKENDS, startTestServer, insertGallery, insertPhotos, fakeImage, type TestServer } from './helpers';
import { newUser } from './pay-fixture';
import { ImageService } from '../../server/src/services/photos/images';
import { parseGalleryArgs, runGalleryCommand } from '../../server/src/cli/gallery';
import { PAGEDATA_INVALID } from '../../types/page/validate';

const TOKEN = 'config-organiser-token';
const AUTH = { authorization: `Bearer ${TOKEN}` };

describe.each(BACKENDS)('organiser configuration on %s', (backend) => {
  let s: TestServer;
  let server: string;
  let dir: string;
  let gid: number;
  let hash: string;

  beforeAll(async () => {
    s = await startTestServer(backend, { ORGANIZER_TOKEN: TOKEN, SEED_DEMO: '0' });
    await s.app.listen({ port: 0, host: '127.0.0.1' });
    server = `http://127.0.0.1:${(s.app.server.address() as AddressInfo).port}`;
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'lg-config-'));
    gid = await insertGallery(s.db, { link_id: 'config01', name: 'Config' });
    hash = await fakeImage(s.db);
  });
  afterAll(async () => {
    await s.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  const post = (url: string, payload: unknown, headers: Record<string, string> = AUTH) => s.app.inject({ method: 'POST', url, payload: payload as object, headers });
  const organizer = (id: number) => `/api/v2/organizer/galleries/${id}`;
  const visitorGallery = async (link: string) => (await s.app.inject({ method: 'GET', url: `/api/v2/gallery/link/${link}` })).json().data.gallery;
  const cli = async (...args: string[]) => {
    const lines: string[] = [];
    const code = await runGalleryCommand(parseGalleryArgs([...args, '--server', server, '--token', TOKEN], {}), (l) => lines.push(l));
    return { code, lines };
  };
  const storedPage = async (id: number) => (await s.db.query<{ pagedata: unknown }>('SELECT pagedata FROM galleries WHERE id = $1', [id])).rows[0].pagedata;

  const everyType = () => ({
    components: [
      { id: 'head', type: 'slidehead', props: { items: [{ image: hash, link: { type: 'subgallery', value: 'config01' } }], interval: 4000 } },
      { id: 'tip', type: 'tips', props: { text: 'Welcome', link: { type: 'modal-image', modalcontent: hash, modalauto: true } }, wrapper: { background: '#fff7e6' } },
      { id: 'list', type: 'gallery', props: { mode: 2, search: true, title: 'Albums' } },
      { id: 'years', type: 'gallerygroup', props: { mode: 1 } },
      { id: 'years2', type: 'groupgallery' },
      { id: 'photos', type: 'photo', props: { mode: 'waterfall' }, wrapper: { container: { margin: 4, padding: 4, radius: 8 } } },
      { id: 'nav', type: 'navigator', props: { show_my: true } },
      { id: 'fab', type: 'pendent', props: { buttons: [{ type: 'top' }, { type: 'custom', image: hash, link: { type: 'miniprogram', appid: 'wx0123456789abcdef' } }] } },
      { id: 'text', type: 'richtext', props: { hash } },
      { id: 'pics', type: 'image', props: { items: [{ image: hash }], columns: 2 } },
      { id: 'fold', type: 'collapse', props: { items: [{ title: 'Info', children: [{ id: 'in', type: 'liverich', props: { hash } }] }] } },
      { id: 'box', type: 'empty', props: { direction: 'row', children: [{ id: 'bottom', type: 'image_bottom' }] } },
      { id: 'later', type: 'vote', props: { anything: 'the vote definition will check' } }
    ]
  });

  it('saves a page with every current type (and an unknown one, kept as is) and a visitor reads it back', async () => {
    const page = everyType();
    const res = await post(`${organizer(gid)}/page`, { pagedata: page });
    expect([res.statusCode, res.json().code]).toEqual([200, 200]);
    expect(await storedPage(gid)).toEqual(page);
    expect((await visitorGallery('config01')).pagedata).toEqual(page);
  });

  it('refuses wrong types, unknown fields, oversize values and bad links, naming every field, and saves nothing', async () => {
    const before = await storedPage(gid);
    const bad = everyType();
    bad.components[1].props = { text: 'x'.repeat(201), link: { type: 'custom', value: 'javascript:alert(1)' } } as never;
    (bad.components[2].props as Record<string, unknown>).mode = 'two';
    (bad.components[5].props as Record<string, unknown>).sparkle = true;
    const res = await post(`${organizer(gid)}/page`, { pagedata: bad });
    expect([res.statusCode, res.json().code]).toEqual([400, 400]);
    expect(res.json().data).toEqual({
      key: PAGEDATA_INVALID,
      errors: [
        { path: 'pagedata.components[1].props.text', message: 'must be at most 200 characters' },
        { path: 'pagedata.components[1].props.link.value', message: 'must be an http(s) address or a path starting with /' },
        { path: 'pagedata.components[2].props.mode', message: 'must be one of 1, 2, 3, 4' },
        { path: 'pagedata.components[5].props.sparkle', message: 'unknown field' }
      ]
    });
    expect(res.json().msg).toBe(
      'pagedata has 4 problems: pagedata.components[1].props.text: must be at most 200 characters; ' +
        'pagedata.components[1].props.link.value: must be an http(s) address or a path starting with /; ' +
        'pagedata.components[2].props.mode: must be one of 1, 2, 3, 4; pagedata.components[5].props.sparkle: unknown field'
    );
    // A new gallery with a bad page is not created either.
    const count = async () => (await s.db.query<{ n: number }>('SELECT count(*)::int AS n FROM galleries')).rows[0].n;
    const galleries = await count();
    expect((await post('/api/v2/organizer/galleries', { name: 'Bad page', pagedata: bad })).statusCode).toBe(400);
    expect(await count()).toBe(galleries);
    // A page past the size bound.
    const huge = { components: [{ id: 'r', type: 'vote', props: { blob: 'x'.repeat(300 * 1024) } }] };
    const big = await post(`${organizer(gid)}/page`, { pagedata: huge });
    expect([big.statusCode, big.json().data.errors[0].path]).toEqual([400, 'pagedata']);
    expect(await storedPage(gid)).toEqual(before);
  });

  it('the CLI saves a page from a JSON file, and prints every problem of a bad one', async () => {
    const good = path.join(dir, 'good.json');
    fs.writeFileSync(good, JSON.stringify({ components: [{ id: 'tip', type: 'tips', props: { text: 'From the CLI' } }] }));
    const ok = await cli('page', 'config01', good); // by link; the other commands below name the id
    expect(ok.code).toBe(0);
    expect(ok.lines[0]).toMatch(new RegExp(`^Gallery ${gid} \\(Config\\) page saved: `));
    expect((await visitorGallery('config01')).pagedata.components[0].props.text).toBe('From the CLI');

    const badFile = path.join(dir, 'bad.json');
    fs.writeFileSync(badFile, JSON.stringify({ components: [{ id: 'p', type: 'photo', props: { mode: 3, show_tags: 'no' } }, { type: 'tips' }] }));
    const refused = await cli('page', String(gid), badFile);
    expect(refused).toEqual({
      code: 1,
      lines: [
        'The page was not saved: 3 problems',
        '  pagedata.components[0].props.mode: must be one of 1, 2, 4, flow, waterfall',
        '  pagedata.components[0].props.show_tags: must be a boolean',
        '  pagedata.components[1].id: is required'
      ]
    });
    expect((await visitorGallery('config01')).pagedata.components[0].props.text).toBe('From the CLI');
    expect(() => parseGalleryArgs(['page', String(gid), path.join(dir, 'missing.json'), '--token', TOKEN], {})).toThrow('no such file');
    await expect(cli('page', 'nosuch01', good)).rejects.toThrow('no gallery with link nosuch01');
  });

  it('config flags, sort, locale, share texts and theme set by the organiser reach the visitor', async () => {
    const pid = await insertGallery(s.db, { link_id: 'config02', name: 'Sorted' });
    // The oldest photo is the most liked.
    const ids = await insertPhotos(s.db, pid, 3, { love: (i) => (i === 0 ? 10 : i) });
    const order = async () => ((await s.app.inject({ method: 'GET', url: `/api/v2/images/${pid}/list` })).json().data.items as Array<{ id: number }>).map((p) => p.id);
    expect(await order()).toEqual([...ids].reverse()); // newest shot first by default
    await visitorGallery('config02'); // warm the caches the change must clear

    const { code, lines } = await cli('config', String(pid), '--sort', '-love', '--locale', 'en-US', '--original_photo', '1', '--use_comment', '1',
      '--share-title', 'Our day', '--share-text', 'All the photos', '--share-image', hash, '--theme-main', '#ff0000', '--template', 'classic');
    expect(code).toBe(0);
    expect(JSON.parse(lines[1])).toMatchObject({ sort: '-love', locale: 'en-US', original_photo: 1, use_comment: 1, template: 'classic' });

    expect(await order()).toEqual([ids[0], ids[2], ids[1]]); // most liked first now
    const g = await visitorGallery('config02');
    expect(g.config).toMatchObject({ sort: '-love', locale: 'en-US', original_photo: 1, use_comment: 1, template: 'classic' });
    expect(g.config.theme).toEqual({ background: '#ffffff', h1: '#333333', h2: '#666666', component: '#ffffff', main: '#ff0000' });
    expect([g.h5_share_title, g.h5_share_text, g.h5_share_image]).toEqual(['Our day', 'All the photos', hash]);

    // A second change keeps the first: theme colours merge, other flags stay.
    await post(`${organizer(pid)}/config`, { theme: { background: 'black' }, share_off: 1 });
    const again = await visitorGallery('config02');
    expect(again.config.theme).toMatchObject({ background: 'black', main: '#ff0000' });
    expect(again.config).toMatchObject({ sort: '-love', share_off: 1 });

    for (const [payload, msg] of [
      [{ sort: 'random' }, 'sort must be shoottime, createtime, love or id (a leading - is allowed)'],
      [{ locale: 'fr-FR' }, 'locale must be one of zh-CN, en-US'],
      [{ theme: { main: 'url(x)' } }, 'theme.main must be a colour: #rgb, #rrggbb, rgb(), rgba() or a name'],
      [{ use_face: 2 }, 'use_face must be 0 or 1']
    ] as const) {
      const res = await post(`${organizer(pid)}/config`, payload);
      expect([res.statusCode, res.json().msg]).toEqual([400, expect.stringContaining(msg)]);
    }
    expect((await post(`${organizer(pid)}/config`, { h5_share_image: 'f'.repeat(64) })).json().msg).toBe('h5_share_image is not a stored image');
    expect((await post(`${organizer(9_999_999)}/config`, { sort: 'id' })).statusCode).toBe(404);
  });

  it('a watermark set by the organiser is drawn on the photos a visitor loads, and removed again', async () => {
    const images = new ImageService({ db: s.db, store: s.services.store });
    const icon = await images.ingest(await sharp({ create: { width: 200, height: 100, channels: 4, background: '#ffffffff' } }).png().toBuffer(), 'icon.png');
    const shot = await images.ingest(await sharp({ create: { width: 800, height: 600, channels: 3, background: '#203040' } }).jpeg().toBuffer(), 'IMG_1.JPG');
    const wid = await insertGallery(s.db, { link_id: 'config03', name: 'Marked' });
    await images.addPhoto(s.db, wid, shot, { origin: 'IMG_1.JPG' });
    const render = () => s.app.inject({ method: 'GET', url: `/img/${shot.hash}!wx_250_160?g=${wid}` });
    const plain = await render();

    const { code } = await cli('watermark', String(wid), '--icon', icon.hash, '--opacity', '100', '--align', 'center');
    expect(code).toBe(0);
    expect((await visitorGallery('config03')).watermarks).toMatchObject({ icon: icon.hash, opacity: 100, align: 'center', percent: 20 });
    const marked = await render();
    expect(marked.headers.etag).not.toBe(plain.headers.etag);
    expect(marked.rawPayload.equals(plain.rawPayload)).toBe(false);

    expect((await post(`${organizer(wid)}/watermark`, { icon: icon.hash, percent: 0 })).json().msg).toBe('percent must be an integer from 1 to 100');
    expect((await post(`${organizer(wid)}/watermark`, { icon: icon.hash, align: 'middle' })).json().msg).toContain('align must be one of top-left');
    expect((await post(`${organizer(wid)}/watermark`, { icon: 'e'.repeat(64) })).json().msg).toBe('watermark.icon is not a stored image');
    expect((await cli('watermark', String(wid), '--off')).code).toBe(0);
    expect((await visitorGallery('config03')).watermarks).toBeNull();
    expect((await render()).headers.etag).toBe(plain.headers.etag);
  });

  it('goods and prices set by the organiser are what a visitor is offered and charged', async () => {
    const pay = await insertGallery(s.db, { link_id: 'config04', name: 'Paid' });
    const [photo] = await insertPhotos(s.db, pay, 1);
    const add = await cli('goods', String(pay), 'add', '--name', 'Remove watermark', '--price', '9.9', '--kind', 'remove_watermark', '--pay-down');
    expect(add.code).toBe(0);
    const goodsId = (await s.db.query<{ id: number }>('SELECT id FROM goods WHERE gallery_id = $1', [pay])).rows[0].id;
    expect(add.lines).toEqual([`Gallery ${pay}: photos paid with good ${goodsId}`, `  ${goodsId}  remove_watermark      ¥9.90  Remove watermark  (pay-down)`]);

    const offered = async () => (await s.app.inject({ method: 'GET', url: `/api/v2/pay/goods?gallery_id=${pay}` })).json().data;
    expect((await visitorGallery('config04')).is_pay_down).toBe(goodsId);
    expect(await offered()).toEqual([{ id: goodsId, gallery_id: pay, name: 'Remove watermark', price: 990, kind: 'remove_watermark' }]);

    expect((await cli('goods', 'price', String(goodsId), '--price', '12.50')).lines).toEqual([`Good ${goodsId}: Remove watermark, ¥12.50 (1250 cents)`]);
    expect((await offered())[0].price).toBe(1250);
    const visitor = await newUser(s);
    const order = await s.app.inject({
      method: 'POST', url: '/api/v2/pay/paytoimage', headers: { authorization: `Bearer ${visitor.token}` },
      payload: { gallery_id: pay, goods_id: goodsId, imgids: [photo] }
    });
    expect([order.json().code, order.json().data.amount]).toEqual([200, 1250]);

    expect((await post(`${organizer(pay)}/goods`, { name: 'Free?', price: 0, kind: 'download' })).json().msg).toContain('price must be a price in cents');
    expect((await post(`${organizer(pay)}/goods`, { name: 'Half', price: 9.5, kind: 'download' })).statusCode).toBe(400);
    expect(() => parseGalleryArgs(['goods', String(pay), 'add', '--name', 'x', '--price', '1.999', '--token', TOKEN], {})).toThrow('--price must be an amount in yuan');
    const other = await insertGallery(s.db, { link_id: 'config05', name: 'Other' });
    expect((await post(`${organizer(other)}/paydown`, { goods_id: goodsId })).json().msg).toBe(`Pay good ${goodsId} belongs to another gallery`);

    expect((await cli('goods', String(pay), 'paydown', '0')).lines[0]).toBe(`Gallery ${pay}: photos free (no pay-down good)`);
    expect((await visitorGallery('config04')).is_pay_down).toBe(0);
  });

  it('a password or phone gate set with the CLI stops a visitor until it is passed', async () => {
    const gated = await insertGallery(s.db, { link_id: 'config06', name: 'Gated' });
    const visitor = await newUser(s);
    const state = async () => (await s.app.inject({ method: 'GET', url: '/api/v2/permissibility?link=config06', headers: { authorization: `Bearer ${visitor.token}` } })).json().data.state;
    expect(await state()).toBe('free');
    expect((await cli('gate', String(gated), 'pgdata', '--password', 'open sesame')).lines).toEqual(['Gate saved:  pgdata    password (set) gallery ' + gated]);
    expect(await state()).toBe('password');
    const check = (password: string) =>
      s.app.inject({ method: 'POST', url: '/api/v2/gallerypgdata/permisson/visit/check', payload: { id: gated, password }, headers: { authorization: `Bearer ${visitor.token}` } });
    expect((await check('wrong')).json().code).toBe(200209);
    expect((await check('open sesame')).json().data.ispass).toBe(true);
    expect(await state()).toBe('passed');

    expect((await cli('gate', String(gated), 'watermark', '--phone', '--whitelist', '13800000000')).code).toBe(0);
    const listed = await cli('gates', String(gated));
    expect(listed.lines).toEqual(['Own gates:', '  pgdata    password (set)', '  watermark phone (1 phones)']);
    expect((await cli('gate', String(gated), 'pgdata', '--free')).code).toBe(0);
    expect((await cli('gate', String(gated), 'watermark', '--free')).code).toBe(0);
    expect(await state()).toBe('free');
  });

  it('refuses every configuration call without the organiser token, and changes nothing', async () => {
    const visitor = await newUser(s);
    const goodsId = (await s.db.query<{ id: number }>('SELECT id FROM goods ORDER BY id LIMIT 1')).rows[0].id;
    const snapshot = async () => (await s.db.query('SELECT config, watermarks, pagedata, is_pay_down, h5_share_title FROM galleries WHERE id = $1', [gid])).rows[0];
    const before = await snapshot();
    const prices = async () => (await s.db.query('SELECT id, price_cents FROM goods ORDER BY id')).rows;
    const pricesBefore = await prices();
    const calls = [
      { method: 'POST' as const, url: `${organizer(gid)}/page`, payload: { pagedata: { components: [] } } },
      { method: 'POST' as const, url: `${organizer(gid)}/config`, payload: { sort: 'id', h5_share_title: 'x' } },
      { method: 'POST' as const, url: `${organizer(gid)}/watermark`, payload: { icon: hash } },
      { method: 'POST' as const, url: `${organizer(gid)}/watermark/clear` },
      { method: 'GET' as const, url: `${organizer(gid)}/goods` },
      { method: 'POST' as const, url: `${organizer(gid)}/goods`, payload: { name: 'x', price: 1, kind: 'download', pay_down: 1 } },
      { method: 'POST' as const, url: `/api/v2/organizer/goods/${goodsId}`, payload: { price: 1 } },
      { method: 'POST' as const, url: `${organizer(gid)}/paydown`, payload: { goods_id: 0 } }
    ];
    for (const c of calls) {
      expect([c.url, (await s.app.inject({ ...c, headers: {} })).statusCode]).toEqual([c.url, 401]);
      expect([c.url, (await s.app.inject({ ...c, headers: { authorization: `Bearer ${TOKEN}x` } })).statusCode]).toEqual([c.url, 403]);
      expect([c.url, (await s.app.inject({ ...c, headers: { authorization: `Bearer ${visitor.token}` } })).statusCode]).toEqual([c.url, 403]);
    }
    expect(await snapshot()).toEqual(before);
    expect(await prices()).toEqual(pricesBefore);
    await expect(runGalleryCommand(parseGalleryArgs(['config', String(gid), '--sort', 'love', '--server', server, '--token', 'wrong'], {}), () => undefined)).rejects.toThrow(
      'organiser token missing or wrong'
    );
  });
});
