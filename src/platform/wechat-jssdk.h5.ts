import { clientEnv } from './env';
import { JSSDK_API_LIST, SHARE_MENU_ITEMS, type WechatJsSdkPlatform, type WxApi } from './wechat-jssdk-core';

export * from './wechat-jssdk-core';

/** The address the app was opened at: iOS's WeChat signs it for every later page of a single-page app. */
const LANDING = typeof location === 'undefined' ? '' : location.href.split('#')[0];

let sdk: Promise<WxApi> | null = null;

/**
 * The SDK: WeChat's own `window.wx` when the page already has one (a host page that
 * loaded jweixin, a test's stand-in), else the `weixin-js-sdk` package, a chunk fetched
 * only here, in WeChat's browser.
 */
function loadSdk(): Promise<WxApi> {
  sdk ??= (async () => {
    const own = (window as unknown as { wx?: WxApi }).wx;
    if (own && typeof own.config === 'function') return own;
    const mod = (await import(/* webpackChunkName: "weixin-js-sdk" */ 'weixin-js-sdk')) as unknown as { default?: WxApi } & WxApi;
    return (mod.default ?? mod) as WxApi;
  })().catch((e) => {
    sdk = null;
    throw e;
  });
  return sdk;
}

/** The configuration in force: `ready` settles once WeChat accepted (or refused) it. */
let configured: Promise<WxApi> | null = null;

export const jsSdkHere: WechatJsSdkPlatform['jsSdkHere'] = () => clientEnv() === 'wechat';

export const jsSdkPageUrl: WechatJsSdkPlatform['jsSdkPageUrl'] = () => {
  if (typeof location === 'undefined') return '';
  const ios = typeof navigator !== 'undefined' && /iPhone|iPad|iPod/i.test(navigator.userAgent);
  return ios && LANDING ? LANDING : location.href.split('#')[0];
};

export const configureJsSdk: WechatJsSdkPlatform['configureJsSdk'] = async (c) => {
  const wx = await loadSdk();
  configured = new Promise<WxApi>((resolve, reject) => {
    wx.ready(() => resolve(wx));
    wx.error((res) => reject(new Error(`wx.config failed: ${res?.errMsg ?? 'unknown'}`)));
    wx.config({ debug: false, appId: c.appid, timestamp: c.timestamp, nonceStr: c.noncestr, signature: c.signature, jsApiList: [...JSSDK_API_LIST] });
  });
  // Callers wait for setWechatShare; a refused configuration must not be an unhandled rejection here.
  configured.catch(() => undefined);
};

export const setWechatShare: WechatJsSdkPlatform['setWechatShare'] = async (data) => {
  if (!configured) throw new Error('setWechatShare before configureJsSdk');
  const wx = await configured;
  if (!data) {
    wx.hideMenuItems({ menuList: [...SHARE_MENU_ITEMS] });
    return;
  }
  wx.showMenuItems({ menuList: [...SHARE_MENU_ITEMS] });
  const chat = { title: data.title, desc: data.desc, link: data.link, imgUrl: data.imgUrl };
  const timeline = { title: data.title, link: data.link, imgUrl: data.imgUrl };
  // Chats and favourites take the app-message data; Moments the timeline's.
  wx.updateAppMessageShareData(chat);
  wx.updateTimelineShareData(timeline);
  // Older WeChat versions (before 6.7.2) and QQ / QZone read the old calls.
  wx.onMenuShareAppMessage?.(chat);
  wx.onMenuShareTimeline?.(timeline);
  wx.onMenuShareQQ?.(chat);
  wx.onMenuShareQZone?.(chat);
};
