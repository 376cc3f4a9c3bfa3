/**
 * The faces dev set (/work/shared/datasets/faces-dev, README there): real, different photos
 * of the same people, labelled here. Each person has photos that go into a gallery and one
 * held-out photo, never uploaded, that searches for them (a selfie from a different photo).
 * The photo shipped at four sizes is left out (it is obama.jpg again), and so are partial faces.
 */
import fs from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';

const ROOT = path.resolve(__dirname, '../..');
/** FACES_DEV_DIR, or `../shared/datasets/faces-dev` beside the repository (or beside the worktrees' folder). */
export const DEVSET_DIR =
  process.env.FACES_DEV_DIR ??
  [path.resolve(ROOT, '../shared/datasets/faces-dev'), path.resolve(ROOT, '../../shared/datasets/faces-dev')].find((d) => fs.existsSync(path.join(d, 'README.md'))) ??
  path.resolve(ROOT, '../shared/datasets/faces-dev');

export interface DevPerson {
  name: string;
  /** Photos of the gallery where this person shows (group photos count for each one in them). */
  photos: string[];
  /** A different photo of the person, used as the selfie. */
  selfie: string;
  /** Where the face is in the selfie photo (fractions), for a square selfie around it (a phone's crop editor starts at the centre). */
  selfieFace?: { x: number; y: number; w: number; h: number };
}

const K = 'examples/knn_examples';
export const DEV_PEOPLE: DevPerson[] = [
  {
    name: 'obama',
    // obama-720p is obama.jpg again (letterboxed), and two_people.jpg joins obama3.jpg's shot to biden.jpg's: left out or kept in the gallery.
    photos: ['examples/obama.jpg', 'examples/obama2.jpg', 'examples/obama_small.jpg', 'tests/test_images/obama3.jpg', 'examples/two_people.jpg', `${K}/test/obama_and_biden.jpg`],
    selfie: `${K}/test/obama1.jpg`,
    selfieFace: { x: 0.32, y: 0.08, w: 0.28, h: 0.62 }
  },
  { name: 'biden', photos: ['examples/biden.jpg', 'examples/two_people.jpg', `${K}/test/obama_and_biden.jpg`], selfie: `${K}/train/biden/biden2.jpg` },
  { name: 'alex', photos: ['examples/alex-lacamoire.png', `${K}/train/alex_lacamoire/img1.jpg`], selfie: `${K}/test/alex_lacamoire1.jpg` },
  { name: 'kit', photos: [`${K}/train/kit_harington/john1.jpeg`, `${K}/train/kit_harington/john2.jpeg`, `${K}/test/kit_with_rose.jpg`], selfie: `${K}/test/johnsnow_test1.jpg` },
  { name: 'rose', photos: [`${K}/train/rose_leslie/img1.jpg`, `${K}/test/kit_with_rose.jpg`], selfie: `${K}/train/rose_leslie/img2.jpg` }
];

/** A person in none of the gallery's photos. */
export const DEV_STRANGER = 'examples/lin-manuel-miranda.png';

/** Every gallery photo, once. */
export const devGalleryPhotos = (): string[] => [...new Set(DEV_PEOPLE.flatMap((p) => p.photos))];

/** A dev-set photo as a JPEG (as a camera or phone makes one), at most `edge` px on its longer side. */
export async function devJpeg(file: string, edge = 1600): Promise<Buffer> {
  return sharp(path.join(DEVSET_DIR, file)).rotate().resize(edge, edge, { fit: 'inside', withoutEnlargement: true }).flatten({ background: '#ffffff' }).jpeg({ quality: 92 }).toBuffer();
}
