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

export function runsPageCode(): boolean {
  return process.env.TARO_ENV === 'h5';
}

const styleUsers = new Map<string, number>();

/** The element this module added for `url` (compared as text: a URL is no safe selector). */
const added = (tag: 'script' | 'link', url: string): Element | null =>
  Array.from(document.head.querySelectorAll(`${tag}[data-page-code]`)).find((el) => el.getAttribute('data-page-code') === url) ?? null;

/** Add the scripts and stylesheets; returns the function that removes the stylesheets again (when no other component wants them). */
export function loadPageCode(scripts: readonly string[], styles: readonly string[]): () => void {
  if (process.env.TARO_ENV !== 'h5') throw new UnsupportedPlatformCall('loadPageCode', WEAPP, 'the mini-program runs no outside code');
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
