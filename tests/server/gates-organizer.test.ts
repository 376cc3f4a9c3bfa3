import { BACKENDS, startTestServer, insertGallery, insertPhotos, type TestServer } from './helpers';
import { newUser } from './pay-fixture';
import { GATE_WHITELIST_MAX } from '../../types/api/permission';

const TOKEN = 'gates-organiser-token';
const AUTH = { authorization: `Bearer ${TOKEN}` };

/** Issue 11 item 6: organisers set and clear gates through the API. */
describe.each(BACKENDS)('organiser gate API on %s', (backend) => {
  let s: TestServer;
  let top: number;
  let child: number;
  let grand: number;

  beforeAll(async () => {
    s = await startTestServer(backend, { ORGANIZER_TOKEN: TOKEN });
    top = await insertGallery(s.db, { link_id: 'orgtop01', name: 'Top' });
    child = await insertGallery(s.db, { link_id: 'orgkid01', name: 'Kid', parent: top });
    grand = await insertGallery(s.db, { link_id: 'orggrd01', name: 'Grand', parent: child });
    await insertPhotos(s.db, child, 2);
  });
  afterAll(() => s.close());

  const gatesUrl = (id: number, kind?: string, clear = false) => `/api/v2/organizer/galleries/${id}/gates${kind ? `/${kind}` : ''}${clear ? '/clear' : ''}`;
  const setGate = (id: number, kind: string, payload: unknown, headers: Record<string, string> = AUTH) =>
    s.app.inject({ method: 'POST', url: gatesUrl(id, kind), payload: payload as object, headers });
  const list = async (id: number) => (await s.app.inject({ method: 'GET', url: gatesUrl(id), headers: AUTH })).json().data;
  const visitorList = async (id: number, token: string) => (await s.app.inject({ method: 'GET', url: `/api/v2/images/${id}/list`, headers: { authorization: `Bearer ${token}` } })).json();
  const gateRows = async () => (await s.db.query<{ n: number }>('SELECT count(*)::int AS n FROM gallery_gates')).rows[0].n;

  it('refuses without the organiser token (401), with a wrong one or a visitor session (403), and writes nothing', async () => {
    const visitor = await newUser(s);
    const before = await gateRows();
    const calls = [
      { method: 'GET' as const, url: gatesUrl(top) },
      { method: 'POST' as const, url: gatesUrl(top, 'pgdata'), payload: { access_type: 'password', password: 'x' } },
      { method: 'POST' as const, url: gatesUrl(top, 'pgdata', true) }
    ];
    for (const c of calls) {
      expect([c.url, (await s.app.inject({ ...c, headers: {} })).statusCode]).toEqual([c.url, 401]);
      expect([c.url, (await s.app.inject({ ...c, headers: { authorization: `Bearer ${TOKEN}x` } })).statusCode]).toEqual([c.url, 403]);
      expect([c.url, (await s.app.inject({ ...c, headers: { authorization: `Bearer ${visitor.token}` } })).statusCode]).toEqual([c.url, 403]);
    }
    expect(await gateRows()).toBe(before);
  });

  it('refuses bad input with 4xx and a message naming the field, never a 500', async () => {
    const before = await gateRows();
    const bad: Array<[number, string, unknown, number, string]> = [
      [top, 'secret', { access_type: 'password', password: 'x' }, 400, 'kind must be pgdata or watermark'],
      [top, 'pgdata', { access_type: 'vip' }, 400, 'access_type must be free, password or phone'],
      [top, 'pgdata', {}, 400, 'access_type is required'],
      [top, 'pgdata', { access_type: 'password' }, 400, 'password must be 1 to 64 characters without control characters'],
      [top, 'pgdata', { access_type: 'password', password: '' }, 400, 'password must be 1 to 64 characters without control characters'],
      [top, 'pgdata', { access_type: 'password', password: 'a\u0000b' }, 400, 'password must be 1 to 64 characters without control characters'],
      [top, 'pgdata', { access_type: 'password', password: 'p'.repeat(65) }, 400, 'password must be 1 to 64 characters without control characters'],
      [top, 'pgdata', { access_type: 'phone', password: 'no' }, 400, 'password is only for password gates'],
      [top, 'pgdata', { access_type: 'password', password: 'ok', whitelist: ['13800000000'] }, 400, 'whitelist is only for phone gates'],
      [top, 'pgdata', { access_type: 'phone', whitelist: ['12345'] }, 400, 'whitelist must be 11 digits'],
      [top, 'pgdata', { access_type: 'phone', whitelist: { phone: '13800000000' } }, 400, `whitelist must be a list of at most ${GATE_WHITELIST_MAX} phones of 11 digits`],
      [999_999, 'pgdata', { access_type: 'password', password: 'ok' }, 404, 'Gallery 999999 not found']
    ];
    for (const [id, kind, payload, status, msg] of bad) {
      const r = await setGate(id, kind, payload);
      expect([payload, r.statusCode, r.json()]).toEqual([payload, status, { code: status, data: null, msg }]);
    }
    const tooMany = Array.from({ length: GATE_WHITELIST_MAX + 1 }, (_, i) => `1${String(i).padStart(10, '0')}`);
    expect((await setGate(top, 'watermark', { access_type: 'phone', whitelist: tooMany })).statusCode).toBe(400);
    expect((await s.app.inject({ method: 'POST', url: '/api/v2/organizer/galleries/abc/gates/pgdata', payload: { access_type: 'free' }, headers: AUTH })).statusCode).toBe(400);
    expect((await s.app.inject({ method: 'GET', url: gatesUrl(999_999), headers: AUTH })).statusCode).toBe(404);
    expect(await gateRows()).toBe(before);
  });

  it('sets, lists and clears gates; a change ends the passes through the gate at once', async () => {
    const set = await setGate(top, 'pgdata', { access_type: 'password', password: 'first-pw' });
    expect(set.json().data).toEqual({ gallery_id: top, kind: 'pgdata', access_type: 'password', has_password: true, whitelist: [], updated_at: expect.any(Number) });
    expect(JSON.stringify(set.json())).not.toMatch(/hash|salt|first-pw/);
    expect(await list(top)).toEqual({
      gates: [
        { gallery_id: top, kind: 'pgdata', access_type: 'password', has_password: true, whitelist: [], updated_at: expect.any(Number) },
        { gallery_id: top, kind: 'watermark', access_type: 'free', has_password: false, whitelist: [], updated_at: null }
      ],
      inherited: []
    });
    // Sub-pages list the page gate they inherit.
    expect((await list(grand)).inherited).toEqual([{ gallery_id: top, kind: 'pgdata', access_type: 'password', has_password: true, whitelist: [], updated_at: null }]);

    const v = await newUser(s);
    expect((await visitorList(child, v.token)).code).toBe(200202);
    const check = (password: string) =>
      s.app.inject({ method: 'POST', url: '/api/v2/gallerypgdata/permisson/visit/check', payload: { id: top, password }, headers: { authorization: `Bearer ${v.token}` } });
    expect((await check('first-pw')).json().data.ispass).toBe(true);
    expect((await visitorList(child, v.token)).data.items).toHaveLength(2);

    // A new password: the old pass ends, the old password no longer opens, the new one does.
    await setGate(top, 'pgdata', { access_type: 'password', password: 'second-pw' });
    expect((await visitorList(child, v.token)).code).toBe(200202);
    expect((await check('first-pw')).json().code).toBe(200209);
    expect((await check('second-pw')).json().data.ispass).toBe(true);

    // A phone gate keeps its whitelist once per number.
    const phone = await setGate(child, 'watermark', { access_type: 'phone', whitelist: ['13800000001', '13800000001', '13800000002'] });
    expect(phone.json().data).toMatchObject({ access_type: 'phone', has_password: false, whitelist: ['13800000001', '13800000002'] });
    expect((await visitorList(child, v.token)).data).toMatchObject({ gallery_id: child, kind: 'watermark', access_type: 'phone' });

    const cleared = await s.app.inject({ method: 'POST', url: gatesUrl(child, 'watermark', true), headers: AUTH });
    expect(cleared.json().data).toEqual({ gallery_id: child, kind: 'watermark', access_type: 'free', has_password: false, whitelist: [], updated_at: null });
    expect((await setGate(top, 'pgdata', { access_type: 'free' })).json().data.access_type).toBe('free');
    expect((await list(top)).gates.map((g: { access_type: string }) => g.access_type)).toEqual(['free', 'free']);
    const stored = await s.db.query<{ access_type: string }>('SELECT access_type FROM galleries WHERE id = $1', [top]);
    expect(stored.rows[0].access_type).toBe('free');
    expect((await visitorList(grand, (await newUser(s)).token)).code).toBe(200);
  });

  it('tells listeners which galleries a change reaches, and drops their cached rows', async () => {
    const heard: number[] = [];
    const stop = s.services.gates.onGateChanged((id) => {
      heard.push(id);
    });
    const failing = s.services.gates.onGateChanged(() => {
      throw new Error('a listener that fails');
    });
    try {
      // Cached before the change (the short by-id cache).
      expect((await s.services.galleries.cachedById(top)).access_type).toBe('free');
      expect((await setGate(top, 'pgdata', { access_type: 'phone' })).statusCode).toBe(200);
      expect(heard).toEqual([top, child, grand]);
      expect((await s.services.galleries.cachedById(top)).access_type).toBe('phone');
      const shown = (await s.app.inject({ method: 'GET', url: `/api/v2/gallery/id/${grand}` })).json().data.gallery;
      expect(shown.access_type).toBe('phone');

      heard.length = 0;
      await setGate(child, 'watermark', { access_type: 'password', password: 'kid-pw' });
      expect(heard).toEqual([child]);
    } finally {
      stop();
      failing();
      await setGate(top, 'pgdata', { access_type: 'free' });
      await setGate(child, 'watermark', { access_type: 'free' });
    }
    heard.length = 0;
    await setGate(top, 'pgdata', { access_type: 'free' });
    expect(heard).toEqual([]);
  });
});
