import fs from 'node:fs';
import path from 'node:path';

/**
 * The demo's face-search gallery (issue 13 item 6): real photos with faces, read at seed
 * time from npm packages in node_modules (never committed): the sample group photos of
 * `@vladmandic/face-api` when installed, else the sample sheet of `@vladmandic/human`.
 * The gallery has use_face and active_on on; its photos are indexed in the background
 * by the face indexer after the seed (services/face/indexer.ts sweeps for them).
 */
export const DEMO_FACES_LINK_ID = 'faces026';
export const DEMO_FACES_NAME = 'Find me: group photos';
export const DEMO_FACES_DESC =
  'Real group photos with faces. Tap Find and upload a selfie (or a crop of a face from one of these photos) to see every photo of that person.';

export interface DemoFacePhoto {
  origin: string;
  bytes: Buffer;
}

const root = path.join(__dirname, '../../../node_modules/@vladmandic');

/** The sample photos found in node_modules (empty when neither package is installed). */
export function demoFacePhotos(): DemoFacePhoto[] {
  const faceApi = path.join(root, 'face-api/demo');
  const human = path.join(root, 'human/assets');
  const pick = (dir: string, re: RegExp) =>
    fs.existsSync(dir)
      ? fs.readdirSync(dir).filter((f) => re.test(f)).sort().map((f) => ({ origin: f, bytes: fs.readFileSync(path.join(dir, f)) }))
      : [];
  const samples = pick(faceApi, /^sample\d+\.jpg$/);
  return samples.length ? samples : pick(human, /^samples?\.jpg$/);
}
