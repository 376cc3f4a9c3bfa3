import { useEffect, useRef } from 'react';
import Taro, { useShareAppMessage, useShareTimeline } from '@tarojs/taro';
import { toPagePath } from '../routes';
import { apiBase, clientEnv } from './env';
import { UnsupportedPlatformCall, thisPlatform } from './unsupported';

/** What a share carries (spec part 1 §4 share content: title, desc, image, url). `url` is the spec URL (/page/share/…). */
export interface ShareContent {
  title: string;
  desc: string;
  imageUrl: string;
  url: string;
}

/**
 * How a browser share ended: the system sheet was used, the link was copied, the
 * visitor cancelled, or nothing worked. In WeChat's browser the page is shared from
 * its own ··· menu (top right): 'menu' (the hint is due), 'menu-copied' (the link is
 * on the clipboard as well).
 */
export type ShareOutcome = 'shared' | 'copied' | 'menu' | 'menu-copied' | 'cancelled' | 'failed';

/**
 * WeChat's browser shares a page to a chat or to Moments from its own ··· menu at the
 * top right; a page cannot open that menu, only point at it. (WeCom's browser has no
 * Moments, and others have no such menu.)
 */
export function sharesThroughBrowserMenu(): boolean {
  return process.env.TARO_ENV === 'h5' && clientEnv() === 'wechat';
}

