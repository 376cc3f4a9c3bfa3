import path from 'node:path';
import { BACKENDS, startTestServer, type TestServer } from './helpers';
import { createBigGallery, BIG_TAGS } from '../../server/src/demo/bigGallery';
import { LocalStore } from '../../server/src/storage';

type Item = { id: number; hash: string; shoottime: number; love: number; tags: string[] };

describe.each(BACKENDS)('photo list paging on a big gallery (%s)', (backend) => {
  let s: TestServer;
  let gid: number;
  // Above ORDER_INDEX_MIN: deep offsets take the in-memory order path.
  const N = 2500;

  beforeAll(async () => {
    s = await startTestServer(backend);
    const id = await createBigGallery({ db: s.db, store: new LocalStore(path.join(s.dataDir, 'objects')) }, { photos: N, link: 'bigtest1' });
    gid = id!;
  });
  afterAll(() => s.close());

  const list = async (q: string) => {
    const r = await s.app.inject({ method: 'GET', url: `/api/v2/images/${gid}/list${q}` });
    expect(r.statusCode).toBe(200);
    return r.json().data as { items: Item[]; total: number; pagedata: { next_offset: number; has_more: boolean } };
  };

  /** Walk every page the way the client does: offset plus the last photo as keyset cursor. */
  async function walk(base: string, key: 'shoottime' | 'love'): Promise<Item[]> {
    const out: Item[] = [];
    let offset = 0;
    for (;;) {
      const last = out[out.length - 1];
      const after = last ? `&after=${last[key]}_${last.id}` : '';
      const page = await list(`${base}&offset=${offset}&page_size=100${after}`);
      out.push(...page.items);
      offset = page.pagedata.next_offset;
      if (!page.pagedata.has_more) return out;
    }
  }

  it('creates the gallery with its photos, tags and likes, and refuses a taken link', async () => {
    const first = await list('?offset=0');
    expect(first.total).toBe(N);
    const again = await createBigGallery({ db: s.db, store: new LocalStore(path.join(s.dataDir, 'objects')) }, { photos: 10, link: 'bigtest1' });
    expect(again).toBeNull();
    const g = await s.app.inject({ method: 'GET', url: '/api/v2/gallery/link/bigtest1' });
    expect(g.json().data.gallery).toMatchObject({ image_total: N, tags: BIG_TAGS });
    // The photos render: their originals exist.
    const img = await s.app.inject({ method: 'GET', url: `/img/${first.items[0].hash}!wx_250_160?g=${gid}` });
    expect(img.statusCode).toBe(200);
  });

  it('keyset pages give every photo once, in order, like offset pages', async () => {
    const keyed = await walk('?sorttype=-shoottime', 'shoottime');
    expect(keyed).toHaveLength(N);
    expect(new Set(keyed.map((p) => p.id)).size).toBe(N);
    for (let i = 1; i < keyed.length; i++) {
      const a = keyed[i - 1];
      const b = keyed[i];
      expect(a.shoottime > b.shoottime || (a.shoottime === b.shoottime && a.id > b.id)).toBe(true);
    }
    for (const at of [20, 500, 2480]) {
      const byOffset = (await list(`?sorttype=-shoottime&offset=${at}&page_size=20`)).items.map((p) => p.id);
      expect(byOffset).toEqual(keyed.slice(at, at + 20).map((p) => p.id));
    }
    const end = await list('?sorttype=-shoottime&offset=2490');
    expect(end.items).toHaveLength(10);
    expect(end.pagedata).toMatchObject({ next_offset: N, has_more: false });
  });

  it('ascending keyset pages with a tag filter', async () => {
    const tagged = await walk('?sorttype=shoottime&order=asc&tags=Stage', 'shoottime');
    const total = (await list('?tags=Stage')).total;
    expect(tagged).toHaveLength(total);
    const deep = (await list(`?sorttype=shoottime&order=asc&tags=Stage&offset=${total - 30}`)).items.map((p) => p.id);
    expect(deep).toEqual(tagged.slice(total - 30, total - 10).map((p) => p.id));
    expect(tagged.every((p) => p.tags.includes('Stage'))).toBe(true);
    expect(tagged.map((p) => p.shoottime)).toEqual([...tagged.map((p) => p.shoottime)].sort((a, b) => a - b));
  });

  it('ranks by likes for the hot list, all pages in like order', async () => {
    const hot = await walk('?sorttype=-love', 'love');
    expect(hot).toHaveLength(N);
    expect(hot.map((p) => p.love)).toEqual([...hot.map((p) => p.love)].sort((a, b) => b - a));
    expect(hot[0].love).toBeGreaterThanOrEqual(500);
    const page = (await list('?sorttype=-love&offset=1000')).items.map((p) => p.id);
    expect(page).toEqual(hot.slice(1000, 1020).map((p) => p.id));
  });

  it('rejects a malformed cursor', async () => {
    const r = await s.app.inject({ method: 'GET', url: `/api/v2/images/${gid}/list?after=abc` });
    expect(r.statusCode).toBe(400);
    expect(r.json().code).not.toBe(200);
  });
});
