import type { WechatPayClient } from './wechatpay';
import type { RefundRequest, RefundResult } from './provider';

/**
 * Money going out through WeChat Pay API v3: refunds of paid orders (red packet leftovers) and
 * merchant transfers to a user's wallet (商家转账, red packet payouts). Each request names its
 * own out_refund_no / out_batch_no + out_detail_no, so asking again is the same operation.
 */

interface WechatRefund {
  refund_id?: string;
  out_refund_no?: string;
  status?: 'SUCCESS' | 'CLOSED' | 'PROCESSING' | 'ABNORMAL';
  code?: string;
  message?: string;
}

/** POST /v3/refund/domestic/refunds; a refund already made under this out_refund_no is answered by the query. */
export async function wechatRefund(client: WechatPayClient, r: RefundRequest): Promise<RefundResult> {
  const { status, json } = await client.request('POST', '/v3/refund/domestic/refunds', {
    out_trade_no: r.out_trade_no,
    out_refund_no: r.out_refund_no,
    reason: r.reason.slice(0, 80),
    amount: { refund: r.refund_cents, total: r.total_cents, currency: 'CNY' }
  });
  let j = (json ?? {}) as WechatRefund;
  if (status >= 300 && j.code !== 'INVALID_REQUEST') throw new Error(`WeChat Pay refund failed (${status}${j.code ? ` ${j.code}` : ''}): ${j.message ?? 'no message'}`);
  if (status >= 300) {
    // INVALID_REQUEST includes "this out_refund_no exists with other parameters": read what is there.
    const q = await client.request('GET', `/v3/refund/domestic/refunds/${encodeURIComponent(r.out_refund_no)}`);
    if (q.status >= 300) throw new Error(`WeChat Pay refund failed (${status}): ${j.message ?? 'no message'}`);
    j = (q.json ?? {}) as WechatRefund;
  }
  if (!j.refund_id || !j.status) throw new Error('WeChat Pay refund answered without refund_id or status');
  if (j.status === 'CLOSED' || j.status === 'ABNORMAL') throw new Error(`WeChat Pay refund ${j.status}`);
  return { state: j.status === 'SUCCESS' ? 'success' : 'processing', refund_id: j.refund_id };
}

/** A transfer as WeChat reports one detail of a batch. */
export interface WechatTransferDetail {
  detail_status?: 'INIT' | 'WAIT_PAY' | 'PROCESSING' | 'SUCCESS' | 'FAIL';
  fail_reason?: string;
}

export interface TransferInput {
  appid: string;
  out_batch_no: string;
  out_detail_no: string;
  openid: string;
  amount_cents: number;
  remark: string;
}

/** POST /v3/transfer/batches with one detail. Resolves once WeChat accepted the batch (or already has it). */
export async function wechatTransfer(client: WechatPayClient, t: TransferInput): Promise<void> {
  const { status, json } = await client.request('POST', '/v3/transfer/batches', {
    appid: t.appid,
    out_batch_no: t.out_batch_no,
    batch_name: t.remark.slice(0, 32),
    batch_remark: t.remark.slice(0, 32),
    total_amount: t.amount_cents,
    total_num: 1,
    transfer_detail_list: [{ out_detail_no: t.out_detail_no, transfer_amount: t.amount_cents, transfer_remark: t.remark.slice(0, 32), openid: t.openid }]
  });
  const code = (json as { code?: string } | null)?.code;
  // The same out_batch_no again: WeChat keeps the first one, which is the one we mean.
  if (status < 300 || code === 'ALREADY_EXISTS') return;
  throw new Error(`WeChat Pay transfer failed (${status}${code ? ` ${code}` : ''}): ${(json as { message?: string } | null)?.message ?? 'no message'}`);
}

/** GET the detail of a transfer; null when WeChat does not know it (never accepted: safe to send again). */
export async function wechatTransferDetail(client: WechatPayClient, outBatchNo: string, outDetailNo: string): Promise<WechatTransferDetail | null> {
  const path = `/v3/transfer/batches/out-batch-no/${encodeURIComponent(outBatchNo)}/details/out-detail-no/${encodeURIComponent(outDetailNo)}`;
  const { status, json } = await client.request('GET', path);
  if (status === 404) return null;
  if (status >= 300 || !json || typeof json !== 'object') throw new Error(`WeChat Pay transfer query failed (${status})`);
  return json as WechatTransferDetail;
}
