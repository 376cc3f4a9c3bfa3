import { readStored, writeStored } from '../platform/storage';
import { SESSION_TOKEN_KEY } from '../../types/boot';

/**
 * The session token: the one module that reads and writes it. The session store
 * saves the token `GET /session.js` answers; the API client, the live socket, the
 * stats beacon and the avatar upload read it here. Platform code never reads it:
 * it receives the token (or ready headers) as an argument.
 */
export const TOKEN_KEY = SESSION_TOKEN_KEY;

export function sessionToken(): string {
  return readStored<string>(TOKEN_KEY, '');
}

export function saveSessionToken(token: string): void {
  writeStored(TOKEN_KEY, token);
}

/** `Authorization: Bearer <token>` when there is a token. */
export function authHeader(token = sessionToken()): Record<string, string> {
  return token ? { Authorization: `Bearer ${token}` } : {};
}
