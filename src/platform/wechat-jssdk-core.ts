/** What wx.config takes from the server (GET /api/v2/user/signature). */
export interface JsSdkConfig {
  appid: string;
  timestamp: number;
  noncestr: string;
  signature: string;
}

/** What WeChat's menu shares (absolute link and image). */
export interface WechatShareData {
  title: string;
  desc: string;
  link: string;
  imgUrl: string;
}

/** The APIs wx.config asks for: the share calls (new and old) and the menu's items. */
export const JSSDK_API_LIST = [
  'updateAppMessageShareData',
  'updateTimelineShareData',
  'onMenuShareAppMessage',
  'onMenuShareTimeline',
  'onMenuShareQQ',
  'onMenuShareQZone',
  'hideMenuItems',
  'showMenuItems'
] as const;

/**
 * The menu's share items (spec part 1 §6: hidden when sharing is off): send to a chat,
 * Moments, favourites, QQ, QZone, Weibo, and copying the link.
 */
export const SHARE_MENU_ITEMS = [
  'menuItem:share:appMessage',
  'menuItem:share:timeline',
  'menuItem:favorite',
  'menuItem:share:qq',
  'menuItem:share:QZone',
  'menuItem:share:weiboApp',
  'menuItem:copyUrl'
] as const;

/** The part of WeChat's `wx` object this app uses. */
export interface WxApi {
  config(o: { debug: boolean; appId: string; timestamp: number; nonceStr: string; signature: string; jsApiList: string[] }): void;
  ready(fn: () => void): void;
  error(fn: (res: { errMsg?: string }) => void): void;
  updateAppMessageShareData(o: { title: string; desc: string; link: string; imgUrl: string }): void;
  updateTimelineShareData(o: { title: string; link: string; imgUrl: string }): void;
  onMenuShareAppMessage?(o: { title: string; desc: string; link: string; imgUrl: string }): void;
  onMenuShareTimeline?(o: { title: string; link: string; imgUrl: string }): void;
  onMenuShareQQ?(o: { title: string; desc: string; link: string; imgUrl: string }): void;
  onMenuShareQZone?(o: { title: string; desc: string; link: string; imgUrl: string }): void;
  hideMenuItems(o: { menuList: string[] }): void;
  showMenuItems(o: { menuList: string[] }): void;
}

export interface WechatJsSdkPlatform {
  /** WeChat's own browser (not WeCom's, not the mini-program): the page configures the JS-SDK there. */
  jsSdkHere(): boolean;
  /** The address to sign: this page's without its #fragment (on iOS the address the app was opened at, which WeChat keeps signing). */
  jsSdkPageUrl(): string;
  /** wx.config with the server's signature (the SDK is loaded on the first call). */
  configureJsSdk(c: JsSdkConfig): Promise<void>;
  /** Once the SDK is ready: the menu shares `data` to chats, Moments and favourites; `null` hides the share items. */
  setWechatShare(data: WechatShareData | null): Promise<void>;
}
