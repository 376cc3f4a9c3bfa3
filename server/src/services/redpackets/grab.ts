import type Redis from 'ioredis';
import type { Db, Queryable } from '../../db';

/** What one grab found: a share won now, the share this user had already, or none left. */
export type GrabOutcome =
  | { kind: 'won'; seq: number; amount: number }
  | { kind: 'already'; seq: number; amount: number }
  | { kind: 'empty' };

/** The packet as a grab needs it. */
export interface GrabPacket {
  id: number;
  trade_no: string;
  expires_at: number;
}

/** A winner as the ledger records it (the payout goes to this openid). */
export interface Winner {
  id: number;
  openid: string;
}

/**
 * Writes a won share into the ledger, inside the caller's transaction: the share row (only
 * while it is still free), the packet's counters and the winner's payout. Returns false when the
 * share is no longer free (refunded), so nothing was written.
 */
export type RecordWin = (q: Queryable, packet: GrabPacket, seq: number, user: Winner) => Promise<{ amount: number } | null>;

/**
 * Hands out the shares of a packet: one per user, never more than exist. The database is the
 * ledger either way (RecordWin runs in a transaction); with Redis the race is decided by a Lua
 * script first, so only winners reach the database.
 */
export interface Grabber {
  readonly kind: 'sql' | 'redis';
  grab(packet: GrabPacket, user: Winner): Promise<GrabOutcome>;
  /** A new packet: make it ready for grabs (Redis loads its shares now rather than on the first grab). */
  prepare(packet: GrabPacket): Promise<void>;
  /** The packet is over (refunded): drop what the grabber keeps for it. */
  forget(packet: GrabPacket): Promise<void>;
  close(): Promise<void>;
}

const UNIQUE_VIOLATION = '23505';
const isUniqueViolation = (e: unknown) => (e as { code?: string } | null)?.code === UNIQUE_VIOLATION;
/** Free shares locked by other grabs in flight: look again this many times before answering 'empty'. */
const BUSY_RETRIES = 50;
const pause = (ms: number) => new Promise((r) => setTimeout(r, ms));
/** Transactions on one packet at once per process (each takes a pool connection). */
const LANES = 4;

async function ownShare(q: Queryable, packetId: number, userId: number): Promise<{ seq: number; amount_cents: number } | null> {
  const { rows } = await q.query<{ seq: number; amount_cents: number }>(
    `SELECT seq, amount_cents FROM red_packet_shares WHERE packet_id = $1 AND user_id = $2 AND state = 'taken'`,
    [packetId, userId]
  );
  return rows[0] ?? null;
}

/**
 * PostgreSQL (and PGlite) alone: one transaction per grab. A per-(packet, user) advisory lock
 * queues one user's parallel grabs, so the second sees the first's share; the share is picked
 * with FOR UPDATE SKIP LOCKED, so concurrent grabs take different free shares without waiting on
 * each other. The unique index (packet_id, user_id) and the packet's CHECKs stay the last word.
 * Once a packet is found empty it stays empty (shares never become free again): remembered here.
 */
export class SqlGrabber implements Grabber {
  readonly kind = 'sql' as const;
  private emptied = new Set<number>();
  /** Who holds the shares of an emptied packet (final once empty). */
  private holders = new Map<number, Promise<Map<number, { seq: number; amount: number }>>>();
  /** Grabs of one packet in flight in this process, and those waiting for a place (a burst queues here, not in the pool). */
  private lanes = new Map<number, { running: number; waiting: Array<() => void> }>();

  constructor(
    private db: Db,
    private record: RecordWin
  ) {}

  /** At most LANES transactions per packet at once in this process; the others wait and then usually find it empty in memory. */
  async grab(packet: GrabPacket, user: Winner): Promise<GrabOutcome> {
    if (this.emptied.has(packet.id)) return this.afterEmpty(packet, user);
    let lane = this.lanes.get(packet.id);
    if (!lane) this.lanes.set(packet.id, (lane = { running: 0, waiting: [] }));
    if (lane.running >= LANES) await new Promise<void>((resolve) => lane!.waiting.push(resolve));
    else lane.running++;
    try {
      if (!this.emptied.has(packet.id)) return await this.grabNow(packet, user);
    } finally {
      const next = lane.waiting.shift();
      if (next) next();
      else if (--lane.running === 0) this.lanes.delete(packet.id);
    }
    return this.afterEmpty(packet, user);
  }

