// Long pictures' leftovers (issue 16, services/splice/sweep.ts): a render's row is written
// 'rendering' first and turns 'done' with its file; the sweep deletes rows of abandoned renders,
// finished rows whose file is gone from the store, and files under splices/ that no row names,
// and never a picture being drawn.
import crypto from 'node:crypto';
import sharp from 'sharp';
import { BACKENDS, startTestServer, insertGallery, type TestServer } from './helpers';
import { newUser } from './pay-fixture';
import { ImageService } from '../../server/src/services/photos/images';
import { spliceKey } from '../../server/src/services/splice/splices';
import { SPLICE_RENDER_ABANDON_S } from '../../server/src/services/splice/sweep';
import { originalKey } from '../../server/src/storage';
import { SpliceErrorCode } from '../../types/api/splice';

let seed = 0;
async function jpeg(width: number, height: number): Promise<Buffer> {
  const n = ++seed;
  return sharp({ create: { width, height, channels: 3, background: { r: 16, g: 48, b: (80 + n * 7) % 256 } } })
    .jpeg({ quality: 90 })
    .toBuffer();
}

const now = () => Math.floor(Date.now() / 1000);
/** A time at which every file written so far is older than the grace, and every render so far abandoned. */
const later = () => now() + SPLICE_RENDER_ABANDON_S + 60;
const someHash = () => crypto.randomBytes(32).toString('hex');

