import { shareCalls } from '../../types/api/share';
import { call } from './call';

/** Who shared a share link (nickname and avatar of a real user), or null. */
export const fetchSharer = (openid: string) => call(shareCalls.sharer, { params: { openid } });
