import Taro from '@tarojs/taro';
import type { BeaconPlatform } from './beacon-core';
import { clientHeaders } from './env';

export * from './beacon-core';

/** The mini-program keeps running after onHide/onUnload, so a plain request (with the token header) does. */
export const sendOnLeave: BeaconPlatform['sendOnLeave'] = (url, json, token) => {
  void Taro.request({
    url,
    method: 'POST',
    data: json,
    header: { 'Content-Type': 'application/json', ...clientHeaders(), ...(token ? { Authorization: `Bearer ${token}` } : {}) }
  }).catch(() => undefined);
  return true;
};

/** The mini-program goes to the background (onAppHide; page hide and unload are the page's useDidHide/useUnload). */
export const onLeave: BeaconPlatform['onLeave'] = (fn) => {
  Taro.onAppHide(fn);
  return () => Taro.offAppHide(fn);
};
