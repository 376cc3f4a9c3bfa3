// WeChat JS-SDK share configuration and the share modal (issue 16 items 1 and 2; spec part 1
// §2 share modal and hints, §3 share content, §4 the one-time flag, §6 share off, §9 fallback).
// Runs in H5 (WeChat's browser: wx stubbed) and in the mini-program (TARO_ENV_JEST=weapp).
import type { ReactNode } from 'react';
import { act, fireEvent } from '@testing-library/react';
import Taro, { useShareAppMessage, useShareTimeline } from '@tarojs/taro';
import { runInAction } from 'mobx';
import { View } from '@tarojs/components';
import { ShareScopeContext, usePageShare, usePageShareScope } from '../../src/components/share/usePageShare';
import { ShareSheet } from '../../src/components/share-sheet';
import { ShareButton } from '../../src/platform/share-button';
import { PageShareStore, type PageShareDeps } from '../../src/stores/share/PageShareStore';
import { ShareSheetStore } from '../../src/stores/share/ShareSheetStore';
import { PosterEntry } from '../../src/stores/share/posterEntry';
import { galleryShareContent, gallerySharable, pageSharable, photoShareContent } from '../../src/stores/pendant/GalleryShareStore';
import { SHARE_MENU_ITEMS } from '../../src/platform/wechat-jssdk';
import type { ShareContent } from '../../src/platform/share';
import { fetchJsSdkSignature } from '../../src/api/jssdk';
import { DEFAULT_CONFIG } from '../../types/api/gallery';
import { byTestId, isWeapp, makeGallery, makeRoot, renderWith } from './helpers';

jest.mock('@tarojs/taro', () => ({ ...jest.requireActual('@tarojs/taro'), useShareAppMessage: jest.fn(), useShareTimeline: jest.fn() }));
jest.mock('../../src/api/jssdk', () => ({ fetchJsSdkSignature: jest.fn() }));

const SIG = { appid: 'wx_oa', timestamp: 1414587457, noncestr: 'Wm3WZYTPz0wzccnW', signature: '0f9de62fce790f9a083d5c99e95740ceb90c27ed' };
const ANDROID_WECHAT_UA = 'Mozilla/5.0 (Linux; Android 13; Pixel 7) AppleWebKit/537.36 (KHTML, like Gecko) Version/4.0 Chrome/116.0 Mobile Safari/537.36 MicroMessenger/8.0.47.2560(0x28002F35) WeChat/arm64 NetType/WIFI Language/zh_CN';
const content = (over: Partial<ShareContent> = {}): ShareContent => ({ title: 'T', desc: 'D', imageUrl: '/img/x!wx_375_240', url: '/g/abc123', ...over });

/** PageShareStore with recorded steps. */
function store(over: Partial<PageShareDeps> = {}) {
  const steps: string[] = [];
  const shares: Array<unknown> = [];
  let url = 'https://live.example/g/abc123';
  let off = false;
  const s = new PageShareStore({
    here: () => true,
    pageUrl: () => url,
    sign: async (u) => (steps.push(`sign ${u}`), SIG),
    configure: async (sig) => void steps.push(`config ${sig.signature}`),
    setShare: async (d) => void shares.push(d),
    globalOff: () => off,
    fallback: () => content({ title: 'Event photos', desc: 'Tap to see the photos of this event', imageUrl: '', url: '/me' }),
    absolute: (u) => `https://live.example${u}`,
    ...over
  });
  return { s, steps, shares, setUrl: (u: string) => (url = u), setOff: (v: boolean) => (off = v) };
}

