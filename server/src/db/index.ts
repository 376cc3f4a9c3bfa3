import fs from 'node:fs';
import path from 'node:path';

/**
 * One query layer over PostgreSQL: the embedded PGlite (default) or a real
 * server through `pg`. Services write plain SQL with $n parameters.
 */
export interface Queryable {
  query<T = Record<string, unknown>>(sql: string, params?: unknown[]): Promise<{ rows: T[]; rowCount: number }>;
}

export interface Db extends Queryable {
  /** Run fn in one transaction: everything or nothing. */
  tx<T>(fn: (q: Queryable) => Promise<T>): Promise<T>;
  close(): Promise<void>;
  readonly kind: 'pglite' | 'postgres';
}

export async function openPglite(dataDir: string | null): Promise<Db> {
  const { PGlite } = await import('@electric-sql/pglite');
  // pgvector ships as a PGlite extension package: face search uses it (services/face/vectors.ts).
  const { vector } = await import('@electric-sql/pglite-pgvector');
  let dir: string | undefined;
  if (dataDir) {
    dir = path.join(dataDir, 'pglite');
    fs.mkdirSync(dir, { recursive: true });
  }
  // int8 (counts, sums) as plain numbers, as on the pg path.
  // One options object: `new PGlite(undefined, options)` drops the options in PGlite's ESM build.
  const pg = new PGlite({ dataDir: dir, extensions: { vector }, parsers: { 20: (v: string) => Number(v), 1700: (v: string) => Number(v) } });
  await pg.waitReady;
  const wrap = (q: { query: typeof pg.query }): Queryable => ({
    async query<T>(sql: string, params: unknown[] = []) {
      const r = await q.query<T>(sql, params);
      return { rows: r.rows, rowCount: r.affectedRows ?? r.rows.length };
    }
  });
  return {
    kind: 'pglite',
    ...wrap(pg),
    tx: (fn) => pg.transaction((t) => fn(wrap(t))),
    close: () => pg.close()
  };
}

export async function openPostgres(url: string): Promise<Db> {
  const { Pool, types } = await import('pg');
  // BIGINT counts and ids fit in a double here; read them as numbers.
  types.setTypeParser(20, (v: string) => Number(v));
  types.setTypeParser(1700, (v: string) => Number(v));
  const pool = new Pool({ connectionString: url, max: 10 });
  pool.on('error', () => {
    /* a dropped idle client is replaced on the next query */
  });
  const run = async <T>(c: { query: (s: string, p: unknown[]) => Promise<{ rows: unknown[]; rowCount: number | null }> }, sql: string, params: unknown[] = []) => {
    const r = await c.query(sql, params);
    return { rows: r.rows as T[], rowCount: r.rowCount ?? 0 };
  };
  return {
    kind: 'postgres',
    query: (sql, params) => run(pool, sql, params),
    async tx(fn) {
      const client = await pool.connect();
      try {
        await client.query('BEGIN');
        const result = await fn({ query: (sql, params) => run(client, sql, params) });
        await client.query('COMMIT');
        return result;
      } catch (e) {
        await client.query('ROLLBACK').catch(() => undefined);
        throw e;
      } finally {
        client.release();
      }
    },
    close: () => pool.end()
  };
}

export async function openDb(opts: { databaseUrl: string | null; dataDir: string | null }): Promise<Db> {
  return opts.databaseUrl ? openPostgres(opts.databaseUrl) : openPglite(opts.dataDir);
}