  /**
   * The packet is empty: the user's own share, if any. Once empty, who holds which share is final
   * (shares never change hands; a refund only touches free ones), so the holders are read once.
   */
  private async afterEmpty(packet: GrabPacket, user: Winner): Promise<GrabOutcome> {
    let holders = this.holders.get(packet.id);
    if (!holders) {
      if (this.holders.size > 1000) this.holders.clear();
      holders = this.db
        .query<{ user_id: number; seq: number; amount_cents: number }>(
          `SELECT user_id, seq, amount_cents FROM red_packet_shares WHERE packet_id = $1 AND state = 'taken' AND user_id IS NOT NULL`,
          [packet.id]
        )
        .then(({ rows }) => new Map(rows.map((r) => [r.user_id, { seq: r.seq, amount: r.amount_cents }])));
      holders.catch(() => this.holders.delete(packet.id));
      this.holders.set(packet.id, holders);
    }
    const had = (await holders).get(user.id);
    return had ? { kind: 'already', seq: had.seq, amount: had.amount } : { kind: 'empty' };
  }

  private async grabNow(packet: GrabPacket, user: Winner): Promise<GrabOutcome> {
    for (let attempt = 0; ; attempt++) {
      if (this.emptied.has(packet.id)) return this.afterEmpty(packet, user);
      const outcome = await this.db.tx(async (q): Promise<GrabOutcome | 'busy'> => {
        await q.query('SELECT pg_advisory_xact_lock($1, $2)', [packet.id, user.id]);
        const had = await ownShare(q, packet.id, user.id);
        if (had) return { kind: 'already', seq: had.seq, amount: had.amount_cents };
        const { rows } = await q.query<{ seq: number }>(
          `SELECT seq FROM red_packet_shares WHERE packet_id = $1 AND state = 'free' ORDER BY seq LIMIT 1 FOR UPDATE SKIP LOCKED`,
          [packet.id]
        );
        if (!rows.length) {
          // Nothing free to lock: truly empty, or every free share is held by a grab in flight.
          const free = await q.query(`SELECT 1 FROM red_packet_shares WHERE packet_id = $1 AND state = 'free' LIMIT 1`, [packet.id]);
          return free.rows.length ? 'busy' : { kind: 'empty' };
        }
        const won = await this.record(q, packet, rows[0].seq, user);
        return won ? { kind: 'won', seq: rows[0].seq, amount: won.amount } : 'busy';
      });
      if (outcome !== 'busy') {
        if (outcome.kind === 'empty') this.emptied.add(packet.id);
        return outcome;
      }
      if (attempt >= BUSY_RETRIES) return { kind: 'empty' };
      await pause(2 + attempt);
    }
  }

  async prepare(): Promise<void> {}

  async forget(packet: GrabPacket): Promise<void> {
    this.emptied.add(packet.id);
  }

  async close(): Promise<void> {}
}

/**
 * KEYS: free list, winners hash, ready flag. ARGV: user id.
 * {-1}: not loaded; {0}: empty; {1, "seq:amount"}: the user's share already; {2, "seq:amount"}: won now.
 */
const GRAB_LUA = `
if redis.call('EXISTS', KEYS[3]) == 0 then return {-1} end
local had = redis.call('HGET', KEYS[2], ARGV[1])
if had then return {1, had} end
local v = redis.call('LPOP', KEYS[1])
if not v then return {0} end
redis.call('HSET', KEYS[2], ARGV[1], v)
return {2, v}
`;

/**
 * KEYS: free list, winners hash, ready flag. ARGV: ttl seconds, number of free entries n, the n
 * free "seq:amount" entries, then user/"seq:amount" pairs of shares already taken.
 * Loads once: a second loader finds the ready flag and changes nothing.
 */
const LOAD_LUA = `
if redis.call('EXISTS', KEYS[3]) == 1 then return 0 end
redis.call('DEL', KEYS[1], KEYS[2])
local n = tonumber(ARGV[2])
for i = 1, n do redis.call('RPUSH', KEYS[1], ARGV[2 + i]) end
local i = 3 + n
while i < #ARGV do
  redis.call('HSET', KEYS[2], ARGV[i], ARGV[i + 1])
  i = i + 2
end
redis.call('SET', KEYS[3], '1', 'EX', ARGV[1])
if n > 0 then redis.call('EXPIRE', KEYS[1], ARGV[1]) end
if redis.call('EXISTS', KEYS[2]) == 1 then redis.call('EXPIRE', KEYS[2], ARGV[1]) end
return 1
`;

