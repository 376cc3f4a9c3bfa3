/**
 * Seed the demo event into an empty database and print its link.
 *   npx tsx server/src/cli/seed.ts [--photos N]
 * Reads the same environment as the server (DATA_DIR, DATABASE_URL, PUBLIC_URL…).
 */
import { DEMO_PHOTO_COUNT, seedDemo } from '../demo/demo';
import { runCli } from './run';

function photosArg(argv: string[]): number {
  const i = argv.indexOf('--photos');
  if (i < 0) return DEMO_PHOTO_COUNT;
  const v = argv[i + 1];
  if (!v || !/^\d{1,5}$/.test(v)) throw new Error('--photos needs a whole number');
  return Number(v);
}

runCli(photosArg, async ({ db, store, config }, photos) => {
  const link = await seedDemo({ db, store, config }, { photos, log: (m) => console.log(m) });
  if (!link) {
    console.log('The database already has galleries and no demo event: nothing seeded.');
    return 0;
  }
  console.log('Demo event:');
  console.log(`${config.publicUrl}/g/${link}`);
  return 0;
});
