#!/usr/bin/env node
// Red packet grabs: 1,000 concurrent claimers of a 10-share packet (issue 15 budget: at most 2 s),
// through the whole server (app.inject: routing, validation, the session, the service, the grab),
// on embedded PGlite (SQL grabber) and on PostgreSQL + Redis (Lua grabber). Each claimer's session
// is resolved once before (phones have been on the album page before a packet arrives; the first
// request of a token costs a session lookup). Prints the time of the burst, the winners and the sum
// against the total. Never fails.
//   node bench/redpacket-grab.mjs     (BENCH_DATABASE_URL, else postgres://postgres@127.0.0.1:5432/test;
//                                      BENCH_REDIS_URL, else redis://127.0.0.1:6379; CLAIMERS=1000)
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createRequire } from 'node:module';
import { register } from 'tsx/cjs/api';
import { register as registerEsm } from 'tsx/esm/api';

// The server is CommonJS TypeScript that loads its routes with import(): both of tsx's hooks.
register();
registerEsm();
const require = createRequire(import.meta.url);
const { buildApp } = require('../server/src/app.ts');
const { loadConfig } = require('../server/src/config.ts');
const { openPglite, openPostgres } = require('../server/src/db/index.ts');
const { LocalStore } = require('../server/src/storage/index.ts');
const { bulkUsers, packetGallery, sendPacket, grabAll, rp } = require('../tests/server/redpacket-fixture.ts');

const CLAIMERS = Number(process.env.CLAIMERS || 1000);
const SHARES = 10;
const BUDGET_MS = 2000;
const PG_URL = process.env.BENCH_DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/test';
const REDIS_URL = process.env.BENCH_REDIS_URL || 'redis://127.0.0.1:6379';

async function run(label, open, env) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'rp-bench-'));
  const { db, drop } = await open();
  const config = loadConfig({ DATA_DIR: dataDir, H5_DIR: path.join(dataDir, 'no-h5'), FACE_INDEXING: '0', OCR_INDEXING: '0', ...env });
  const { app } = await buildApp({ config, db, store: new LocalStore(path.join(dataDir, 'objects')) });
  await app.ready();
  try {
    const gallery = await packetGallery(db);
    const [sender, ...claimers] = await bulkUsers(db, CLAIMERS + 1);
    const p = await sendPacket(app, sender.token, gallery, { amount: '200', number: String(SHARES), type: 'luck' });
    // Warm: every claimer's session once (a list call), and the packet's first grab path (another packet).
    await Promise.all(claimers.map((u) => rp(app, 'GET', `/api/v2/redpackage/list?galleryid=${gallery}`, u.token)));
    // A reference on the same machine at the same moment: the same number of concurrent list calls (one query each).
    const tl = performance.now();
    await Promise.all(claimers.map((u) => rp(app, 'GET', `/api/v2/redpackage/list?galleryid=${gallery}`, u.token)));
    const listMs = performance.now() - tl;
    const t0 = performance.now();
    const answers = await grabAll(app, p.id, claimers);
    const ms = performance.now() - t0;
    const won = answers.filter((a) => a.data?.won);
    const sum = won.reduce((s, a) => s + a.data.amount, 0);
    const errors = answers.filter((a) => a.status !== 200).length;
    console.log(
      `${label.padEnd(22)} ${CLAIMERS} claimers, ${SHARES} shares: ${ms.toFixed(0)} ms (budget ${BUDGET_MS} ms: ${ms <= BUDGET_MS ? 'ok' : 'OVER'}); ` +
        `${won.length} won, sum ${sum} of ${p.amount} cents, ${errors} errors; reference: ${CLAIMERS} list calls ${listMs.toFixed(0)} ms`
    );
  } finally {
    await app.close();
    await db.close();
    if (drop) await drop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

console.log(`red packet grab bench (${os.cpus().length} cores, load ${os.loadavg()[0].toFixed(2)}; a shared machine's numbers vary)`);
await run('PGlite (SQL)', async () => ({ db: await openPglite(null) }), {});
try {
  const admin = await openPostgres(PG_URL);
  const schema = `b_${crypto.randomBytes(5).toString('hex')}`;
  await admin.query(`CREATE SCHEMA ${schema}`);
  const url = new URL(PG_URL);
  url.searchParams.set('options', `-c search_path=${schema}`);
  const open = async () => ({ db: await openPostgres(url.toString()), drop: async () => undefined });
  try {
    await run('PostgreSQL + Redis', open, { REDIS_URL });
  } finally {
    await admin.query(`DROP SCHEMA ${schema} CASCADE`);
    await admin.close();
  }
} catch (e) {
  console.log(`PostgreSQL + Redis: not run (${e.message})`);
}
process.exit(0);
