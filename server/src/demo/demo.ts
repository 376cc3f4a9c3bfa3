import { storeContent } from '../services/content/repository';
import { eventInfo, floorPlanSvg, NOTES_HTML, SCHEDULE_HTML } from './demoInfo';
import sharp from 'sharp';
import type { Config } from '../config';
import type { Db, Queryable } from '../db';
import type { ObjectStore } from '../storage';
import type { PageComponent, PageData } from '../../../types/page';
import type { Watermark } from '../../../types/watermark';
import { ImageService, type IngestedImage } from '../services/photos/images';
import { bannerSvg, logoSvg, mulberry32, pick, sceneSvg, type SceneKind } from './demo-art';
import { DEMO_GATED, DEMO_GATED_PHOTOS, gateDemoGallery } from './demoGated';
import { DEMO_FACES_DESC, DEMO_FACES_LINK_ID, DEMO_FACES_NAME, demoFacePhotos } from './demoFaces';
import { DEMO_RACE_DESC, DEMO_RACE_LINK_ID, DEMO_RACE_NAME, demoRacePhotos } from './demoRace';
import { DEMO_PARTY_CONFIG, partyPage, seedPartyComments } from './demoParty';
import { blockFolds, DEMO_SPONSORS, splashGuide, splashSvg, sponsorLogoSvg } from './demoBlocks';
import { drawDemoGiftImages, seedDemoGifts } from './demoGifts';

export const DEMO_LINK_ID = 'demo2026';
export const DEMO_CARPET_LINK_ID = 'carpet26';
export const DEMO_PARTY_LINK_ID = 'party026';
/** Photos across the top page (3/4) and Red Carpet (1/4). */
export const DEMO_PHOTO_COUNT = 320;
export const DEMO_TOP_TAGS = ['Stage', 'Guests', 'Backstage'];
export const DEMO_CARPET_TAGS = ['Arrivals', 'Portraits'];
/** Red Carpet's pay-to-remove-watermark price per photo (cents). */
export const DEMO_WATERMARK_PRICE_CENTS = 100;
/** The demo's photo-service offers on its order page (/page/order/demo2026): name, description, price in cents. */
export const DEMO_SERVICE_OFFERS: readonly { name: string; description: string; price: number }[] = [
  { name: 'Photographer for your event, half day', description: '4 hours on site, live album, 200 edited photos', price: 88800 },
  { name: 'Photo book of the Spring Gala', description: '40 pages, hardcover, delivered in two weeks', price: 16800 }
];
/** The demo group page (/page/group/{token}): its albums under one link. A fixed token, for the demo only. */
export const DEMO_GROUP_TOKEN = 'demoSpringGala2026AlbumsGroup000';

const SEED = 2026;
const HOUR = 3600;
const PARALLEL = 4; // libuv's default pool: four renders at once

export interface SeedOptions {
  /** Total photos (default DEMO_PHOTO_COUNT). */
  photos?: number;
  log?: (msg: string) => void;
  /** Unix seconds the event is built around (default: now). */
  now?: number;
}

/** The app context when seeding a running server (its caches are cleared), or just the storage parts (CLI). */
type SeedDeps = { db: Db; store: ObjectStore; config: Config; photos?: { invalidateAll(): void } };

interface PhotoPlan {
  gallery: 'top' | 'carpet';
  index: number;
  origin: string;
  kind: SceneKind;
  tags: string[];
  width: number;
  height: number;
  /** Stored sideways with EXIF orientation 6, as cameras do. */
  sideways: boolean;
  shoottime: number;
  seed: number;
}

const ASPECTS: [number, number][] = [[3, 2], [3, 2], [3, 2], [2, 3], [2, 3], [4, 3], [4, 3], [16, 9], [1, 1]];
const TOP_KINDS: SceneKind[] = ['mountains', 'mountains', 'mountains', 'lake', 'lake', 'stage', 'stage', 'stage', 'guests', 'guests', 'bokeh', 'city'];
const CARPET_KINDS: SceneKind[] = ['carpet', 'carpet', 'carpet', 'guests', 'bokeh'];
const TAG_OF: Partial<Record<SceneKind, string>> = {
  stage: 'Stage', guests: 'Guests', bokeh: 'Guests', city: 'Backstage', carpet: 'Arrivals'
};