describe.each(BACKENDS)('long picture sweep on %s', (backend) => {
  let s: TestServer;
  let gallery: number;
  let photos: number[];

  const create = async (token: string, ids: number[]) =>
    s.app.inject({ method: 'POST', url: '/api/v2/usersplice/create', payload: { galleryid: gallery, imageids: ids.join(',') }, headers: { authorization: `Bearer ${token}` } });
  const stored = async () => {
    const keys: string[] = [];
    for await (const o of s.services.store.list('splices/')) keys.push(o.key);
    return keys.sort();
  };
  const rowsOf = async (userId: number) =>
    (await s.db.query<{ state: string; hash: string | null }>('SELECT state, hash FROM user_splices WHERE user_id = $1 ORDER BY id', [userId])).rows;
  const sweep = (at: number) => s.services.spliceSweeper.sweep(at);

  async function add(w: number, h: number): Promise<number> {
    const images = new ImageService({ db: s.db, store: s.services.store });
    const img = await images.ingest(await jpeg(w, h), 'IMG.JPG');
    return (await images.addPhoto(s.db, gallery, img, { origin: 'IMG.JPG' }))!.id;
  }

  beforeAll(async () => {
    s = await startTestServer(backend);
    gallery = await insertGallery(s.db, { link_id: 'sweep001' });
    photos = [await add(600, 400), await add(400, 600), await add(600, 400), await add(500, 500)];
  });
  afterAll(() => s.close());
  beforeEach(async () => {
    // Each case starts from an empty folder and no rows.
    await s.db.query('DELETE FROM user_splices');
    for (const key of await stored()) await s.services.store.delete(key);
  });

  it('keeps finished pictures and deletes files no row names, once they are past the grace', async () => {
    const me = await newUser(s);
    const made = await create(me.token, [photos[0], photos[1]]);
    expect(made.statusCode).toBe(200);
    const hash = made.json().data as string;
    expect(await rowsOf(me.id)).toEqual([{ state: 'done', hash }]);
    const orphan = spliceKey(someHash());
    await s.services.store.put(orphan, Buffer.from('left by a crash'));
    expect(await stored()).toEqual([spliceKey(hash), orphan].sort());

    // A file just written is left (it may belong to a render in progress of an older process).
    expect(await sweep(now())).toEqual({ rows: 0, lost: 0, files: 0 });
    expect(await sweep(later())).toEqual({ rows: 0, lost: 0, files: 1 });
    expect(await stored()).toEqual([spliceKey(hash)]);
    expect(await rowsOf(me.id)).toEqual([{ state: 'done', hash }]);
    // Other names under splices/ are not the sweep's.
    await s.services.store.put('splices/readme.txt', Buffer.from('x'));
    expect(await sweep(later())).toEqual({ rows: 0, lost: 0, files: 0 });
    await s.services.store.delete('splices/readme.txt');

    // The maker deleted: the row goes with them (ON DELETE CASCADE), the file with the sweep.
    await s.db.query('DELETE FROM users WHERE id = $1', [me.id]);
    expect(await sweep(later())).toEqual({ rows: 0, lost: 0, files: 1 });
    expect(await stored()).toEqual([]);
  });

  it('keeps a picture two makers share until the last row naming it is gone', async () => {
    const [a, b] = [await newUser(s), await newUser(s)];
    const hash = (await create(a.token, [photos[2], photos[3]])).json().data as string;
    expect((await create(b.token, [photos[2], photos[3]])).json().data).toBe(hash);
    await s.db.query('DELETE FROM user_splices WHERE user_id = $1', [a.id]);
    expect(await sweep(later())).toEqual({ rows: 0, lost: 0, files: 0 });
    expect(await stored()).toEqual([spliceKey(hash)]);
    await s.db.query('DELETE FROM user_splices WHERE user_id = $1', [b.id]);
    expect(await sweep(later())).toEqual({ rows: 0, lost: 0, files: 1 });
  });

  it('deletes rows of abandoned renders, and leaves a render in progress alone', async () => {
    const me = await newUser(s);
    const hash = someHash();
    // A render that named its hash and stored its file, then its process died.
    const started = now();
    await s.db.query(
      `INSERT INTO user_splices (user_id, gallery_id, image_ids, created_at, hash, state) VALUES ($1, $2, $3::int[], $4, $5, 'rendering')`,
      [me.id, gallery, [photos[0], photos[1]], started, hash]
    );
    await s.services.store.put(spliceKey(hash), Buffer.from('half'));
    // While it may still be drawing: row and file stay, whatever the files' age.
    expect(await sweep(started + SPLICE_RENDER_ABANDON_S - 1)).toEqual({ rows: 0, lost: 0, files: 0 });
    expect(await rowsOf(me.id)).toEqual([{ state: 'rendering', hash }]);
    // A render in progress is never listed on the Find page.
    const list = await s.app.inject({ method: 'GET', url: '/api/v2/user/spliceimages', headers: { authorization: `Bearer ${me.token}` } });
    expect(list.json().data.total).toBe(0);
    // Abandoned: the row, then the file it named.
    expect(await sweep(later())).toEqual({ rows: 1, lost: 0, files: 1 });
    expect(await rowsOf(me.id)).toEqual([]);
    expect(await stored()).toEqual([]);
  });

  it('leaves no row and no file when the render fails', async () => {
    const me = await newUser(s);
    const broken = await add(600, 400);
    const { rows } = await s.db.query<{ hash: string }>('SELECT hash FROM photos WHERE id = $1', [broken]);
    await s.services.store.delete(originalKey(rows[0].hash));
    const r = await create(me.token, [photos[0], broken]);
    expect(r.statusCode).toBeGreaterThanOrEqual(400);
    expect(r.statusCode).toBeLessThan(600);
    expect(await rowsOf(me.id)).toEqual([]);
    expect(await stored()).toEqual([]);
  });

  it('keeps the file of a render that names its hash after the sweep found no row for it', async () => {
    const me = await newUser(s);
    const ids = [photos[1], photos[3]];
    const hash = (await create(me.token, ids)).json().data as string;
    // The row gone, the file old: an orphan the sweep wants.
    await s.db.query('DELETE FROM user_splices WHERE user_id = $1', [me.id]);
    // Right after the sweep learnt that no row names the hash, the maker draws the same picture
    // again: the render names the hash, finds the file and keeps it.
    const query = s.db.query.bind(s.db);
    let redrawn: Promise<unknown> | null = null;
    const spy = jest.spyOn(s.db, 'query').mockImplementation((async (sql: string, params?: unknown[]) => {
      const answer = await query(sql, params);
      if (!redrawn && sql.startsWith('SELECT DISTINCT hash FROM user_splices')) {
        expect(answer.rows).toEqual([]);
        redrawn = create(me.token, ids);
        expect((await redrawn as { json(): { data: string } }).json().data).toBe(hash);
      }
      return answer;
    }) as typeof s.db.query);
    try {
      expect(await sweep(later())).toEqual({ rows: 0, lost: 0, files: 0 });
    } finally {
      spy.mockRestore();
    }
    expect(redrawn).not.toBeNull();
    expect(await rowsOf(me.id)).toEqual([{ state: 'done', hash }]);
    expect(await stored()).toEqual([spliceKey(hash)]);
    const shown = await s.app.inject({
      method: 'POST',
      url: '/api/v2/usersplice/show',
      payload: { galleryid: gallery, imageids: ids.join(',') },
      headers: { authorization: `Bearer ${me.token}` }
    });
    expect((await s.app.inject({ method: 'GET', url: shown.json().data.url })).statusCode).toBe(200);

    // The sweep first, then the render: the file is gone, so the render stores it again.
    await s.db.query('DELETE FROM user_splices WHERE user_id = $1', [me.id]);
    expect(await sweep(later())).toEqual({ rows: 0, lost: 0, files: 1 });
    expect((await create(me.token, ids)).json().data).toBe(hash);
    expect(await stored()).toEqual([spliceKey(hash)]);
  });
  const show = (token: string, ids: number[]) =>
    s.app.inject({ method: 'POST', url: '/api/v2/usersplice/show', payload: { galleryid: gallery, imageids: ids.join(',') }, headers: { authorization: `Bearer ${token}` } });

  it('deletes finished rows whose file is gone, so the maker can make the picture again', async () => {
    const [a, b] = [await newUser(s), await newUser(s)];
    const ids = [photos[0], photos[2]];
    const hash = (await create(a.token, ids)).json().data as string;
    expect((await create(b.token, ids)).json().data).toBe(hash);
    const kept = (await create(a.token, [photos[1], photos[3]])).json().data as string;
    // The file is lost from the store: show still answers an address, and the address 404s.
    await s.services.store.delete(spliceKey(hash));
    const before = await show(a.token, ids);
    expect(before.json().code).toBe(200);
    expect((await s.app.inject({ method: 'GET', url: before.json().data.url })).statusCode).toBe(404);

    // Both makers' rows of the lost picture go at once (no grace: a finished row's file was stored before it turned 'done').
    expect(await sweep(now())).toEqual({ rows: 0, lost: 2, files: 0 });
    expect(await rowsOf(a.id)).toEqual([{ state: 'done', hash: kept }]);
    expect(await rowsOf(b.id)).toEqual([]);
    const gone = await show(a.token, ids);
    expect([gone.statusCode, gone.json().code]).toEqual([404, SpliceErrorCode.NOT_MADE]);
    const list = await s.app.inject({ method: 'GET', url: '/api/v2/user/spliceimages', headers: { authorization: `Bearer ${b.token}` } });
    expect(list.json().data.total).toBe(0);

    // Made again: stored anew and shown.
    expect((await create(a.token, ids)).json().data).toBe(hash);
    expect(await stored()).toEqual([spliceKey(hash), spliceKey(kept)].sort());
    const again = await show(a.token, ids);
    expect((await s.app.inject({ method: 'GET', url: again.json().data.url })).statusCode).toBe(200);
    expect(await sweep(later())).toEqual({ rows: 0, lost: 0, files: 0 });
  });

  it('keeps a finished row whose file a render is storing', async () => {
    const [a, b] = [await newUser(s), await newUser(s)];
    const ids = [photos[1], photos[2]];
    const hash = (await create(a.token, ids)).json().data as string;
    await s.services.store.delete(spliceKey(hash));
    // Another maker's render of the same picture has named the hash and is about to store the file.
    await s.db.query(
      `INSERT INTO user_splices (user_id, gallery_id, image_ids, created_at, hash, state) VALUES ($1, $2, $3::int[], $4, $5, 'rendering')`,
      [b.id, gallery, ids, now(), hash]
    );
    expect(await sweep(now())).toEqual({ rows: 0, lost: 0, files: 0 });
    expect(await rowsOf(a.id)).toEqual([{ state: 'done', hash }]);

    // The render stored the file after the sweep listed the store: checked again under the lock, the row stays.
    await s.db.query('DELETE FROM user_splices WHERE user_id = $1', [b.id]);
    const query = s.db.query.bind(s.db);
    let restored = false;
    const spy = jest.spyOn(s.db, 'query').mockImplementation((async (sql: string, params?: unknown[]) => {
      const answer = await query(sql, params);
      if (!restored && sql.startsWith('SELECT hash FROM user_splices WHERE hash > $1')) {
        restored = true;
        await s.services.store.put(spliceKey(hash), Buffer.from('stored by the render'));
      }
      return answer;
    }) as typeof s.db.query);
    try {
      expect(await sweep(now())).toEqual({ rows: 0, lost: 0, files: 0 });
    } finally {
      spy.mockRestore();
    }
    expect(restored).toBe(true);
    expect(await rowsOf(a.id)).toEqual([{ state: 'done', hash }]);
  });
});
