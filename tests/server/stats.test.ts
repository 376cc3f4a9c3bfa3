import crypto from 'node:crypto';
import { BACKENDS, startTestServer, insertGallery, type TestServer } from './helpers';
import { PAGE_VIEWS_PER_MINUTE, STATS_BATCH_MAX } from '../../types/api/stats';
import { STAT_BATCH_RETENTION_S } from '../../server/src/services/stats/stats';

describe.each(BACKENDS)('statistics on %s', (backend) => {
  let s: TestServer;
  let gid: number;
  let other: number;

  beforeAll(async () => {
    s = await startTestServer(backend);
    gid = await insertGallery(s.db, { link_id: 'stat0001', name: 'Stats' });
    other = await insertGallery(s.db, { link_id: 'stat0002', name: 'Other' });
  });
  afterAll(() => s.close());

  const session = async () => (await s.app.inject({ method: 'GET', url: '/session.js' })).json().data.token as string;
  const story = (token: string | undefined, payload: unknown, contentType = 'application/json') =>
    s.app.inject({
      method: 'POST',
      url: '/api/v2/trigger/story',
      headers: { 'content-type': contentType, ...(token ? { authorization: `Bearer ${token}` } : {}) },
      payload: typeof payload === 'string' ? payload : JSON.stringify(payload)
    });
  const stats = async (link: string) => (await s.app.inject({ method: 'GET', url: `/api/v2/gallery/link/${link}` })).json().data.gallery;
  const page = (linkid = 'stat0001') => ({ type: 'page', linkid, value: 'gallery' });
  const image = (photo: number, linkid = 'stat0001') => ({ type: 'event', linkid, value: 'imageview', extra: String(photo) });
  const batch = (events: unknown[]) => ({ batch_id: crypto.randomUUID(), events });

  it('counts page views, unique visitors and image views per gallery', async () => {
    const before = await stats('stat0001');
    const a = await session();
    const r = await story(a, batch([page(), image(1), image(2), page('stat0002'), { type: 'event', linkid: 'stat0001', value: 'share' }]));
    expect(r.statusCode).toBe(200);
    expect(r.json()).toMatchObject({ code: 200, data: { counted: 4, duplicate: false } });
    const g = await stats('stat0001');
    expect(g.view_detail).toEqual({ gallery_id: gid, view: before.view_detail.view + 1, uv: before.view_detail.uv + 1 });
    expect(g.imageviews).toBe(before.imageviews + 2);
    expect((await stats('stat0002')).view_detail).toMatchObject({ gallery_id: other, view: 1, uv: 1 });
  });

  it('uv counts distinct visitors; views count every open', async () => {
    const start = (await stats('stat0001')).view_detail;
    const a = await session();
    const b = await session();
    await story(a, batch([page()]));
    await story(a, batch([page(), page()]));
    await story(b, batch([page()]));
    const end = (await stats('stat0001')).view_detail;
    expect(end.view - start.view).toBe(4);
    expect(end.uv - start.uv).toBe(2);
  });

  it('a replayed batch counts nothing', async () => {
    const a = await session();
    const body = batch([page(), image(7)]);
    const start = await stats('stat0001');
    expect((await story(a, body)).json().data).toEqual({ counted: 2, duplicate: false });
    const replay = await story(a, body);
    expect(replay.statusCode).toBe(200);
    expect(replay.json().data).toEqual({ counted: 0, duplicate: true });
    // Same id in upper case is the same batch.
    expect((await story(a, { ...body, batch_id: body.batch_id.toUpperCase() })).json().data.duplicate).toBe(true);
    const end = await stats('stat0001');
    expect(end.view_detail.view - start.view_detail.view).toBe(1);
    expect(end.imageviews - start.imageviews).toBe(1);
  });

  it('forgets batch ids after a day, keeping the table small; recent ids still stop replays', async () => {
    const a = await session();
    const recent = batch([page()]);
    await story(a, recent);
    const { rows } = await s.db.query<{ user_id: number }>('SELECT user_id FROM stat_batches LIMIT 1');
    const old = Math.floor(Date.now() / 1000) - STAT_BATCH_RETENTION_S - 60;
    for (let i = 0; i < 3; i++) {
      await s.db.query('INSERT INTO stat_batches (user_id, batch_id, created_at) VALUES ($1, $2, $3)', [rows[0].user_id, crypto.randomUUID(), old]);
    }
    expect(await s.services.stats.pruneBatches()).toBe(3);
    const left = await s.db.query<{ n: number }>('SELECT count(*)::int AS n FROM stat_batches WHERE created_at < $1', [old + 120]);
    expect(left.rows[0].n).toBe(0);
    expect((await story(a, recent)).json().data.duplicate).toBe(true);
  });

  it('one visitor adds at most the per-minute cap however many batches they send', async () => {
    // All batches inside one clock minute (the cap is per minute).
    const mid = Math.floor(Date.now() / 60_000) * 60_000 + 30_000;
    const clock = jest.spyOn(Date, 'now').mockReturnValue(mid);
    const a = await session();
    const start = (await stats('stat0002')).view_detail.view;
    for (let i = 0; i < 4; i++) await story(a, batch(Array.from({ length: 5 }, () => page('stat0002'))));
    const end = (await stats('stat0002')).view_detail.view;
    expect(end - start).toBe(PAGE_VIEWS_PER_MINUTE);
    // Another visitor is not held back by the first one's cap.
    const b = await session();
    await story(b, batch([page('stat0002')]));
    expect((await stats('stat0002')).view_detail.view).toBe(end + 1);
    clock.mockRestore();
  });

  it('rejects a bad batch whole: nothing is counted', async () => {
    const a = await session();
    const start = await stats('stat0001');
    const bad: unknown[] = [
      [page()], // a bare array has no batch id
      { events: [page()] },
      { batch_id: 'not-a-uuid', events: [page()] },
      batch([]),
      batch(Array.from({ length: STATS_BATCH_MAX + 1 }, () => page())),
      batch([page(), { type: 'click', linkid: 'stat0001', value: 'x' }]),
      batch([page(), { type: 'page', linkid: 'bad!', value: 'gallery' }]),
      batch([page(), { type: 'page', linkid: 'stat0001', value: 7 }]),
      batch([page(), { type: 'page', linkid: 'stat0001', value: '' }]),
      batch([page(), { type: 'event', linkid: 'stat0001', value: 'imageview', extra: 12 }]),
      batch([page(), { type: 'page', linkid: 'stat0001', value: 'gallery', other: 1 }]),
      batch([page(), 'page']),
      batch([page(), { type: 'page', linkid: 'nothere1', value: 'gallery' }]),
      { ...batch([page()]), extra: 1 }
    ];
    for (const body of bad) {
      const r = await story(a, body);
      expect([r.statusCode, JSON.stringify(body).slice(0, 80)]).toEqual([400, JSON.stringify(body).slice(0, 80)]);
      expect(r.json().code).toBe(400);
    }
    expect((await story(a, '{not json', 'text/plain')).statusCode).toBe(400);
    const end = await stats('stat0001');
    expect(end.view_detail).toEqual(start.view_detail);
    expect(end.imageviews).toBe(start.imageviews);
  });

  it('a batch id rejected as bad can still be sent once valid', async () => {
    const a = await session();
    const id = crypto.randomUUID();
    expect((await story(a, { batch_id: id, events: [page(), { type: 'x' }] })).statusCode).toBe(400);
    expect((await story(a, { batch_id: id, events: [page()] })).json().data).toEqual({ counted: 1, duplicate: false });
  });

  it('needs a session: the header, or the token in a beacon body', async () => {
    expect((await story(undefined, batch([page()]))).statusCode).toBe(401);
    expect((await story(undefined, { ...batch([page()]), token: 'nope' })).statusCode).toBe(401);
    const a = await session();
    const start = (await stats('stat0001')).view_detail.view;
    // navigator.sendBeacon sends text/plain and cannot set headers.
    const r = await story(undefined, JSON.stringify({ ...batch([page()]), token: a }), 'text/plain;charset=UTF-8');
    expect(r.statusCode).toBe(200);
    expect(r.json().data.counted).toBe(1);
    expect((await stats('stat0001')).view_detail.view).toBe(start + 1);
  });

  it('the same batch id from two visitors counts for both', async () => {
    const id = crypto.randomUUID();
    const a = await session();
    const b = await session();
    expect((await story(a, { batch_id: id, events: [page()] })).json().data.duplicate).toBe(false);
    expect((await story(b, { batch_id: id, events: [page()] })).json().data.duplicate).toBe(false);
  });
});
