import type { WechatApp } from './config';
import { qs, requireString, wechatGet, type CodeExchanger, type LoginIdentity } from './provider';

interface Code2SessionAnswer {
  openid?: string;
  session_key?: string;
  unionid?: string;
}

/** Mini-program login: code2session (`GET {base}/sns/jscode2session`). */
export class WechatMpProvider implements CodeExchanger {
  readonly id = 'mp' as const;

  constructor(
    private app: WechatApp,
    private apiBase: string
  ) {}

  async exchange(code: string): Promise<LoginIdentity> {
    const url = `${this.apiBase}/sns/jscode2session?${qs({
      appid: this.app.appId,
      secret: this.app.secret,
      js_code: code,
      grant_type: 'authorization_code'
    })}`;
    const a = await wechatGet<Code2SessionAnswer>(url, 'code2session');
    return {
      openid: requireString(a.openid, 'openid'),
      sessionKey: requireString(a.session_key, 'session_key'),
      unionid: typeof a.unionid === 'string' && a.unionid ? a.unionid : undefined
    };
  }
}
