import type { Db } from '../../db';
import { SESSION_TTL_S } from './session';
import { startPeriodic } from '../shared/periodic';

/** How often the sweep runs (each process; deleting is idempotent, so several processes may overlap). */
export const GUEST_PRUNE_EVERY_MS = 60 * 60 * 1000;
/** The first sweep after a start (not at once: a restart should not begin with a long delete). */
export const GUEST_PRUNE_FIRST_MS = 60 * 1000;
/** Guests deleted per statement, so one sweep never holds a long transaction. */
const BATCH = 1000;
/** Statements per sweep at most (the next sweep continues). */
const MAX_BATCHES = 100;

const now = () => Math.floor(Date.now() / 1000);

/**
 * Deletes guests that never came back: `GET /session.js` writes a user and a session
 * row for every new visitor, and a visitor who did nothing else leaves them behind.
 *
 * A guest (is_mock) is deleted when
 * - it is older than `idleDays`,
 * - none of its sessions was resumed within `idleDays` (the app resumes its session at
 *   every start and every 59 minutes, which moves expires_at to now + SESSION_TTL_S;
 *   an expired session is idle too), and
 * - no row of any other table refers to it: likes, visits, passes, stats, orders,
 *   paid images, and any table added later. The list is read from the database's
 *   foreign keys to users(id), not written here, so a new per-user table protects
 *   its rows without a change to this file.
 *
 * Merged guests (services/auth/guestMerge.ts) keep their user row with no session and
 * nothing left in those tables, so they go too once old enough. Deleting a user
 * cascades to its sessions (and their OAuth states), the only rows it still has.
 */
export class GuestPruner {
  private references: Array<{ table: string; column: string }> | null = null;

  constructor(
    private db: Db,
    private idleDays: number
  ) {}

  /** Tables and columns that refer to users(id), sessions aside (one-column foreign keys; quoted for SQL). */
  private async referencesToUsers(): Promise<Array<{ table: string; column: string }>> {
    if (this.references) return this.references;
    const { rows } = await this.db.query<{ tbl: string; col: string }>(
      `SELECT c.conrelid::regclass::text AS tbl, quote_ident(a.attname) AS col
       FROM pg_constraint c JOIN pg_attribute a ON a.attrelid = c.conrelid AND a.attnum = c.conkey[1]
       WHERE c.contype = 'f' AND c.confrelid = 'users'::regclass AND cardinality(c.conkey) = 1
       ORDER BY 1, 2`
    );
    this.references = rows.filter((r) => r.tbl !== 'sessions').map((r) => ({ table: r.tbl, column: r.col }));
    return this.references;
  }

  /** One sweep; answers how many guests were deleted. */
  async prune(t = now()): Promise<number> {
    const idleS = this.idleDays * 86400;
    // A session resumed at time r expires at r + TTL: idle for idleS means expires_at < t - idleS + TTL.
    const resumedAfter = t - idleS + SESSION_TTL_S;
    const unreferenced = (await this.referencesToUsers()).map((r) => `AND NOT EXISTS (SELECT 1 FROM ${r.table} x WHERE x.${r.column} = u.id)`).join('\n         ');
    const sql = `DELETE FROM users WHERE id IN (
       SELECT u.id FROM users u
       WHERE u.is_mock AND u.created_at < $1
         AND NOT EXISTS (SELECT 1 FROM sessions s WHERE s.user_id = u.id AND s.expires_at >= $2)
         ${unreferenced}
       LIMIT ${BATCH})`;
    let total = 0;
    for (let i = 0; i < MAX_BATCHES; i++) {
      const { rowCount } = await this.db.query(sql, [t - idleS, resumedAfter]);
      total += rowCount;
      if (rowCount < BATCH) break;
    }
    return total;
  }

  /**
   * Sweeps `firstMs` after the start and then every `everyMs`; returns the stop function,
   * which waits for a sweep in progress (buildApp calls it in onClose, before the database closes).
   */
  startSweeping(everyMs: number, firstMs: number, warn: (msg: string, err?: unknown) => void): () => Promise<void> {
    return startPeriodic(() => this.prune(), { everyMs, firstMs, onError: (err) => warn('guest sweep failed', err) });
  }
}
