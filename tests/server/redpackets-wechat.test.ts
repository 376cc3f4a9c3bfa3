/**
 * The real money-out implementations against a stand-in for WeChat Pay API v3 that checks our
 * request signatures and signs its answers with the platform key: the refund of red packet
 * leftovers (/v3/refund/domestic/refunds) and the merchant transfer of payouts (/v3/transfer/batches
 * and its detail query), including a repeated send under the same numbers.
 */
import crypto from 'node:crypto';
import { WechatPayClient } from '../../server/src/providers/pay/wechatpay';
import { WechatPayProvider } from '../../server/src/providers/pay/wechatProvider';
import { WechatPayoutProvider } from '../../server/src/providers/payout';
import { APIV3_KEY, APPID, MCHID, MP_APPID, PLATFORM_KEY_ID, merchant, platform, platformSigned } from './pay-fixture';

interface Seen {
  method: string;
  path: string;
  body: any;
  signed: boolean;
}

/** A fetch that answers like WeChat Pay: `route` gives status and JSON for each request. */
function fakeWechat(route: (s: Seen) => [number, unknown]) {
  const seen: Seen[] = [];
  const impl = (async (url: string, init: RequestInit) => {
    const u = new URL(url);
    const raw = typeof init.body === 'string' ? init.body : '';
    const auth = String((init.headers as Record<string, string>).Authorization ?? '');
    const f = Object.fromEntries([...auth.matchAll(/(\w+)="([^"]*)"/g)].map((m) => [m[1], m[2]]));
    const message = `${init.method}\n${u.pathname}${u.search}\n${f.timestamp}\n${f.nonce_str}\n${raw}\n`;
    const signed = f.mchid === MCHID && crypto.verify('RSA-SHA256', Buffer.from(message), merchant.publicKey, Buffer.from(f.signature ?? '', 'base64'));
    const s: Seen = { method: String(init.method), path: u.pathname + u.search, body: raw ? JSON.parse(raw) : null, signed };
    seen.push(s);
    const [status, json] = route(s);
    const text = status === 204 ? '' : JSON.stringify(json);
    return new Response(text || null, { status, headers: { 'content-type': 'application/json', ...platformSigned(text) } });
  }) as unknown as typeof fetch;
  const client = new WechatPayClient(
    {
      mchid: MCHID, serial: 'SERIAL1', privateKey: merchant.privateKey, platformPublicKey: platform.publicKey, platformPublicKeyId: PLATFORM_KEY_ID,
      apiv3Key: APIV3_KEY, base: 'https://wechat.test', notifyUrl: 'https://x.test/notify', appId: APPID, mpAppId: MP_APPID
    },
    impl
  );
  return { client, seen };
}

describe('WeChat Pay refunds and merchant transfers', () => {
  it('refunds a red packet leftover under its out_refund_no, and reads an existing refund back', async () => {
    const refunds = new Map<string, unknown>();
    const { client, seen } = fakeWechat((s) => {
      if (s.method === 'POST' && s.path === '/v3/refund/domestic/refunds') {
        if (refunds.has(s.body.out_refund_no)) return [400, { code: 'INVALID_REQUEST', message: 'out_refund_no exists' }];
        refunds.set(s.body.out_refund_no, s.body);
        return [200, { refund_id: 'R1', out_refund_no: s.body.out_refund_no, status: 'PROCESSING' }];
      }
      if (s.method === 'GET' && s.path.startsWith('/v3/refund/domestic/refunds/')) return [200, { refund_id: 'R1', status: 'SUCCESS' }];
      return [404, { code: 'NOT_FOUND' }];
    });
    const provider = new WechatPayProvider(client);
    const req = { out_trade_no: 'LGT1', out_refund_no: 'RFLGT1', total_cents: 1000, refund_cents: 700, reason: 'leftover' };
    expect(await provider.refunds.refund(req)).toEqual({ state: 'processing', refund_id: 'R1' });
    expect(seen[0]).toMatchObject({ signed: true, body: { out_trade_no: 'LGT1', out_refund_no: 'RFLGT1', amount: { refund: 700, total: 1000, currency: 'CNY' } } });
    // Asked again (a retry after a lost answer): the same refund, now finished.
    expect(await provider.refunds.refund(req)).toEqual({ state: 'success', refund_id: 'R1' });
    expect(refunds.size).toBe(1);
  });

  it('a refund WeChat refuses for another reason rejects, so the sweep keeps it pending', async () => {
    const { client } = fakeWechat(() => [403, { code: 'NOT_ENOUGH', message: 'insufficient balance' }]);
    await expect(new WechatPayProvider(client).refunds.refund({ out_trade_no: 'A', out_refund_no: 'RFA', total_cents: 100, refund_cents: 100, reason: '' })).rejects.toThrow(/NOT_ENOUGH/);
  });

  it('transfers a payout to the openid under its batch and detail numbers; a resend finds the same transfer', async () => {
    const batches = new Map<string, any>();
    let status = 'PROCESSING';
    const { client, seen } = fakeWechat((s) => {
      if (s.method === 'POST' && s.path === '/v3/transfer/batches') {
        if (batches.has(s.body.out_batch_no)) return [400, { code: 'ALREADY_EXISTS', message: 'batch exists' }];
        batches.set(s.body.out_batch_no, s.body);
        return [200, { out_batch_no: s.body.out_batch_no, batch_id: 'B1' }];
      }
      const m = /^\/v3\/transfer\/batches\/out-batch-no\/([^/]+)\/details\/out-detail-no\/([^/?]+)$/.exec(s.path);
      if (s.method === 'GET' && m) return batches.has(m[1]) ? [200, { detail_status: status }] : [404, { code: 'NOT_FOUND' }];
      return [404, { code: 'NOT_FOUND' }];
    });
    const payouts = new WechatPayoutProvider(client, MP_APPID);
    const p = { out_batch_no: 'RPBabc', out_detail_no: 'RPDabc', openid: 'o_win', amount_cents: 123, remark: 'Red packet' };
    expect(await payouts.status(p)).toBeNull();
    expect(await payouts.send(p)).toEqual({ state: 'processing' });
    expect(seen.find((s) => s.method === 'POST')).toMatchObject({
      signed: true,
      body: { appid: MP_APPID, out_batch_no: 'RPBabc', total_amount: 123, total_num: 1, transfer_detail_list: [{ out_detail_no: 'RPDabc', transfer_amount: 123, openid: 'o_win' }] }
    });
    status = 'SUCCESS';
    expect(await payouts.send(p)).toEqual({ state: 'success' });
    expect(batches.size).toBe(1);
    status = 'FAIL';
    expect(await payouts.status(p)).toEqual({ state: 'failed', reason: 'FAIL' });
  });
});
