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

/** An IPv6 address as its eight 16-bit groups, or null when it is not one. */
function ipv6Groups(ip: string): number[] | null {
  if (!ip.includes(':')) return null;
  let text = ip.split('%')[0].toLowerCase();
  // A trailing dotted IPv4 (::ffff:1.2.3.4) becomes two groups.
  const v4 = /(\d+)\.(\d+)\.(\d+)\.(\d+)$/.exec(text);
  if (v4) {
    const [a, b, c, d] = v4.slice(1).map(Number);
    text = `${text.slice(0, v4.index)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head, tail, extra] = text.split('::');
  if (extra !== undefined) return null;
  const parse = (s: string) => (s ? s.split(':').map((g) => parseInt(g, 16)) : []);
  const h = parse(head);
  const t = tail === undefined ? [] : parse(tail);
  const fill = tail === undefined ? 0 : 8 - h.length - t.length;
  const groups = [...h, ...Array<number>(Math.max(fill, 0)).fill(0), ...t];
  return groups.length === 8 && groups.every((g) => Number.isInteger(g) && g >= 0 && g <= 0xffff) ? groups : null;
}

/**
 * The address a per-client limit counts by: IPv4 as it is (an IPv4-mapped IPv6 address
 * too), IPv6 by its /64, since one subscriber usually holds a whole /64 and could
 * otherwise take a fresh address per request.
 */
export function clientAddressKey(ip: string): string {
  const g = ipv6Groups(ip);
  if (!g) return ip;
  if (g.slice(0, 5).every((x) => x === 0) && g[5] === 0xffff) return `${g[6] >> 8}.${g[6] & 255}.${g[7] >> 8}.${g[7] & 255}`;
  return `${g
    .slice(0, 4)
    .map((x) => x.toString(16))
    .join(':')}::/64`;
}
