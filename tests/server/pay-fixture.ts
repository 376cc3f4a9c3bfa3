// Shared pieces of the pay suites: users, goods, and a local fake of the WeChat Pay API v3
// (prepay and order query) that checks our request signatures with the merchant public key.
import crypto from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { TestServer } from './helpers';
import { encryptResource } from '../../server/src/providers/pay/wechatpay';

export const MCHID = '1900000001';
export const APPID = 'wxjsapi0000000001';
export const MP_APPID = 'wxmp00000000000001';
export const APIV3_KEY = 'k'.repeat(16) + 'A1b2C3d4E5f6G7h8';

const pair = () => crypto.generateKeyPairSync('rsa', { modulusLength: 2048, publicKeyEncoding: { type: 'spki', format: 'pem' }, privateKeyEncoding: { type: 'pkcs8', format: 'pem' } });
/** The merchant's key pair (we sign requests) and WeChat's platform key pair (it signs notifications). */
export const merchant = pair();
export const platform = pair();

/** A logged-in (or guest) user with a token. */
export async function newUser(s: TestServer, loggedIn = true): Promise<{ id: number; token: string; openid: string }> {
  const { user, token } = await s.services.sessions.createOrResume(undefined);
  const openid = `o_test_${user.id}`;
  if (loggedIn) await s.db.query('UPDATE users SET is_mock = false, openid = $2 WHERE id = $1', [user.id, openid]);
  s.services.sessions.forget(token);
  return { id: user.id, token, openid: loggedIn ? openid : user.openid };
}

export async function insertGoods(s: TestServer, galleryId: number | null, price: number, kind = 'remove_watermark'): Promise<number> {
  const { rows } = await s.db.query<{ id: number }>(
    'INSERT INTO goods (gallery_id, name, price_cents, kind, created_at) VALUES ($1, $2, $3, $4, 0) RETURNING id',
    [galleryId, 'Remove watermark', price, kind]
  );
  return rows[0].id;
}

export interface FakeTrade {
  trade_state: string;
  amount: number;
  transaction_id?: string;
}

export const PLATFORM_KEY_ID = 'PUB_KEY_ID_0114232134912410000000000000';

/** WeChat's headers over an answer or notification body, signed with the platform key (or `signer`). */
export function platformSigned(body: string, o: { timestamp?: number; signer?: string; serial?: string } = {}): Record<string, string> {
  const ts = String(o.timestamp ?? Math.floor(Date.now() / 1000));
  const sigNonce = crypto.randomBytes(16).toString('hex');
  const signature = crypto.sign('RSA-SHA256', Buffer.from(`${ts}\n${sigNonce}\n${body}\n`), o.signer ?? platform.privateKey).toString('base64');
  return {
    'wechatpay-timestamp': ts, 'wechatpay-nonce': sigNonce, 'wechatpay-signature': signature,
    'wechatpay-serial': o.serial ?? PLATFORM_KEY_ID, 'wechatpay-signature-type': 'WECHATPAY2-SHA256-RSA2048'
  };
}

/**
 * The fake WeChat Pay server: answers prepay, the order query and close, signing its answers with
 * the platform key (`answerSigner` swaps the key to play an impostor); refuses badly signed requests.
 */
