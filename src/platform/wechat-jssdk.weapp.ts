import type { WechatJsSdkPlatform } from './wechat-jssdk-core';

export * from './wechat-jssdk-core';

/** The mini-program has no JS-SDK: its menu shares through useShareAppMessage / useShareTimeline (platform/share). */
export const jsSdkHere: WechatJsSdkPlatform['jsSdkHere'] = () => false;
export const jsSdkPageUrl: WechatJsSdkPlatform['jsSdkPageUrl'] = () => '';
export const configureJsSdk: WechatJsSdkPlatform['configureJsSdk'] = () => Promise.resolve();
export const setWechatShare: WechatJsSdkPlatform['setWechatShare'] = () => Promise.resolve();
