import { BACKENDS, startTestServer, type TestServer } from './helpers';
import { RateLimiter } from '../../server/src/services/shared/rateLimit';
import { AppError } from '../../server/src/errors';

describe.each(BACKENDS)('rate limits on %s', (backend) => {
  let s: TestServer;
  beforeAll(async () => {
    s = await startTestServer(backend);
  });
  afterAll(() => s.close());

  it('allows up to the limit per window, refuses beyond it with 429 and the seconds until a hit is allowed, and opens again once the window slid past', async () => {
    let t = 1_000_040;
    const limits = new RateLimiter(s.db, () => t);
    const rule = { limit: 3, windowS: 60 };
    expect(await limits.hit('pw:1.2.3.4', rule)).toEqual({ allowed: true, count: 1, retryAfter: 0 });
    for (let i = 2; i <= 3; i++) expect((await limits.hit('pw:1.2.3.4', rule)).allowed).toBe(true);
    // These hits leave the window 60 s later.
    const over = await limits.hit('pw:1.2.3.4', rule);
    expect(over).toEqual({ allowed: false, count: 4, retryAfter: 60 });
    await expect(limits.enforce('pw:1.2.3.4', rule)).rejects.toMatchObject({ code: 429, data: { retry_after: 60 } });
    // Another key is not affected.
    expect((await limits.hit('pw:5.6.7.8', rule)).allowed).toBe(true);
    t += 59;
    expect((await limits.hit('pw:1.2.3.4', rule)).allowed).toBe(false);
    t += 1;
    expect((await limits.hit('pw:1.2.3.4', rule)).allowed).toBe(true);
  });

  it('a burst straddling a window boundary counts whole: 10 hits at the end of a minute and an 11th at the start of the next are refused', async () => {
    const minute = 1_200_000; // a multiple of 60: the fixed windows this replaces began here
    let t = minute - 1;
    const limits = new RateLimiter(s.db, () => t);
    const rule = { limit: 10, windowS: 60 };
    for (let i = 0; i < 10; i++) expect((await limits.hit('straddle', rule)).allowed).toBe(true);
    t = minute;
    const refused = await limits.hit('straddle', rule);
    // The ten leave the window 60 s after their second: 59 s from now.
    expect(refused).toEqual({ allowed: false, count: 11, retryAfter: 59 });
    t = minute + 30;
    expect((await limits.hit('straddle', rule)).allowed).toBe(false);
    // Once the window has slid past the ten (and the refused hits, which count too), hits are allowed again.
    t = minute + 30 + 59;
    const state = await limits.hit('straddle', rule);
    expect(state.allowed).toBe(true);
    // In the window now: the hit refused at minute + 30, and this one.
    expect(await limits.peek('straddle', rule)).toBe(2);
  });

  it('retry_after is the wait until a hit is allowed, also for long windows; a hit then is allowed, one second earlier it is not', async () => {
    for (const rule of [{ limit: 10, windowS: 60 }, { limit: 1, windowS: 60 }, { limit: 5, windowS: 86_400 }, { limit: 2, windowS: 7 }]) {
      for (const from of [3_000_000, 3_000_001, 3_000_059, 3_004_321]) {
        const key = `wait:${rule.windowS}:${rule.limit}:${from}`;
        let t = from;
        const limits = new RateLimiter(s.db, () => t);
        let last = await limits.hit(key, rule);
        for (let i = 0; i < rule.limit; i++) last = await limits.hit(key, rule);
        expect(last.allowed).toBe(false);
        expect(last.retryAfter).toBeGreaterThanOrEqual(rule.windowS);
        const wait = last.retryAfter;
        t = from + wait - 1;
        expect([key, (await limits.peek(key, rule)) + 1 > rule.limit]).toEqual([key, true]);
        t = from + wait;
        expect([key, (await limits.hit(key, rule)).allowed]).toEqual([key, true]);
      }
    }
  });

  it('counts concurrent hits exactly (no lost updates)', async () => {
    const limits = new RateLimiter(s.db, () => 2_000_000);
    const rule = { limit: 5, windowS: 600 };
    const results = await Promise.all(Array.from({ length: 20 }, () => limits.hit('sms:13800000000', rule)));
    expect(results.filter((r) => r.allowed)).toHaveLength(5);
    expect(Math.max(...results.map((r) => r.count))).toBe(20);
    expect(await limits.peek('sms:13800000000', rule)).toBe(20);
    await limits.reset('sms:13800000000');
    expect(await limits.peek('sms:13800000000', rule)).toBe(0);
  });

  it('is an AppError the error handler turns into an envelope', async () => {
    const limits = new RateLimiter(s.db, () => 3_000_000);
    const rule = { limit: 0, windowS: 60 };
    const e = await limits.enforce('x', rule, 'Slow down').catch((x) => x);
    expect(e).toBeInstanceOf(AppError);
    expect(e.message).toBe('Slow down');
  });
});
