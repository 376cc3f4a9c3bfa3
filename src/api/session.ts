import { sessionCalls, type SessionData } from '../../types/api/session';
import { ErrorCode } from '../../types/envelope';
import { ApiError } from './client';
import { call } from './call';

/**
 * GET /session.js. A session answer carrying a redirect comes with code 200302 (spec part 3 §8): it is
 * still the session (token, user, sysinfo), handed on like a normal answer with its `redirect` set.
 */
export async function fetchSession(): Promise<SessionData> {
  try {
    return await call(sessionCalls.session);
  } catch (e) {
    const data = e instanceof ApiError && e.code === ErrorCode.SESSION_REDIRECT ? (e.body as { data?: Partial<SessionData> } | null)?.data : null;
    if (data && typeof data.token === 'string' && data.user && data.sysinfo && typeof data.redirect === 'string' && data.redirect) return data as SessionData;
    throw e;
  }
}
export const fetchUserInfo = () => call(sessionCalls.userInfo);
