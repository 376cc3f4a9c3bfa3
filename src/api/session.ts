import { sessionCalls } from '../../types/api/session';
import { call } from './call';

export const fetchSession = () => call(sessionCalls.session);
export const fetchUserInfo = () => call(sessionCalls.userInfo);
