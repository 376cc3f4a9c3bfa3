import crypto from 'node:crypto';
import type { JsapiPayParams, PayChannel } from '../../../../types/api/pay';
import type { WechatPayCredentials } from './config';
import { NotifyError } from './provider';

/** A notification older or newer than this (seconds) is refused: replay window. */
export const NOTIFY_MAX_SKEW_S = 5 * 60;

export interface WechatPayOptions extends WechatPayCredentials {
  base: string;
  notifyUrl: string;
  appId: string;
  mpAppId: string;
}

/** The decrypted `resource` of a TRANSACTION.SUCCESS notification, and the order-query answer. */
export interface WechatTransaction {
  appid: string;
  mchid: string;
  out_trade_no: string;
  transaction_id?: string;
  trade_state: string;
  amount?: { total: number; payer_total?: number; currency?: string };
}


export interface PrepayInput {
  outTradeNo: string;
  /** When the order stops being payable (unix seconds). */
  expiresAt: number;
  description: string;
  amountCents: number;
  /** Payer openid (jsapi and mp channels). */
  openid?: string;
}

/** How long an order can be paid: WeChat closes it at time_expire, we close it after. */
export const ORDER_TTL_S = 2 * 3600;

/** RFC 3339 in China time, as WeChat Pay writes time_expire. */
export function chinaTime(unixS: number): string {
  return new Date((unixS + 8 * 3600) * 1000).toISOString().replace(/\.\d{3}Z$/, '+08:00');
}

type Headers = Record<string, string | string[] | undefined>;
const header = (headers: Headers, name: string) => {
  const v = headers[name] ?? headers[name.toLowerCase()];
  return Array.isArray(v) ? v[0] : v;
};

const nonce = () => crypto.randomBytes(16).toString('hex');
const nowS = () => Math.floor(Date.now() / 1000);

/** WeChat Pay API v3: signed requests (WECHATPAY2-SHA256-RSA2048), prepay, query, client pay parameters, notifications. */
export class WechatPayClient {
  private privateKey: crypto.KeyObject;
  private platformKey: crypto.KeyObject;

  constructor(private opts: WechatPayOptions, private fetchImpl: typeof fetch = fetch) {
    this.privateKey = crypto.createPrivateKey(opts.privateKey);
    this.platformKey = crypto.createPublicKey(opts.platformPublicKey);
  }

  /** The app id a channel pays under: the mini-program's for mp, the official account's otherwise. */
  appIdFor(channel: PayChannel): string {
    return channel === 'mp' ? this.opts.mpAppId : this.opts.appId;
  }

  get mchid(): string {
    return this.opts.mchid;
  }

  /** The Authorization header over `METHOD\nURL\nTIMESTAMP\nNONCE\nBODY\n` (URL: path and query). */
  authorization(method: string, urlPath: string, body: string, timestamp = nowS(), nonceStr = nonce()): string {
    const message = `${method}\n${urlPath}\n${timestamp}\n${nonceStr}\n${body}\n`;
    const signature = crypto.sign('RSA-SHA256', Buffer.from(message), this.privateKey).toString('base64');
    return (
      `WECHATPAY2-SHA256-RSA2048 mchid="${this.opts.mchid}",nonce_str="${nonceStr}",` +
      `signature="${signature}",timestamp="${timestamp}",serial_no="${this.opts.serial}"`
    );
  }

  /** A signed API v3 request; a successful answer must carry WeChat's valid signature. */
  async request(method: 'GET' | 'POST', urlPath: string, payload?: unknown): Promise<{ status: number; json: unknown }> {
    const body = payload === undefined ? '' : JSON.stringify(payload);
    const res = await this.fetchImpl(this.opts.base + urlPath, {
      method,
      headers: {
        Authorization: this.authorization(method, urlPath, body),
        Accept: 'application/json',
        'Content-Type': 'application/json',
        'User-Agent': 'live-gallery-server',
        'Wechatpay-Serial': this.opts.platformPublicKeyId
      },
      body: method === 'GET' ? undefined : body,
      signal: AbortSignal.timeout(10_000)
    });
    const raw = Buffer.from(await res.arrayBuffer());
    const text = raw.toString('utf8');
    // A successful answer decides what we record (prepay ids, paid orders): it must be WeChat's.
    if (res.ok) {
      try {
        this.verifySignature(Object.fromEntries(res.headers), raw);
      } catch (e) {
        throw new Error(`WeChat Pay answer to ${method} ${urlPath.split('?')[0]} refused: ${(e as Error).message}`);
      }
    }
    let json: unknown = null;
    try {
      json = text ? JSON.parse(text) : null;
    } catch {
      json = null;
    }
    return { status: res.status, json };
  }

