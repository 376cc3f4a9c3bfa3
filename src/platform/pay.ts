import Taro from '@tarojs/taro';
import type { PayChannel, PrePayResult } from '../../types/api/pay';
import { apiBase, clientEnv } from './env';
import { UnsupportedPlatformCall, thisPlatform } from './unsupported';

/**
 * What the platform's pay step reported:
 * - 'done': the WeChat client says paid (the server is still asked: getCharge);
 * - 'qr': show the Native QR popup and poll (desktop and other browsers);
 * - 'opened': the sandbox pay page was opened (WeChat browser without a JSAPI bridge): poll;
 * - 'cancelled' / 'failed': the visitor cancelled, or the client refused.
 */
export type PlatformPayResult = 'done' | 'qr' | 'opened' | 'cancelled' | 'failed';

/** Which pay channel this client uses: mini-program requestPayment, WeChat browser JSAPI, else Native QR. */
export function payChannel(): PayChannel {
  const env = clientEnv();
  if (env === 'weapp') return 'mp';
  if (env === 'wechat') return 'jsapi';
  return 'native';
}

interface WeixinBridge {
  invoke(name: string, params: unknown, cb: (res: { err_msg?: string }) => void): void;
}

function bridge(): WeixinBridge | null {
  if (typeof window === 'undefined') return null;
  return ((window as unknown as { WeixinJSBridge?: WeixinBridge }).WeixinJSBridge) ?? null;
}

/** An absolute URL of a server page (the sandbox pay page is relative to the API host). */
export function absoluteUrl(url: string): string {
  if (/^https?:\/\//i.test(url)) return url;
  const base = apiBase() || (typeof location !== 'undefined' ? location.origin : '');
  return `${base}${url}`;
}

/** Open the sandbox pay page (a new tab, so the app keeps its state and polls). */
export function openSandboxPage(url: string): void {
  if (process.env.TARO_ENV !== 'h5') throw new UnsupportedPlatformCall('openSandboxPage', thisPlatform(), 'the mini-program pays with requestPayment');
  if (typeof window === 'undefined') throw new UnsupportedPlatformCall('openSandboxPage', 'a browser without window');
  window.open(absoluteUrl(url), '_blank', 'noopener');
}

/** Run the platform's own pay step for a prepay answer. */
export async function runPlatformPay(r: PrePayResult): Promise<PlatformPayResult> {
  if (r.channel === 'native') return 'qr';
  if (r.channel === 'mp') {
    if (!r.jsapi) return 'failed';
    try {
      await Taro.requestPayment({ ...r.jsapi });
      return 'done';
    } catch (e) {
      return /cancel/i.test((e as { errMsg?: string })?.errMsg ?? '') ? 'cancelled' : 'failed';
    }
  }
  // JSAPI in the WeChat browser; the sandbox has no bridge and opens its pay page instead.
  const wx = bridge();
  if (r.provider === 'sandbox' || !wx || !r.jsapi) {
    const url = r.sandbox_url ?? r.code_url;
    if (!url) return 'failed';
    openSandboxPage(url);
    return 'opened';
  }
  const params = r.jsapi;
  return new Promise<PlatformPayResult>((resolve) => {
    wx.invoke('getBrandWCPayRequest', params, (res) => {
      const msg = res?.err_msg ?? '';
      if (msg === 'get_brand_wcpay_request:ok') resolve('done');
      else if (/cancel/.test(msg)) resolve('cancelled');
      else resolve('failed');
    });
  });
}
