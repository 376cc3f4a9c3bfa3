import type { SessionData, UserInfo } from '../../types/api/session';
import { get } from './client';

export const fetchSession = () => get<SessionData>('/session.js');
export const fetchUserInfo = () => get<UserInfo>('/api/v2/userinfo');
