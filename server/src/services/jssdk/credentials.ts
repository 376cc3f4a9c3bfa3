import type { Db, Queryable } from '../../db';
import type { Expiring } from '../../providers/officialaccount';

/** Advisory lock class of credential refreshes (second key: hashtext of the credential's name). */
const REFRESH_LOCK = 7_310_024;
/** Fetch a new value this long before WeChat's expiry (or at half its life when that is shorter). */
export const REFRESH_MARGIN_S = 600;

interface Row {
  value: string;
  refresh_at: number;
  expires_at: number;
}

/** When a value fetched at `now`, valid `life` seconds, is refreshed. */
export function refreshTime(now: number, life: number): number {
  return now + Math.max(Math.floor(life / 2), life - REFRESH_MARGIN_S);
}

/**
 * WeChat credentials (access token, JS-API ticket) cached across processes in
 * `wechat_credentials` (migration 024) and in this process's memory, and refreshed
 * before they expire:
 * - in a process, concurrent callers of one name share one load (single flight);
 * - across processes, the refresh runs in a transaction under an advisory lock of the
 *   name and reads the row again first, so when several processes find it due, only the
 *   first asks WeChat and the others take its value.
 * A value WeChat refused is dropped by `invalidate` only if it is still the stored one
 * (a conditional update), so a process never throws away a newer value another one fetched.
 */
export class CredentialCache {
  private memory = new Map<string, Row>();
  private loading = new Map<string, Promise<string>>();

  constructor(
    private db: Db,
    private clock: () => number = () => Math.floor(Date.now() / 1000)
  ) {}

  /**
   * The current value of `name`. `fetch` asks WeChat; `prepare` runs first, outside the
   * transaction, when a refresh looks due (the ticket's access token: its own cache entry,
   * so no query runs on another connection while the lock is held).
   */
  async get<P>(name: string, fetch: (prepared: P) => Promise<Expiring>, prepare: () => Promise<P> = async () => undefined as P): Promise<string> {
    const hit = this.memory.get(name);
    if (hit && hit.refresh_at > this.clock()) return hit.value;
    let p = this.loading.get(name);
    if (!p) {
      p = this.load(name, fetch, prepare).finally(() => this.loading.delete(name));
      this.loading.set(name, p);
    }
    return p;
  }

  /** `value` was refused by WeChat: forget it here and in the table (only if it is still the stored value). */
  async invalidate(name: string, value: string): Promise<void> {
    if (this.memory.get(name)?.value === value) this.memory.delete(name);
    await this.db.query('UPDATE wechat_credentials SET refresh_at = 0 WHERE name = $1 AND value = $2', [name, value]);
  }

  private async load<P>(name: string, fetch: (prepared: P) => Promise<Expiring>, prepare: () => Promise<P>): Promise<string> {
    const stored = await this.read(this.db, name);
    if (stored && stored.refresh_at > this.clock()) return this.keep(name, stored);
    const prepared = await prepare();
    const row = await this.db.tx(async (q) => {
      await q.query('SELECT pg_advisory_xact_lock($1, hashtext($2))', [REFRESH_LOCK, name]);
      // Another process may have refreshed it while this one waited for the lock.
      const again = await this.read(q, name);
      if (again && again.refresh_at > this.clock()) return again;
      const got = await fetch(prepared);
      const now = this.clock();
      const fresh: Row = { value: got.value, refresh_at: refreshTime(now, got.expiresIn), expires_at: now + got.expiresIn };
      await q.query(
        `INSERT INTO wechat_credentials (name, value, refresh_at, expires_at, updated_at) VALUES ($1, $2, $3, $4, $5)
         ON CONFLICT (name) DO UPDATE SET value = EXCLUDED.value, refresh_at = EXCLUDED.refresh_at, expires_at = EXCLUDED.expires_at, updated_at = EXCLUDED.updated_at`,
        [name, fresh.value, fresh.refresh_at, fresh.expires_at, now]
      );
      return fresh;
    });
    return this.keep(name, row);
  }

  private keep(name: string, row: Row): string {
    this.memory.set(name, row);
    return row.value;
  }

  private async read(q: Queryable, name: string): Promise<Row | null> {
    const { rows } = await q.query<Row>('SELECT value, refresh_at, expires_at FROM wechat_credentials WHERE name = $1', [name]);
    return rows[0] ?? null;
  }
}
