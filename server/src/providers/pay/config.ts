import fs from 'node:fs';

/** WeChat Pay merchant credentials; all present or none (then the sandbox provider runs). */
export interface WechatPayCredentials {
  mchid: string;
  /** Serial number of the merchant API certificate. */
  serial: string;
  /** Merchant private key (PEM). */
  privateKey: string;
  /** WeChat Pay platform public key (PEM) that signs answers and notifications. */
  platformPublicKey: string;
  /** Its id (PUB_KEY_ID_…): sent as Wechatpay-Serial, and what answers and notifications must carry. */
  platformPublicKeyId: string;
  /** APIv3 key: 32 bytes that decrypt notification resources (AES-256-GCM). */
  apiv3Key: string;
}

export interface PayConfig {
  /** true: the local sandbox provider (no money moves). */
  sandbox: boolean;
  wechat: WechatPayCredentials | null;
  /** WeChat Pay API origin (tests point it at a local fake). */
  base: string;
  notifyUrl: string;
  /** App id for JSAPI (WeChat browser) and Native payments: the official account's. */
  appId: string;
  /** App id of the mini-program (mp channel). */
  mpAppId: string;
}

/** A PEM given inline, or the path of a file holding it. */
function pem(name: string, value: string | undefined): string | null {
  if (!value) return null;
  if (value.includes('-----BEGIN')) return value.replace(/\\n/g, '\n');
  try {
    return fs.readFileSync(value, 'utf8');
  } catch {
    throw new Error(`${name} is neither a PEM nor a readable file: ${value}`);
  }
}

export function loadPayConfig(env: NodeJS.ProcessEnv, publicUrl: string, webAppId: string): PayConfig {
  const creds = {
    WECHAT_PAY_MCHID: env.WECHAT_PAY_MCHID || null,
    WECHAT_PAY_SERIAL: env.WECHAT_PAY_SERIAL || null,
    WECHAT_PAY_PRIVATE_KEY: pem('WECHAT_PAY_PRIVATE_KEY', env.WECHAT_PAY_PRIVATE_KEY),
    WECHAT_PAY_PLATFORM_PUBLIC_KEY: pem('WECHAT_PAY_PLATFORM_PUBLIC_KEY', env.WECHAT_PAY_PLATFORM_PUBLIC_KEY),
    WECHAT_PAY_PLATFORM_PUBLIC_KEY_ID: env.WECHAT_PAY_PLATFORM_PUBLIC_KEY_ID || null,
    WECHAT_PAY_APIV3_KEY: env.WECHAT_PAY_APIV3_KEY || null
  };
  const given = Object.entries(creds).filter(([, v]) => v);
  const missing = Object.entries(creds).filter(([, v]) => !v).map(([k]) => k);
  if (given.length && missing.length) throw new Error(`WeChat Pay is partly configured; also set ${missing.join(', ')}`);
  if (creds.WECHAT_PAY_APIV3_KEY && Buffer.byteLength(creds.WECHAT_PAY_APIV3_KEY) !== 32) {
    throw new Error('WECHAT_PAY_APIV3_KEY must be 32 bytes');
  }
  const hasCreds = given.length > 0;
  const raw = env.PAY_SANDBOX;
  let sandbox = !hasCreds;
  if (raw !== undefined && raw !== '') {
    if (/^(1|true|yes|on)$/i.test(raw)) sandbox = true;
    else if (/^(0|false|no|off)$/i.test(raw)) sandbox = false;
    else throw new Error(`PAY_SANDBOX must be true or false, got "${raw}"`);
  }
  if (sandbox && hasCreds) throw new Error('PAY_SANDBOX is refused while WeChat Pay merchant credentials are configured');
  if (!sandbox && !hasCreds) throw new Error('PAY_SANDBOX=false needs the WECHAT_PAY_* merchant credentials');
  const base = (env.WECHAT_PAY_BASE || 'https://api.mch.weixin.qq.com').replace(/\/+$/, '');
  if (!/^https?:\/\//.test(base)) throw new Error('WECHAT_PAY_BASE must be an http(s) URL');
  return {
    sandbox,
    wechat: hasCreds
      ? {
          mchid: creds.WECHAT_PAY_MCHID!,
          serial: creds.WECHAT_PAY_SERIAL!,
          privateKey: creds.WECHAT_PAY_PRIVATE_KEY!,
          platformPublicKey: creds.WECHAT_PAY_PLATFORM_PUBLIC_KEY!,
          platformPublicKeyId: creds.WECHAT_PAY_PLATFORM_PUBLIC_KEY_ID!,
          apiv3Key: creds.WECHAT_PAY_APIV3_KEY!
        }
      : null,
    base,
    notifyUrl: env.WECHAT_PAY_NOTIFY_URL || `${publicUrl}/api/v2/pay/notify/wechat`,
    appId: env.WECHAT_PAY_APPID || webAppId,
    mpAppId: env.WECHAT_PAY_MP_APPID || env.WECHAT_MP_APPID || ''
  };
}