  /** Prepay: jsapi and mp (jsapi with the mini-program app id) answer a prepay_id; native a code_url. */
  async prepay(channel: PayChannel, input: PrepayInput): Promise<{ prepay_id?: string; code_url?: string }> {
    const body: Record<string, unknown> = {
      appid: this.appIdFor(channel),
      mchid: this.opts.mchid,
      description: input.description.slice(0, 127),
      out_trade_no: input.outTradeNo,
      notify_url: this.opts.notifyUrl,
      time_expire: chinaTime(input.expiresAt),
      amount: { total: input.amountCents, currency: 'CNY' }
    };
    if (channel !== 'native') {
      if (!input.openid) throw new Error('WeChat Pay JSAPI needs the payer openid');
      body.payer = { openid: input.openid };
    }
    const path = channel === 'native' ? '/v3/pay/transactions/native' : '/v3/pay/transactions/jsapi';
    const { status, json } = await this.request('POST', path, body);
    const j = (json ?? {}) as { prepay_id?: string; code_url?: string; message?: string };
    if (status >= 300) throw new Error(`WeChat Pay prepay failed (${status}): ${j.message ?? 'no message'}`);
    if (channel === 'native' ? !j.code_url : !j.prepay_id) throw new Error('WeChat Pay prepay answered without a prepay id');
    return channel === 'native' ? { code_url: j.code_url } : { prepay_id: j.prepay_id };
  }

  /** Parameters for requestPayment / getBrandWCPayRequest, signed over `appId\ntimeStamp\nnonceStr\npackage\n`. */
  payParams(channel: PayChannel, prepayId: string): JsapiPayParams {
    const appId = this.appIdFor(channel);
    const timeStamp = String(nowS());
    const nonceStr = nonce();
    const pkg = `prepay_id=${prepayId}`;
    const paySign = crypto.sign('RSA-SHA256', Buffer.from(`${appId}\n${timeStamp}\n${nonceStr}\n${pkg}\n`), this.privateKey).toString('base64');
    return { appId, timeStamp, nonceStr, package: pkg, signType: 'RSA', paySign };
  }

  /** The order query; null when WeChat does not know the order. */
  async query(outTradeNo: string): Promise<WechatTransaction | null> {
    const path = `/v3/pay/transactions/out-trade-no/${encodeURIComponent(outTradeNo)}?mchid=${encodeURIComponent(this.opts.mchid)}`;
    const { status, json } = await this.request('GET', path);
    if (status === 404) return null;
    if (status >= 300 || !json || typeof json !== 'object') throw new Error(`WeChat Pay order query failed (${status})`);
    return json as WechatTransaction;
  }

  /** Close an unpaid order so it can no longer be paid (204); an order already closed counts as closed. */
  async close(outTradeNo: string): Promise<void> {
    const path = `/v3/pay/transactions/out-trade-no/${encodeURIComponent(outTradeNo)}/close`;
    const { status, json } = await this.request('POST', path, { mchid: this.opts.mchid });
    if (status === 204 || status === 200) return;
    const code = (json as { code?: string } | null)?.code;
    if (code === 'ORDER_CLOSED') return;
    throw new Error(`WeChat Pay close failed (${status}${code ? ` ${code}` : ''})`);
  }

