/**
 * Red packet grabs under load (issue 15 Tests, Concurrency): 1,000 concurrent claimers of a
 * 10-share packet get exactly 10 shares, whose sum is the total, no user twice; one user's 50
 * parallel grabs succeed once. On PGlite (the SQL grabber) and on PostgreSQL with Redis (the Lua
 * grabber; TEST_DATABASE_URL and TEST_REDIS_URL, the local defaults otherwise, failing when either
 * is unreachable) — and on PostgreSQL alone (SQL with SKIP LOCKED) when TEST_DATABASE_URL is set.
 */
import Redis from 'ioredis';
import { startTestServer, type TestServer } from './helpers';
import { bulkUsers, grabAll, packetGallery, sendPacket, type RpUser } from './redpacket-fixture';

jest.setTimeout(300_000);

const PG_URL = process.env.TEST_DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/test';
const REDIS_URL = process.env.TEST_REDIS_URL || 'redis://127.0.0.1:6379';

type Setup = { name: string; backend: 'pglite' | 'postgres'; env: Record<string, string>; grabber: 'sql' | 'redis' };
const SETUPS: Setup[] = [
  { name: 'PGlite', backend: 'pglite', env: {}, grabber: 'sql' },
  { name: 'PostgreSQL + Redis', backend: 'postgres', env: { REDIS_URL }, grabber: 'redis' },
  ...(process.env.TEST_DATABASE_URL ? [{ name: 'PostgreSQL', backend: 'postgres' as const, env: {}, grabber: 'sql' as const }] : [])
];

describe.each(SETUPS)('grabbing red packets on $name', ({ backend, env, grabber }) => {
  let s: TestServer;
  let gallery: number;
  let sender: RpUser;
  let claimers: RpUser[];

  beforeAll(async () => {
    if (backend === 'postgres') {
      process.env.TEST_DATABASE_URL = PG_URL;
      if (env.REDIS_URL) {
        const probe = new Redis(REDIS_URL, { lazyConnect: true, maxRetriesPerRequest: 1 });
        await probe.connect().catch((e: Error) => {
          throw new Error(`Redis at ${REDIS_URL} is not reachable (${e.message}): start it or set TEST_REDIS_URL`);
        });
        await probe.quit();
      }
    }
    s = await startTestServer(backend, env);
    expect(s.services.redPacketGrabber.kind).toBe(grabber);
    gallery = await packetGallery(s.db);
    [sender, ...claimers] = await bulkUsers(s.db, 1001);
  });
  afterAll(() => s?.close());

  it('1,000 concurrent claimers of a 10-share packet: exactly 10 win, the sum is the total, nobody twice', async () => {
    const p = await sendPacket(s.app, sender.token, gallery, { amount: '123.45', number: '10', type: 'luck' });
    const answers = await grabAll(s.app, p.id, claimers);
    expect(answers.filter((a) => a.status !== 200)).toEqual([]);
    const won = answers.map((a, i) => ({ a, u: claimers[i] })).filter((x) => x.a.data.won);
    expect(won).toHaveLength(10);
    expect(won.reduce((sum, x) => sum + x.a.data.amount, 0)).toBe(12_345);
    expect(answers.filter((a) => !a.data.won).every((a) => a.data.status === 'end' && a.data.amount === null)).toBe(true);

    const { rows } = await s.db.query<{ user_id: number; amount_cents: number }>(
      `SELECT user_id, amount_cents FROM red_packet_shares WHERE packet_id = $1 AND state = 'taken' ORDER BY user_id`,
      [p.id]
    );
    expect(rows).toHaveLength(10);
    expect(new Set(rows.map((r) => r.user_id)).size).toBe(10);
    expect(rows.map((r) => r.user_id)).toEqual(won.map((x) => x.u.id).sort((a, b) => a - b));
    expect(rows.reduce((sum, r) => sum + r.amount_cents, 0)).toBe(12_345);
    const packet = await s.db.query<{ goted: number; got_cents: number }>('SELECT goted, got_cents FROM red_packets WHERE id = $1', [p.id]);
    expect(packet.rows[0]).toEqual({ goted: 10, got_cents: 12_345 });
    const payouts = await s.db.query<{ n: number; sum: number; users: number }>(
      'SELECT count(*) AS n, sum(amount_cents) AS sum, count(DISTINCT user_id) AS users FROM red_packet_payouts WHERE packet_id = $1',
      [p.id]
    );
    expect(payouts.rows[0]).toEqual({ n: 10, sum: 12_345, users: 10 });
  });

  it('lucky packets under concurrent grabs: every share at least 1 yuan, the sum exact, one share per user', async () => {
    for (const [amount, number, total] of [['5', '5', 500], ['10.00', '9', 1000], ['12.34', '12', 1234]] as const) {
      const p = await sendPacket(s.app, sender.token, gallery, { amount, number, type: 'luck' });
      const crowd = claimers.slice(0, 100);
      const answers = await grabAll(s.app, p.id, [...crowd, ...crowd.slice(0, 20)]);
      expect(answers.filter((a) => a.status !== 200)).toEqual([]);
      const { rows } = await s.db.query<{ user_id: number; amount_cents: number }>(
        `SELECT user_id, amount_cents FROM red_packet_shares WHERE packet_id = $1 AND state = 'taken'`,
        [p.id]
      );
      expect([amount, rows.length]).toEqual([amount, Number(number)]);
      expect([amount, new Set(rows.map((r) => r.user_id)).size]).toEqual([amount, Number(number)]);
      expect([amount, rows.reduce((sum, r) => sum + r.amount_cents, 0)]).toEqual([amount, total]);
      expect([amount, rows.filter((r) => r.amount_cents < 100)]).toEqual([amount, []]);
      expect([amount, answers.filter((a) => a.data.won).every((a) => a.data.amount >= 100)]).toEqual([amount, true]);
    }
  });

  it("one user's 50 parallel grabs succeed once", async () => {
    const p = await sendPacket(s.app, sender.token, gallery, { amount: '10', number: '10', type: 'normal' });
    const one = claimers[0];
    const answers = await grabAll(s.app, p.id, Array(50).fill(one));
    expect(answers.filter((a) => a.status !== 200)).toEqual([]);
    expect(answers.filter((a) => a.data.won)).toHaveLength(1);
    expect(answers.every((a) => a.data.status === 'done' && a.data.amount === 100)).toBe(true);
    const { rows } = await s.db.query<{ n: number }>(`SELECT count(*) AS n FROM red_packet_shares WHERE packet_id = $1 AND state = 'taken'`, [p.id]);
    expect(rows[0].n).toBe(1);
    // The other nine are still there for others, all at once.
    const rest = await grabAll(s.app, p.id, claimers.slice(1, 40));
    expect(rest.filter((a) => a.data.won)).toHaveLength(9);
  });
});
