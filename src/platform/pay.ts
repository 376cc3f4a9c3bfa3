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

/** The pay step's result with the provider's own message (errMsg / err_msg) when it failed or was cancelled. */
export interface PlatformPayOutcome {
  result: PlatformPayResult;
  errMsg?: string;
}

/** Run the platform's own pay step for a prepay answer. */
export function runPlatformPay(r: PrePayResult): Promise<PlatformPayResult> {
  return runPlatformPayDetailed(r).then((o) => o.result);
}

/**
 * The same pay step, answering the provider's errMsg too (red packets show it on failure).
 * Its synchronous part (opening the sandbox page, calling the bridge) runs inside the caller's tap.
 */
export async function runPlatformPayDetailed(r: PrePayResult): Promise<PlatformPayOutcome> {
  if (r.channel === 'native') return { result: 'qr' };
  if (r.channel === 'mp') {
    if (!r.jsapi) return { result: 'failed' };
    try {
      await Taro.requestPayment({ ...r.jsapi });
      return { result: 'done' };
    } catch (e) {
      const errMsg = (e as { errMsg?: string })?.errMsg ?? '';
      return { result: /cancel/i.test(errMsg) ? 'cancelled' : 'failed', errMsg };
    }
  }
  // JSAPI in the WeChat browser; the sandbox has no bridge and opens its pay page instead.
  const wx = bridge();
  if (r.provider === 'sandbox' || !wx || !r.jsapi) {
    const url = r.sandbox_url ?? r.code_url;
    if (!url) return { result: 'failed' };
    openSandboxPage(url);
    return { result: 'opened' };
  }
  const params = r.jsapi;
  return new Promise<PlatformPayOutcome>((resolve) => {
    wx.invoke('getBrandWCPayRequest', params, (res) => {
      const msg = res?.err_msg ?? '';
      if (msg === 'get_brand_wcpay_request:ok') resolve({ result: 'done' });
      else if (/cancel/.test(msg)) resolve({ result: 'cancelled', errMsg: msg });
      else resolve({ result: 'failed', errMsg: msg });
    });
  });
}
