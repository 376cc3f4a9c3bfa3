import type { Config } from '../config';
import { createLoginProviders, type LoginProviders } from './login';
import { createPaymentProvider } from './pay';
import type { PaymentProvider } from './pay/provider';
import { createSmsProvider, type SmsProvider } from './sms';
import { createContentChecker, type ContentChecker } from './contentcheck';
import { createPayoutProvider, type PayoutProvider } from './payout';
import { createOfficialAccount, type OfficialAccountProvider } from './officialaccount';

/**
 * The outside services the product talks to, each behind one interface per kind
 * (login, payment, SMS, payouts), with a real implementation and a local sandbox. Config
 * chooses them; buildApp takes them as they are, so a test can pass a fake.
 */
export interface Providers {
  login: LoginProviders;
  pay: PaymentProvider;
  sms: SmsProvider;
  /** The content check of comments: WeChat msgSecCheck or the local word lists (the default). */
  contentCheck: ContentChecker;
  /** Transfers to users' wallets (red packet payouts). */
  payout: PayoutProvider;
  /** The official account's access token and JS-API ticket (WeChat JS-SDK signatures); the sandbox without WECHAT_WEB_*. */
  officialAccount: OfficialAccountProvider;
}

/** The providers the configuration asks for. `log` receives the sandbox SMS lines. */
export function createProviders(config: Config, log: (line: string) => void): Providers {
  return {
    login: createLoginProviders(config.login, config.publicUrl),
    pay: createPaymentProvider(config),
    sms: createSmsProvider(config.smsProvider, log),
    contentCheck: createContentChecker(config.contentCheck, config.login, log),
    payout: createPayoutProvider(config),
    officialAccount: createOfficialAccount(config.login)
  };
}
