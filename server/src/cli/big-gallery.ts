/**
 * Create a gallery with many photos (for benches and browser tests).
 *   npx tsx server/src/cli/big-gallery.ts --photos 20000 --link big20000
 * Reads the same environment as the server (DATA_DIR, DATABASE_URL, PUBLIC_URL…).
 * With the embedded database, run it while the server is stopped (one process at a time).
 */
import path from 'node:path';
import { loadConfig } from '../config';
import { openDb } from '../db';
import { migrate } from '../db/migrate';
import { LocalStore } from '../storage';
import { createBigGallery } from '../services/bigGallery';

function arg(argv: string[], name: string): string | undefined {
  const i = argv.indexOf(name);
  return i < 0 ? undefined : argv[i + 1];
}

async function main(): Promise<number> {
  const argv = process.argv.slice(2);
  const photosRaw = arg(argv, '--photos') ?? '20000';
  const link = arg(argv, '--link') ?? `big${photosRaw}`;
  let config;
  try {
    if (!/^\d{1,7}$/.test(photosRaw) || Number(photosRaw) > 1_000_000) throw new Error('--photos needs a whole number up to 1000000');
    if (!/^[A-Za-z0-9]{6,9}$/.test(link)) throw new Error('--link must be 6 to 9 letters or digits');
    config = loadConfig();
  } catch (e) {
    console.error(`Configuration error: ${(e as Error).message}`);
    return 2;
  }
  const db = await openDb({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  try {
    await migrate(db);
    const store = new LocalStore(path.join(config.dataDir, 'objects'));
    const t0 = Date.now();
    const id = await createBigGallery({ db, store, config }, { photos: Number(photosRaw), link, log: (m) => console.log(m) });
    if (id === null) {
      console.log(`A gallery with link id ${link} already exists: nothing created.`);
      return 0;
    }
    console.log(`Big gallery ${id} created in ${((Date.now() - t0) / 1000).toFixed(1)} s:`);
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
