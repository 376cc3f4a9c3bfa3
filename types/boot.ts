import type { GalleryDetail } from './api/gallery';

/**
 * Data the server writes into the H5 document (`window.__BOOT__`) so the app does
 * not fetch it again after the script has run (issue 12, Speed 3). The server
 * (server/src/services/h5/document.ts) writes only what any visitor may see; the app
 * (src/platform/boot) takes each part once and then fetches as before.
 */
export const BOOT_GLOBAL = '__BOOT__';

export interface BootData {
  /** The gallery of the URL, as `GET /api/v2/gallery/link/{link_id}` answers a visitor without a session. */
  gallery?: { link_id: string; detail: GalleryDetail };
}

/**
 * The session call started by the document itself (`window.__BOOT_SESSION__`), beside the
 * app's scripts instead of after them: the answer of `GET /session.js` for the token the
 * app keeps (SESSION_TOKEN_KEY in localStorage, as Taro's storage writes it: `{"data": token}`),
 * or null when the request failed. The app's first session call takes it once (src/api/session.ts).
 */
export const BOOT_SESSION_GLOBAL = '__BOOT_SESSION__';
export type BootSession = Promise<{ status: number; body: unknown } | null>;

/** The storage key of the session token (src/api/credentials.ts): the mini-program's; in a browser, only an older version's. */
export const SESSION_TOKEN_KEY = 'token';

/**
 * The H5 app's session cookie (HttpOnly, SameSite=Lax, Path=/; server/src/sessionCookie.ts): no script
 * in the page sees the token. The mini-program has no cookies and sends `Authorization: Bearer <token>`.
 */
export const SESSION_COOKIE = 'lg_session';
/** The H5 app's `X-Client` header value (the mini-program sends 'weapp'): the server answers it with the session cookie. */
export const H5_CLIENT = 'h5';

/**
 * `<meta name=…>` in the H5 document: the origins its Content-Security-Policy allows for the
 * page's `code` components, space-separated (empty when none). The app's code loader compares
 * a component's script origins with it (src/platform/page-code.ts).
 */
export const PAGE_CODE_META = 'page-code-origins';
