import Taro from '@tarojs/taro';
import { matchUrl, toPagePath } from '../routes';
import type { Link } from '../../types/page/link';
import { buildUrl } from '../routes';
import { H5, UnsupportedPlatformCall } from './unsupported';

/**
 * Open a spec URL (`/g/abc123`, `/page/me` …). H5 keeps the spec URL in the
 * address bar; the mini-program opens the matching page path with a query.
 */
export function openUrl(url: string, opts: { replace?: boolean } = {}): void {
  const target = process.env.TARO_ENV === 'weapp' ? toPagePath(url) : url;
  const nav = opts.replace ? Taro.redirectTo : Taro.navigateTo;
  nav({ url: target }).catch(() => {
    // The mini-program page stack holds 10 pages: replace when it is full.
    if (!opts.replace) void Taro.redirectTo({ url: target });
  });
}

const ABSOLUTE_RE = /^https?:\/\/[^/?#]+([^#]*)/i;

/**
 * Follow an address the server sent the app to (the session's redirect, code 200302): an app path opens in
 * the app, replacing the page; an http(s) address replaces the page in a browser, and in the mini-program opens
 * its path when that is one of the app's routes. False when it leads where the visitor already is, or cannot
 * be opened here (the mini-program has no browser to leave for).
 */
export function followRedirect(url: string): boolean {
  const isPath = url.startsWith('/') && !url.startsWith('//');
  const absolute = isPath ? null : ABSOLUTE_RE.exec(url);
  if (!isPath && !absolute) return false;
  if (process.env.TARO_ENV === 'h5') {
    const here = window.location.pathname + window.location.search;
    if (isPath) {
      if (url === here) return false;
      openUrl(url, { replace: true });
      return true;
    }
    const target = new URL(url);
    if (target.origin === window.location.origin && target.pathname + target.search === here) return false;
    window.location.replace(target.href);
    return true;
  }
  const path = isPath ? url : absolute![1] || '/';
  if (!matchUrl(path)) return false;
  openUrl(path, { replace: true });
  return true;
}

/** Where a configured link leads, as a spec URL or an external address; null for 'empty'. */
export function linkTarget(link: Link | undefined, opts: { homeLinkId?: string } = {}): { url: string; external: boolean } | null {
  if (!link || link.type === 'empty') return null;
  // Each link type has its own fields (types/page/link.ts); read them as one flat record.
  const fields = link as { link_id?: string; value?: string; url?: string };
  const id = fields.link_id || fields.value || '';
  switch (link.type) {
    case 'custom':
      return fields.url || fields.value ? { url: (fields.url || fields.value)!, external: true } : null;
    case 'page':
    case 'gallery':
    case 'subgallery':
      return id ? { url: buildUrl('gallery', { link_id: id }), external: false } : null;
    case 'home':
      // The event's own top page; the home album only when the page does not know its event.
      return { url: opts.homeLinkId ? buildUrl('gallery', { link_id: opts.homeLinkId }) : buildUrl('demo'), external: false };
    case 'order':
      return id ? { url: buildUrl('order', { link_id: id }), external: false } : null;
    case 'video':
      return fields.link_id && fields.value ? { url: buildUrl('video', { link_id: fields.link_id, video_id: fields.value }), external: false } : null;
    case 'miniprogram':
      return null;
    default:
      return null;
  }
}

/** Follow a configured link: spec URLs in-app; external URLs in the browser (H5) or copied (mini-program). */
export function openLink(link: Link | undefined, opts: { homeLinkId?: string } = {}): void {
  if (link?.type === 'miniprogram' && link.appid && opensMiniPrograms()) {
    openMiniProgram(link.appid, link.path);
    return;
  }
  const target = linkTarget(link, opts);
  if (!target) return;
  if (!target.external) return openUrl(target.url);
  if (process.env.TARO_ENV === 'h5') {
    window.location.href = target.url;
  } else {
    // Mini-programs cannot open arbitrary web pages without a business domain: copy the link.
    void Taro.setClipboardData({ data: target.url });
  }
}

export function goBack(fallbackUrl: string): void {
  if (Taro.getCurrentPages().length > 1) void Taro.navigateBack();
  else openUrl(fallbackUrl, { replace: true });
}

/** Whether a miniprogram link can open its mini-program here (only from inside a mini-program; browsers explain instead). */
export function opensMiniPrograms(): boolean {
  return process.env.TARO_ENV === 'weapp';
}

/** Open another mini-program (appid, and a page path in it) from this one. */
export function openMiniProgram(appId: string, path?: string): void {
  if (process.env.TARO_ENV !== 'weapp') throw new UnsupportedPlatformCall('openMiniProgram', H5, 'a browser cannot open a mini-program: show how to open it in WeChat');
  void Taro.navigateToMiniProgram(path ? { appId, path } : { appId });
}

/** Put text on the clipboard (the platform shows its own "copied" notice). */
export function copyText(text: string): Promise<void> {
  return Taro.setClipboardData({ data: text }).then(() => undefined);
}
