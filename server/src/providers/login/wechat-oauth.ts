import type { WechatApp } from './config';
import { qs, requireString, wechatGet, type LoginIdentity, type OAuthLoginProvider } from './provider';
import type { QrLang } from '../../../../types/api/auth';

interface AccessTokenAnswer {
  access_token?: string;
  openid?: string;
  unionid?: string;
  scope?: string;
}

interface UserInfoAnswer {
  openid?: string;
  nickname?: string;
  headimgurl?: string;
  unionid?: string;
}

/**
 * The code → identity half shared by the H5 OAuth and the desktop QR login:
 * `{base}/sns/oauth2/access_token` then `{base}/sns/userinfo`. The web access
 * token is used once here and never stored.
 */
export async function exchangeWebCode(app: WechatApp, apiBase: string, code: string): Promise<LoginIdentity> {
  const token = await wechatGet<AccessTokenAnswer>(
    `${apiBase}/sns/oauth2/access_token?${qs({ appid: app.appId, secret: app.secret, code, grant_type: 'authorization_code' })}`,
    'access_token'
  );
  const accessToken = requireString(token.access_token, 'access_token');
  const openid = requireString(token.openid, 'openid');
  const info = await wechatGet<UserInfoAnswer>(`${apiBase}/sns/userinfo?${qs({ access_token: accessToken, openid, lang: 'zh_CN' })}`, 'userinfo');
  const str = (v: unknown, max: number) => (typeof v === 'string' && v ? v.slice(0, max) : undefined);
  return {
    openid,
    unionid: str(info.unionid, 200) ?? str(token.unionid, 200),
    nickname: str(info.nickname, 64),
    avatar: str(info.headimgurl, 500)
  };
}

/** H5 inside WeChat: the official account's snsapi_userinfo authorise page. */
export class WechatOAuthProvider implements OAuthLoginProvider {
  readonly id = 'wechat' as const;

  constructor(
    private app: WechatApp,
    private apiBase: string,
    private openBase: string
  ) {}

  authorizeUrl(p: { state: string; redirectUri: string; lang: QrLang }): string {
    const q = qs({ appid: this.app.appId, redirect_uri: p.redirectUri, response_type: 'code', scope: 'snsapi_userinfo', state: p.state });
    return `${this.openBase}/connect/oauth2/authorize?${q}#wechat_redirect`;
  }

  exchange(code: string): Promise<LoginIdentity> {
    return exchangeWebCode(this.app, this.apiBase, code);
  }
}
