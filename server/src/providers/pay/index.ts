import type { Config } from '../../config';
import type { PaymentProvider } from './provider';
import { SandboxPayProvider } from './sandbox';
import { WechatPayClient } from './wechatpay';
import { WechatPayProvider } from './wechatProvider';

/** The configured provider: WeChat Pay with merchant credentials, the sandbox otherwise (config refuses a mix). */
export function createPaymentProvider(config: Config): PaymentProvider {
  const p = config.pay;
  if (p.sandbox || !p.wechat) return new SandboxPayProvider(config.publicUrl);
  return new WechatPayProvider(
    new WechatPayClient({ ...p.wechat, base: p.base, notifyUrl: p.notifyUrl, appId: p.appId, mpAppId: p.mpAppId })
  );
}