describe('what a page shares', () => {
  beforeEach(() => void makeRoot());
  it("the page's h5_share_*, else the config's, else the name and the spec's fallback text", () => {
    const g = makeGallery({ name: 'Spring Gala', cover: null });
    expect(galleryShareContent(g)).toEqual({ title: 'Spring Gala', desc: 'Tap to see the photos of this event', imageUrl: '', url: '/g/abc123' });
    const cfg = makeGallery({ config: { ...DEFAULT_CONFIG, h5_share_title: 'Cfg T', h5_share_text: 'Cfg D', h5_share_image: 'https://cdn.example/c.jpg' } });
    expect(galleryShareContent(cfg)).toMatchObject({ title: 'Cfg T', desc: 'Cfg D', imageUrl: 'https://cdn.example/c.jpg' });
    const page = makeGallery({ h5_share_title: 'Page T', h5_share_text: 'Page D', h5_share_image: 'https://cdn.example/p.jpg', config: cfg.config });
    expect(galleryShareContent(page)).toMatchObject({ title: 'Page T', desc: 'Page D', imageUrl: 'https://cdn.example/p.jpg' });
  });

  it('a photo of the viewer: its image share page under the sharer, with the gallery texts or the fallback', () => {
    const g = makeGallery();
    const c = photoShareContent({ id: 42, hash: 'a'.repeat(64), galleryid: g.id }, g, 'wx_ann');
    expect(c.url).toBe('/page/share/wx_ann/42');
    expect(c.title).toBe('Photos from Spring Gala');
    expect(c.imageUrl).toContain(`${'a'.repeat(64)}!wx_375_240`);
  });

  it('sharing is off by the gallery flag or the global flag', () => {
    expect(gallerySharable(makeGallery())).toBe(true);
    expect(gallerySharable(makeGallery({ config: { ...DEFAULT_CONFIG, share_off: 1 } }))).toBe(false);
    expect(gallerySharable(makeGallery(), true)).toBe(false);
  });

  it("a page whose gallery is still loading keeps the menu's share items unless the global flag is set", () => {
    expect(pageSharable(null)).toBe(true);
    expect(pageSharable(null, true)).toBe(false);
    expect(pageSharable(makeGallery({ config: { ...DEFAULT_CONFIG, share_off: 1 } }))).toBe(false);
  });
});

describe('PageShareStore: the WeChat menu follows the page on top', () => {
  it("signs the page's address once, configures, then shares the page's content (absolute link and image)", async () => {
    const { s, steps, shares } = store();
    s.show('p1');
    s.declare('p1', { content: content(), enabled: true });
    await s.apply();
    await s.apply();
    expect(steps).toEqual(['sign https://live.example/g/abc123', `config ${SIG.signature}`]);
    expect(shares.at(-1)).toEqual({ title: 'T', desc: 'D', link: 'https://live.example/g/abc123', imgUrl: 'https://live.example/img/x!wx_375_240' });
  });

  it('a page with nothing declared shares the fallback; a new address is signed again', async () => {
    const { s, steps, shares, setUrl } = store();
    s.show('p1');
    await s.apply();
    expect(shares.at(-1)).toMatchObject({ title: 'Event photos', link: 'https://live.example/me' });
    setUrl('https://live.example/g/other1');
    await s.apply();
    expect(steps.filter((x) => x.startsWith('sign'))).toEqual(['sign https://live.example/g/abc123', 'sign https://live.example/g/other1']);
  });

  it('a page whose share is not known yet (content null) leaves the menu alone until it is', async () => {
    const { s, steps, shares } = store();
    s.show('p1');
    const id = s.declare('p1', { content: null, enabled: true });
    await s.apply();
    expect(steps).toEqual([]);
    expect(shares).toEqual([]);
    s.declare('p1', { content: content(), enabled: false }, id);
    await s.apply();
    expect(shares).toEqual([null]);
  });

  it('share off (the gallery) or the global flag hides the share items (null)', async () => {
    const { s, shares, setOff } = store();
    s.show('p1');
    const id = s.declare('p1', { content: content(), enabled: false });
    await s.apply();
    expect(shares.at(-1)).toBeNull();
    s.declare('p1', { content: content(), enabled: true }, id);
    await s.apply();
    expect(shares.at(-1)).not.toBeNull();
    setOff(true);
    await s.apply();
    expect(shares.at(-1)).toBeNull();
  });

  it('declarations are per page: Back to a page shares its content again; a closed page is forgotten', () => {
    const { s } = store();
    s.show('p1');
    s.declare('p1', { content: content({ title: 'one' }), enabled: true });
    s.show('p2');
    s.declare('p2', { content: content({ title: 'two' }), enabled: true });
    expect(s.current.content.title).toBe('two');
    s.dropPage('p2');
    s.show('p1');
    expect(s.current.content.title).toBe('one');
  });

  it('the one-time flag forces the personal share once, then the page shares as usual', async () => {
    const { s, shares } = store();
    s.show('p1');
    s.declare('p1', { content: content({ title: 'person' }), enabled: true, personal: true });
    s.declare('p1', { content: content({ title: 'gallery' }), enabled: true });
    expect(s.current.content.title).toBe('gallery');
    s.forcePersonal();
    expect(s.current.content.title).toBe('person');
    await s.apply();
    expect(shares.at(-1)).toMatchObject({ title: 'person' });
    expect(s.forced).toBe(false);
    expect(s.current.content.title).toBe('gallery');
  });

  it('outside WeChat nothing is signed or configured', async () => {
    const { s, steps, shares } = store({ here: () => false });
    s.show('p1');
    const stop = s.start();
    await s.apply();
    stop();
    expect(steps).toEqual([]);
    expect(shares).toEqual([]);
  });

  it('a refused signature is tried again on the next configuration', async () => {
    let fail = true;
    const { s, steps, shares } = store({ sign: async () => (fail ? Promise.reject(new Error('503')) : SIG) });
    s.show('p1');
    await s.apply();
    expect(shares).toEqual([]);
    fail = false;
    await s.apply();
    expect(steps).toEqual([`config ${SIG.signature}`]);
    expect(shares).toHaveLength(1);
  });
});

