import * as T from 'typebox';
import { defineCall } from './contract';
import { UserInfoSchema, type UserInfo } from './session';
import { Line, MultipartHeaders } from './schema';

/**
 * Login contracts (issue 5 item 1). The session token from `GET /session.js`
 * stays the same through every login: a login *upgrades* the caller's guest
 * session (the user becomes `is_mock: false` with the WeChat openid). When that
 * openid already belongs to a user, the session moves to that user instead, and
 * a guest's likes, visits and gate passes go with it (server services/guestMerge.ts).
 *
 * WeChat's current rules apply:
 * - `wx.getUserProfile` no longer returns real profiles; nickname and avatar come
 *   from the fill-in components and reach us through `POST /api/v2/userinfo/profile`.
 * - Login codes are single-use: the server remembers used codes for
 *   LOGIN_CODE_MEMORY_S and rejects a reuse even when WeChat would accept it.
 * - session_key never leaves the server (no response, no log).
 *
 * ## Flows
 *
 * Mini-program (`sysinfo.login.path === 'mp'`):
 *   `Taro.login()` → `POST /api/v2/auth/mp/login {code}` (Authorization: the session token)
 *   → `AuthLoginResult`. With `sysinfo.login.sandbox` on, send a code of the form
 *   `sandbox:<name>:<nonce>` instead (SANDBOX_CODE_PREFIX; the nonce makes the code
 *   single-use, the name picks the sandbox user).
 *
 * Browser OAuth (`path` 'wechat' inside WeChat, 'qr' on desktop and other browsers,
 * 'sandbox' when the sandbox is on):
 *   1. `GET /api/v2/auth/oauth/start?provider=<path>&redirect=<same-origin path>&lang=cn|en`
 *      (the session: the H5 app's cookie) → `OAuthStartResult {url}`. The server binds
 *      a random `state` to the caller's session (stored hashed, single-use, expires
 *      after OAUTH_STATE_TTL_S).
 *   2. The client navigates to `url` (WeChat authorise page, the QR scan page — open it
 *      in a popup or the same window — or the sandbox authorise page
 *      `GET /sandbox/oauth/authorize`, labelled 'Sandbox login — not WeChat').
 *   3. The provider redirects the browser to `GET /auth/callback?code&state`. The
 *      callback upgrades THE SESSION THAT STARTED THE FLOW (the state row knows it).
 *      The request carries the session cookie (SameSite=Lax is sent on a top-level
 *      navigation); when it carries a session, it must be that same one. A mismatched,
 *      reused or expired state is refused (an HTML page for browsers, an envelope
 *      otherwise) and nothing changes.
 *   4. On success: 302 to the original `redirect` path (same origin only; never
 *      another origin). The client then refreshes `GET /session.js` with its
 *      unchanged session and sees `user.is_mock === false`.
 *
 * WeCom (wxwork) and DingTalk browsers have their own OAuth; this server sends them
 * down the QR path (`path: 'qr'`, `note` says why).
 */

/** A code sent to `mp/login` in sandbox mode: `sandbox:<name>` or `sandbox:<name>:<nonce>`. */
export const SANDBOX_CODE_PREFIX = 'sandbox:';
/** Used login codes are remembered this long (seconds); a reuse within it is rejected. */
export const LOGIN_CODE_MEMORY_S = 600;
/** An OAuth `state` is valid this long (seconds) and only once. */
export const OAUTH_STATE_TTL_S = 600;
/** Login calls (mp/login, oauth/start, callback) allowed per client IP per minute. */
export const LOGIN_LIMIT_PER_IP_PER_MIN = 20;
/** Attempts allowed with one code within LOGIN_CODE_MEMORY_S. */
export const LOGIN_LIMIT_PER_CODE = 3;
/** Longest nickname accepted by the profile call (characters, after trimming). */
export const NICKNAME_MAX = 32;
/** Longest avatar value (URL or uploaded key). */
export const AVATAR_MAX = 500;
/** The path the providers redirect back to. */
export const AUTH_CALLBACK_PATH = '/auth/callback';
/** The sandbox authorise page (served only while the sandbox is on). */
export const SANDBOX_AUTHORIZE_PATH = '/sandbox/oauth/authorize';
/** Where the sandbox page's form goes; it redirects back to our callback with a code. */
export const SANDBOX_APPROVE_PATH = '/sandbox/oauth/approve';

