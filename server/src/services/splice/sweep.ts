import type { Db, Queryable } from '../../db';
import type { ObjectStore } from '../../storage';
import { startPeriodic } from '../shared/periodic';

/** How often a process sweeps long pictures (app.ts starts it). */
export const SPLICE_SWEEP_MS = 60 * 60 * 1000;
/**
 * A render still unfinished this long after it started is abandoned (a long picture of 12
 * photos draws in about a second; its process died, or the cleanup after a failed render did
 * not run). Files younger than this are never swept either.
 */
export const SPLICE_RENDER_ABANDON_S = 10 * 60;
/** Hashes asked about in one query. */
const BATCH = 500;

const now = () => Math.floor(Date.now() / 1000);
/** Object key of a long picture by content hash. */
export const spliceKey = (hash: string) => `splices/${hash.slice(0, 2)}/${hash}.jpg`;
/** `splices/ab/{hash}.jpg` (spliceKey): the hash, or null for any other name. */
const KEY_RE = /^splices\/[0-9a-f]{2}\/([0-9a-f]{64})\.jpg$/;

/**
 * The lock a long picture's hash is named and swept under (one transaction each): a render
 * names its hash on its row under it before looking at the file, and the sweep checks that no
 * row names the hash and deletes the file under it. So either the sweep sees the row and keeps
 * the file, or it deletes the file first and the render, finding none, stores it again.
 */
export async function lockSpliceHash(q: Queryable, hash: string): Promise<void> {
  await q.query('SELECT pg_advisory_xact_lock(hashtext($1))', [`splice:${hash}`]);
}

export interface SpliceSweepReport {
  /** Rows of renders abandoned (still 'rendering' after SPLICE_RENDER_ABANDON_S), deleted. */
  rows: number;
  /** Finished rows whose file is gone from the store, deleted (their makers can make them again). */
  lost: number;
  /** Files under splices/ that no row names, deleted. */
  files: number;
}

/**
 * Long pictures' leftovers (services/splice/splices.ts), safe in several processes at once:
 * rows of abandoned renders; finished rows whose file is gone from the store (lost with a
 * bucket's lifecycle rule, a restore or a hand cleanup), so `show` and the Find page stop
 * answering an address that 404s and `show` says 201804 until the maker makes it again (`create`
 * stores the file anew); then stored pictures no row names (their rows swept, or deleted with
 * their maker or gallery). A picture being drawn is never touched: its row is younger than
 * SPLICE_RENDER_ABANDON_S, it names the hash before the file is stored (lockSpliceHash), and a
 * file written in the last SPLICE_RENDER_ABANDON_S is left anyway; a finished row goes only when,
 * under the hash's lock, no render names its hash and the file is still missing. Started by
 * buildApp like the red packet sweep.
 */
export class SpliceSweeper {
  constructor(
    private db: Db,
    private store: ObjectStore,
    private clock: () => number = now,
    private warn: (msg: string, err?: unknown) => void = () => undefined
  ) {}

  async sweep(nowS = this.clock()): Promise<SpliceSweepReport> {
    const cutoff = nowS - SPLICE_RENDER_ABANDON_S;
    const stale = await this.db.query(`DELETE FROM user_splices WHERE state = 'rendering' AND created_at < $1 RETURNING id`, [cutoff]);

    /** Every picture stored (by hash), and the ones old enough to be swept as orphans. */
    const present = new Set<string>();
    const candidates = new Map<string, string>();
    for await (const o of this.store.list('splices/')) {
      const hash = KEY_RE.exec(o.key)?.[1];
      if (!hash) continue;
      present.add(hash);
      if (o.modifiedMs < cutoff * 1000) candidates.set(hash, o.key);
    }
    const lost = await this.sweepLost(present);

    let files = 0;
    const hashes = [...candidates.keys()];
    for (let i = 0; i < hashes.length; i += BATCH) {
      const batch = hashes.slice(i, i + BATCH);
      const { rows } = await this.db.query<{ hash: string }>('SELECT DISTINCT hash FROM user_splices WHERE hash = ANY($1::text[])', [batch]);
      const named = new Set(rows.map((r) => r.hash));
      for (const hash of batch.filter((h) => !named.has(h))) {
        const deleted = await this.db.tx(async (q) => {
          await lockSpliceHash(q, hash);
          const again = await q.query('SELECT 1 FROM user_splices WHERE hash = $1 LIMIT 1', [hash]);
          if (again.rows.length) return false;
          await this.store.delete(candidates.get(hash)!);
          return true;
        });
        if (deleted) files++;
      }
    }
    return { rows: stale.rows.length, lost, files };
  }

  /**
   * Finished rows whose picture is not in the store: the hashes of 'done' rows, a batch at a
   * time, that the listing did not see. Each is checked again under the hash's lock: a render
   * naming the hash (a row still 'rendering') is storing the file, so its rows stay; a file that
   * is there after all (stored since the listing) keeps them too. Returns the rows deleted.
   */
  private async sweepLost(present: ReadonlySet<string>): Promise<number> {
    let lost = 0;
    let after = '';
    for (;;) {
      const { rows } = await this.db.query<{ hash: string }>(
        `SELECT hash FROM user_splices WHERE hash > $1 AND state = 'done' GROUP BY hash ORDER BY hash LIMIT $2`,
        [after, BATCH]
      );
      for (const { hash } of rows) {
        if (present.has(hash)) continue;
        lost += await this.db.tx(async (q) => {
          await lockSpliceHash(q, hash);
          const drawing = await q.query(`SELECT 1 FROM user_splices WHERE hash = $1 AND state = 'rendering' LIMIT 1`, [hash]);
          if (drawing.rows.length || (await this.store.exists(spliceKey(hash)))) return 0;
          const gone = await q.query(`DELETE FROM user_splices WHERE hash = $1 AND state = 'done' RETURNING id`, [hash]);
          return gone.rows.length;
        });
      }
      if (rows.length < BATCH) return lost;
      after = rows[rows.length - 1].hash;
    }
  }

  /** Runs the sweep now and every `everyMs`; returns the stop (which waits for a sweep in progress). */
  start(everyMs = SPLICE_SWEEP_MS): () => Promise<void> {
    return startPeriodic(() => this.sweep(), { everyMs, firstMs: 0, onError: (e) => this.warn('long picture sweep failed', e) });
  }
}
