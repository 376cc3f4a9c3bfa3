import { createElement, type ReactElement } from 'react';
import Taro from '@tarojs/taro';
import type { AuthLoginResult, LoginPath, OAuthProviderId, QrLang } from '../../types/api/auth';
import { SANDBOX_CODE_PREFIX } from '../../types/api/auth';
import { mpLogin, oauthStart } from '../api/auth';
import { readStored, writeStored } from './storage';

/**
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
  if (process.env.TARO_ENV === 'h5' && typeof location !== 'undefined') return `${location.pathname}${location.search}` || '/';
  return '/';
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
 * Mini-program login: a fresh single-use code from `Taro.login()` (or, with the
 * sandbox on, `sandbox:<name>:<nonce>`) posted to the server, which upgrades this session.
 */
export async function loginMiniProgram(sandbox: boolean): Promise<AuthLoginResult> {
  if (!(await privacyAuthorised())) throw new Error('privacy authorisation refused');
  const code = sandbox
    ? `${SANDBOX_CODE_PREFIX}${sandboxName()}:${Date.now().toString(36)}${Math.random().toString(36).slice(2, 10)}`
    : (await Taro.login()).code;
  if (!code) throw new Error('no login code');
  return mpLogin(code);
}

/** The provider page for a browser login (WeChat, the QR page or the sandbox page), bound to this session. */
export async function oauthUrl(path: LoginPath, lang: QrLang, redirect = currentPath()): Promise<string> {
  const provider = oauthProvider(path);
  if (!provider) throw new Error(`no browser login for path ${path}`);
  return (await oauthStart(provider, redirect, lang)).url;
}

/** Send the whole page to the provider; it comes back at `redirect` with the session upgraded. */
export function goTo(url: string): void {
  if (process.env.TARO_ENV === 'h5') location.assign(url);
}

export type LoginOutcome = 'done' | 'navigating' | 'popup' | 'none';

/**
 * One login for the session's path: the mini-program finishes here ('done');
 * a phone browser leaves for the provider ('navigating'); a desktop gets the
 * popup ('popup': the caller shows it with `oauthUrl` and polls the session);
 * 'none' when no login exists for this visitor.
 */
export async function login(
  path: LoginPath,
  opts: { isPc: boolean; sandbox: boolean; lang: QrLang; beforeLeave?: () => void }
): Promise<LoginOutcome> {
  const mode = loginMode(path, opts.isPc);
  if (mode === 'none') return 'none';
  if (mode === 'popup') return 'popup';
  if (mode === 'mp') {
    await loginMiniProgram(opts.sandbox);
    return 'done';
  }
  const url = await oauthUrl(path, opts.lang);
  opts.beforeLeave?.();
  goTo(url);
  return 'navigating';
}

/**
 * The provider page inside our popup: an iframe in browsers (the QR page or
 * the sandbox page); nothing in the mini-program, which never uses the popup.
 */
export function loginFrame(url: string, title: string): ReactElement | null {
  if (process.env.TARO_ENV !== 'h5' || !url) return null;
  return createElement('iframe', { src: url, title, className: 'login-popup__frame', 'data-testid': 'login-popup-frame' });
}
