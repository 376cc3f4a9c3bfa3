import { unauthorized } from './errors';
import type { SessionUser } from './services/session/session';

/**
 * Who is asking: built once per request (a preHandler hook in app.ts) from the
 * session token and the client address, then handed to service methods. Services
 * take this value, never a request, so they know no HTTP.
 */
export interface Viewer {
  /** The session's user; null without a token or with an unknown or expired one. */
  readonly user: SessionUser | null;
  readonly userId: number | null;
  /** No user, or a guest session (is_mock): not logged in with WeChat. */
  readonly isGuest: boolean;
  /** The client address (the forwarded one behind a trusted proxy): per-IP limits. */
  readonly ip: string;
  /** The bearer token as sent (organiser calls compare it; logins move it to a user). */
  readonly token: string | undefined;
  /**
   * Gallery passes this visitor carries, as the gate service found them during
   * this request (`galleryId:kinds` → passed), so one request asks the database once.
   */
  readonly passes: Map<string, boolean>;
}

export function viewerOf(user: SessionUser | null, ip: string, token: string | undefined): Viewer {
  return { user, userId: user?.id ?? null, isGuest: !user || user.is_mock, ip, token, passes: new Map() };
}

/** A viewer with no session (background work, CLIs). */
export const nobody = (): Viewer => viewerOf(null, '127.0.0.1', undefined);

/** The session's user, or the 401 envelope. */
export function requireUser(v: Viewer): SessionUser {
  if (!v.user) throw unauthorized();
  return v.user;
}

/** A real (WeChat) user: guests get 401 with `msg`, which the client turns into the authorisation prompt. */
export function requireRealUser(v: Viewer, msg: string): SessionUser {
  const user = requireUser(v);
  if (user.is_mock) throw unauthorized(msg);
  return user;
}