function exifTime(t: number): string {
  return new Date(t * 1000).toISOString().slice(0, 19).replace('T', ' ').replace(/-/g, ':');
}

function planPhotos(total: number, start: number, now: number): PhotoPlan[] {
  const r = mulberry32(SEED);
  const topCount = Math.ceil(total * 0.75);
  const plans: PhotoPlan[] = [];
  const make = (gallery: PhotoPlan['gallery'], n: number, from: number, to: number, firstNo: number) => {
    const times = Array.from({ length: n }, () => Math.floor(from + r() * (to - from))).sort((a, b) => a - b);
    for (let i = 0; i < n; i++) {
      const kind = pick(r, gallery === 'top' ? TOP_KINDS : CARPET_KINDS);
      const tag = TAG_OF[kind];
      const tags = tag && r() < 0.7 ? [gallery === 'carpet' && kind !== 'carpet' ? 'Portraits' : tag] : [];
      const [aw, ah] = pick(r, ASPECTS);
      const long = 1200 + Math.floor(r() * 51) * 8;
      const width = aw >= ah ? long : Math.round((long * aw) / ah);
      const height = aw >= ah ? Math.round((long * ah) / aw) : long;
      plans.push({
        gallery,
        index: i,
        origin: `IMG_${String(firstNo + i).padStart(4, '0')}.JPG`,
        kind,
        tags,
        width,
        height,
        sideways: height > width && r() < 0.35,
        shoottime: times[i],
        seed: Math.floor(r() * 2 ** 31)
      });
    }
  };
  make('top', topCount, start + 20 * 60, now - 5 * 60, 1);
  // The red carpet comes first: arrivals in the opening two hours.
  make('carpet', total - topCount, start + 5 * 60, start + 2 * HOUR, 1001);
  return plans;
}

async function renderPhoto(p: PhotoPlan): Promise<Buffer> {
  const art = Buffer.from(sceneSvg(p.kind, mulberry32(p.seed), p.width, p.height));
  let img = sharp(art);
  if (p.sideways) img = img.rotate(270);
  img = img.jpeg({ quality: 82, mozjpeg: false }).withExif({
    IFD0: { Make: 'LiveGallery', Model: 'Demo Camera', DateTime: exifTime(p.shoottime) },
    IFD2: { DateTimeOriginal: exifTime(p.shoottime), OffsetTimeOriginal: '+00:00' }
  });
  if (p.sideways) img = img.withMetadata({ orientation: 6 });
  return img.toBuffer();
}

