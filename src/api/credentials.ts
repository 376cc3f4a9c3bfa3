import { readStored, removeStored, writeStored } from '../platform/storage';
import { sessionInCookie } from '../platform/env';
import { SESSION_TOKEN_KEY } from '../../types/boot';

/**
 * The session's credential: the one module that reads and writes it.
 *
 * - Mini-program: the token `GET /session.js` answers, kept in device storage and sent by the
 *   API client (`Authorization: Bearer`), the live socket (`?token=`), the leave-time stats
 *   request and the avatar upload.
 * - Browsers (H5): the server keeps the session in an HttpOnly cookie the page's scripts cannot
 *   read, so an injected script cannot carry it to another device; the app holds no token and
 *   sends none. A token an older version kept in localStorage is still sent (the document's
 *   session call sends it once) until the first session answer: the server has then moved it
 *   into the cookie, and it is deleted here.
 *
 * Platform code never reads it: it receives the token (or ready headers) as an argument.
 */
export const TOKEN_KEY = SESSION_TOKEN_KEY;

/** A session answer came (browsers: the cookie carries it). */
let answered = false;

/** The token the app sends itself: the mini-program's; in a browser none (at most an older version's, until the first session answer). */
export function sessionToken(): string {
  const token = readStored<string>(TOKEN_KEY, '');
  return typeof token === 'string' ? token : '';
}

/** Whether there is a session to use: the mini-program holds a token; a browser has had a session answer (its cookie is not readable). */
export function hasSession(): boolean {
  return sessionInCookie() ? answered : !!sessionToken();
}

/**
 * A session answer came: the mini-program keeps the token it carries; a browser deletes any
 * token an older version kept (the answer's cookie carries the session now).
 */
export function sessionArrived(token: string | undefined): void {
  if (sessionInCookie()) {
    answered = true;
    removeStored(TOKEN_KEY);
  } else writeStored(TOKEN_KEY, token ?? '');
}

/** No session for now (the server refused a new one): what the device kept is not one the server knows. */
export function sessionLost(): void {
  answered = false;
  if (sessionInCookie()) removeStored(TOKEN_KEY);
  else writeStored(TOKEN_KEY, '');
}

/** `Authorization: Bearer <token>` when the app holds a token. */
export function authHeader(token = sessionToken()): Record<string, string> {
  return token ? { Authorization: `Bearer ${token}` } : {};
}

/** The live socket's credential: the token for its URL, '' when the cookie carries the session, null while there is none. */
export function socketCredential(): string | null {
  return hasSession() ? sessionToken() : null;
}