  /**
   * WeChat's signature over `timestamp\nnonce\nbody\n` (answers and notifications): the
   * Wechatpay-Serial must name our platform public key, the signature must verify with it,
   * and the timestamp must be within ±5 minutes. Throws NotifyError (401) otherwise.
   */
  verifySignature(headers: Headers, rawBody: Buffer, now = nowS()): void {
    const timestamp = header(headers, 'wechatpay-timestamp');
    const nonceStr = header(headers, 'wechatpay-nonce');
    const signature = header(headers, 'wechatpay-signature');
    const serial = header(headers, 'wechatpay-serial');
    if (!timestamp || !nonceStr || !signature || !serial) throw new NotifyError('Missing Wechatpay signature headers', 401);
    if (serial !== this.opts.platformPublicKeyId) throw new NotifyError('Wechatpay-Serial names another key', 401);
    if (!/^\d{1,12}$/.test(timestamp)) throw new NotifyError('Bad Wechatpay-Timestamp', 401);
    const message = Buffer.concat([Buffer.from(`${timestamp}\n${nonceStr}\n`), rawBody, Buffer.from('\n')]);
    let valid = false;
    try {
      valid = crypto.verify('RSA-SHA256', message, this.platformKey, Buffer.from(signature, 'base64'));
    } catch {
      valid = false;
    }
    if (!valid) throw new NotifyError('Bad signature', 401);
    if (Math.abs(now - Number(timestamp)) > NOTIFY_MAX_SKEW_S) throw new NotifyError('Notification timestamp outside the allowed window', 401);
  }

  /**
   * Verify a notification over its RAW body bytes and decrypt its resource. Throws NotifyError for a
   * missing or bad signature, another key's serial, a timestamp outside ±5 minutes, or a resource
   * that does not decrypt.
   */
  verifyNotification(headers: Headers, rawBody: Buffer, now = nowS()): WechatTransaction {
    this.verifySignature(headers, rawBody, now);

    let body: { event_type?: string; resource?: { algorithm?: string; ciphertext?: string; nonce?: string; associated_data?: string } };
    try {
      body = JSON.parse(rawBody.toString('utf8'));
    } catch {
      throw new NotifyError('Body is not JSON');
    }
    const r = isPlainObject(body) ? body.resource : undefined;
    if (!isPlainObject(r) || r.algorithm !== 'AEAD_AES_256_GCM' || typeof r.ciphertext !== 'string' || typeof r.nonce !== 'string' || !r.ciphertext || !r.nonce) {
      throw new NotifyError('Missing or unsupported resource');
    }
    const tx = decryptResource(this.opts.apiv3Key, r.ciphertext, r.nonce, typeof r.associated_data === 'string' ? r.associated_data : '');
    // A signed body still decides nothing unless its resource is a transaction object.
    if (!isPlainObject(tx)) throw new NotifyError('Resource is not a transaction');
    return tx as unknown as WechatTransaction;
  }
}

const isPlainObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** AES-256-GCM with the APIv3 key; the last 16 bytes of the ciphertext are the tag. */
export function decryptResource(apiv3Key: string, ciphertextB64: string, nonceStr: string, associatedData: string): unknown {
  try {
    const data = Buffer.from(ciphertextB64, 'base64');
    if (data.length < 17) throw new Error('short');
    const decipher = crypto.createDecipheriv('aes-256-gcm', Buffer.from(apiv3Key, 'utf8'), Buffer.from(nonceStr, 'utf8'));
    decipher.setAuthTag(data.subarray(data.length - 16));
    decipher.setAAD(Buffer.from(associatedData, 'utf8'));
    const plain = Buffer.concat([decipher.update(data.subarray(0, data.length - 16)), decipher.final()]);
    return JSON.parse(plain.toString('utf8'));
  } catch {
    throw new NotifyError('Resource does not decrypt');
  }
}

/** The inverse of decryptResource (tests and the fake server use it). */
export function encryptResource(apiv3Key: string, plain: unknown, nonceStr: string, associatedData: string): string {
  const cipher = crypto.createCipheriv('aes-256-gcm', Buffer.from(apiv3Key, 'utf8'), Buffer.from(nonceStr, 'utf8'));
  cipher.setAAD(Buffer.from(associatedData, 'utf8'));
  const enc = Buffer.concat([cipher.update(JSON.stringify(plain), 'utf8'), cipher.final(), cipher.getAuthTag()]);
  return enc.toString('base64');
}