/** Providers that `oauth/start` accepts: WeChat H5 (snsapi_userinfo), desktop QR (snsapi_login), the local sandbox. */
export type OAuthProviderId = 'wechat' | 'qr' | 'sandbox';
/** Every login provider, including the mini-program's code2session. */
export type LoginProviderId = 'mp' | OAuthProviderId;
/** Language of the QR popup (WeChat's own toggle). */
export type QrLang = 'cn' | 'en';

/** Which login path the client should take in its environment. 'none': no provider is configured. */
export type LoginPath = 'mp' | OAuthProviderId | 'none';

/** `sysinfo.login` in `GET /session.js` (additive). */
export interface LoginSysInfo {
  /** Providers configured on this server (sandbox included when on). */
  providers: LoginProviderId[];
  /** The local sandbox completes every flow without WeChat; the client labels it on screen. */
  sandbox: boolean;
  /** The path for the caller's environment (from the User-Agent and the mini-program header). */
  path: LoginPath;
  /** Why a path was chosen when it is not the obvious one (WeCom, DingTalk). English, for logs only. */
  note?: string;
}

/** `POST /api/v2/auth/mp/login` body. */
export interface MpLoginRequest {
  /** From `Taro.login()`, or `sandbox:<name>:<nonce>` in sandbox mode. */
  code: string;
}

/** Answer of `mp/login` (and what `/session.js` shows after an OAuth login). */
export const AuthLoginResultSchema = T.Object({
  /** The same token the caller sent (sessions are upgraded, not replaced); not to a client the session cookie carries (H5). */
  token: T.Optional(T.String()),
  user: UserInfoSchema,
  provider: T.Unsafe<LoginProviderId>({ type: 'string' })
});
export type AuthLoginResult = T.Static<typeof AuthLoginResultSchema>;

/** `GET /api/v2/auth/oauth/start` query. */
export interface OAuthStartQuery {
  provider: OAuthProviderId;
  /** A same-origin path starting with a single '/', e.g. `/g/abc123?x=1`. Default '/'. */
  redirect?: string;
  /** QR popup language; default 'cn'. */
  lang?: QrLang;
}

/** Answer of `oauth/start`. */
export const OAuthStartResultSchema = T.Object({
  /** Where to send the browser (WeChat, the QR page, or the sandbox page). */
  url: T.String(),
  /** Seconds the state stays valid. */
  expires_in: T.Integer()
});
export type OAuthStartResult = T.Static<typeof OAuthStartResultSchema>;

/** `POST /api/v2/userinfo/profile` body: the fill-in nickname and avatar components. At least one field. */
export interface ProfileUpdateRequest {
  /** 1..NICKNAME_MAX characters after trimming, no control characters. */
  nickname?: string;
  /** An http(s) URL or an uploaded object key, at most AVATAR_MAX characters. */
  avatar?: string;
}

/** Answer of the profile call: the updated user. */
export type ProfileUpdateResult = UserInfo;

/**
 * `POST /api/v2/userinfo/avatar` (multipart/form-data, field `file`, Authorization:
 * the session token of a logged-in, non-guest user): the mini-program's chosen
 * avatar (a temporary local file). JPEG, PNG or WebP up to AVATAR_UPLOAD_MAX_BYTES;
 * stored as an AVATAR_SIZE×AVATAR_SIZE JPEG without metadata under its content
 * hash, set as the user's photo and answered with its public URL
 * (`GET /avatars/{sha256}.jpg`, cached for a year). AVATAR_UPLOADS_PER_MIN per user.
 */
export const AVATAR_UPLOAD_PATH = '/api/v2/userinfo/avatar';
export const AVATAR_UPLOAD_MAX_BYTES = 2 * 1024 * 1024;
export const AVATAR_SIZE = 256;
export const AVATAR_UPLOADS_PER_MIN = 10;

