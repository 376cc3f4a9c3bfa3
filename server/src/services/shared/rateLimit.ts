import type { Db } from '../../db';
import { AppError } from '../../errors';
import { ErrorCode } from '../../../../types/envelope';

export interface LimitRule {
  /** Most hits allowed per window. */
  limit: number;
  /** Window length in seconds. */
  windowS: number;
}

export interface LimitState {
  allowed: boolean;
  count: number;
  /** Seconds until the window ends (Retry-After). */
  retryAfter: number;
}

const now = () => Math.floor(Date.now() / 1000);

/**
 * Fixed-window rate limits kept in the database, so every server process shares
 * them (login, password checks, SMS sends and code checks; issue 5). A hit is
 * counted even when it is refused, so hammering a closed window keeps it closed.
 */
export class RateLimiter {
  private lastPrune = 0;

  constructor(
    private db: Db,
    private clock: () => number = now
  ) {}

  /** Count one hit on `key`; answers whether it is within the rule. */
  async hit(key: string, rule: LimitRule): Promise<LimitState> {
    const t = this.clock();
    const start = t - (t % rule.windowS);
    const { rows } = await this.db.query<{ count: number }>(
      `INSERT INTO rate_limits (key, window_start, count) VALUES ($1, $2, 1)
       ON CONFLICT (key, window_start) DO UPDATE SET count = rate_limits.count + 1
       RETURNING count`,
      [key, start]
    );
    await this.prune(t);
    const count = rows[0].count;
    return { allowed: count <= rule.limit, count, retryAfter: start + rule.windowS - t };
  }

  /** Count a hit and throw a 429 envelope when over the rule. */
  async enforce(key: string, rule: LimitRule, message = 'Too many requests, please try again later'): Promise<void> {
    const s = await this.hit(key, rule);
    if (!s.allowed) throw new AppError(ErrorCode.TOO_MANY_REQUESTS, message, { retry_after: s.retryAfter });
  }

  /** Hits counted in the current window, without counting one. */
  async peek(key: string, rule: LimitRule): Promise<number> {
    const t = this.clock();
    const { rows } = await this.db.query<{ count: number }>('SELECT count FROM rate_limits WHERE key = $1 AND window_start = $2', [key, t - (t % rule.windowS)]);
    return rows[0]?.count ?? 0;
  }

  /** Forget a key's current window (e.g. after a successful check). */
  async reset(key: string): Promise<void> {
    await this.db.query('DELETE FROM rate_limits WHERE key = $1', [key]);
  }

  /** Drop windows older than a day, at most once a minute. */
  private async prune(t: number): Promise<void> {
    if (t - this.lastPrune < 60) return;
    this.lastPrune = t;
    await this.db.query('DELETE FROM rate_limits WHERE window_start < $1', [t - 86400]);
  }
}
