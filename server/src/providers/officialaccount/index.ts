import type { LoginConfig } from '../login/config';
import type { OfficialAccountProvider } from './provider';
import { SandboxOfficialAccount } from './sandbox';
import { WechatOfficialAccount } from './wechat';

export type { OfficialAccountProvider, Expiring } from './provider';
export { StaleAccessTokenError } from './provider';

/**
 * The official account behind the JS-SDK: WeChat's with WECHAT_WEB_APPID + WECHAT_WEB_SECRET
 * (the account whose web login runs in WeChat's browser), else the local sandbox.
 */
export function createOfficialAccount(login: LoginConfig): OfficialAccountProvider {
  return login.web ? new WechatOfficialAccount(login.web, login.apiBase) : new SandboxOfficialAccount();
}
