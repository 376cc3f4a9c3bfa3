import Taro from '@tarojs/taro';
import { detectEnv } from '../../types/ua';
import type { ClientEnv } from '../../types/api/session';
import { H5_CLIENT } from '../../types/boot';

/**
 * The one place that knows where the app runs: the mini-program, or which
 * browser (WeChat, WeChat Work, DingTalk, mobile, desktop) for H5.
 */
export function clientEnv(): ClientEnv {
  if (process.env.TARO_ENV === 'weapp') return 'weapp';
  return detectEnv(typeof navigator === 'undefined' ? '' : navigator.userAgent);
}

/**
 * Origin of the API and the image host. H5 always talks to its own origin (nothing configures
 * another): that is what lets the session travel in the server's same-origin HttpOnly cookie.
 */
export function apiBase(): string {
  if (process.env.TARO_ENV === 'weapp') return (process.env.TARO_APP_API_BASE || 'http://localhost:8080').replace(/\/+$/, '');
  return '';
}

/**
 * Headers that tell the server which client calls: `X-Client: weapp` or `h5` (the browser's kind
 * is told from its user agent). The H5 one also asks for the session cookie and marks the
 * app's own writes (a page on another site cannot set it).
 */
export function clientHeaders(): Record<string, string> {
  return { 'X-Client': process.env.TARO_ENV === 'weapp' ? 'weapp' : H5_CLIENT };
}

/**
 * Whether the session travels by itself: browsers carry the server's HttpOnly cookie (which no
 * script reads); the mini-program has no cookies and sends its token (api/credentials.ts).
 */
export function sessionInCookie(): boolean {
  return process.env.TARO_ENV !== 'weapp';
}

/**
 * Browsers: the window's size, read once and again only after a resize. Reading
 * `innerWidth` while the page is being built forces the browser to lay it out there and
 * then (it was a good part of the first render's time on a slow phone); the first read
 * happens when this module loads, over the server's first screen, which is laid out already.
 */
let browserViewport: { width: number; height: number } | null = null;
let resizeWatched = false;
function browserWindow(): { width: number; height: number } {
  if (typeof window === 'undefined') return { width: 375, height: 1 };
  if (!browserViewport) {
    browserViewport = { width: window.innerWidth, height: window.innerHeight };
    if (!resizeWatched && typeof window.addEventListener === 'function') {
      resizeWatched = true;
      const drop = () => {
        browserViewport = null;
      };
      window.addEventListener('resize', drop, { passive: true });
      window.addEventListener('orientationchange', drop, { passive: true });
    }
  }
  return browserViewport;
}
if (process.env.TARO_ENV === 'h5') browserWindow();

export function windowWidth(): number {
  if (process.env.TARO_ENV === 'h5') return typeof window === 'undefined' ? 375 : browserWindow().width;
  return Taro.getWindowInfo().windowWidth;
}

/** The visible area (CSS px), for zooming the viewer from a photo cell. */
export function viewportSize(): { width: number; height: number } {
  if (process.env.TARO_ENV === 'h5') {
    if (typeof window === 'undefined') return { width: 375, height: 1 };
    const { width, height } = browserWindow();
    return { width: width || 375, height: height || 1 };
  }
  const info = Taro.getWindowInfo();
  return { width: info.windowWidth, height: info.windowHeight || 1 };
}

/** Desktop layout above 800 px (spec part 1 §9 widescreen checks at 450 and 800). */
export const WIDE_SCREEN = 800;
export const MEDIUM_SCREEN = 450;

let bottomInset: number | null = null;
/**
 * The screen's bottom safe-area inset in CSS px (the home indicator of notched phones),
 * 0 where there is none: browsers measure `env(safe-area-inset-bottom)` once, the
 * mini-program reads its window's safe area.
 */
export function bottomSafeInset(): number {
  if (bottomInset !== null) return bottomInset;
  let n = 0;
  if (process.env.TARO_ENV === 'h5') {
    if (typeof document !== 'undefined' && document.body) {
      const probe = document.createElement('div');
      probe.style.cssText = 'position:fixed;visibility:hidden;padding-bottom:env(safe-area-inset-bottom, 0px)';
      document.body.appendChild(probe);
      n = parseFloat(getComputedStyle(probe).paddingBottom) || 0;
      document.body.removeChild(probe);
    }
  } else {
    const info = Taro.getWindowInfo() as { screenHeight?: number; safeArea?: { bottom: number } };
    n = info.safeArea && info.screenHeight ? Math.max(0, info.screenHeight - info.safeArea.bottom) : 0;
  }
  return (bottomInset = Math.round(n));
}
