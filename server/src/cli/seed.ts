/**
 * Seed the demo event into an empty database and print its link.
 *   npx tsx server/src/cli/seed.ts [--photos N]
 * Reads the same environment as the server (DATA_DIR, DATABASE_URL, PUBLIC_URL…).
 */
import path from 'node:path';
import { loadConfig } from '../config';
import { openDb } from '../db';
import { migrate } from '../db/migrate';
import { LocalStore } from '../storage';
import { DEMO_PHOTO_COUNT, seedDemo } from '../services/demo';

function photosArg(argv: string[]): number {
  const i = argv.indexOf('--photos');
  if (i < 0) return DEMO_PHOTO_COUNT;
  const v = argv[i + 1];
  if (!v || !/^\d{1,5}$/.test(v)) throw new Error('--photos needs a whole number');
  return Number(v);
}

async function main(): Promise<number> {
  let config;
  let photos;
  try {
    config = loadConfig();
    photos = photosArg(process.argv.slice(2));
  } catch (e) {
    console.error(`Configuration error: ${(e as Error).message}`);
    return 2;
  }
  const db = await openDb({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  try {
    await migrate(db);
    const store = new LocalStore(path.join(config.dataDir, 'objects'));
    const link = await seedDemo({ db, store, config }, { photos, log: (m) => console.log(m) });
    if (!link) {
      console.log('The database already has galleries and no demo event: nothing seeded.');
      return 0;
    }
    console.log('Demo event:');
    console.log(`${config.publicUrl}/g/${link}`);
    return 0;
  } finally {
    await db.close();
  }
}

main().then(
  (code) => process.exit(code),
  (e) => {
    console.error(e);
    process.exit(1);
  }
);
