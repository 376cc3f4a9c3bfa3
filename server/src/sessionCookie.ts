import type { FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from './errors';
import { ErrorCode } from '../../types/envelope';
import { H5_CLIENT, SESSION_COOKIE } from '../../types/boot';
import { SESSION_TTL_S, tokenFromHeader } from './services/session/session';

/**
 * The H5 app's session travels in an HttpOnly cookie the server sets (`lg_session`,
 * SameSite=Lax, Path=/, Secure over https), so a script injected into the page cannot
 * read it and carry the session to another device. The mini-program has no cookies and
 * keeps `Authorization: Bearer <token>`; the live WebSocket of the mini-program keeps
 * `?token=` (tokenInQuery). Where a request carries several, the explicit one wins:
 * the header, then `?token=`, then the cookie.
 *
 * A cookie rides along with requests the page did not mean to make (CSRF). SameSite=Lax
 * keeps it off cross-site POSTs, subrequests and WebSockets; on top of that a request
 * the cookie authenticates that writes (POST, PUT, PATCH, DELETE) or opens the live
 * socket must say where it comes from: its Origin, when it sends one, is this server's;
 * without an Origin it carries the app's `X-Client` header (a form or a page on another
 * site cannot set it). Otherwise 403 code SESSION_CROSS_SITE.
 */
export type TokenSource = 'header' | 'query' | 'cookie';

declare module 'fastify' {
  interface FastifyRequest {
    /** Where `token` came from (app.ts); undefined without a token. */
    tokenFrom: TokenSource | undefined;
  }
}

/** The session cookie's value in a `Cookie` header, if any. */
export function cookieToken(header: string | undefined): string | undefined {
  if (!header) return undefined;
  for (const part of header.split(';')) {
    const eq = part.indexOf('=');
    if (eq < 0 || part.slice(0, eq).trim() !== SESSION_COOKIE) continue;
    const v = part.slice(eq + 1).trim();
    return v && v.length <= 200 && /^[A-Za-z0-9_-]+$/.test(v) ? v : undefined;
  }
  return undefined;
}

/** The token a request carries and where from: the Authorization header, `?token=` where the route allows it, the cookie. */
export function requestToken(req: FastifyRequest, queryAllowed: boolean): { token: string | undefined; from: TokenSource | undefined } {
  const header = tokenFromHeader(req.headers.authorization);
  if (header) return { token: header, from: 'header' };
  if (queryAllowed) {
    const t = (req.query as { token?: unknown } | undefined)?.token;
    if (typeof t === 'string' && t) return { token: t, from: 'query' };
  }
  const cookie = cookieToken(req.headers.cookie);
  return cookie ? { token: cookie, from: 'cookie' } : { token: undefined, from: undefined };
}

/**
 * Whether the session goes to this client as the cookie (and not in the answer): the H5
 * app says `X-Client: h5`; and a request the cookie itself authenticated never gets the
 * token back (a script in the page could otherwise read it from /session.js).
 */
export function sessionByCookie(req: FastifyRequest): boolean {
  return req.headers['x-client'] === H5_CLIENT || req.tokenFrom === 'cookie';
}

const UNSAFE = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/** This server's own origins: the one the request was addressed to (behind TRUST_PROXY, the forwarded one) and PUBLIC_URL's. */
function ownOrigin(req: FastifyRequest, publicUrl: string, origin: string): boolean {
  if (origin === `${req.protocol}://${req.host}`) return true;
  try {
    return origin === new URL(publicUrl).origin;
  } catch {
    return false;
  }
}

/** The CSRF check above, for a request the cookie authenticated; throws SESSION_CROSS_SITE. */
export function assertSameSiteUse(req: FastifyRequest, publicUrl: string): void {
  if (req.tokenFrom !== 'cookie') return;
  const websocket = (req.headers.upgrade ?? '').toLowerCase() === 'websocket';
  if (!websocket && !UNSAFE.has(req.method)) return;
  const origin = req.headers.origin;
  const fine = origin === undefined ? typeof req.headers['x-client'] === 'string' && req.headers['x-client'] !== '' : ownOrigin(req, publicUrl, origin);
  if (!fine) throw new AppError(ErrorCode.SESSION_CROSS_SITE, 'This request must come from the app itself', null, 403);
}

/**
 * Set the session cookie to `token` (a session lives SESSION_TTL_S from its last refresh),
 * or clear it with null (the session it named is gone). Secure when the request came over
 * https (behind TRUST_PROXY, as X-Forwarded-Proto says).
 */
export function writeSessionCookie(req: FastifyRequest, reply: FastifyReply, token: string | null): void {
  const secure = req.protocol === 'https' ? '; Secure' : '';
  reply.header('set-cookie', `${SESSION_COOKIE}=${token ?? ''}; Max-Age=${token ? SESSION_TTL_S : 0}; Path=/; HttpOnly; SameSite=Lax${secure}`);
}
