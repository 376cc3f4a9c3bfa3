import { DEMO_RACE_PHOTOS } from '../../server/src/demo/demoRace';
import sharp from 'sharp';
import { checkPageData } from '../../types/page/validate';
import { defaultPageData } from '../../server/src/services/gallery/defaultPage';
import { BACKENDS, startTestServer, type TestServer } from './helpers';
import {
  DEMO_CARPET_TAGS,
  DEMO_LINK_ID,
  DEMO_PHOTO_COUNT,
  DEMO_TOP_TAGS,
  seedDemo
} from '../../server/src/demo/demo';
import { originalKey } from '../../server/src/storage';
import { DEMO_PARTY_WELCOME } from '../../server/src/demo/demoParty';
import { ImageService } from '../../server/src/services/photos/images';

interface G {
  id: number;
  link_id: string;
  url_labeling: string | null;
  cover: string | null;
  name: string;
  parent: number;
  start_time: number;
  end_time: number;
  image_total: number;
  tags: string[];
  watermarks: Record<string, unknown> | null;
  pagedata: { components: { id: string; type: string; props: Record<string, unknown> }[] } | null;
  config: Record<string, unknown>;
}

describe.each(BACKENDS)('demo seed on %s', (backend) => {
  let s: TestServer;
  let now: number;
  let galleries: Record<string, G>;

  beforeAll(async () => {
    s = await startTestServer(backend);
    now = Math.floor(Date.now() / 1000);
    const logs: string[] = [];
    expect(await seedDemo({ ...s.services, db: s.db }, { photos: 24, now, log: (m) => logs.push(m) })).toBe(DEMO_LINK_ID);
    expect(logs.length).toBeGreaterThan(0);
    const { rows } = await s.db.query<G>('SELECT * FROM galleries ORDER BY id');
    galleries = Object.fromEntries(rows.map((g) => [g.link_id, g]));
  });
  afterAll(() => s.close());

  it('creates the top page and its two sub-galleries', async () => {
    // Plus the gated sub-galleries (issue 5: password and phone gates).
    // Plus the face-search gallery of real photos from node_modules (issue 13).
    // Plus the bib-number gallery of generated race photos (issue 14, formocr).
    expect(Object.keys(galleries).sort()).toEqual(['carpet26', 'demo2026', 'faces026', 'party026', 'press026', 'race2026', 'vip2026a']);
    expect(galleries.faces026).toMatchObject({ parent: galleries.demo2026.id, config: expect.objectContaining({ use_face: 1, active_on: 1 }), image_total: 6 });
    // The face gallery's page offers the Find pendant (the find-person dialog).
    const facePage = (await s.db.query<{ pagedata: { components: Array<{ type: string; props: { buttons?: Array<{ type: string }> } }> } }>('SELECT pagedata FROM galleries WHERE id = $1', [galleries.faces026.id])).rows[0].pagedata;
    expect(facePage.components.find((c) => c.type === 'pendent')?.props.buttons?.map((b) => b.type)).toContain('people');
  });

  it('seeds only pages an organiser could save, like the default page (checked against the component definitions)', () => {
    const pages = Object.values(galleries).filter((g) => g.pagedata);
    expect(pages.length).toBeGreaterThan(0);
    for (const g of pages) expect([g.link_id, checkPageData(g.pagedata)]).toEqual([g.link_id, []]);
    expect(checkPageData(defaultPageData())).toEqual([]);
  });

  it('the race gallery has a formocr search box and its photos are queued for OCR (and nothing else)', async () => {
    const race = galleries.race2026;
    expect(race).toMatchObject({ parent: galleries.demo2026.id, image_total: DEMO_RACE_PHOTOS });
    expect(race.pagedata!.components.find((c) => c.type === 'formocr')?.props).toMatchObject({ gallery_id: 0 });
    await s.services.ocrIndexer.enqueueMissing();
    const counts = await s.services.ocrIndexer.counts(race.id);
    expect(Object.values(counts).reduce((a, b) => a + b, 0)).toBe(DEMO_RACE_PHOTOS);
    expect((await s.db.query('SELECT 1 FROM ocr_jobs WHERE gallery_id <> $1', [race.id])).rows).toEqual([]);
  });

  it('queues the face gallery for background indexing (and nothing else)', async () => {
    await s.services.faceIndexer.enqueueMissing();
    expect(await s.services.faceIndexer.counts(galleries.faces026.id)).toEqual({ queued: 6 });
    expect((await s.db.query('SELECT 1 FROM face_jobs WHERE gallery_id <> $1', [galleries.faces026.id])).rows).toEqual([]);
    const top = galleries.demo2026;
    expect(top).toMatchObject({ name: 'Demo: Spring Gala 2026', url_labeling: 'spring-gala', parent: 0, tags: DEMO_TOP_TAGS });
    expect(top.start_time).toBeGreaterThanOrEqual(now - 6 * 3600 - 1);
    expect(top.end_time).toBeLessThanOrEqual(now + 6 * 3600 + 1);
    expect(galleries.carpet26).toMatchObject({ name: 'Red Carpet', parent: top.id, tags: DEMO_CARPET_TAGS });
    expect(galleries.carpet26.watermarks).toMatchObject({ percent: 20, opacity: 60, align: 'bottom-right', h: 3, v: 3, noborder: false, adjust: 'h' });
    expect(galleries.party026).toMatchObject({ name: 'After Party', parent: top.id, image_total: 0 });
  });

  it('has the After Party not yet started', () => {
    const party = galleries.party026;
    expect(party.start_time).toBeGreaterThan(now);
    expect(party.end_time).toBeGreaterThan(party.start_time);
  });

  it('opens the After Party to comments and red packets: the list and the send bar on its page, the hosts’ pinned welcome', async () => {
    const party = galleries.party026;
    expect(party.config).toMatchObject({ use_comment: 1, use_package: 1 });
    expect(party.pagedata!.components.map((c) => c.type)).toEqual(['tips', 'commentlist', 'photo', 'navigator', 'commentsend']);
    // What a visitor's app reads: the welcome, pinned, from the organiser.
    const list = (await s.app.inject({ method: 'GET', url: `/api/comment/list?galleryid=${party.id}&pagesize=50` })).json();
    expect(list.code).toBe(200);
    expect(list.data.total).toBe(1);
    expect(list.data.items[0]).toMatchObject({ content: DEMO_PARTY_WELCOME, nickname: 'Party hosts', master: 1, istop: 1 });
    // No other demo gallery takes comments or red packets.
    const others = Object.values(galleries).filter((g) => g.link_id !== 'party026');
    expect(others.filter((g) => g.config.use_comment || g.config.use_package)).toEqual([]);
  });

  it('lays out the top page components in order', async () => {
    const comps = galleries.demo2026.pagedata!.components;
    expect(comps.map((c) => c.type)).toEqual(['guide', 'slidehead', 'tips', 'gallery', 'collapse', 'navigator', 'pendent', 'photo']);
    expect(new Set(comps.map((c) => c.id)).size).toBe(comps.length);
    const [guide, slide, tips, list, info, nav, pendent, photo] = comps;
    // The splash page: a stored picture, a 4 s skip countdown.
    expect(guide.props).toMatchObject({ autoPlay: true, duration: 4, showBar: true });
    expect((await s.app.inject({ method: 'GET', url: `/img/${guide.props.image}!wx_750_n` })).statusCode).toBe(200);
    const items = slide.props.items as { image: string }[];
    // Three event banners, then the face gallery's cover linking to it.
    expect(items).toHaveLength(4);
    expect(items[3]).toMatchObject({ image: galleries.faces026.cover, link: { type: 'subgallery', link_id: 'faces026' } });
    for (const it of items) {
      const { rows } = await s.db.query('SELECT 1 FROM images WHERE hash = $1', [it.image]);
      expect(rows).toHaveLength(1);
      expect(await s.services.store.exists(originalKey(it.image))).toBe(true);
    }
    expect(tips.props.text).toMatch(/Welcome to the Spring Gala/);
    expect(list.props).toMatchObject({ mode: 1, ids: [galleries.carpet26.id, galleries.party026.id, galleries.vip2026a.id, galleries.press026.id, galleries.race2026.id] });
    expect(nav.props).toMatchObject({ show_my: true });
    expect((pendent.props.buttons as { type: string }[]).map((b) => b.type)).toEqual(['top', 'lang', 'good', 'share', 'setting', 'download', 'jigsaw', 'refresh']);
    expect(photo.props).toEqual({ gallery_id: 0, mode: '2', show_tags: true });
    // The event info accordion: the schedule and notes as rich content a visitor can fetch, the floor plan as a modal image.
    const folds = info.props.items as { title: string; children: { type: string; props: Record<string, unknown> }[] }[];
    expect(folds.map((f) => f.title)).toEqual([
      'About the event', 'Programme', 'Guests', 'Venue and floor plan', 'Schedule (printable)', 'Wi-Fi, parking and help', 'Hosts and sponsors', 'Highlights', 'Register'
    ]);
    expect(folds.map((f) => f.children.map((c) => c.type).join('+'))).toEqual(['actinfo', 'actflow', 'guests', 'image', 'richtext', 'richtext+contact', 'buttongroup', 'tab', 'form']);
    // The button group's sponsors have stored logos; the highlights' tabs hold the hot pictures, the hot list and the slideshow.
    const group = folds[6].children[0].props as { sponsors: { name: string; logo: string }[]; buttons: { modal?: string }[] };
    expect(group.buttons.map((b) => b.modal ?? 'link')).toEqual(['sponsor', 'guest', 'activity', 'link']);
    for (const sp of group.sponsors) expect((await s.app.inject({ method: 'GET', url: `/img/${sp.logo}!avatar_150` })).statusCode).toBe(200);
    const tabs = (folds[7].children[0].props.items as { title: string; children: { type: string }[] }[]).map((i) => `${i.title}:${i.children.map((c) => c.type)}`);
    expect(tabs).toEqual(['Most liked:hot_pic', 'Top 10:hot', 'Slideshow:carousel']);
    const schedule = await s.app.inject({ method: 'GET', url: `/api/v2/contents/${folds[4].children[0].props.hash}` });
    expect(schedule.statusCode).toBe(200);
    expect(schedule.json().data.html).toMatch(/<table>.*Red carpet/s);
    const plan = (folds[3].children[0].props.items as { image: string; link: { type: string; modalcontent: string } }[])[0];
    expect(plan.link).toMatchObject({ type: 'modal-image', modalcontent: plan.image });
    expect((await s.app.inject({ method: 'GET', url: `/img/${plan.image}!wx_750_n` })).statusCode).toBe(200);
  });

  it('fills the top page and Red Carpet with counted, tagged, timed photos', async () => {
    const { rows } = await s.db.query<{ gallery_id: number; origin: string; tags: string[]; shoottime: number; createtime: number; width: number; height: number }>(
      'SELECT gallery_id, origin, tags, shoottime, createtime, width, height FROM photos WHERE gallery_id = ANY($1::int[])',
      [[galleries.demo2026.id, galleries.carpet26.id]]
    );
    expect(rows).toHaveLength(24);
    const top = rows.filter((r) => r.gallery_id === galleries.demo2026.id);
    const carpet = rows.filter((r) => r.gallery_id === galleries.carpet26.id);
    expect([top.length, carpet.length]).toEqual([18, 6]);
    expect(galleries.demo2026.image_total).toBe(18);
    expect(galleries.carpet26.image_total).toBe(6);
    for (const r of top) for (const t of r.tags) expect(DEMO_TOP_TAGS).toContain(t);
    for (const r of carpet) for (const t of r.tags) expect(DEMO_CARPET_TAGS).toContain(t);
    expect(rows.some((r) => r.tags.length > 0)).toBe(true);
    for (const r of rows) {
      expect(r.origin).toMatch(/^IMG_\d{4}\.JPG$/);
      expect(r.shoottime).toBeGreaterThanOrEqual(galleries.demo2026.start_time);
      expect(r.shoottime).toBeLessThanOrEqual(now);
      expect(r.createtime).toBeGreaterThanOrEqual(r.shoottime);
      expect(Math.max(r.width, r.height)).toBeGreaterThanOrEqual(1200);
      expect(Math.max(r.width, r.height)).toBeLessThanOrEqual(1600);
    }
    expect(new Set(rows.map((r) => r.shoottime)).size).toBeGreaterThan(20);
  });

  it('stores real JPEGs whose EXIF time ingest reads back', async () => {
    const { rows } = await s.db.query<{ hash: string; shoottime: number }>('SELECT hash, shoottime FROM photos ORDER BY id LIMIT 3');
    for (const r of rows) {
      const buf = (await s.services.store.get(originalKey(r.hash)))!;
      expect((await sharp(buf).metadata()).format).toBe('jpeg');
      const again = await new ImageService({ db: s.db, store: s.services.store }).ingest(buf);
      expect(again.shoottime).toBe(r.shoottime);
    }
  });

  it('serves Red Carpet photos watermarked and the watermark icon unmarked', async () => {
    const { rows } = await s.db.query<{ hash: string }>('SELECT hash FROM photos WHERE gallery_id = $1 LIMIT 1', [galleries.carpet26.id]);
    const r = await s.app.inject({ url: `/img/${rows[0].hash}!wx_750_n`, headers: { accept: 'image/webp' } });
    expect(r.statusCode).toBe(200);
    expect(r.headers.etag).not.toMatch(/\.plain\./);
    const icon = await s.app.inject({ url: `/img/${galleries.carpet26.watermarks!.icon}!wx_250_160` });
    expect(icon.statusCode).toBe(200);
    expect((await s.app.inject({ url: `/img/${rows[0].hash}!original` })).statusCode).toBe(403);
  });

  it('does nothing the second time', async () => {
    const before = await s.db.query<{ n: number }>('SELECT (SELECT count(*) FROM galleries) + (SELECT count(*) FROM photos) AS n');
    expect(await seedDemo({ ...s.services, db: s.db }, { photos: 24 })).toBe(DEMO_LINK_ID);
    const after = await s.db.query<{ n: number }>('SELECT (SELECT count(*) FROM galleries) + (SELECT count(*) FROM photos) AS n');
    expect(after.rows[0].n).toBe(before.rows[0].n);
  });
});

describe('demo seed at full size', () => {
  it('creates at least 300 photos by default, quickly', async () => {
    expect(DEMO_PHOTO_COUNT).toBeGreaterThanOrEqual(300);
    const s = await startTestServer('pglite');
    try {
      const t0 = Date.now();
      expect(await seedDemo({ ...s.services, db: s.db })).toBe(DEMO_LINK_ID);
      const elapsed = Date.now() - t0;
      const { rows } = await s.db.query<{ n: number }>("SELECT count(*)::int AS n FROM photos WHERE gallery_id IN (SELECT id FROM galleries WHERE link_id IN ('demo2026', 'carpet26'))");
      expect(rows[0].n).toBe(DEMO_PHOTO_COUNT);
      expect(elapsed).toBeLessThan(60_000);
    } finally {
      await s.close();
    }
  }, 90_000);
});
