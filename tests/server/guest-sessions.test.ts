// Guest sessions are limited per client address and minute (GUEST_SESSIONS_PER_MIN), and
// guests that never came back are pruned (issue 11, findings 5: 2,000 calls from one
// address made 2,000 users).
import crypto from 'node:crypto';
import { BACKENDS, insertGallery, insertPhotos, startTestServer, type TestServer } from './helpers';
import { SESSION_TTL_S } from '../../server/src/services/session/session';
import { GuestPruner } from '../../server/src/services/session/guestPrune';
import { clientAddressKey } from '../../server/src/services/shared/rateLimit';

const LIMIT = 5;
const DAY = 86400;
const hashOf = (token: string) => crypto.createHash('sha256').update(token).digest('hex');

describe('clientAddressKey', () => {
  it('keeps IPv4, unwraps IPv4-mapped IPv6 and counts other IPv6 by its /64', () => {
    expect(clientAddressKey('203.0.113.9')).toBe('203.0.113.9');
    expect(clientAddressKey('::ffff:203.0.113.9')).toBe('203.0.113.9');
    expect(clientAddressKey('2001:db8:1:2:aaaa::1')).toBe('2001:db8:1:2::/64');
    expect(clientAddressKey('2001:db8:1:2:ffff:ffff:ffff:ffff')).toBe('2001:db8:1:2::/64');
    expect(clientAddressKey('2001:0db8:0001:0003::1')).toBe('2001:db8:1:3::/64');
    expect(clientAddressKey('::1')).toBe('0:0:0:0::/64');
    expect(clientAddressKey('fe80::1%eth0')).toBe('fe80:0:0:0::/64');
    expect(clientAddressKey('not-an-ip')).toBe('not-an-ip');
  });
});

