import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import crypto from 'node:crypto';
import { buildApp } from '../../server/src/app';
import { loadConfig } from '../../server/src/config';
import { openPglite, openPostgres, type Db } from '../../server/src/db';
import { LocalStore, type ObjectStore } from '../../server/src/storage';
import { createProviders, type Providers } from '../../server/src/providers';

/** The database backends every server suite runs on: PGlite always, PostgreSQL when TEST_DATABASE_URL is set. */
export const BACKENDS: Array<'pglite' | 'postgres'> = process.env.TEST_DATABASE_URL ? ['pglite', 'postgres'] : ['pglite'];

export interface TestServer {
  app: Awaited<ReturnType<typeof buildApp>>['app'];
  services: Awaited<ReturnType<typeof buildApp>>['services'];
  db: Db;
  dataDir: string;
  /** A server restart: this app closes and a new one starts on the same database, DATA_DIR and store (`app` and `services` change). */
  restart(): Promise<void>;
  close(): Promise<void>;
}

/**
 * A fresh server on a fresh database: in-memory PGlite, or a new schema in the
 * PostgreSQL of TEST_DATABASE_URL (dropped at close). `store`: another object
 * store than DATA_DIR/objects (e.g. an S3Store).
 */
export async function startTestServer(
  backend: 'pglite' | 'postgres',
  env: Record<string, string> = {},
  store?: ObjectStore,
  /** Replaces the configured providers (a fake login, payment or SMS provider). */
  providers?: (configured: Providers) => Providers
): Promise<TestServer> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'lg-test-'));
  let db: Db;
  let dropSchema: (() => Promise<void>) | null = null;
  if (backend === 'postgres') {
    const base = process.env.TEST_DATABASE_URL!;
    const schema = `t_${crypto.randomBytes(6).toString('hex')}`;
    const admin = await openPostgres(base);
    await admin.query(`CREATE SCHEMA ${schema}`);
    const url = new URL(base);
    url.searchParams.set('options', `-c search_path=${schema}`);
    db = await openPostgres(url.toString());
    dropSchema = async () => {
      await admin.query(`DROP SCHEMA ${schema} CASCADE`);
      await admin.close();
    };
  } else {
    db = await openPglite(null);
  }
  const config = loadConfig({ DATA_DIR: dataDir, H5_DIR: path.join(dataDir, 'no-h5'), ...env });
  const configured = createProviders(config, () => undefined);
  const objects = store ?? new LocalStore(path.join(dataDir, 'objects'));
  const build = async () => {
    const built = await buildApp({ config, db, store: objects, providers: providers ? providers(configured) : undefined });
    await built.app.ready();
    return built;
  };
  const { app, services: ctx } = await build();
  const server: TestServer = {
    app,
    services: ctx,
    db,
    dataDir,
    async restart() {
      await server.app.close();
      const next = await build();
      server.app = next.app;
      server.services = next.services;
    },
    async close() {
      await server.app.close();
      await db.close();
      if (dropSchema) await dropSchema();
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  };
  return server;
}

let hashSeq = 0;
/** A fake image row (no bytes) so photos can reference it. */
export async function fakeImage(db: Db): Promise<string> {
  const hash = crypto.createHash('sha256').update(`img-${process.pid}-${hashSeq++}-${Math.random()}`).digest('hex');
  await db.query('INSERT INTO images (hash, width, height, size, mime, created_at) VALUES ($1, 1200, 800, 1000, $2, 0)', [hash, 'image/jpeg']);
  return hash;
}

export async function insertGallery(db: Db, g: Partial<Record<string, unknown>> & { link_id: string; name?: string }): Promise<number> {
  const cols = { name: 'Test', created_at: 0, ...g } as Record<string, unknown>;
  const keys = Object.keys(cols);
  const { rows } = await db.query<{ id: number }>(
    `INSERT INTO galleries (${keys.map((k) => `"${k}"`).join(', ')}) VALUES (${keys.map((_, i) => `$${i + 1}`).join(', ')}) RETURNING id`,
    keys.map((k) => (cols[k] !== null && typeof cols[k] === 'object' && !Array.isArray(cols[k]) ? JSON.stringify(cols[k]) : cols[k]))
  );
  return rows[0].id;
}

/** Insert n photos with shoottimes base, base+60, … and optional tags per index. */
export async function insertPhotos(db: Db, galleryId: number, n: number, opts: { base?: number; tags?: (i: number) => string[]; love?: (i: number) => number } = {}): Promise<number[]> {
  const ids: number[] = [];
  for (let i = 0; i < n; i++) {
    const hash = await fakeImage(db);
    const { rows } = await db.query<{ id: number }>(
      `INSERT INTO photos (gallery_id, hash, origin, width, height, size, shoottime, createtime, tags, love)
       VALUES ($1, $2, $3, 1200, 800, 1000, $4, $4, $5, $6) RETURNING id`,
      [galleryId, hash, `IMG_${i}.JPG`, (opts.base ?? 1_700_000_000) + i * 60, opts.tags?.(i) ?? [], opts.love?.(i) ?? 0]
    );
    ids.push(rows[0].id);
  }
  await db.query('UPDATE galleries SET image_total = image_total + $2 WHERE id = $1', [galleryId, n]);
  return ids;
}
