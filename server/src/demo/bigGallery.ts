import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import type { Db } from '../db';
import type { ObjectStore } from '../storage';
import { originalKey } from '../storage';
import { ImageService, type IngestedImage } from '../services/photos/images';
import { mulberry32, sceneSvg, type SceneKind } from './demo-art';
import type { Config } from '../config';

/**
 * A gallery with many photos for benches and browser tests: a few drawn images,
 * then N photo rows inserted in bulk (chunks of multi-row INSERT … SELECT unnest).
 * `(gallery_id, hash)` is unique, so every photo gets its own content-address
 * (sha256 of "big:{link}:{n}") whose stored original is a hard link (or a copy)
 * of one of the base images: each photo renders, and the rows stay realistic.
 */
export interface BigGalleryOptions {
  photos: number;
  link: string;
  tags?: string[];
  log?: (msg: string) => void;
  /** Unix seconds the event is built around (default: now). */
  now?: number;
}

export const BIG_TAGS = ['Stage', 'Guests', 'Backstage'];
const CHUNK = 5000;
/** [kind, width, height]: landscape, portrait, square and panorama bases. */
const BASES: [SceneKind, number, number][] = [
  ['mountains', 600, 400],
  ['guests', 400, 600],
  ['stage', 480, 360],
  ['bokeh', 500, 500],
  ['city', 640, 360],
  ['lake', 360, 540]
];

type Deps = { db: Db; store: ObjectStore; config?: Config };

export const bigHash = (link: string, n: number) => crypto.createHash('sha256').update(`big:${link}:${n}`).digest('hex');

async function linkOriginal(store: ObjectStore, from: string, to: string, body: Buffer): Promise<void> {
  const src = store.localPath(originalKey(from));
  const dst = store.localPath(originalKey(to));
  if (src && dst) {
    fs.mkdirSync(path.dirname(dst), { recursive: true });
    try {
      fs.linkSync(src, dst);
      return;
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code === 'EEXIST') return;
    }
  }
  await store.put(originalKey(to), body);
}

/** Create the gallery; returns its id, or null when the link id is taken. */
export async function createBigGallery(deps: Deps, opts: BigGalleryOptions): Promise<number | null> {
  const log = opts.log ?? (() => undefined);
  const tags = opts.tags ?? BIG_TAGS;
  const now = opts.now ?? Math.floor(Date.now() / 1000);
  const start = now - 12 * 3600;
  const taken = await deps.db.query('SELECT 1 FROM galleries WHERE link_id = $1', [opts.link]);
  if (taken.rows.length) return null;

  const images = new ImageService({ db: deps.db, store: deps.store });
  const bases: { img: IngestedImage; body: Buffer }[] = [];
  for (const [i, [kind, w, h]] of BASES.entries()) {
    const body = await sharp(Buffer.from(sceneSvg(kind, mulberry32(100 + i), w, h))).jpeg({ quality: 70 }).toBuffer();
    bases.push({ img: await images.ingest(body, `${kind}.jpg`), body });
  }

  const { rows } = await deps.db.query<{ id: number }>(
    `INSERT INTO galleries (link_id, name, "desc", cover, start_time, end_time, status, tags, pagedata, config, created_at)
     VALUES ($1, $2, $3, $4, $5, $6, 'start', $7::text[], $8::jsonb, $9::jsonb, $10) RETURNING id`,
    [
      opts.link,
      `Big event (${opts.photos} photos)`,
      'A large event for benches and browser tests.',
      bases[0].img.hash,
      start,
      now + 12 * 3600,
      tags,
      JSON.stringify({ components: [{ id: 'photo-1', type: 'photo', props: { gallery_id: 0, mode: 'waterfall', show_tags: true } }] }),
      JSON.stringify({ sort: '-shoottime' }),
      now
    ]
  );
  const galleryId = rows[0].id;
  await deps.db.query('INSERT INTO gallery_stats (gallery_id) VALUES ($1) ON CONFLICT DO NOTHING', [galleryId]);

  const span = Math.max(1, now - 60 - start);
  for (let from = 0; from < opts.photos; from += CHUNK) {
    const n = Math.min(CHUNK, opts.photos - from);
    const hashes: string[] = [];
    const base: number[] = [];
    for (let i = 0; i < n; i++) {
      const k = from + i;
      const b = (k * 7 + (k >> 3)) % bases.length;
      const hash = bigHash(opts.link, k);
      hashes.push(hash);
      base.push(b);
      await linkOriginal(deps.store, bases[b].img.hash, hash, bases[b].body);
    }
    const w = base.map((b) => bases[b].img.width);
    const h = base.map((b) => bases[b].img.height);
    const size = base.map((b) => bases[b].img.size);
    await deps.db.tx(async (q) => {
      await q.query(
        `INSERT INTO images (hash, width, height, size, mime, created_at)
         SELECT * FROM unnest($1::text[], $2::int[], $3::int[], $4::int[]) AS u(hash, width, height, size)
           CROSS JOIN (SELECT 'image/jpeg'::text AS mime, $5::bigint AS created_at) c
         ON CONFLICT (hash) DO NOTHING`,
        [hashes, w, h, size, now]
      );
      // Shoot times spread evenly over the event (in shooting order, a few seconds of jitter), likes
      // skewed (a few popular photos), tags on about 3 of 4 photos.
      await q.query(
        `INSERT INTO photos (gallery_id, hash, origin, width, height, size, shoottime, createtime, love, tags, show_mark)
         SELECT $1, u.hash, 'IMG_' || lpad((u.k + 1)::text, 6, '0') || '.JPG', u.width, u.height, u.size,
                $6::bigint + u.k::bigint * $7::bigint / $10::bigint + (u.k % 5) * 3,
                $6::bigint + u.k::bigint * $7::bigint / $10::bigint + 60,
                CASE WHEN u.k % 97 = 0 THEN 500 + u.k % 300 ELSE (u.k * 31) % 60 END,
                CASE u.k % 4 WHEN 3 THEN '{}'::text[] ELSE ARRAY[($8::text[])[1 + u.k % array_length($8::text[], 1)]] END,
                0
         FROM unnest($2::text[], $3::int[], $4::int[], $5::int[]) WITH ORDINALITY AS u0(hash, width, height, size, ord)
         CROSS JOIN LATERAL (SELECT u0.hash, u0.width, u0.height, u0.size, ($9::int + u0.ord::int - 1) AS k) u`,
        [galleryId, hashes, w, h, size, start, span, tags, from, Math.max(1, opts.photos)]
      );
    });
    log(`Big gallery: ${from + n}/${opts.photos} photos`);
  }
  await deps.db.query('UPDATE galleries SET image_total = (SELECT count(*) FROM photos WHERE gallery_id = $1) WHERE id = $1', [galleryId]);
  await deps.db.query('ANALYZE photos');
  return galleryId;
}
