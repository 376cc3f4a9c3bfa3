// A bench's database: the embedded PGlite in memory, or a fresh schema of a PostgreSQL server
// (dropped again by `drop`). The db module's openers are passed in (the benches load the
// server's TypeScript through tsx once they have registered it).
import crypto from 'node:crypto';

/** kind 'pglite' | 'postgres'; `url` the PostgreSQL server for 'postgres'. */
export async function openBenchDb(kind, { openPglite, openPostgres }, url) {
  if (kind !== 'postgres') return { db: await openPglite(null), drop: async () => undefined };
  const schema = `bench_${crypto.randomBytes(5).toString('hex')}`;
  const admin = await openPostgres(url);
  await admin.query(`CREATE SCHEMA ${schema}`);
  const scoped = new URL(url);
  scoped.searchParams.set('options', `-c search_path=${schema}`);
  return {
    db: await openPostgres(scoped.toString()),
    drop: async () => {
      await admin.query(`DROP SCHEMA ${schema} CASCADE`);
      await admin.close();
    }
  };
}