export async function startFakeWechatPay() {
  const trades = new Map<string, FakeTrade>();
  const requests: { method: string; url: string; body: Record<string, unknown> | null; signed: boolean; headers: http.IncomingHttpHeaders }[] = [];
  const fake = { answerSigner: undefined as string | undefined };
  const server = http.createServer((req, res) => {
    let raw = '';
    req.on('data', (c) => (raw += c));
    req.on('end', () => {
      const auth = req.headers.authorization ?? '';
      const f = Object.fromEntries([...auth.matchAll(/(\w+)="([^"]*)"/g)].map((m) => [m[1], m[2]]));
      const message = `${req.method}\n${req.url}\n${f.timestamp}\n${f.nonce_str}\n${raw}\n`;
      const signed = auth.startsWith('WECHATPAY2-SHA256-RSA2048 ') && f.mchid === MCHID &&
        crypto.verify('RSA-SHA256', Buffer.from(message), merchant.publicKey, Buffer.from(f.signature ?? '', 'base64'));
      const body = raw ? JSON.parse(raw) : null;
      requests.push({ method: req.method!, url: req.url!, body, signed, headers: req.headers });
      const send = (status: number, json: unknown) => {
        const text = status === 204 ? '' : JSON.stringify(json);
        res.writeHead(status, { 'content-type': 'application/json', ...platformSigned(text, { signer: fake.answerSigner }) });
        res.end(text);
      };
      if (!signed) return send(401, { code: 'SIGN_ERROR', message: 'bad signature' });
      if (req.method === 'POST' && req.url === '/v3/pay/transactions/native') return send(200, { code_url: `weixin://wxpay/bizpayurl?pr=${body.out_trade_no}` });
      if (req.method === 'POST' && req.url === '/v3/pay/transactions/jsapi') return send(200, { prepay_id: `wx_prepay_${body.out_trade_no}` });
      const closing = /^\/v3\/pay\/transactions\/out-trade-no\/([^/?]+)\/close$/.exec(req.url ?? '');
      if (req.method === 'POST' && closing && body?.mchid === MCHID) {
        const no = decodeURIComponent(closing[1]);
        const t = trades.get(no);
        if (t?.trade_state === 'SUCCESS') return send(400, { code: 'ORDERPAID', message: 'order paid' });
        trades.set(no, { trade_state: 'CLOSED', amount: t?.amount ?? 0 });
        return send(204, null);
      }
      const m = /^\/v3\/pay\/transactions\/out-trade-no\/([^?]+)\?mchid=(\d+)$/.exec(req.url ?? '');
      if (req.method === 'GET' && m) {
        const t = trades.get(decodeURIComponent(m[1]));
        if (!t) return send(404, { code: 'ORDER_NOT_EXIST', message: 'order not found' });
        return send(200, { appid: APPID, mchid: MCHID, out_trade_no: m[1], transaction_id: t.transaction_id, trade_state: t.trade_state, amount: { total: t.amount, currency: 'CNY' } });
      }
      send(404, { code: 'NOT_FOUND', message: 'no such API' });
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return Object.assign(fake, { base, trades, requests, close: () => new Promise<void>((r) => server.close(() => r())) });
}

export function wechatEnv(base: string): Record<string, string> {
  return {
    WECHAT_PAY_MCHID: MCHID,
    WECHAT_PAY_SERIAL: '5157F09EFDC096DE15EBE81A47057A72',
    WECHAT_PAY_PRIVATE_KEY: merchant.privateKey,
    WECHAT_PAY_PLATFORM_PUBLIC_KEY: platform.publicKey,
    WECHAT_PAY_PLATFORM_PUBLIC_KEY_ID: PLATFORM_KEY_ID,
    WECHAT_PAY_APIV3_KEY: APIV3_KEY,
    WECHAT_PAY_BASE: base,
    WECHAT_PAY_APPID: APPID,
    WECHAT_PAY_MP_APPID: MP_APPID
  };
}

export interface NotifyOptions {
  amount: number;
  transactionId?: string;
  tradeState?: string;
  timestamp?: number;
  signer?: string;
  appid?: string;
  serial?: string;
}

/** A TRANSACTION.SUCCESS notification as WeChat sends it: encrypted resource, signed raw body. */
export function signedNotification(outTradeNo: string, o: NotifyOptions): { body: string; headers: Record<string, string> } {
  const nonce = crypto.randomBytes(6).toString('hex');
  const resource = {
    appid: o.appid ?? APPID, mchid: MCHID, out_trade_no: outTradeNo, transaction_id: o.transactionId ?? `4200${outTradeNo.slice(-10)}`,
    trade_type: 'NATIVE', trade_state: o.tradeState ?? 'SUCCESS', success_time: new Date().toISOString(),
    payer: { openid: 'o_payer' }, amount: { total: o.amount, payer_total: o.amount, currency: 'CNY', payer_currency: 'CNY' }
  };
  const body = JSON.stringify({
    id: crypto.randomUUID(), create_time: new Date().toISOString(), resource_type: 'encrypt-resource', event_type: 'TRANSACTION.SUCCESS', summary: '支付成功',
    resource: { original_type: 'transaction', algorithm: 'AEAD_AES_256_GCM', ciphertext: encryptResource(APIV3_KEY, resource, nonce, 'transaction'), associated_data: 'transaction', nonce }
  });
  return { body, headers: { 'content-type': 'application/json', ...platformSigned(body, o) } };
}
