import type { WechatJsSdkPlatform } from './wechat-jssdk-core';

/**
 * WeChat's JS-SDK (the browser inside WeChat): the interface. The build takes
 * wechat-jssdk.h5.ts (the SDK from the `weixin-js-sdk` package, a chunk loaded only in
 * WeChat's browser) or wechat-jssdk.weapp.ts (the mini-program shares through its own
 * menu: jsSdkHere() is false); this file is what type checking sees.
 */
export * from './wechat-jssdk-core';

export const jsSdkHere: WechatJsSdkPlatform['jsSdkHere'] = () => false;
export const jsSdkPageUrl: WechatJsSdkPlatform['jsSdkPageUrl'] = () => '';
export const configureJsSdk: WechatJsSdkPlatform['configureJsSdk'] = () => Promise.resolve();
export const setWechatShare: WechatJsSdkPlatform['setWechatShare'] = () => Promise.resolve();
