import crypto from 'node:crypto';
import { codeScriptOrigins, codeStyleOrigins } from '../../../../types/page/codeOrigins';
import { TRUSTED_TYPES_POLICIES } from '../../../../types/csp';

/**
 * The Content-Security-Policy of the documents this server answers (docs/architecture.md
 * "Content Security Policy"):
 * - the H5 app's document (routes/h5.ts): scripts from this origin and the inline scripts the
 *   server writes, which carry this answer's nonce; Trusted Types required for every script sink,
 *   through the policies named in types/csp.ts only;
 * - every other HTML page (the sandbox login and pay pages, the login error page): no script at all.
 */

/** A fresh nonce for one answer (128 random bits): never stored, never reused. */
export function newNonce(): string {
  return crypto.randomBytes(16).toString('base64');
}

/** The nonce attribute, for the inline scripts the server writes. */
export const nonceAttr = (nonce: string) => ` nonce="${nonce}"`;

/** The live WebSocket's origin: `'self'` covers ws(s) of the same host in CSP 3, older engines need it named. */
function socketOrigin(publicUrl: string): string | null {
  try {
    const u = new URL(publicUrl);
    return `${u.protocol === 'https:' ? 'wss:' : 'ws:'}//${u.host}`;
  } catch {
    return null;
  }
}

export interface DocumentCspOptions {
  nonce: string;
  /** PUBLIC_URL: the live socket's origin. */
  publicUrl: string;
  /** The page's `code` component origins (codeScriptOrigins), added to script-src and style-src of this document only. */
  codeOrigins?: readonly string[];
}

/**
 * The H5 document's policy:
 * - script-src: this origin (the build's files) and the nonce; no 'unsafe-inline', no 'unsafe-eval';
 * - style-src keeps 'unsafe-inline': the entry's styles and the first screen are inline `<style>`,
 *   React and Taro write `style` attributes (styles run no script);
 * - img-src: this origin (photos, avatars, covers), data: and blob: (illustrations, collages, posters)
 *   and https: (WeChat avatars, images a rich-text block names);
 * - connect-src: this origin, the live socket, and https: (a form's custom request goes to the
 *   organiser's own address);
 * - frame-src: this origin and https: (the iframe component's pages, WeChat's QR login);
 * - frame-ancestors 'self': the login popup frames our own pages (the sandbox page, then the app);
 * - require-trusted-types-for 'script' with the policies of types/csp.ts.
 */
export function documentCsp(o: DocumentCspOptions): string {
  const code = (o.codeOrigins ?? []).filter(isCspOrigin);
  const socket = socketOrigin(o.publicUrl);
  return [
    "default-src 'self'",
    ['script-src', "'self'", `'nonce-${o.nonce}'`, ...code].join(' '),
    ['style-src', "'self'", "'unsafe-inline'", ...code].join(' '),
    "img-src 'self' data: blob: https:",
    "font-src 'self' data:",
    ['connect-src', "'self'", 'https:', ...(socket ? [socket] : [])].join(' '),
    "media-src 'self' blob:",
    "frame-src 'self' https:",
    "worker-src 'self' blob:",
    "object-src 'none'",
    "base-uri 'none'",
    "form-action 'self'",
    "frame-ancestors 'self'",
    "require-trusted-types-for 'script'",
    `trusted-types ${Object.values(TRUSTED_TYPES_POLICIES).join(' ')}`
  ].join('; ');
}

/** Pages the server writes that run no script (the sandbox pages, the login error page). */
export const STATIC_PAGE_CSP = [
  "default-src 'none'",
  "style-src 'unsafe-inline'",
  "img-src 'self' data:",
  "form-action 'self'",
  "object-src 'none'",
  "base-uri 'none'",
  "frame-ancestors 'self'",
  "require-trusted-types-for 'script'",
  "trusted-types 'none'"
].join('; ');

/**
 * The icon of those pages: none, said in the page (without it the browser asks for /favicon.ico,
 * which is the app's not-found document).
 */
export const NO_FAVICON = '<link rel="icon" href="data:,">';

/** An origin fit for a CSP source list: https, a host name, an optional port; nothing a header could split on. */
const isCspOrigin = (s: string) => /^https:\/\/[a-z0-9.-]+(:\d{1,5})?$/.test(s);

/**
 * The origins of a page's `code` components' scripts and stylesheets (nested lists included),
 * each on a host CODE_HOSTS allows now, as the browser parses the address (types/page/codeOrigins.ts,
 * the same parse as the save check): script-src and style-src of that page's document.
 */
export function pageCodeOrigins(pageData: unknown, codeHosts: readonly string[]): string[] {
  if (!codeHosts.length) return [];
  return [...new Set([...codeScriptOrigins(pageData, codeHosts), ...codeStyleOrigins(pageData, codeHosts)])].sort();
}