/** A page: its share scope (as PageShell gives it) and what it declares. */
function Page(props: { children?: ReactNode; content: ShareContent | null; enabled: boolean }) {
  const scope = usePageShareScope();
  return (
    <ShareScopeContext.Provider value={scope}>
      <Declares content={props.content} enabled={props.enabled} />
      {props.children}
    </ShareScopeContext.Provider>
  );
}
function Declares(props: { content: ShareContent | null; enabled: boolean }) {
  usePageShare(props.content, props.enabled);
  return <View />;
}

interface WxStub {
  config: jest.Mock;
  ready: jest.Mock;
  error: jest.Mock;
  updateAppMessageShareData: jest.Mock;
  updateTimelineShareData: jest.Mock;
  onMenuShareAppMessage: jest.Mock;
  onMenuShareTimeline: jest.Mock;
  hideMenuItems: jest.Mock;
  showMenuItems: jest.Mock;
}

if (isWeapp) {
  describe('mini-program: onShareAppMessage, onShareTimeline and the share menu', () => {
    beforeEach(() => {
      jest.mocked(useShareAppMessage).mockClear();
      jest.mocked(useShareTimeline).mockClear();
    });

    it('chat and Moments get the same content; the menu offers both', () => {
      const show = jest.spyOn(Taro, 'showShareMenu').mockResolvedValue({} as never);
      renderWith(<Page content={galleryShareContent(makeGallery({ h5_share_title: 'Gala', h5_share_image: 'https://cdn.example/p.jpg' }))} enabled />);
      const chat = (jest.mocked(useShareAppMessage).mock.calls.at(-1)![0] as () => { title: string; path: string; imageUrl?: string })();
      const moments = (jest.mocked(useShareTimeline).mock.calls.at(-1)![0] as () => { title: string; query: string; imageUrl?: string })();
      expect(chat.title).toBe('Gala');
      expect(chat.path).toMatch(/^\/pages\/gallery\/index\?/);
      expect(chat.path).toContain('link_id=abc123');
      expect(moments).toEqual({ title: 'Gala', query: chat.path.split('?')[1], imageUrl: 'https://cdn.example/p.jpg' });
      expect(show).toHaveBeenCalledWith(expect.objectContaining({ menus: ['shareAppMessage', 'shareTimeline'] }));
    });

    it("a share button carrying its own content (the viewer's photo) sends it; the menu sends the page's", () => {
      const photo = photoShareContent({ id: 42, hash: 'a'.repeat(64), galleryid: 1 }, makeGallery(), 'wx_me');
      const { container } = renderWith(
        <Page content={galleryShareContent(makeGallery())} enabled>
          <ShareButton onShare={() => undefined} content={photo} testId="photo-share">
            <View />
          </ShareButton>
        </Page>
      );
      const button = byTestId(container, 'photo-share')[0];
      expect(button.getAttribute('data-share-url')).toBe('/page/share/wx_me/42');
      const handler = jest.mocked(useShareAppMessage).mock.calls.at(-1)![0] as (res: unknown) => { title: string; path: string; imageUrl?: string };
      const fromButton = handler({ from: 'button', target: { dataset: { shareTitle: photo.title, shareUrl: photo.url, shareImage: photo.imageUrl } } });
      expect(fromButton.title).toBe(photo.title);
      expect(fromButton.path).toMatch(/^\/pages\/share\/index\?/);
      expect(fromButton.path).toContain('ids=42');
      expect(handler({ from: 'menu' }).path).toContain('link_id=abc123');
    });

    it('share off: hideShareMenu', () => {
      const hide = jest.spyOn(Taro, 'hideShareMenu').mockResolvedValue({} as never);
      const show = jest.spyOn(Taro, 'showShareMenu').mockClear().mockResolvedValue({} as never);
      const g = makeGallery({ config: { ...DEFAULT_CONFIG, share_off: 1 } });
      renderWith(<Page content={galleryShareContent(g)} enabled={gallerySharable(g)} />);
      expect(hide).toHaveBeenCalled();
      expect(show).not.toHaveBeenCalled();
    });
  });
} else {
  describe("WeChat's browser: the JS-SDK is configured with the server's signature", () => {
    // One stand-in for the suite: the platform keeps the SDK it loaded, as a page does.
    const wx: WxStub = {
        config: jest.fn(),
        ready: jest.fn((fn: () => void) => fn()),
        error: jest.fn(),
        updateAppMessageShareData: jest.fn(),
        updateTimelineShareData: jest.fn(),
        onMenuShareAppMessage: jest.fn(),
        onMenuShareTimeline: jest.fn(),
        hideMenuItems: jest.fn(),
        showMenuItems: jest.fn()
      };
    beforeEach(() => {
      Object.defineProperty(navigator, 'userAgent', { configurable: true, get: () => ANDROID_WECHAT_UA });
      Object.values(wx).forEach((f) => f.mockClear());
      (window as unknown as { wx: WxStub }).wx = wx;
      jest.mocked(fetchJsSdkSignature).mockReset().mockResolvedValue(SIG);
    });
    afterEach(() => {
      delete (navigator as unknown as { userAgent?: string }).userAgent;
      delete (window as unknown as { wx?: WxStub }).wx;
    });

    it('wx.config with the signature of this address, then chat, Moments (and the old calls) share the page', async () => {
      const g = makeGallery({ h5_share_title: 'Gala', h5_share_text: 'Come and see', h5_share_image: 'https://cdn.example/p.jpg' });
      const { root } = renderWith(<Page content={galleryShareContent(g)} enabled />);
      await act(() => root.pageShare.settled());
      expect(fetchJsSdkSignature).toHaveBeenCalledWith(location.href.split('#')[0]);
      expect(wx.config).toHaveBeenCalledWith(
        expect.objectContaining({ appId: 'wx_oa', timestamp: SIG.timestamp, nonceStr: SIG.noncestr, signature: SIG.signature, jsApiList: expect.arrayContaining(['updateAppMessageShareData', 'updateTimelineShareData', 'hideMenuItems']) })
      );
      const chat = { title: 'Gala', desc: 'Come and see', link: `${location.origin}/g/abc123`, imgUrl: 'https://cdn.example/p.jpg' };
      expect(wx.updateAppMessageShareData).toHaveBeenLastCalledWith(chat);
      expect(wx.updateTimelineShareData).toHaveBeenLastCalledWith({ title: 'Gala', link: chat.link, imgUrl: chat.imgUrl });
      expect(wx.onMenuShareAppMessage).toHaveBeenLastCalledWith(chat);
      expect(wx.hideMenuItems).not.toHaveBeenCalled();
    });

    it("share off: the menu's share items are hidden, nothing is shared", async () => {
      const g = makeGallery({ config: { ...DEFAULT_CONFIG, share_off: 1 } });
      const { root } = renderWith(<Page content={galleryShareContent(g)} enabled={gallerySharable(g)} />);
      await act(() => root.pageShare.settled());
      expect(wx.hideMenuItems).toHaveBeenCalledWith({ menuList: [...SHARE_MENU_ITEMS] });
      expect(wx.hideMenuItems.mock.calls.at(-1)[0].menuList).toEqual(expect.arrayContaining(['menuItem:share:appMessage', 'menuItem:share:timeline', 'menuItem:favorite']));
      expect(wx.updateAppMessageShareData).not.toHaveBeenCalled();
    });

    it('the global flag hides them on every gallery', async () => {
      const root = makeRoot();
      runInAction(() => (root.session.sysinfo = { env: 'wechat', is_pc: false, web_appid: '', srv_time: 0, share_off: true }));
      renderWith(<Page content={galleryShareContent(makeGallery())} enabled />, root);
      await act(() => root.pageShare.settled());
      expect(wx.hideMenuItems).toHaveBeenCalled();
      expect(wx.updateAppMessageShareData).not.toHaveBeenCalled();
    });
  });
}

