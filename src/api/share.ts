import type { SharerInfo } from '../../types/api/share';
import { get } from './client';

/** Who shared a share link (nickname and avatar of a real user), or null. */
export const fetchSharer = (openid: string) => get<SharerInfo | null>(`/api/v2/user/sharer/${encodeURIComponent(openid)}`);
