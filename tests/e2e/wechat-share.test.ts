// Sharing in WeChat's browser (issue 16 items 1 and 2): the JS-SDK is configured with the
// server's signature of the page's address, and WeChat's menu shares the gallery's
// content (chat, Moments); a gallery with sharing off hides the menu's share items; the
// share pendant's modal copies the link ('Copyed'). WeChat's `wx` cannot run in Chromium:
// a stand-in recording its calls is put on the page before the app loads (the app uses a
// page's own `window.wx` before the bundled SDK).
import { BASE_URL, DEMO_LINK, VIEWPORTS, getJson, openPage, toastSays, visible, visibleTestId, waitUntil, useBrowser, type TrackedPage } from './support';
import { createGallery, organiser } from './organiser';

const phone = VIEWPORTS.find((v) => v.name === 'phone-wechat')!;
const ANDROID_WECHAT_UA =
  'Mozilla/5.0 (Linux; Android 13; Pixel 7) AppleWebKit/537.36 (KHTML, like Gecko) Version/4.0 Chrome/116.0 Mobile Safari/537.36 MicroMessenger/8.0.47.2560(0x28002F35) WeChat/arm64 NetType/WIFI Language/zh_CN';

interface WxCall {
  name: string;
  arg: any;
}

/** Runs in the page before the app: a `wx` that records every call and is ready at once after config. */
function installWx() {
  const calls: Array<{ name: string; arg: unknown }> = [];
  (window as unknown as { __wxCalls: typeof calls }).__wxCalls = calls;
  const rec = (name: string) => (arg: unknown) => void calls.push({ name, arg: JSON.parse(JSON.stringify(arg ?? null)) });
  let configured = false;
  const readyFns: Array<() => void> = [];
  (window as unknown as { wx: unknown }).wx = {
    config: (arg: unknown) => {
      rec('config')(arg);
      configured = true;
      readyFns.splice(0).forEach((f) => f());
    },
    ready: (fn: () => void) => (configured ? fn() : void readyFns.push(fn)),
    error: () => undefined,
    updateAppMessageShareData: rec('updateAppMessageShareData'),
    updateTimelineShareData: rec('updateTimelineShareData'),
    onMenuShareAppMessage: rec('onMenuShareAppMessage'),
    onMenuShareTimeline: rec('onMenuShareTimeline'),
    onMenuShareQQ: rec('onMenuShareQQ'),
    onMenuShareQZone: rec('onMenuShareQZone'),
    hideMenuItems: rec('hideMenuItems'),
    showMenuItems: rec('showMenuItems')
  };
}

const wxCalls = (t: TrackedPage): Promise<WxCall[]> => t.page.evaluate(() => (window as unknown as { __wxCalls: WxCall[] }).__wxCalls ?? []);
const last = (calls: WxCall[], name: string) => calls.filter((c) => c.name === name).at(-1)?.arg;

const { newContext } = useBrowser();

async function wechatPage(): Promise<{ t: TrackedPage; signatures: Array<{ url: string; data: any }> }> {
  const context = await newContext({ ...phone.options, userAgent: ANDROID_WECHAT_UA });
  const t = await openPage(context);
  await t.page.addInitScript(installWx);
  const signatures: Array<{ url: string; data: any }> = [];
  t.page.on('response', (r) => {
    const u = new URL(r.url());
    if (u.pathname !== '/api/v2/user/signature') return;
    void r.json().then((b) => signatures.push({ url: u.searchParams.get('url') ?? '', data: b.data }));
  });
  return { t, signatures };
}