describe('the share modal', () => {
  const c = content();
  const sheet = (over: ConstructorParameters<typeof ShareSheetStore>[0] = {}) => {
    const toasts: Array<[string, number | undefined]> = [];
    const copied: ShareContent[] = [];
    const s = new ShareSheetStore({
      inWechat: () => false,
      systemShareAvailable: () => false,
      copy: async (x) => (copied.push(x), true),
      poster: new PosterEntry(),
      toast: (k, ms) => void toasts.push([k, ms]),
      ...over
    });
    return { s, toasts, copied };
  };

  it("copy link: the link is copied and 'Copyed' shows for 1 s; the modal closes", async () => {
    const { s, toasts, copied } = sheet();
    const { container } = renderWith(<ShareSheet store={s} />);
    expect(byTestId(container, 'share-sheet')).toHaveLength(0);
    act(() => s.open(c, { galleryId: 1, imageId: null }));
    expect(byTestId(container, 'share-opt-copy')[0].textContent).toBe('Copy link');
    await act(async () => void fireEvent.click(byTestId(container, 'share-opt-copy')[0]));
    expect(copied).toEqual([c]);
    expect(toasts).toEqual([['share.Copyed', 1000]]);
    expect(s.isOpen).toBe(false);
  });

  it('a failed copy says so', async () => {
    const { s, toasts } = sheet({ copy: async () => false });
    s.open(c);
    await s.choose('copy');
    expect(toasts).toEqual([['share.copyFailed', undefined]]);
  });

  it('the QR poster shows only once a poster maker is plugged in and takes the request, and opens it', async () => {
    const poster = new PosterEntry();
    const { s } = sheet({ poster });
    const { container } = renderWith(<ShareSheet store={s} />);
    act(() => s.open(c, { galleryId: 7, imageId: 42 }));
    const options = () => byTestId(container, 'share-sheet')[0].querySelectorAll('[data-testid^="share-opt-"]').length && Array.from(byTestId(container, 'share-sheet')[0].querySelectorAll('[data-testid^="share-opt-"]')).map((e) => e.getAttribute('data-testid'));
    expect(options()).toEqual(['share-opt-copy']);
    const open = jest.fn();
    let unplug = () => undefined as void;
    act(() => void (unplug = poster.register({ accepts: (r) => r.galleryId === 7, open })));
    expect(options()).toEqual(['share-opt-poster', 'share-opt-copy']);
    await act(async () => void fireEvent.click(byTestId(container, 'share-opt-poster')[0]));
    expect(open).toHaveBeenCalledWith({ galleryId: 7, imageId: 42, content: c });
    act(() => s.open(c, { galleryId: 8, imageId: null }));
    expect(options()).toEqual(['share-opt-copy']);
    act(() => unplug());
    act(() => s.open(c, { galleryId: 7, imageId: null }));
    expect(options()).toEqual(['share-opt-copy']);
  });

  it("in WeChat's browser: 'Send to a chat or Moments' shows the hint pointing at the ··· menu", async () => {
    const { s } = sheet({ inWechat: () => true, systemShareAvailable: () => true });
    const { container } = renderWith(<ShareSheet store={s} />);
    act(() => s.open(c));
    expect(Array.from(container.querySelectorAll('[data-testid^="share-opt-"]')).map((e) => e.getAttribute('data-testid'))).toEqual(['share-opt-wechat', 'share-opt-copy']);
    await act(async () => void fireEvent.click(byTestId(container, 'share-opt-wechat')[0]));
    expect(byTestId(container, 'share-menu-hint')).toHaveLength(1);
    expect(byTestId(container, 'share-sheet')).toHaveLength(0);
    act(() => void fireEvent.click(byTestId(container, 'share-menu-hint')[0]));
    expect(byTestId(container, 'share-menu-hint')).toHaveLength(0);
  });

  it('elsewhere with a system share sheet: offered; a refusal copies the link instead', async () => {
    const systemShare = jest.fn(async () => 'failed' as const);
    const { s, copied, toasts } = sheet({ systemShareAvailable: () => true, systemShare });
    s.open(c);
    expect(s.options).toEqual(['system', 'copy']);
    await s.choose('system');
    expect(systemShare).toHaveBeenCalledWith(c);
    expect(copied).toEqual([c]);
    expect(toasts[0][0]).toBe('share.Copyed');
  });
});
