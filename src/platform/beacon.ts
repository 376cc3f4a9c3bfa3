import Taro from '@tarojs/taro';
import { clientHeaders } from './env';

/**
 * Deliver a small JSON body while the page is being left. Browsers: navigator.sendBeacon
 * (text/plain, so no preflight; the body carries the token). The mini-program keeps
 * running after onHide/onUnload, so a plain Taro.request does. Returns whether it was queued.
 */
export function sendOnLeave(url: string, json: string, token: string): boolean {
  if (process.env.TARO_ENV === 'h5') {
    if (typeof navigator === 'undefined' || typeof navigator.sendBeacon !== 'function') return false;
    return navigator.sendBeacon(url, new Blob([json], { type: 'text/plain;charset=UTF-8' }));
  }
  void Taro.request({
    url,
    method: 'POST',
    data: json,
    header: { 'Content-Type': 'application/json', ...clientHeaders(), ...(token ? { Authorization: `Bearer ${token}` } : {}) }
  }).catch(() => undefined);
  return true;
}

/**
 * Call `fn` when the visitor leaves: the browser tab hides or unloads (pagehide,
 * visibilitychange to hidden), or the mini-program goes to the background
 * (onAppHide; page hide and unload are the page's useDidHide/useUnload). Returns a stop function.
 */
export function onLeave(fn: () => void): () => void {
  if (process.env.TARO_ENV === 'h5') {
    if (typeof window === 'undefined') return () => undefined;
    const onVisibility = () => {
      if (document.visibilityState === 'hidden') fn();
    };
    window.addEventListener('pagehide', fn);
    document.addEventListener('visibilitychange', onVisibility);
    return () => {
      window.removeEventListener('pagehide', fn);
      document.removeEventListener('visibilitychange', onVisibility);
    };
  }
  Taro.onAppHide(fn);
  return () => Taro.offAppHide(fn);
}
