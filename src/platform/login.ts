import { createElement, type ReactElement } from 'react';
import Taro from '@tarojs/taro';
import type { LoginPath, OAuthProviderId } from '../../types/api/auth';
import { SANDBOX_CODE_PREFIX } from '../../types/api/auth';
import { readStored, writeStored } from './storage';
import { UnsupportedPlatformCall, thisPlatform } from './unsupported';

/**
 * The platform half of login: which way a login runs here, the mini-program's
 * login code, the page to come back to, leaving for the provider and the popup's
 * frame. The server calls (mp/login, oauth/start) are made by stores/login/loginFlow.
 *
 * How a login runs here (the platform branches of login live only in this file):
 * - 'mp': the mini-program's `Taro.login()` code posted to the server;
 * - 'redirect': the whole page goes to the provider (WeChat OAuth, or the sandbox
 *   page on a phone) and comes back to the same page with the session upgraded;
 * - 'popup': our own popup shows the QR page (or the sandbox page) in an iframe,
 *   and the session is polled until the visitor is a real user;
 * - 'none': no provider is configured.
 */
export type LoginMode = 'mp' | 'redirect' | 'popup' | 'none';

export function loginMode(path: LoginPath, isPc: boolean): LoginMode {
  if (path === 'none') return 'none';
  if (process.env.TARO_ENV === 'weapp') return path === 'mp' ? 'mp' : 'none';
  if (path === 'mp') return 'none';
  if (path === 'wechat') return 'redirect';
  if (path === 'qr') return 'popup';
  // The sandbox stands in for the H5 OAuth on phones and the QR popup on desktops.
  return isPc ? 'popup' : 'redirect';
}

/** The provider `oauth/start` takes for a browser path. */
export function oauthProvider(path: LoginPath): OAuthProviderId | null {
  return path === 'wechat' || path === 'qr' || path === 'sandbox' ? path : null;
}

/** The page to come back to after a browser login (same origin path with its query). */
export function currentPath(): string {
  if (process.env.TARO_ENV !== 'h5') throw new UnsupportedPlatformCall('currentPath', thisPlatform(), 'browser-only: there is no page URL');
  if (typeof location === 'undefined') return '/';
  return `${location.pathname}${location.search}` || '/';
}

const SANDBOX_NAME_KEY = 'login-sandbox-name';

/** This device's sandbox name: the same device logs in as the same sandbox user. */
function sandboxName(): string {
  let name = readStored<string>(SANDBOX_NAME_KEY, '');
  if (!name) {
    name = `sandbox-${Math.random().toString(36).slice(2, 8)}`;
    writeStored(SANDBOX_NAME_KEY, name);
  }
  return name;
}

/** WeChat's privacy authorisation must be granted before wx.login (where the base library has it). */
async function privacyAuthorised(): Promise<boolean> {
  const api = Taro as unknown as { requirePrivacyAuthorize?: (o?: object) => Promise<unknown> };
  if (typeof api.requirePrivacyAuthorize !== 'function') return true;
  try {
    await api.requirePrivacyAuthorize();
    return true;
  } catch {
    return false;
  }
}

/**
 * Mini-program login code: a fresh single-use code from `Taro.login()` (or, with
 * the sandbox on, `sandbox:<name>:<nonce>`), which the server exchanges to upgrade
 * this session. Browsers log in through a provider page instead: unsupported there.
 */
export async function miniProgramLoginCode(sandbox: boolean): Promise<string> {
  if (process.env.TARO_ENV !== 'weapp') throw new UnsupportedPlatformCall('miniProgramLoginCode', thisPlatform(), 'only supported in the mini-program');
  if (!(await privacyAuthorised())) throw new Error('privacy authorisation refused');
  const code = sandbox
    ? `${SANDBOX_CODE_PREFIX}${sandboxName()}:${Date.now().toString(36)}${Math.random().toString(36).slice(2, 10)}`
    : (await Taro.login()).code;
  if (!code) throw new Error('no login code');
  return code;
}

/** Send the whole page to the provider; it comes back at the redirect with the session upgraded. */
export function goTo(url: string): void {
  if (process.env.TARO_ENV !== 'h5') throw new UnsupportedPlatformCall('goTo', thisPlatform(), 'browser-only: cannot leave for a web page');
  location.assign(url);
}

/**
 * The provider page inside our popup: an iframe in browsers (the QR page or
 * the sandbox page); nothing before its URL is known. The mini-program never uses the popup.
 */
export function loginFrame(url: string, title: string): ReactElement | null {
  if (!url) return null;
  if (process.env.TARO_ENV !== 'h5') throw new UnsupportedPlatformCall('loginFrame', thisPlatform(), 'browser-only: there is no login popup');
  return createElement('iframe', { src: url, title, className: 'login-popup__frame', 'data-testid': 'login-popup-frame' });
}
