import { sessionCalls, type SessionData } from '../../types/api/session';
import { ErrorCode } from '../../types/envelope';
import { pathOf } from '../../types/api/contract';
import { takeBootSession } from '../platform/boot';
import type { BootSession } from '../../types/boot';
import { ApiError, unwrap } from './client';
import { call } from './call';

/**
 * GET /session.js. A session answer carrying a redirect comes with code 200302 (spec part 3 §8): it is
 * still the session (user, sysinfo, and the mini-program's token), handed on like a normal answer with its `redirect` set.
 * The app's first call takes the answer the H5 document asked for while the scripts downloaded
 * (types/boot.ts); when that request failed or hangs, it asks itself.
 */
/** Longest the app waits for the document's session call before it asks itself. */
export const EARLY_SESSION_WAIT_MS = 10_000;

/** The document's answer, or null when there is none or it has not come within EARLY_SESSION_WAIT_MS. */
async function withinWait(boot: BootSession | null) {
  if (!boot) return null;
  let timer: ReturnType<typeof setTimeout> | undefined;
  try {
    return await Promise.race([boot, new Promise<null>((r) => (timer = setTimeout(() => r(null), EARLY_SESSION_WAIT_MS)))]);
  } finally {
    clearTimeout(timer);
  }
}

export async function fetchSession(): Promise<SessionData> {
  try {
    const early = await withinWait(takeBootSession());
    // A server error is asked again (call() retries it), as the app's own first call would be.
    if (early && early.status < 500) return unwrap<SessionData>('GET', pathOf(sessionCalls.session), early.status, early.body);
    return await call(sessionCalls.session);
  } catch (e) {
    const data = e instanceof ApiError && e.code === ErrorCode.SESSION_REDIRECT ? (e.body as { data?: Partial<SessionData> } | null)?.data : null;
    if (data && data.user && data.sysinfo && typeof data.redirect === 'string' && data.redirect) return data as SessionData;
    throw e;
  }
}
export const fetchUserInfo = () => call(sessionCalls.userInfo);