/** Run fn over items, `limit` at a time, keeping order. */
async function inBatches<T, R>(items: T[], limit: number, fn: (item: T) => Promise<R>, progress?: (done: number) => void): Promise<R[]> {
  const out: R[] = new Array(items.length);
  let next = 0;
  let done = 0;
  const worker = async () => {
    while (next < items.length) {
      const i = next++;
      out[i] = await fn(items[i]);
      progress?.(++done);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  return out;
}

const component = (id: string, type: string, props: Record<string, unknown>, wrapper?: PageComponent['wrapper']): PageComponent =>
  wrapper ? { id, type, props, wrapper } : { id, type, props };

/**
 * The event's top page. The face gallery is a banner slide (its cover, a group photo) rather than a
 * fifth gallery card: the cards are tall on a phone, and the photo stream should start on the second screen.
 */
function topPage(banners: string[], childIds: number[], faceCover: string | null, info: PageComponent | null, splash: string | null): PageData {
  return {
    components: [
      // The splash page: over the whole screen, so it adds nothing above the photo list.
      ...(splash ? [splashGuide(splash)] : []),
      component('slidehead-1', 'slidehead', {
        items: [
          { image: banners[0] },
          { image: banners[1], link: { type: 'subgallery', value: DEMO_CARPET_LINK_ID, link_id: DEMO_CARPET_LINK_ID } },
          { image: banners[2], link: { type: 'subgallery', value: DEMO_PARTY_LINK_ID, link_id: DEMO_PARTY_LINK_ID } },
          ...(faceCover ? [{ image: faceCover, link: { type: 'subgallery', value: DEMO_FACES_LINK_ID, link_id: DEMO_FACES_LINK_ID } }] : [])
        ],
        interval: 5000,
        ratio: 0.5
      }, { background: '#0f172a' }),
      component('tips-1', 'tips', { text: 'Welcome to the Spring Gala live album — new photos arrive while we shoot' }, {
        background: '#fff7e6', color: '#ad6800', container: { margin: 8, padding: 8, radius: 8, background: '#fffbe6' }
      }),
      component('gallery-1', 'gallery', { mode: 1, ids: childIds, search: false, title: 'Galleries' }, {
        background: '#f5f5f5', container: { margin: 12, padding: 0, radius: 12, background: '#ffffff' }
      }),
      ...(info ? [info] : []),
      component('navigator-1', 'navigator', { show_my: true, home_label: 'live' }),
      // Pendants (issue 14 part 3): what does not fit beside the tabs folds into the more-menu; desktops show good and language.
      component('pendent-1', 'pendent', {
        buttons: [
          { type: 'top' }, { type: 'lang' }, { type: 'good' }, { type: 'share' }, { type: 'setting' },
          { type: 'download' }, { type: 'jigsaw' }, { type: 'refresh', hidden: true }
        ]
      }),
      component('photo-1', 'photo', { gallery_id: 0, mode: '2', show_tags: true }, { background: '#f5f5f5', container: { margin: 0, padding: 4 } })
    ]
  };
}

function subPage(tip: string, mode: string, extra: PageData['components'] = []): PageData {
  return {
    components: [
      component('tips-1', 'tips', { text: tip }, { background: '#fff7e6', color: '#ad6800', container: { margin: 8, padding: 8, radius: 8 } }),
      component('photo-1', 'photo', { gallery_id: 0, mode, show_tags: true }),
      component('navigator-1', 'navigator', { show_my: true, home_label: 'back' }),
      ...extra
    ]
  };
}

interface GalleryInsert {
  link_id: string;
  url_labeling: string | null;
  name: string;
  desc: string;
  cover: string;
  watermarks: Watermark | null;
  start_time: number;
  end_time: number;
  status: string;
  tags: string[];
  parent: number;
  position: number;
  pagedata: PageData | null;
  config: Record<string, unknown>;
}

async function insertGallery(q: Queryable, g: GalleryInsert, now: number): Promise<number> {
  const { rows } = await q.query<{ id: number }>(
    `INSERT INTO galleries (link_id, url_labeling, name, "desc", cover, watermarks, start_time, end_time, status, tags,
       parent, position, pagedata, config, galleryaddress, created_at)
     VALUES ($1, $2, $3, $4, $5, $6::jsonb, $7, $8, $9, $10::text[], $11, $12, $13::jsonb, $14::jsonb, $15, $16) RETURNING id`,
    [g.link_id, g.url_labeling, g.name, g.desc, g.cover, g.watermarks ? JSON.stringify(g.watermarks) : null, g.start_time, g.end_time,
      g.status, g.tags, g.parent, g.position, g.pagedata ? JSON.stringify(g.pagedata) : null, JSON.stringify(g.config),
      'Grand Hall, Riverside Center', now]
  );
  await q.query('INSERT INTO gallery_stats (gallery_id) VALUES ($1) ON CONFLICT DO NOTHING', [rows[0].id]);
  return rows[0].id;
}

async function existingDemo(db: Queryable): Promise<string | null> {
  const { rows } = await db.query<{ link_id: string }>('SELECT link_id FROM galleries WHERE link_id = $1', [DEMO_LINK_ID]);
  return rows[0]?.link_id ?? null;
}

/**
 * Seed the demo event into an empty database: a top page with two sub-galleries,
 * generated banners, a watermark icon and DEMO_PHOTO_COUNT photos. Does nothing when
 * any gallery exists. Returns the top page's link id (or the existing demo's, or null).
 */
export async function seedDemo(ctx: SeedDeps, opts: SeedOptions = {}): Promise<string | null> {
  const log = opts.log ?? (() => undefined);
  const { rows } = await ctx.db.query<{ n: number }>('SELECT count(*)::int AS n FROM galleries');
  if (rows[0].n > 0) return existingDemo(ctx.db);

  const t0 = Date.now();
  const now = opts.now ?? Math.floor(Date.now() / 1000);
  const start = now - 6 * HOUR;
  const end = now + 6 * HOUR;
  const images = new ImageService(ctx);

  const icon = await images.ingest(await sharp(Buffer.from(logoSvg())).png().toBuffer(), 'logo.png');
  const bannerSpecs: [SceneKind, string, string][] = [
    ['mountains', 'Spring Gala 2026', 'Live album · new photos while we shoot'],
    ['carpet', 'Red Carpet', 'Arrivals from 18:00 · watermarked photos'],
    ['guests', 'After Party', 'Starts tomorrow — see you there']
  ];
  const banners = await inBatches(bannerSpecs, PARALLEL, async ([kind, title, sub]) => {
    const svg = bannerSvg(kind, mulberry32(SEED + title.length), 1600, 800, title, sub);
    return images.ingest(await sharp(Buffer.from(svg)).jpeg({ quality: 85, mozjpeg: false }).toBuffer(), `${title}.jpg`);
  });

  const floorPlan = await images.ingest(await sharp(Buffer.from(floorPlanSvg())).png().toBuffer(), 'floor-plan.png');
  const splash = await images.ingest(await sharp(Buffer.from(splashSvg())).jpeg({ quality: 82, mozjpeg: false }).toBuffer(), 'splash.jpg');
  const sponsorLogos = await inBatches([...DEMO_SPONSORS], PARALLEL, async (sp) =>
    images.ingest(await sharp(Buffer.from(sponsorLogoSvg(sp.initials, sp.color))).png().toBuffer(), `${sp.initials}.png`)
  );

  const plans = planPhotos(Math.max(0, opts.photos ?? DEMO_PHOTO_COUNT), start, now);
  log(`Demo seed: drawing ${plans.length} photos…`);
  const ingested: IngestedImage[] = await inBatches(
    plans,
    PARALLEL,
    async (p) => images.ingest(await renderPhoto(p), p.origin),
    (done) => {
      if (done % 80 === 0) log(`Demo seed: ${done}/${plans.length} photos`);
    }
  );

  // Gated sub-galleries (password, phone): their own photos, drawn from reseeded plans.
  const gatedPlans = plans.slice(0, DEMO_GATED.length * DEMO_GATED_PHOTOS)
    .map((p, i) => ({ ...p, seed: (p.seed ^ 0x9e3779b9 ^ (i * 7919)) >>> 0, origin: `GATED_${i + 1}.JPG`, tags: [] as string[] }));
  const gatedImages = await inBatches(gatedPlans, PARALLEL, async (p) => images.ingest(await renderPhoto(p), p.origin));
  // Real photos with faces from node_modules (demoFaces.ts), for face search.
  const faceImages = await inBatches(demoFacePhotos(), PARALLEL, async (p) => ({ origin: p.origin, img: await images.ingest(p.bytes, p.origin) }));
  // Race photos with bib numbers (demoRace.ts), for the formocr text search.
  const raceImages = await inBatches(await demoRacePhotos(), PARALLEL, async (p) => ({ origin: p.origin, img: await images.ingest(p.bytes, p.origin) }));
  // Comment gifts and stickers (demoGifts.ts), for the galleries with comments on.
  const giftImages = await drawDemoGiftImages((png, name) => images.ingest(png, name));

  const link = await ctx.db.tx(async (q) => {
    await q.query('SELECT pg_advisory_xact_lock($1)', [7_310_002]);
    const again = await q.query<{ n: number }>('SELECT count(*)::int AS n FROM galleries');
    if (again.rows[0].n > 0) return null; // another process seeded meanwhile

    const firstCarpet = plans.findIndex((p) => p.gallery === 'carpet');
    const topId = await insertGallery(q, {
      link_id: DEMO_LINK_ID, url_labeling: 'spring-gala', name: 'Demo: Spring Gala 2026',
      desc: 'Live photos from the Spring Gala 2026, refreshed as the photographers upload.',
      cover: banners[0].hash, watermarks: null, start_time: start, end_time: end, status: 'start',
      tags: DEMO_TOP_TAGS, parent: 0, position: 0, pagedata: null, config: { original_photo: 1, sort: '-shoottime' }
    }, now);
    const carpetId = await insertGallery(q, {
      link_id: DEMO_CARPET_LINK_ID, url_labeling: null, name: 'Red Carpet',
      desc: 'Arrivals on the red carpet. Photos carry the event watermark.',
      cover: firstCarpet >= 0 ? ingested[firstCarpet].hash : banners[1].hash,
      watermarks: { icon: icon.hash, percent: 20, opacity: 60, align: 'bottom-right', h: 3, v: 3, noborder: false, adjust: 'h' },
      start_time: start, end_time: end, status: 'start', tags: DEMO_CARPET_TAGS, parent: topId, position: 1,
      pagedata: subPage('Red Carpet arrivals — every photo carries the event watermark', 'waterfall'), config: { original_photo: 0, active_on: 1 }
    }, now);
    // Payment demo: Red Carpet photos are paid per photo to remove the watermark (is_pay_down = that good's id).
    const carpetGood = await q.query<{ id: number }>(
      `INSERT INTO goods (gallery_id, name, price_cents, kind, created_at) VALUES ($1, 'Remove watermark', $2, 'remove_watermark', $3) RETURNING id`,
      [carpetId, DEMO_WATERMARK_PRICE_CENTS, now]
    );
    await q.query('UPDATE galleries SET is_pay_down = $2 WHERE id = $1', [carpetId, carpetGood.rows[0].id]);
    const tomorrow = now + 24 * HOUR;
    const partyId = await insertGallery(q, {
      link_id: DEMO_PARTY_LINK_ID, url_labeling: null, name: 'After Party',
      desc: 'The after party starts tomorrow evening. Photos will appear here live.',
      cover: banners[2].hash, watermarks: null, start_time: tomorrow, end_time: tomorrow + 24 * HOUR, status: 'wait',
      tags: [], parent: topId, position: 2, pagedata: partyPage(), config: DEMO_PARTY_CONFIG
    }, now);
    await seedPartyComments(q, partyId);
    const gatedIds: number[] = [];
    for (const [k, gd] of DEMO_GATED.entries()) {
      const mine = gatedPlans.map((p, i) => ({ p, img: gatedImages[i] })).filter((_, i) => Math.floor(i / DEMO_GATED_PHOTOS) === k);
      const id = await insertGallery(q, {
        link_id: gd.link_id, url_labeling: null, name: gd.name, desc: gd.desc, cover: mine[0]?.img.hash ?? banners[0].hash,
        watermarks: null, start_time: start, end_time: end, status: 'start', tags: [], parent: topId, position: 3 + k,
        pagedata: subPage(gd.tip, '2'), config: {}
      }, now);
      await gateDemoGallery(q, id, gd.kind, now);
      for (const { p, img } of mine) await images.addPhoto(q, id, img, { origin: p.origin, tags: [], shoottime: p.shoottime, createtime: Math.min(now, p.shoottime + 30) });
      gatedIds.push(id);
    }
    if (faceImages.length) {
      const id = await insertGallery(q, {
        link_id: DEMO_FACES_LINK_ID, url_labeling: null, name: DEMO_FACES_NAME, desc: DEMO_FACES_DESC, cover: faceImages[0].img.hash,
        watermarks: null, start_time: start, end_time: end, status: 'start', tags: [], parent: topId, position: 3 + DEMO_GATED.length,
        pagedata: subPage('Find yourself: tap Find and upload a selfie — face search is on in this gallery', '2', [
          component('pendent-1', 'pendent', { buttons: [{ type: 'people' }, { type: 'top' }] })
        ]),
        config: { use_face: 1, active_on: 1, original_photo: 1 }
      }, now);
      for (const [i, { origin, img }] of faceImages.entries()) {
        await images.addPhoto(q, id, img, { origin, tags: [], shoottime: start + HOUR + i * 600, createtime: start + HOUR + i * 600 + 60 });
      }
    }
    // The bib-number gallery: its page's formocr box searches it (the OCR indexer reads its photos after the seed).
    const raceId = await insertGallery(q, {
      link_id: DEMO_RACE_LINK_ID, url_labeling: null, name: DEMO_RACE_NAME, desc: DEMO_RACE_DESC, cover: raceImages[0].img.hash,
      watermarks: null, start_time: start, end_time: end, status: 'start', tags: [], parent: topId, position: 4 + DEMO_GATED.length,
      pagedata: {
        components: [
          component('tips-1', 'tips', { text: 'Type your bib number (try 4821) to find your race photos' }, { background: '#fff7e6', color: '#ad6800', container: { margin: 8, padding: 8, radius: 8 } }),
          component('formocr-1', 'formocr', { gallery_id: 0, title: 'Find your photos by bib number', placeholder: '' }, { background: '#ffffff' }),
          component('photo-1', 'photo', { gallery_id: 0, mode: '2', show_tags: false }),
          component('navigator-1', 'navigator', { show_my: true, home_label: 'back' })
        ]
      },
      config: { original_photo: 1 }
    }, now);
    for (const [i, { origin, img }] of raceImages.entries()) {
      await images.addPhoto(q, raceId, img, { origin, tags: [], shoottime: start + 2 * HOUR + i * 240, createtime: start + 2 * HOUR + i * 240 + 60 });
    }
    const schedule = await storeContent(q, SCHEDULE_HTML, now);
    const notes = await storeContent(q, NOTES_HTML, now);
    const folds = blockFolds(sponsorLogos.map((l) => l.hash), DEMO_CARPET_LINK_ID);
    const info = schedule && notes ? eventInfo(schedule.hash, notes.hash, floorPlan.hash, folds) : null;
    // The order page: the event's photo-service offers (goods of kind 'service').
    for (const o of DEMO_SERVICE_OFFERS) {
      await q.query(`INSERT INTO goods (gallery_id, name, description, price_cents, kind, created_at) VALUES ($1, $2, $3, $4, 'service', $5)`, [topId, o.name, o.description, o.price, now]);
    }
    // The group page: the demo's albums under one link, gated ones included (listed by name until passed).
    const group = await q.query<{ id: number }>('INSERT INTO gallery_groups (token, name, created_at) VALUES ($1, $2, $3) RETURNING id', [DEMO_GROUP_TOKEN, 'Demo: Spring Gala albums', now]);
    for (const [i, id] of [topId, carpetId, partyId, ...gatedIds, raceId].entries()) {
      await q.query('INSERT INTO gallery_group_members (group_id, gallery_id, position) VALUES ($1, $2, $3)', [group.rows[0].id, id, i]);
    }
    await q.query('UPDATE galleries SET pagedata = $2::jsonb WHERE id = $1', [
      topId, JSON.stringify(topPage(banners.map((b) => b.hash), [carpetId, partyId, ...gatedIds, raceId], faceImages[0]?.img.hash ?? null, info, splash.hash))
    ]);

    for (const [i, p] of plans.entries()) {
      const uploadDelay = 20 + ((p.seed >>> 3) % 220);
      await images.addPhoto(q, p.gallery === 'top' ? topId : carpetId, ingested[i], {
        origin: p.origin,
        tags: p.tags,
        shoottime: p.shoottime,
        createtime: Math.min(now, p.shoottime + uploadDelay)
      });
    }
    await seedDemoGifts(q, giftImages, now); // last: every gallery with use_comment 1 by now
    return DEMO_LINK_ID;
  });
  if (!link) return existingDemo(ctx.db);
  // Lists read before the seed committed must not linger.
  ctx.photos?.invalidateAll();
  log(`Demo seed: ${plans.length} photos in ${((Date.now() - t0) / 1000).toFixed(1)} s`);
  return link;
}