/** The address someone else opens: absolute, on this app's origin. */
export function shareAddress(url: string): string {
  if (/^https?:\/\//i.test(url)) return url;
  if (process.env.TARO_ENV === 'h5' && typeof location !== 'undefined') return `${location.origin}${url}`;
  return `${apiBase()}${url}`;
}

/** The mini-program's share needs absolute image URLs; relative ones (H5 image host) are made absolute. */
function absoluteImage(url: string): string {
  return !url || /^https?:\/\//i.test(url) ? url : shareAddress(url);
}

/** The menu's share items: to a chat and to Moments (Taro's typing lacks `menus`). */
const SHARE_MENUS = { withShareTicket: false, menus: ['shareAppMessage', 'shareTimeline'] } as unknown as Parameters<typeof Taro.showShareMenu>[0];

/** What a share button carries in its dataset (ShareButton `content`: the viewer's photo), else null (the page's share). */
function buttonContent(res: { from?: string; target?: object } | undefined): ShareContent | null {
  if (res?.from !== 'button') return null;
  const d = (res.target as { dataset?: Record<string, unknown> } | undefined)?.dataset;
  if (!d || typeof d.shareUrl !== 'string' || !d.shareUrl) return null;
  return { title: String(d.shareTitle ?? ''), desc: '', imageUrl: typeof d.shareImage === 'string' ? d.shareImage : '', url: d.shareUrl };
}

/** The query of a mini-program page path (`/pages/x/index?a=1` → `a=1`): what a Moments share opens this page with. */
function pathQuery(path: string): string {
  const i = path.indexOf('?');
  return i < 0 ? '' : path.slice(i + 1);
}

/**
 * The mini-program's menu and `open-type="share"` buttons: a chat share sends `content`
 * (its page path), a Moments share (`onShareTimeline`) this page with the content's query,
 * both with the same title and image. The menu offers both while `enabled`; with sharing
 * off (spec part 1 §6) `hideShareMenu` hides its share items. Browsers: nothing here
 * (WeChat's browser: stores/share/PageShareStore configures the JS-SDK).
 */
export function useShareMessage(content: ShareContent | null, enabled: boolean): void {
  const latest = useRef(content);
  latest.current = content;
  if (process.env.TARO_ENV === 'weapp') {
    // A build-time branch: the hooks below run in the same order on every render.
    useShareAppMessage((res) => {
      const c = buttonContent(res) ?? latest.current;
      if (!c) return {};
      return { title: c.title, path: toPagePath(c.url), imageUrl: absoluteImage(c.imageUrl) || undefined };
    });
    useShareTimeline(() => {
      const c = latest.current;
      if (!c) return {};
      return { title: c.title, query: pathQuery(toPagePath(c.url)), imageUrl: absoluteImage(c.imageUrl) || undefined };
    });
    useEffect(() => {
      const call = enabled ? Taro.showShareMenu(SHARE_MENUS) : Taro.hideShareMenu({});
      void Promise.resolve(call).catch(() => undefined);
    }, [enabled]);
  }
}

/** Browsers with a system share sheet (navigator.share): the share modal offers it. */
export function systemShareAvailable(): boolean {
  return process.env.TARO_ENV === 'h5' && typeof navigator !== 'undefined' && typeof (navigator as { share?: unknown }).share === 'function';
}

/** The system share sheet (browsers): shared, cancelled, or failed (not allowed here). */
export async function systemShare(content: ShareContent): Promise<ShareOutcome> {
  if (!systemShareAvailable()) throw new UnsupportedPlatformCall('systemShare', thisPlatform(), 'ask systemShareAvailable() first');
  const nav = navigator as Navigator & { share: (d: { title?: string; text?: string; url?: string }) => Promise<void> };
  try {
    await nav.share({ title: content.title, text: content.desc, url: shareAddress(content.url) });
    return 'shared';
  } catch (e) {
    return (e as { name?: string })?.name === 'AbortError' ? 'cancelled' : 'failed';
  }
}

/**
 * The share's link on the clipboard (its absolute address): true when copied. The
 * mini-program's clipboard shows its own notice; callers show 'Copyed' in browsers.
 */
export async function copyShareLink(content: ShareContent): Promise<boolean> {
  const url = shareAddress(content.url);
  if (process.env.TARO_ENV === 'weapp') {
    try {
      await Taro.setClipboardData({ data: url });
      return true;
    } catch {
      return false;
    }
  }
  return copyText(url);
}

/** The old way when the async clipboard is missing (plain-http pages, older WeChat browsers). */
function copyWithSelection(text: string): boolean {
  if (typeof document === 'undefined') return false;
  const area = document.createElement('textarea');
  area.value = text;
  area.setAttribute('readonly', '');
  area.style.position = 'fixed';
  area.style.opacity = '0';
  document.body.appendChild(area);
  area.select();
  let done = false;
  try {
    done = document.execCommand('copy');
  } catch {
    done = false;
  }
  document.body.removeChild(area);
  return done;
}

async function copyText(text: string): Promise<boolean> {
  try {
    if (typeof navigator !== 'undefined' && navigator.clipboard?.writeText) {
      await navigator.clipboard.writeText(text);
      return true;
    }
  } catch {
    /* refused (no permission, not focused): try the selection way */
  }
  return copyWithSelection(text);
}

/**
 * Browsers: in WeChat's browser the link is copied and the answer says to point at
 * its ··· menu; elsewhere the system share sheet (navigator.share) where there is
 * one, else the link is copied. The mini-program shares through its menu and
 * open-type="share" buttons, never through this call.
 */
export async function shareLink(content: ShareContent): Promise<ShareOutcome> {
  if (process.env.TARO_ENV !== 'h5') throw new UnsupportedPlatformCall('shareLink', thisPlatform(), 'the mini-program shares with an open-type="share" button');
  const url = shareAddress(content.url);
  if (sharesThroughBrowserMenu()) return (await copyText(url)) ? 'menu-copied' : 'menu';
  const nav = navigator as Navigator & { share?: (d: { title?: string; text?: string; url?: string }) => Promise<void> };
  if (typeof nav.share === 'function') {
    try {
      await nav.share({ title: content.title, text: content.desc, url });
      return 'shared';
    } catch (e) {
      if ((e as { name?: string })?.name === 'AbortError') return 'cancelled';
      /* not allowed here (no user gesture, unsupported data): copy instead */
    }
  }
  return (await copyText(url)) ? 'copied' : 'failed';
}
