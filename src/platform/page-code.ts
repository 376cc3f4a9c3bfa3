/**
 * A page's custom code (the `code` component): external scripts and stylesheets. Browsers load them
 * into the document; the mini-program runs no outside code (runsPageCode() is false there and the
 * component shows nothing). One-line difference: a TARO_ENV branch here.
 *
 * The server saved only https addresses on allow-listed hosts (types/page/code.ts); a script is added
 * once per document (scripts cannot be unloaded); a stylesheet stays while a component wants it.
 */
import { UnsupportedPlatformCall, WEAPP } from './unsupported';
import { trustedCodeScriptUrl } from './trusted-types';
import { PAGE_CODE_META } from '../../types/boot';

export function runsPageCode(): boolean {
  return process.env.TARO_ENV === 'h5';
}

const styleUsers = new Map<string, number>();

/** The element this module added for `url` (compared as text: a URL is no safe selector). */
const added = (tag: 'script' | 'link', url: string): Element | null =>
  Array.from(document.head.querySelectorAll(`${tag}[data-page-code]`)).find((el) => el.getAttribute('data-page-code') === url) ?? null;

const RELOADED_KEY = 'page-code-reloaded';

/**
 * The document's Content-Security-Policy allows the `code` origins of the page it was served for
 * only (the server lists them in `<meta name="page-code-origins">`). A page reached inside the app
 * whose code comes from an origin the document does not allow is loaded again by its own address,
 * whose document allows them: once per address (sessionStorage), so a host the server no longer
 * allows cannot make the page reload for ever. A document without the list (not served by our
 * server) is left as it is. True when the page is being reloaded.
 */
function reloadForPolicy(urls: readonly string[]): boolean {
  const meta = document.querySelector(`meta[name="${PAGE_CODE_META}"]`);
  if (!meta) return false;
  const allowed = new Set((meta.getAttribute('content') ?? '').split(' ').filter(Boolean));
  const missing = urls.some((u) => {
    try {
      return !allowed.has(new URL(u).origin);
    } catch {
      return false;
    }
  });
  if (!missing) {
    try {
      window.sessionStorage.removeItem(RELOADED_KEY);
    } catch {
      /* no storage: nothing was kept */
    }
    return false;
  }
  const here = window.location.pathname + window.location.search;
  try {
    if (window.sessionStorage.getItem(RELOADED_KEY) === here) return false;
    window.sessionStorage.setItem(RELOADED_KEY, here);
  } catch {
    return false;
  }
  window.location.reload();
  return true;
}

/** Add the scripts and stylesheets; returns the function that removes the stylesheets again (when no other component wants them). */
export function loadPageCode(scripts: readonly string[], styles: readonly string[]): () => void {
  if (process.env.TARO_ENV !== 'h5') throw new UnsupportedPlatformCall('loadPageCode', WEAPP, 'the mini-program runs no outside code');
  if (reloadForPolicy([...scripts, ...styles])) return () => undefined;
  const head = document.head;
  for (const src of scripts) {
    if (added('script', src)) continue;
    const el = document.createElement('script');
    // A TrustedScriptURL of the `page-code` policy (the document's CSP requires Trusted Types and
    // allows this page's code hosts only); an address of another shape is not loaded.
    let url: string;
    try {
      url = trustedCodeScriptUrl(src);
    } catch {
      continue;
    }
    el.src = url;
    el.async = true;
    el.crossOrigin = 'anonymous';
    el.referrerPolicy = 'no-referrer';
    el.setAttribute('data-page-code', src);
    head.appendChild(el);
  }
  for (const href of styles) {
    styleUsers.set(href, (styleUsers.get(href) ?? 0) + 1);
    if (added('link', href)) continue;
    const el = document.createElement('link');
    el.rel = 'stylesheet';
    el.href = href;
    el.crossOrigin = 'anonymous';
    el.referrerPolicy = 'no-referrer';
    el.setAttribute('data-page-code', href);
    head.appendChild(el);
  }
  return () => {
    for (const href of styles) {
      const n = (styleUsers.get(href) ?? 1) - 1;
      if (n > 0) {
        styleUsers.set(href, n);
        continue;
      }
      styleUsers.delete(href);
      added('link', href)?.remove();
    }
  };
}
