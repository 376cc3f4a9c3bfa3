import { BACKENDS, startTestServer, type TestServer } from './helpers';

async function insertUser(s: TestServer, openid: string, nickname: string, photo: string, isMock: boolean): Promise<void> {
  await s.db.query('INSERT INTO users (openid, nickname, photo, is_mock, created_at) VALUES ($1, $2, $3, $4, 0)', [openid, nickname, photo, isMock]);
}

describe.each(BACKENDS)('GET /api/v2/user/sharer/{openid} on %s', (backend) => {
  let s: TestServer;
  beforeAll(async () => {
    s = await startTestServer(backend);
    await insertUser(s, 'wx_ann', 'Ann', 'https://thirdwx.qlogo.cn/ann.png', false);
    await insertUser(s, 'guest_abc', '', '', true);
    await insertUser(s, 'mock_named', 'Mocky', 'https://x/m.png', true);
    await insertUser(s, 'wx_noname', '', 'https://x/n.png', false);
  });
  afterAll(async () => {
    await s?.close();
  });

  const get = (openid: string) => s.app.inject({ method: 'GET', url: `/api/v2/user/sharer/${openid}` });

  it('a real user: only nickname and avatar, without a login', async () => {
    const r = await get('wx_ann');
    expect(r.statusCode).toBe(200);
    expect(r.json()).toEqual({ code: 200, data: { nickname: 'Ann', photo: 'https://thirdwx.qlogo.cn/ann.png' }, msg: 'ok' });
  });

  it('unknown openids, guests and users without a nickname stay anonymous (null)', async () => {
    for (const id of ['nobody', 'guest_abc', 'mock_named', 'wx_noname']) {
      const r = await get(id);
      expect(r.statusCode).toBe(200);
      expect(r.json().data).toBeNull();
    }
  });

  it('a malformed openid is a clear 400', async () => {
    for (const bad of ['a%20b', 'x'.repeat(65), '%27%3B--']) {
      const r = await get(bad);
      expect(r.statusCode).toBe(400);
      expect(r.json()).toMatchObject({ code: 400, data: null });
      expect(r.json().msg).toContain('openid');
    }
  });
});
