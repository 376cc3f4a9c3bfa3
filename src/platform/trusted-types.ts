/**
 * The app's named Trusted Types policies (browsers). The document's CSP requires Trusted Types for
 * every script sink (`require-trusted-types-for 'script'`) and names the allowed policies
 * (types/csp.ts); what reaches a sink without one of these values goes to the default policy,
 * which lets only plain text through (server/src/services/h5/trustedTypes.ts).
 *
 * Each policy here is a reviewed sink, used by one module only:
 * - `rich-html`: the rich-text block's HTML (platform/rich-html.h5.tsx). The server stores only
 *   what its allow-list sanitiser keeps (server/src/services/content/sanitize.ts: no script, no
 *   event handler, http(s) links and images), and the block shows exactly that.
 * - `page-code`: the `code` component's script addresses (platform/page-code.ts): https only, in
 *   the shape the page check saved; the document's CSP allows only that page's allow-listed hosts.
 *
 * A browser without Trusted Types gets the strings as they are (the policies are then no-ops).
 * The mini-program has no DOM sinks: nothing here runs there.
 */
import { TRUSTED_TYPES_POLICIES } from '../../types/csp';
import { CODE_URL_PATTERN } from '../../types/page/code';

interface Policy {
  createHTML?: (s: string) => unknown;
  createScriptURL?: (s: string) => unknown;
}
interface TrustedTypesFactory {
  createPolicy: (name: string, rules: { createHTML?: (s: string) => string; createScriptURL?: (s: string) => string }) => Policy;
}

function factory(): TrustedTypesFactory | null {
  if (process.env.TARO_ENV !== 'h5' || typeof window === 'undefined') return null;
  const tt = (window as unknown as { trustedTypes?: TrustedTypesFactory }).trustedTypes;
  return tt && typeof tt.createPolicy === 'function' ? tt : null;
}

/** Each policy is created once, when first needed (a second createPolicy of a name is refused). */
const made = new Map<string, Policy | null>();
function policy(name: string, rules: Parameters<TrustedTypesFactory['createPolicy']>[1]): Policy | null {
  if (!made.has(name)) made.set(name, factory()?.createPolicy(name, rules) ?? null);
  return made.get(name) ?? null;
}

/** The rich-text block's server-cleaned HTML as a TrustedHTML (the string itself where browsers have no Trusted Types). */
export function trustedRichHtml(html: string): string {
  const p = policy(TRUSTED_TYPES_POLICIES.richHtml, { createHTML: (s) => s });
  return (p?.createHTML ? p.createHTML(html) : html) as string;
}

const CODE_URL = new RegExp(CODE_URL_PATTERN);

/** Whether `url` is a `code` script address this policy lets through: https, the saved shape, no backslash. */
export const isCodeScriptUrl = (url: string): boolean => CODE_URL.test(url) && !url.includes('\\');

/** A `code` component's script address as a TrustedScriptURL; throws for anything else. */
export function trustedCodeScriptUrl(url: string): string {
  const p = policy(TRUSTED_TYPES_POLICIES.pageCode, {
    createScriptURL: (s) => {
      if (!isCodeScriptUrl(s)) throw new TypeError(`page-code: not an https script address: ${s.slice(0, 80)}`);
      return s;
    }
  });
  if (!p?.createScriptURL) {
    if (!isCodeScriptUrl(url)) throw new TypeError(`page-code: not an https script address: ${url.slice(0, 80)}`);
    return url;
  }
  return p.createScriptURL(url) as string;
}
