import type { AuthLoginResult, OAuthProviderId, OAuthStartResult, ProfileUpdateResult, QrLang } from '../../types/api/auth';
import { get, post, request } from './client';

/** `POST /api/v2/auth/mp/login {code}`: upgrades this session with a mini-program login code (single-use: never retried). */
export const mpLogin = (code: string) => request<AuthLoginResult>('POST', '/api/v2/auth/mp/login', { code });

/** `GET /api/v2/auth/oauth/start`: where to send the browser for the OAuth / QR / sandbox login. */
export const oauthStart = (provider: OAuthProviderId, redirect: string, lang: QrLang) =>
  get<OAuthStartResult>('/api/v2/auth/oauth/start', { provider, redirect, lang });

/** `POST /api/v2/userinfo/profile`: the fill-in nickname and avatar of a logged-in user. */
export const updateProfile = (p: { nickname?: string; avatar?: string }) => post<ProfileUpdateResult>('/api/v2/userinfo/profile', p);
