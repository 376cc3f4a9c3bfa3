import { BACKENDS, startTestServer, type TestServer } from './helpers';
import { RateLimiter } from '../../server/src/services/shared/rateLimit';
import { AppError } from '../../server/src/errors';

describe.each(BACKENDS)('rate limits on %s', (backend) => {
  let s: TestServer;
  beforeAll(async () => {
    s = await startTestServer(backend);
  });
  afterAll(() => s.close());

  it('allows up to the limit per window, refuses beyond it with 429, and opens again in the next window', async () => {
    let t = 1_000_040; // 20 s into a 60 s window
    const limits = new RateLimiter(s.db, () => t);
    const rule = { limit: 3, windowS: 60 };
    for (let i = 1; i <= 3; i++) expect((await limits.hit('pw:1.2.3.4', rule)).allowed).toBe(true);
    const over = await limits.hit('pw:1.2.3.4', rule);
    expect(over).toMatchObject({ allowed: false, count: 4, retryAfter: 40 });
    await expect(limits.enforce('pw:1.2.3.4', rule)).rejects.toMatchObject({ code: 429, data: { retry_after: 40 } });
    // Another key is not affected.
    expect((await limits.hit('pw:5.6.7.8', rule)).allowed).toBe(true);
    t += 60;
    expect((await limits.hit('pw:1.2.3.4', rule)).allowed).toBe(true);
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
