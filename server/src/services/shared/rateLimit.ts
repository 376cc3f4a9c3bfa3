import type { Db } from '../../db';
import { AppError } from '../../errors';
import { ErrorCode } from '../../../../types/envelope';

export interface LimitRule {
  /** Most hits allowed in any window of `windowS` seconds. */
  limit: number;
  /** Window length in seconds (at most MAX_WINDOW_S). */
  windowS: number;
}

export interface LimitState {
  allowed: boolean;
  /** Hits in the sliding window ending now, this one included (the slice at its far edge counted whole). */
  count: number;
  /** Seconds until another hit would be allowed (0: now); Retry-After of a refusal. */
  retryAfter: number;
}

/**
 * Each window is counted in this many slices (its rows in rate_limits): seconds for a minute, so a
 * minute's limits are exact; in longer windows a refusal lasts at most one slice longer than needed.
 */
export const WINDOW_SLICES = 60;
/** Longest window a rule may have (slices are kept twice as long, then pruned). */
export const MAX_WINDOW_S = 86400;

const now = () => Math.floor(Date.now() / 1000);

interface Slice {
  start: number;
  count: number;
}

/**
 * Sliding-window rate limits kept in the database, so every server process shares them (login,
 * password checks, SMS sends and code checks; issue 5). A window of W seconds is counted in
 * WINDOW_SLICES slices of W/60 seconds (rows of rate_limits keyed by the slice's start): a hit at t
 * is allowed when the hits of every slice that may hold a second of (t − W, t] are at most the
 * limit. The slice at the far edge counts whole until all of it has left the window, so no W
 * seconds ever hold more than `limit` allowed hits, wherever the boundaries fall: 10 hits at the end
 * of a minute and an 11th at the start of the next are 11 in a minute.
 * A hit is counted even when it is refused, so hammering a closed window keeps it closed.
 * Concurrent hits are exact: only the current slice is written (its count comes back from the
 * one atomic upsert), and earlier slices no longer change.
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
    const size = sliceSize(rule);
    const start = t - (t % size);
    const { rows } = await this.db.query<{ count: number }>(
      `INSERT INTO rate_limits (key, window_start, count) VALUES ($1, $2, 1)
       ON CONFLICT (key, window_start) DO UPDATE SET count = rate_limits.count + 1
       RETURNING count`,
      [key, start]
    );
    const slices = [...(await this.slicesBefore(key, rule, t, start)), { start, count: Number(rows[0].count) }];
    await this.prune(t);
    const count = hitsIn(slices, t, rule.windowS, size);
    return { allowed: count <= rule.limit, count, retryAfter: retryAfter(slices, t, rule, size) };
  }

  /** Count a hit and throw a 429 envelope when over the rule. */
  async enforce(key: string, rule: LimitRule, message = 'Too many requests, please try again later'): Promise<void> {
    const s = await this.hit(key, rule);
    if (!s.allowed) throw new AppError(ErrorCode.TOO_MANY_REQUESTS, message, { retry_after: s.retryAfter });
  }

  /** Hits in the sliding window ending now (as `count` of hit()), without counting one. */
  async peek(key: string, rule: LimitRule): Promise<number> {
    const t = this.clock();
    const size = sliceSize(rule);
    // Every slice that overlaps the window, the current one included, in one read.
    return hitsIn(await this.slicesBefore(key, rule, t, t - (t % size) + 1), t, rule.windowS, size);
  }

  /** Forget a key's hits (e.g. after a successful check). */
  async reset(key: string): Promise<void> {
    await this.db.query('DELETE FROM rate_limits WHERE key = $1', [key]);
  }

  /** The key's slices starting before `before` that still overlap the window ending at `t`. */
  private async slicesBefore(key: string, rule: LimitRule, t: number, before: number): Promise<Slice[]> {
    const { rows } = await this.db.query<{ window_start: number | string; count: number }>(
      'SELECT window_start, count FROM rate_limits WHERE key = $1 AND window_start > $2 AND window_start < $3',
      [key, t - rule.windowS - sliceSize(rule), before]
    );
    return rows.map((r) => ({ start: Number(r.window_start), count: Number(r.count) }));
  }

  /** Drop slices older than two of the longest windows, at most once a minute. */
  private async prune(t: number): Promise<void> {
    if (t - this.lastPrune < 60) return;
    this.lastPrune = t;
    await this.db.query('DELETE FROM rate_limits WHERE window_start < $1', [t - 2 * MAX_WINDOW_S]);
  }
}

/** A rule's slice length in seconds (at least 1). */
function sliceSize(rule: LimitRule): number {
  if (!Number.isInteger(rule.windowS) || rule.windowS < 1 || rule.windowS > MAX_WINDOW_S) throw new Error(`a rate limit window is 1 to ${MAX_WINDOW_S} s, not ${rule.windowS}`);
  return Math.max(1, Math.ceil(rule.windowS / WINDOW_SLICES));
}

/** The hits of the slices that may hold a second of (t − W, t] (slice s holds seconds s … s + size − 1). */
function hitsIn(slices: Slice[], t: number, windowS: number, size: number): number {
  let sum = 0;
  for (const s of slices) if (s.start + size - 1 > t - windowS) sum += s.count;
  return sum;
}

/**
 * Seconds until a hit would be allowed, if nothing else is counted meanwhile: the least d with
 * the window at t + d holding at most limit − 1 hits. The count only falls as the window slides
 * (after W + one slice every hit has left it), so a binary search finds d.
 */
function retryAfter(slices: Slice[], t: number, rule: LimitRule, size: number): number {
  const fits = (d: number) => hitsIn(slices, t + d, rule.windowS, size) <= rule.limit - 1;
  let hi = rule.windowS + size;
  if (!fits(hi)) return hi; // a limit of 0 never allows a hit
  let lo = 0;
  while (lo < hi) {
    const mid = Math.floor((lo + hi) / 2);
    if (fits(mid)) hi = mid;
    else lo = mid + 1;
  }
  return lo;
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
