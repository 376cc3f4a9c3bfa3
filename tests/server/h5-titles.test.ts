import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { BACKENDS, startTestServer, insertGallery, type TestServer } from './helpers';
import { pageTitle } from '../../server/src/services/h5/titles';
import { ROUTES } from '../../types/routes';
import zhCN from '../../src/i18n/zh-CN';
import enUS from '../../src/i18n/en-US';

/**
 * Issue 12, Experience 7: every page has a `<title>` before the app runs, in the
 * words the app uses for it once it runs (src/i18n page.*), ending with the site's name.
 */
const INDEX = '<!DOCTYPE html><html><head><meta charset="utf-8"><title></title></head><body><div id="app"></div></body></html>';
const titleOf = (html: string) => /<title>([^<]*)<\/title>/.exec(html)?.[1] ?? null;
const metaOf = (html: string, prop: string) => new RegExp(`<meta (?:property|name)="${prop}" content="([^"]*)">`).exec(html)?.[1] ?? null;

describe.each(BACKENDS)('document titles of every page on %s', (backend) => {
  let s: TestServer;
  let h5Dir: string;
  let gatedId: number;
  let englishId: number;

  beforeAll(async () => {
    h5Dir = fs.mkdtempSync(path.join(os.tmpdir(), 'lg-h5-titles-'));
    fs.writeFileSync(path.join(h5Dir, 'index.html'), INDEX);
    s = await startTestServer(backend, { H5_DIR: h5Dir, PUBLIC_URL: 'https://photos.example', SEED_DEMO: '0' });
    await insertGallery(s.db, { link_id: 'title123', name: 'Harbour <Run>' });
    englishId = await insertGallery(s.db, { link_id: 'title124', name: 'City Marathon', config: { locale: 'en-US' } });
    gatedId = await insertGallery(s.db, { link_id: 'title125', name: 'VIP Lounge' });
    await s.db.query(`INSERT INTO gallery_gates (gallery_id, kind, access_type, password_hash, password_salt, updated_at) VALUES ($1, 'pgdata', 'password', 'x', 'y', 0)`, [gatedId]);
  });
  afterAll(async () => {
    await s.close();
    fs.rmSync(h5Dir, { recursive: true, force: true });
  });

  const doc = async (url: string) => {
    const r = await s.app.inject({ method: 'GET', url });
    return { status: r.statusCode, title: titleOf(r.body), ogTitle: metaOf(r.body, 'og:title'), body: r.body };
  };

  it('titles the pages that are not a gallery page, in the words the app uses', async () => {
    const want: Array<[string, string]> = [
      ['/', '活动相册'],
      ['/page/me', '我的 - 活动相册'],
      ['/page/share/oXyZ123/1,2,3', '分享的照片 - 活动相册'],
      ['/demo', '演示 - 活动相册'],
      ['/page/order/title123', '预约 - 活动相册'],
      ['/g/title123/video/7', '视频 - 活动相册'],
      ['/page/person/title123/9/oXyZ', '个人相册 - 活动相册'],
      ['/page/group/tok123', '群组 - 活动相册'],
      ['/page/video/iframe', '视频 - 活动相册']
    ];
    for (const [url, title] of want) {
      const d = await doc(url);
      expect([url, d.status, d.title, d.ogTitle]).toEqual([url, 200, title, title]);
    }
  });

  it('names the gallery on its venue screen and its permission page, escaped and in its language, gated or not', async () => {
    expect((await doc('/g/title123/screen')).title).toBe('Harbour &lt;Run&gt; · 大屏 - 活动相册');
    const english = await doc('/g/title124/screen');
    expect(english.title).toBe('City Marathon · Venue screen - Event photos');
    expect(english.body).toContain('<html lang="en-US">');
    expect((await doc(`/page/permission/${englishId}`)).title).toBe('City Marathon - Event photos');
    // A gate page may show the gallery's name (README, gated pages); nothing else of it.
    const gated = await doc(`/page/permission/${gatedId}`);
    expect(gated.title).toBe('VIP Lounge - 活动相册');
    expect(metaOf(gated.body, 'og:image')).toBeNull();
    expect((await doc('/g/title125/screen')).title).toBe('VIP Lounge · 大屏 - 活动相册');
    // Unknown galleries: the page's own title without a name.
    expect((await doc('/g/nosuch99/screen')).title).toBe('大屏 - 活动相册');
    expect((await doc('/page/permission/999999')).title).toBe('受保护的相册 - 活动相册');
  });

  it('titles an unknown address as not found, and keeps the site title for Taro page paths', async () => {
    const missing = await doc('/no/such/page');
    expect([missing.status, missing.title]).toEqual([404, '页面不存在 - 活动相册']);
    expect((await doc('/pages/gallery/index?link_id=title123')).title).toBe('活动相册');
  });
});

describe('the server titles and the app titles', () => {
  it('use the same words, so the tab keeps its words when the app takes over', () => {
    const route = (page: string) => ({ route: ROUTES.find((r) => r.page === page)!, params: {} });
    for (const [lang, dict] of [['zh-CN', zhCN], ['en-US', enUS]] as const) {
      const site = lang === 'zh-CN' ? '活动相册' : 'Event photos';
      for (const page of ['me', 'order', 'permission', 'video', 'person', 'share', 'group', 'demo'] as const) {
        expect([lang, page, pageTitle(route(page), lang)]).toEqual([lang, page, `${dict[`page.${page}`]} - ${site}`]);
      }
      expect(pageTitle(null, lang)).toBe(`${dict['notFound.title']} - ${site}`);
      expect(pageTitle(route('screen'), lang, 'X')).toBe(`${String(dict['carousel.pageTitle']).replace('{name}', 'X')} - ${site}`);
    }
  });
});