/** Answer of the avatar upload. */
export const AvatarUploadResultSchema = T.Object({
  /** Public URL of the stored avatar; send it as `avatar` with the nickname. */
  url: T.String(),
  user: UserInfoSchema
});
export type AvatarUploadResult = T.Static<typeof AvatarUploadResultSchema>;

export const avatarCalls = {
  /** multipart/form-data with the image in field `file` (real users only). */
  upload: defineCall('POST', AVATAR_UPLOAD_PATH, { headers: MultipartHeaders(), response: AvatarUploadResultSchema }),
  /** A stored avatar by content hash (public, immutable). */
  file: defineCall('GET', '/avatars/:file', { params: T.Object({ file: Line(80) }) }, 'image/jpeg')
};

/** Longest login code (mini-program, OAuth, sandbox) and OAuth state accepted. */
export const LOGIN_CODE_MAX = 256;
const REDIRECT_MAX = 1000;

const enumOf = <V extends string>(values: readonly V[], errorMessage: string) => T.Unsafe<V>({ type: 'string', enum: [...values], errorMessage });

/** What the sandbox page and its approve step carry through: the flow's state and our callback. */
const sandboxFlow = {
  state: T.Optional(Line(100)),
  redirect_uri: T.Optional(Line(REDIRECT_MAX))
};

export const authCalls = {
  /** Mini-program login (Authorization: the session token; the code is single-use, never retried). */
  mpLogin: defineCall('POST', '/api/v2/auth/mp/login', {
    body: T.Object({ code: Line(LOGIN_CODE_MAX, { minLength: 1, errorMessage: `must be a login code of at most ${LOGIN_CODE_MAX} characters` }) }),
    response: AuthLoginResultSchema
  }),
  oauthStart: defineCall('GET', '/api/v2/auth/oauth/start', {
    query: T.Object({
      provider: enumOf<OAuthProviderId>(['wechat', 'qr', 'sandbox'], 'must be wechat, qr or sandbox'),
      // Control characters and other origins are refused by the service, with this same message.
      redirect: T.Optional(T.String({ maxLength: REDIRECT_MAX, errorMessage: 'must be a path on this site' })),
      lang: T.Optional(enumOf<QrLang | ''>(['cn', 'en', ''], 'must be cn or en'))
    }),
    response: OAuthStartResultSchema
  }),
  /**
   * The providers' redirect back: 302 to the flow's same-origin path, or a refusal (an HTML page
   * for browsers, the envelope otherwise). Code and state are checked by the service, so that a
   * browser gets the page for every refusal.
   */
  callback: defineCall('GET', AUTH_CALLBACK_PATH, { query: T.Object({ code: T.Optional(Line(4000)), state: T.Optional(Line(4000)) }) }, 'redirect or text/html'),
  /**
   * The fill-in nickname and avatar of a logged-in user. The fields are checked by the service:
   * a nickname is trimmed before its length counts, and a number is refused rather than coerced.
   */
  profile: defineCall('POST', '/api/v2/userinfo/profile', {
    body: T.Object({ nickname: T.Optional(T.Unknown()), avatar: T.Optional(T.Unknown()) }),
    response: UserInfoSchema
  }),
  /** The local sandbox's authorise page ('Sandbox login — not WeChat'); 404 while the sandbox is off. */
  sandboxAuthorize: defineCall(
    'GET',
    SANDBOX_AUTHORIZE_PATH,
    {
      query: T.Object({
        ...sandboxFlow,
        scope: T.Optional(Line(64)),
        lang: T.Optional(Line(8))
      })
    },
    'text/html'
  ),
  /** The sandbox page's Authorise button: 302 to our callback with a fresh single-use code. */
  sandboxApprove: defineCall(
    'GET',
    SANDBOX_APPROVE_PATH,
    {
      query: T.Object({
        ...sandboxFlow,
        nickname: T.Optional(Line(200))
      })
    },
    'redirect'
  )
};
