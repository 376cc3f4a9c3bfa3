/**
 * Create a gallery with many photos (for benches and browser tests).
 *   npx tsx server/src/cli/big-gallery.ts --photos 20000 --link big20000
 * Reads the same environment as the server (DATA_DIR, DATABASE_URL, PUBLIC_URL…).
 * With the embedded database, run it while the server is stopped (one process at a time).
 */
import { createBigGallery } from '../demo/bigGallery';
import { runCli } from './run';

function arg(argv: string[], name: string): string | undefined {
  const i = argv.indexOf(name);
  return i < 0 ? undefined : argv[i + 1];
}

function parse(argv: string[]): { photos: number; link: string } {
  const photosRaw = arg(argv, '--photos') ?? '20000';
  const link = arg(argv, '--link') ?? `big${photosRaw}`;
  if (!/^\d{1,7}$/.test(photosRaw) || Number(photosRaw) > 1_000_000) throw new Error('--photos needs a whole number up to 1000000');
  if (!/^[A-Za-z0-9]{6,9}$/.test(link)) throw new Error('--link must be 6 to 9 letters or digits');
  return { photos: Number(photosRaw), link };
}

runCli(parse, async ({ db, store, config }, { photos, link }) => {
  const t0 = Date.now();
  const id = await createBigGallery({ db, store, config }, { photos, link, log: (m) => console.log(m) });
  if (id === null) {
    console.log(`A gallery with link id ${link} already exists: nothing created.`);
    return 0;
  }
  console.log(`Big gallery ${id} created in ${((Date.now() - t0) / 1000).toFixed(1)} s:`);
  console.log(`${config.publicUrl}/g/${link}`);
  return 0;
});
