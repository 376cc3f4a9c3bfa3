import sharp from 'sharp';
import { raceSvg } from './raceArt';

/**
 * The demo's bib-number gallery (issue 14, formocr): race photos with readable bib numbers,
 * drawn at seed time (raceArt.ts, nothing committed or downloaded). Its page has a formocr
 * search box, so the OCR indexer reads the photos in the background after the seed
 * (services/ocr/indexer.ts sweeps for them); then typing a bib number finds them.
 */
export const DEMO_RACE_LINK_ID = 'race2026';
export const DEMO_RACE_NAME = 'City Run 2026: find your bib';
export const DEMO_RACE_DESC = 'Race photos of the City Run. Type your bib number in the search box to find every photo of you.';
/** Bib numbers of the demo's runners: each shows in several photos. */
export const DEMO_RACE_BIBS = ['1024', '2718', '3141', '4821', '5050', '6174'];
export const DEMO_RACE_PHOTOS = 15;

export interface DemoRacePhoto {
  origin: string;
  bibs: string[];
  bytes: Buffer;
}

/** Which runners each photo shows (one to three), deterministic. */
export function demoRacePlan(): Array<{ origin: string; bibs: string[]; seed: number }> {
  const n = DEMO_RACE_BIBS.length;
  return Array.from({ length: DEMO_RACE_PHOTOS }, (_, i) => {
    const count = 1 + (i % 3);
    // Runner i % n in front, then the ones two and four places on: every bib shows in several photos.
    const bibs = Array.from({ length: count }, (_, k) => DEMO_RACE_BIBS[(i + k * 2) % n]);
    return { origin: `RUN_${String(i + 1).padStart(3, '0')}.JPG`, bibs, seed: 4000 + i * 17 };
  });
}

export async function demoRacePhotos(): Promise<DemoRacePhoto[]> {
  return Promise.all(
    demoRacePlan().map(async (p, i) => {
      const [w, h] = i % 4 === 3 ? [1067, 1600] : [1600, 1067];
      const bytes = await sharp(Buffer.from(raceSvg(p.bibs, p.seed, w, h))).jpeg({ quality: 85, mozjpeg: false }).toBuffer();
      return { origin: p.origin, bibs: p.bibs, bytes };
    })
  );
}