describe("WeChat's browser", () => {
  it("configures the JS-SDK with the server's signature of this address and shares the gallery to chats and Moments", async () => {
    const { t, signatures } = await wechatPage();
    const detail = await getJson(`/api/v2/gallery/link/${DEMO_LINK}`);
    const g = detail.body.data.gallery;
    await t.page.goto(`${BASE_URL}/g/${DEMO_LINK}#top`);
    await visibleTestId(t, 'gallery-name');
    const calls = await waitUntil(t, 'the menu share set', async () => {
      const c = await wxCalls(t);
      return last(c, 'updateAppMessageShareData') && last(c, 'updateTimelineShareData') ? c : null;
    });
    // Signed: this page's address without its fragment, by the server.
    expect(signatures.length).toBeGreaterThanOrEqual(1);
    const sig = signatures.at(-1)!;
    expect(sig.url).toBe(`${BASE_URL}/g/${DEMO_LINK}`);
    expect(last(calls, 'config')).toMatchObject({ appId: sig.data.appid, timestamp: sig.data.timestamp, nonceStr: sig.data.noncestr, signature: sig.data.signature });
    expect(sig.data.signature).toMatch(/^[0-9a-f]{40}$/);
    expect(last(calls, 'config').jsApiList).toEqual(expect.arrayContaining(['updateAppMessageShareData', 'updateTimelineShareData', 'hideMenuItems']));
    // The content: the page's h5_share_*, else the config's, else the name and the fallback text.
    const title = g.h5_share_title || g.config.h5_share_title || g.name;
    const chat = last(calls, 'updateAppMessageShareData');
    expect(chat).toMatchObject({ title, link: `${BASE_URL}/g/${DEMO_LINK}` });
    expect(chat.desc).toBe(g.h5_share_text || g.config.h5_share_text || '点击查看本次活动的照片');
    if (g.h5_share_image || g.config.h5_share_image || g.cover) expect(chat.imgUrl).toMatch(/^https?:\/\//);
    expect(last(calls, 'updateTimelineShareData')).toEqual({ title, link: chat.link, imgUrl: chat.imgUrl });
    expect(calls.some((c) => c.name === 'hideMenuItems')).toBe(false);
    expect(t.errors.filter((e) => !/401|favicon/.test(e))).toEqual([]);
  });

  it("a gallery with sharing off hides the menu's share items and shows no share pendant", async () => {
    const gallery = await createGallery('E2E share off');
    await organiser('POST', `/api/v2/organizer/galleries/${gallery.id}/config`, { share_off: 1 });
    const { t } = await wechatPage();
    await t.page.goto(`${BASE_URL}/g/${gallery.link_id}`);
    await visibleTestId(t, 'gallery-name');
    const hidden = await waitUntil(t, 'the share items hidden', async () => last(await wxCalls(t), 'hideMenuItems'));
    expect(hidden.menuList).toEqual(expect.arrayContaining(['menuItem:share:appMessage', 'menuItem:share:timeline', 'menuItem:favorite']));
    // Once the gallery is known its share items stay hidden: nothing shares after the hiding. (Before the
    // page's share is declared, the page may briefly carry the fallback share; it is hidden with the rest.)
    const calls = await wxCalls(t);
    const hiddenAt = calls.map((c) => c.name).lastIndexOf('hideMenuItems');
    expect(calls.slice(hiddenAt + 1).some((c) => c.name === 'updateAppMessageShareData' || c.name === 'showMenuItems')).toBe(false);
    expect(await t.page.getByTestId('pendent-share').count()).toBe(0);
  });
});

describe('the share modal', () => {
  it("the share pendant opens it; Copy link puts the gallery's address on the clipboard and says 'Copyed'", async () => {
    const context = await newContext({ ...phone.options, userAgent: 'Mozilla/5.0 (Linux; Android 13; Pixel 7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/116.0 Mobile Safari/537.36', permissions: ['clipboard-read', 'clipboard-write'] });
    const t = await openPage(context);
    await t.page.goto(`${BASE_URL}/g/${DEMO_LINK}`);
    await visibleTestId(t, 'gallery-name');
    await t.page.evaluate(() => {
      (navigator as unknown as { share?: unknown }).share = undefined;
    });
    // The demo docks its share pendant (tests/e2e/pendants.test.ts), or folds it into the more-menu.
    if ((await t.page.getByTestId('pendent-share').filter({ visible: true }).count()) === 0) await visible(t.page, 'pendent-more').click();
    await visible(t.page, 'pendent-share').click();
    await visibleTestId(t, 'share-sheet');
    // The poster maker is plugged in and the demo has photos: the QR poster is offered (tests/e2e/poster.test.ts); outside WeChat no menu hint.
    expect(await t.page.getByTestId('share-opt-poster').filter({ visible: true }).count()).toBe(1);
    expect(await t.page.getByTestId('share-opt-wechat').count()).toBe(0);
    await visible(t.page, 'share-opt-copy').click();
    await toastSays(t, /链接已复制|Link copied/);
    const copied = await waitUntil(t, 'the link on the clipboard', async () => t.page.evaluate(() => navigator.clipboard.readText()));
    expect(copied).toBe(`${BASE_URL}/g/${DEMO_LINK}`);
    await waitUntil(t, 'the modal closed', async () => (await t.page.getByTestId('share-sheet').filter({ visible: true }).count()) === 0);
  });
});
