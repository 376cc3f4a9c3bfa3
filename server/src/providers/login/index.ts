import type { LoginConfig } from './config';
import type { CodeExchanger, OAuthLoginProvider } from './provider';
import { WechatMpProvider } from './wechat-mp';
import { WechatOAuthProvider } from './wechat-oauth';
import { WechatQrProvider } from './wechat-qr';
import { SandboxProvider } from './sandbox';
import type { OAuthProviderId } from '../../../../types/api/auth';

export type { LoginIdentity, CodeExchanger, OAuthLoginProvider } from './provider';

/** The providers this server runs, from its configuration. */
export interface LoginProviders {
  mp: CodeExchanger | null;
  oauth: Partial<Record<OAuthProviderId, OAuthLoginProvider>>;
  sandbox: SandboxProvider | null;
}

export function createLoginProviders(cfg: LoginConfig, publicUrl: string): LoginProviders {
  const sandbox = cfg.sandbox ? new SandboxProvider(publicUrl) : null;
  const oauth: LoginProviders['oauth'] = {};
  if (cfg.web) oauth.wechat = new WechatOAuthProvider(cfg.web, cfg.apiBase, cfg.openBase);
  if (cfg.open) oauth.qr = new WechatQrProvider(cfg.open, cfg.apiBase, cfg.openBase);
  if (sandbox) oauth.sandbox = sandbox;
  return { mp: cfg.mp ? new WechatMpProvider(cfg.mp, cfg.apiBase) : null, oauth, sandbox };
}
