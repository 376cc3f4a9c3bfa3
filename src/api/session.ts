import { sessionCalls, type SessionData } from '../../types/api/session';
import { ErrorCode } from '../../types/envelope';
import { pathOf } from '../../types/api/contract';
import { takeBootSession } from '../platform/boot';
import { ApiError, unwrap } from './client';
import { call } from './call';

/**
 * GET /session.js. A session answer carrying a redirect comes with code 200302 (spec part 3 §8): it is
 * still the session (token, user, sysinfo), handed on like a normal answer with its `redirect` set.
 * The app's first call takes the answer the H5 document asked for while the scripts downloaded
 * (types/boot.ts); when that request failed, it asks itself.
 */
export async function fetchSession(): Promise<SessionData> {
  try {
    const early = await takeBootSession();
    // A server error is asked again (call() retries it), as the app's own first call would be.
    if (early && early.status < 500) return unwrap<SessionData>('GET', pathOf(sessionCalls.session), early.status, early.body);
    return await call(sessionCalls.session);
  } catch (e) {
    const data = e instanceof ApiError && e.code === ErrorCode.SESSION_REDIRECT ? (e.body as { data?: Partial<SessionData> } | null)?.data : null;
    if (data && typeof data.token === 'string' && data.user && data.sysinfo && typeof data.redirect === 'string' && data.redirect) return data as SessionData;
    throw e;
  }
}
export const fetchUserInfo = () => call(sessionCalls.userInfo);
