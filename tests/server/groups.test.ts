// Groups (issue 16): an unguessable token names an organiser's list of galleries; each gallery is
// shown as its own gates allow.
import { BACKENDS, startTestServer, insertGallery, type TestServer } from './helpers';
import { newUser } from './pay-fixture';
import type { AddressInfo } from 'node:net';
import { GROUP_TOKEN_RE } from '../../types/api/groups';
import { parseGalleryArgs, runGalleryCommand } from '../../server/src/cli/gallery';

const ORGANISER = 'organiser-groups';

describe.each(BACKENDS)('groups on %s', (backend) => {
  let s: TestServer;
  let a: number;
  let b: number;
  let gated: number;
  let user: { token: string };
  const org = { authorization: `Bearer ${ORGANISER}` };
  const post = (url: string, payload: unknown, headers: Record<string, string> = org) => s.app.inject({ method: 'POST', url, payload: payload as object, headers });
  const get = (url: string, headers: Record<string, string> = { authorization: `Bearer ${user.token}` }) => s.app.inject({ method: 'GET', url, headers });

  beforeAll(async () => {
    s = await startTestServer(backend, { PUBLIC_URL: 'http://group.test', ORGANIZER_TOKEN: ORGANISER });
    a = await insertGallery(s.db, { link_id: 'groupa01', name: 'Day 1', cover: 'c'.repeat(64), image_total: 12 });
    b = await insertGallery(s.db, { link_id: 'groupb01', name: 'Day 2' });
    gated = await insertGallery(s.db, { link_id: 'groupc01', name: 'VIP dinner', cover: 'd'.repeat(64), image_total: 5 });
    await post(`/api/v2/organizer/galleries/${gated}/gates/pgdata`, { access_type: 'password', password: 'vip' });
    user = await newUser(s, false);
  });
  afterAll(async () => {
    await s?.close();
  });

  it('the organiser makes a group with a random token; visitors open it by the token, gated galleries by name only', async () => {
    const made = await post('/api/v2/organizer/groups', { name: 'Conference 2026', gallery_ids: [b, gated, a] });
    const g = made.json().data;
    expect(g).toMatchObject({ name: 'Conference 2026', gallery_ids: [b, gated, a] });
    expect(g.token).toMatch(GROUP_TOKEN_RE);
    expect(g.url).toBe(`http://group.test/page/group/${g.token}`);
    const other = (await post('/api/v2/organizer/groups', { name: 'Other', gallery_ids: [a] })).json().data;
    expect(other.token).not.toBe(g.token);

    const seen = (await get(`/api/v2/group/${g.token}`)).json().data;
    expect(seen).toEqual({
      token: g.token,
      name: 'Conference 2026',
      galleries: [
        { id: b, link_id: 'groupb01', name: 'Day 2', cover: null, image_total: 0, start_time: null, end_time: null, locked: false },
        { id: gated, link_id: 'groupc01', name: 'VIP dinner', cover: null, image_total: 0, start_time: null, end_time: null, locked: true },
        { id: a, link_id: 'groupa01', name: 'Day 1', cover: 'c'.repeat(64), image_total: 12, start_time: null, end_time: null, locked: false }
      ]
    });
    // After the password the gated gallery shows its cover and count.
    await post('/api/v2/gallerypgdata/permisson/visit/check', { id: gated, password: 'vip' }, { authorization: `Bearer ${user.token}` });
    const after = (await get(`/api/v2/group/${g.token}`)).json().data.galleries[1];
    expect(after).toMatchObject({ locked: false, cover: 'd'.repeat(64), image_total: 5 });
    // A visitor without a session sees the same list, gated one locked.
    expect((await s.app.inject({ method: 'GET', url: `/api/v2/group/${g.token}` })).json().data.galleries[1].locked).toBe(true);
  });

  it('an unknown token is 404, a malformed one 400', async () => {
    expect((await get(`/api/v2/group/${'A'.repeat(32)}`)).json()).toMatchObject({ code: 404, msg: 'Group not found' });
    expect((await get('/api/v2/group/short')).statusCode).toBe(400);
  });

  it('only the organiser manages groups; bad gallery lists change nothing', async () => {
    expect((await post('/api/v2/organizer/groups', { name: 'X', gallery_ids: [a] }, { authorization: `Bearer ${user.token}` })).statusCode).toBe(403);
    const g = (await post('/api/v2/organizer/groups', { name: 'Edit me', gallery_ids: [a, b] })).json().data;
    expect((await post(`/api/v2/organizer/groups/${g.id}`, { gallery_ids: [a, 99999] })).json()).toMatchObject({ code: 404, msg: 'Gallery 99999 not found' });
    expect((await post(`/api/v2/organizer/groups/${g.id}`, { gallery_ids: [a, a] })).statusCode).toBe(400);
    expect((await post(`/api/v2/organizer/groups/${g.id}`, { gallery_ids: [] })).statusCode).toBe(400);
    expect((await get(`/api/v2/group/${g.token}`)).json().data.galleries.map((x: { id: number }) => x.id)).toEqual([a, b]);
    const renamed = (await post(`/api/v2/organizer/groups/${g.id}`, { name: 'Edited', gallery_ids: [b] })).json().data;
    expect(renamed).toMatchObject({ token: g.token, name: 'Edited', gallery_ids: [b] });
    expect((await s.app.inject({ method: 'GET', url: '/api/v2/organizer/groups', headers: org })).json().data.map((x: { name: string }) => x.name)).toContain('Edited');
  });
});