describe.each(BACKENDS)('guest sessions on %s', (backend) => {
  let s: TestServer;
  const users = async () => (await s.db.query<{ n: number }>('SELECT count(*)::int AS n FROM users')).rows[0].n;
  const session = (remoteAddress: string, opts: { token?: string; xff?: string } = {}) =>
    s.app.inject({
      method: 'GET',
      url: '/session.js',
      remoteAddress,
      headers: { ...(opts.token ? { authorization: `Bearer ${opts.token}` } : {}), ...(opts.xff ? { 'x-forwarded-for': opts.xff } : {}) }
    });

  beforeAll(async () => {
    s = await startTestServer(backend, { GUEST_SESSIONS_PER_MIN: String(LIMIT), GUEST_PRUNE_DAYS: '3', TRUST_PROXY: '127.0.0.1' });
  });
  afterAll(() => s.close());

  describe('the per-address limit', () => {
    let t0: number;
    beforeEach(() => {
      // Pin the clock inside one minute window, so a test's calls share it.
      t0 = (Math.floor(Date.now() / 60_000) + 1) * 60_000 + 1000;
      jest.spyOn(Date, 'now').mockImplementation(() => t0);
    });
    afterEach(() => jest.restoreAllMocks());

    it('creates at most GUEST_SESSIONS_PER_MIN guests per address and minute; beyond, 429 with retry_after and no row written', async () => {
      const before = await users();
      const tokens: string[] = [];
      for (let i = 0; i < LIMIT; i++) {
        const r = await session('10.5.0.1');
        expect(r.statusCode).toBe(200);
        tokens.push(r.json().data.token);
      }
      expect(new Set(tokens).size).toBe(LIMIT);
      // A flood from the same address: every further call is refused and writes no user.
      const flood = await Promise.all(Array.from({ length: 40 }, () => session('10.5.0.1')));
      for (const r of flood) {
        expect(r.statusCode).toBe(429);
        expect(r.json()).toEqual({ code: 429, data: { retry_after: 60 }, msg: expect.stringMatching(/new sessions/) });
      }
      expect((await users()) - before).toBe(LIMIT);

      // Guests already there keep resuming their sessions: only creating a guest counts.
      for (const token of tokens) {
        const r = await session('10.5.0.1', { token });
        expect(r.statusCode).toBe(200);
        expect(r.json().data.token).toBe(token);
      }
      // Another address has its own limit.
      expect((await session('10.5.0.2')).statusCode).toBe(200);
      // The next minute opens again.
      t0 += 60_000;
      expect((await session('10.5.0.1')).statusCode).toBe(200);
      expect((await users()) - before).toBe(LIMIT + 2);
    });

    it('counts an IPv6 client by its /64', async () => {
      for (let i = 0; i < LIMIT; i++) expect((await session(`2001:db8:7:7::${i + 1}`)).statusCode).toBe(200);
      expect((await session('2001:db8:7:7:abcd::99')).statusCode).toBe(429);
      expect((await session('2001:db8:7:8::1')).statusCode).toBe(200);
    });

    it('behind a trusted proxy counts the forwarded client, not the proxy', async () => {
      for (let i = 0; i < LIMIT; i++) expect((await session('127.0.0.1', { xff: '198.51.100.1' })).statusCode).toBe(200);
      expect((await session('127.0.0.1', { xff: '198.51.100.1' })).statusCode).toBe(429);
      // Other visitors behind the same proxy are not refused for it.
      expect((await session('127.0.0.1', { xff: '198.51.100.2' })).statusCode).toBe(200);
    });
  });

  describe('pruning guests that never came back', () => {
    let gallery: number;
    let photo: number;
    /** A guest made now (created_at now), its id and token. */
    const guest = async () => {
      const { user, token } = await s.services.sessions.createOrResume(undefined);
      return { id: user.id, token };
    };
    const setSession = (token: string, expiresAt: number) => s.db.query('UPDATE sessions SET expires_at = $2 WHERE token_hash = $1', [hashOf(token), expiresAt]);
    const exists = async (id: number) => (await s.db.query('SELECT 1 FROM users WHERE id = $1', [id])).rows.length === 1;

    beforeAll(async () => {
      gallery = await insertGallery(s.db, { link_id: 'prune01', name: 'Prune' });
      [photo] = await insertPhotos(s.db, gallery, 1);
    });

    it('deletes guests with no activity whose sessions expired or sat idle, and keeps everyone else', async () => {
      const t0 = Math.floor(Date.now() / 1000);
      const at = t0 + 10 * DAY; // the sweep's "now": every guest below is 10 days old
      const expired = await guest();
      await setSession(expired.token, at - DAY);
      const idle = await guest(); // last resumed 4 days before the sweep (GUEST_PRUNE_DAYS=3), not expired
      await setSession(idle.token, at - 4 * DAY + SESSION_TTL_S);
      const recent = await guest(); // resumed an hour before the sweep
      await setSession(recent.token, at - 3600 + SESSION_TTL_S);
      const twoSessions = await guest(); // one expired session, one recent
      await setSession(twoSessions.token, at - DAY);
      await s.db.query('INSERT INTO sessions (token_hash, user_id, created_at, expires_at) VALUES ($1, $2, $3, $4)', [hashOf('second'), twoSessions.id, t0, at + SESSION_TTL_S - 60]);
      const liked = await guest();
      await setSession(liked.token, at - DAY);
      await s.db.query('INSERT INTO photo_likes (user_id, photo_id, gallery_id, created_at) VALUES ($1, $2, $3, $4)', [liked.id, photo, gallery, t0]);
      await s.db.query('UPDATE photos SET love = love + 1 WHERE id = $1', [photo]);
      const visited = await guest();
      await setSession(visited.token, at - DAY);
      await s.db.query('INSERT INTO gallery_visits (user_id, gallery_id, visited_at) VALUES ($1, $2, $3)', [visited.id, gallery, t0]);
      const passed = await guest();
      await setSession(passed.token, at - DAY);
      await s.db.query(`INSERT INTO gate_passes (user_id, gallery_id, kind, expires_at) VALUES ($1, $2, 'pgdata', $3)`, [passed.id, gallery, t0]);
      const counted = await guest();
      await setSession(counted.token, at - DAY);
      await s.db.query('INSERT INTO stat_minutes (user_id, gallery_id, minute, views) VALUES ($1, $2, $3, 1)', [counted.id, gallery, t0]);
      const young = await guest(); // created a day before the sweep, session already gone
      await s.db.query('UPDATE users SET created_at = $2 WHERE id = $1', [young.id, at - DAY]);
      await s.db.query('DELETE FROM sessions WHERE user_id = $1', [young.id]);
      const real = await guest(); // a logged-in user is never a guest to prune
      await s.db.query('UPDATE users SET is_mock = false WHERE id = $1', [real.id]);
      await setSession(real.token, at - DAY);

      const deleted = await s.services.guests.prune(at);
      expect(deleted).toBeGreaterThanOrEqual(2);
      const gone = { expired, idle };
      const kept = { recent, twoSessions, liked, visited, passed, counted, young, real };
      for (const [name, g] of Object.entries(gone)) expect([name, await exists(g.id)]).toEqual([name, false]);
      for (const [name, g] of Object.entries(kept)) expect([name, await exists(g.id)]).toEqual([name, true]);
      // Their sessions went with them; the like count of the kept guest's like is untouched.
      expect((await s.db.query('SELECT 1 FROM sessions WHERE user_id = ANY($1::int[])', [[expired.id, idle.id]])).rows).toHaveLength(0);
      expect((await s.db.query<{ love: number }>('SELECT love FROM photos WHERE id = $1', [photo])).rows[0].love).toBe(1);
      // A second sweep finds nothing more.
      expect(await s.services.guests.prune(at)).toBe(0);
    });

    it('prunes a guest that merged into a user at login, and keeps the user with what the guest brought', async () => {
      const ip = '10.6.0.1';
      const post = (token: string, code: string) =>
        s.app.inject({ method: 'POST', url: '/api/v2/auth/mp/login', remoteAddress: ip, headers: { authorization: `Bearer ${token}` }, payload: { code } });
      const first = await guest();
      expect((await post(first.token, 'sandbox:Pia:a1')).json().code).toBe(200);
      const second = await guest();
      await s.db.query('INSERT INTO gallery_visits (user_id, gallery_id, visited_at) VALUES ($1, $2, $3)', [second.id, gallery, 1]);
      expect((await post(second.token, 'sandbox:Pia:a2')).json().code).toBe(200);
      // The merge left the second guest's user row with no session and no rows.
      expect(await exists(second.id)).toBe(true);
      await s.services.guests.prune(Math.floor(Date.now() / 1000) + 10 * DAY);
      expect(await exists(second.id)).toBe(false);
      expect(await exists(first.id)).toBe(true);
      expect((await s.db.query('SELECT 1 FROM gallery_visits WHERE user_id = $1', [first.id])).rows).toHaveLength(1);
      // Both tokens are the user's sessions now, and they still work.
      for (const token of [first.token, second.token]) {
        const r = await session(ip, { token });
        expect(r.json().data).toMatchObject({ token, user: { nickname: 'Pia', is_mock: false } });
      }
    });

    it('answers a new guest to a token whose guest was pruned while it sat in the session cache', async () => {
      const g = await guest();
      await setSession(g.token, Math.floor(Date.now() / 1000) + 60);
      // Looked up (cached for a minute), then pruned as expired.
      expect((await s.services.sessions.resolve(g.token))?.id).toBe(g.id);
      await s.services.guests.prune(Math.floor(Date.now() / 1000) + 10 * DAY);
      expect(await exists(g.id)).toBe(false);
      const r = await session('10.7.0.1', { token: g.token });
      expect(r.statusCode).toBe(200);
      const fresh = r.json().data;
      expect(fresh.token).not.toBe(g.token);
      // The new guest works: its token resolves to a user that exists.
      const user = await s.services.sessions.resolve(fresh.token);
      expect(user && (await exists(user.id))).toBe(true);
    });

    it('sweeps on its own once started, and stops when asked', async () => {
      const g = await guest();
      await setSession(g.token, 1);
      await s.db.query('UPDATE users SET created_at = 1 WHERE id = $1', [g.id]);
      const pruner = new GuestPruner(s.db, 3);
      const warnings: unknown[] = [];
      const stop = pruner.startSweeping(3_600_000, 0, (msg, err) => warnings.push([msg, err]));
      for (let i = 0; i < 100 && (await exists(g.id)); i++) await new Promise((r) => setTimeout(r, 50));
      await stop();
      expect(await exists(g.id)).toBe(false);
      expect(warnings).toEqual([]);
    });
  });
});
