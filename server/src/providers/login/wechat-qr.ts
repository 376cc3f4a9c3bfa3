import type { WechatApp } from './config';
import { qs, type LoginIdentity, type OAuthLoginProvider } from './provider';
import { exchangeWebCode } from './wechat-oauth';
import type { QrLang } from '../../../../types/api/auth';

/** Desktop browsers: the open platform's scan-to-login page (snsapi_login) with its cn/en toggle. */
export class WechatQrProvider implements OAuthLoginProvider {
  readonly id = 'qr' as const;

  constructor(
    private app: WechatApp,
    private apiBase: string,
    private openBase: string
  ) {}

  authorizeUrl(p: { state: string; redirectUri: string; lang: QrLang }): string {
    const q = qs({
      appid: this.app.appId,
      redirect_uri: p.redirectUri,
      response_type: 'code',
      scope: 'snsapi_login',
      state: p.state,
      lang: p.lang
    });
    return `${this.openBase}/connect/qrconnect?${q}#wechat_redirect`;
  }

  exchange(code: string): Promise<LoginIdentity> {
    return exchangeWebCode(this.app, this.apiBase, code);
  }
}