describe.each(BACKENDS)('the organiser CLI for offers and groups on %s', (backend) => {
  let s: TestServer;
  let server: string;
  const cli = async (...args: string[]) => {
    const lines: string[] = [];
    const code = await runGalleryCommand(parseGalleryArgs([...args, '--server', server, '--token', ORGANISER], {}), (l) => lines.push(l));
    return { code, lines };
  };

  beforeAll(async () => {
    s = await startTestServer(backend, { PUBLIC_URL: 'http://group.test', ORGANIZER_TOKEN: ORGANISER });
    await s.app.listen({ port: 0, host: '127.0.0.1' });
    server = `http://127.0.0.1:${(s.app.server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    await s?.close();
  });

  it('adds a service offer with its description, and makes and changes a group of galleries named by id or link', async () => {
    const one = await insertGallery(s.db, { link_id: 'clione01', name: 'One' });
    const two = await insertGallery(s.db, { link_id: 'clitwo01', name: 'Two' });
    const add = await cli('goods', 'clione01', 'add', '--name', 'Photo book', '--price', '168', '--kind', 'service', '--description', '40 pages');
    expect(add.code).toBe(0);
    expect(add.lines[1]).toMatch(/service\s+¥168\.00 {2}Photo book$/);
    const page = (await s.app.inject({ method: 'GET', url: '/api/v2/order/page/clione01' })).json().data;
    expect(page.offers).toEqual([expect.objectContaining({ name: 'Photo book', description: '40 pages', price: 16800 })]);

    const made = await cli('group', 'create', '--name', 'Both days', 'clitwo01', String(one));
    expect(made.code).toBe(0);
    const [, id, url] = /^Group (\d+) \(Both days\): galleries \d+, \d+ {2}(\S+)$/.exec(made.lines[0])!;
    expect(made.lines[0]).toContain(`galleries ${two}, ${one}`);
    expect(url).toMatch(/^http:\/\/group\.test\/page\/group\/[A-Za-z0-9_-]{32}$/);
    const changed = await cli('group', id, '--name', 'Day one', 'clione01');
    expect(changed.lines[0]).toBe(`Group ${id} (Day one): galleries ${one}  ${url}`);
    expect((await cli('groups')).lines).toContain(`Group ${id} (Day one): galleries ${one}  ${url}`);
    expect(() => parseGalleryArgs(['group', 'create', 'clione01', '--token', ORGANISER], {})).toThrow('group create needs --name');
    expect(() => parseGalleryArgs(['group', 'create', '--name', 'X', '--token', ORGANISER], {})).toThrow('at least one gallery');
  });
});
