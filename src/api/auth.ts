import { authCalls, type OAuthProviderId, type QrLang } from '../../types/api/auth';
import { call } from './call';

/** `POST /api/v2/auth/mp/login {code}`: upgrades this session with a mini-program login code (single-use: never retried). */
export const mpLogin = (code: string) => call(authCalls.mpLogin, { body: { code } });

/** `GET /api/v2/auth/oauth/start`: where to send the browser for the OAuth / QR / sandbox login. */
export const oauthStart = (provider: OAuthProviderId, redirect: string, lang: QrLang) => call(authCalls.oauthStart, { query: { provider, redirect, lang } });

/** `POST /api/v2/userinfo/profile`: the fill-in nickname and avatar of a logged-in user. */
export const updateProfile = (p: { nickname?: string; avatar?: string }) => call(authCalls.profile, { body: p });