/** KEYS: free list, winners hash. ARGV: user id, "seq:amount", 1 to push the share back. Undoes a grab the ledger refused. */
const UNDO_LUA = `
if redis.call('HGET', KEYS[2], ARGV[1]) == ARGV[2] then redis.call('HDEL', KEYS[2], ARGV[1]) end
if ARGV[3] == '1' then redis.call('LPUSH', KEYS[1], ARGV[2]) end
return 1
`;

/** Keys live until a day after the packet expires (the refund sweep deletes them sooner). */
const KEY_GRACE_S = 24 * 3600;

/**
 * Grabs decided in Redis (REDIS_URL set): a Lua script pops a free share and records the user in
 * one atomic step, so losers never touch the database. A winner's share is then written to the
 * ledger (RecordWin, one transaction). The Redis state is loaded from the ledger on first use
 * (and again if Redis lost it); when the ledger refuses a share Redis handed out, the grab is undone.
 */
export class RedisGrabber implements Grabber {
  readonly kind = 'redis' as const;

  constructor(
    private db: Db,
    private redis: Redis,
    private record: RecordWin,
    private clock: () => number
  ) {}

  private keys(p: GrabPacket): [string, string, string] {
    const base = `livegallery:rp:${p.trade_no}`;
    return [`${base}:free`, `${base}:won`, `${base}:ready`];
  }

  /** Loads in flight in this process, by packet: a burst of first grabs waits for one load. */
  private loading = new Map<number, Promise<void>>();

  prepare(p: GrabPacket): Promise<void> {
    return this.load(p);
  }

  /** Loads the packet's free shares and winners from the ledger (once per process at a time; concurrent loaders in other processes agree). */
  private load(p: GrabPacket): Promise<void> {
    let running = this.loading.get(p.id);
    if (!running) {
      running = this.loadNow(p).finally(() => this.loading.delete(p.id));
      this.loading.set(p.id, running);
    }
    return running;
  }

  private async loadNow(p: GrabPacket): Promise<void> {
    const { rows } = await this.db.query<{ seq: number; amount_cents: number; state: string; user_id: number | null }>(
      `SELECT seq, amount_cents, state, user_id FROM red_packet_shares WHERE packet_id = $1 ORDER BY seq`,
      [p.id]
    );
    const free = rows.filter((r) => r.state === 'free').map((r) => `${r.seq}:${r.amount_cents}`);
    const taken = rows.filter((r) => r.state === 'taken' && r.user_id !== null).flatMap((r) => [String(r.user_id), `${r.seq}:${r.amount_cents}`]);
    const ttl = Math.max(60, p.expires_at - this.clock() + KEY_GRACE_S);
    await this.redis.eval(LOAD_LUA, 3, ...this.keys(p), String(ttl), String(free.length), ...free, ...taken);
  }

  async grab(p: GrabPacket, user: Winner): Promise<GrabOutcome> {
    const keys = this.keys(p);
    let answer = (await this.redis.eval(GRAB_LUA, 3, ...keys, String(user.id))) as [number, string?];
    if (answer[0] === -1) {
      await this.load(p);
      answer = (await this.redis.eval(GRAB_LUA, 3, ...keys, String(user.id))) as [number, string?];
    }
    if (answer[0] === 0 || answer[0] === -1) return { kind: 'empty' };
    const entry = answer[1]!;
    const [seq, amount] = entry.split(':').map(Number);
    if (answer[0] === 1) return { kind: 'already', seq, amount };
    try {
      const won = await this.db.tx((q) => this.record(q, p, seq, user));
      if (won) return { kind: 'won', seq, amount: won.amount };
      // The ledger says the share is not free (refunded): Redis forgets the user, the share stays out.
      await this.redis.eval(UNDO_LUA, 2, keys[0], keys[1], String(user.id), entry, '0');
      return { kind: 'empty' };
    } catch (e) {
      // The ledger refused (the user holds another share there, or the write failed): give the share back.
      await this.redis.eval(UNDO_LUA, 2, keys[0], keys[1], String(user.id), entry, '1').catch(() => undefined);
      if (isUniqueViolation(e)) {
        const had = await ownShare(this.db, p.id, user.id);
        if (had) return { kind: 'already', seq: had.seq, amount: had.amount_cents };
      }
      throw e;
    }
  }

  async forget(p: GrabPacket): Promise<void> {
    await this.redis.del(...this.keys(p));
  }

  async close(): Promise<void> {
    try {
      await this.redis.quit();
    } catch {
      this.redis.disconnect();
    }
  }
}
