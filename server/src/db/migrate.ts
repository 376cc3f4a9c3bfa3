import fs from 'node:fs';
import path from 'node:path';
import type { Db } from './index';

const DIR = path.join(__dirname, 'migrations');
const LOCK_KEY = 7_310_001; // advisory lock: one process migrates at a time

export interface Migration {
  version: number;
  name: string;
  sql: string;
}

export function listMigrations(dir = DIR): Migration[] {
  return fs
    .readdirSync(dir)
    .filter((f) => /^\d{3}_[a-z0-9_]+\.sql$/.test(f))
    .sort()
    .map((f) => ({ version: Number(f.slice(0, 3)), name: f.replace(/\.sql$/, ''), sql: fs.readFileSync(path.join(dir, f), 'utf8') }));
}

/** Apply every migration not yet applied, each in its own transaction. Returns the versions applied. */
export async function migrate(db: Db, migrations = listMigrations()): Promise<number[]> {
  await db.query(
    'CREATE TABLE IF NOT EXISTS schema_migrations (version integer PRIMARY KEY, name text NOT NULL, applied_at bigint NOT NULL)'
  );
  const applied: number[] = [];
  for (const m of migrations) {
    const done = await db.tx(async (q) => {
      await q.query('SELECT pg_advisory_xact_lock($1)', [LOCK_KEY]);
      const { rows } = await q.query('SELECT 1 FROM schema_migrations WHERE version = $1', [m.version]);
      if (rows.length) return false;
      // Statements run one by one (the pg extended protocol takes one per call).
      for (const stmt of splitSql(m.sql)) await q.query(stmt);
      await q.query('INSERT INTO schema_migrations (version, name, applied_at) VALUES ($1, $2, $3)', [
        m.version,
        m.name,
        Math.floor(Date.now() / 1000)
      ]);
      return true;
    });
    if (done) applied.push(m.version);
  }
  return applied;
}

/** Split a migration file on semicolons that end a line (our migrations keep no ; inside bodies). */
export function splitSql(sql: string): string[] {
  return sql
    .split(/;\s*$/m)
    .map((s) => s.replace(/^\s*--.*$/gm, '').trim())
    .filter(Boolean);
}
