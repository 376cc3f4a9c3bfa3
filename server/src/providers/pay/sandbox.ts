import crypto from 'node:crypto';
import type { PayChannel } from '../../../../types/api/pay';
import { PAY_PATHS } from '../../../../types/api/pay';
import type { ClientPayParams, HostedPageOrder, HostedPayPage, PaymentProvider, PaymentRefunds, ProviderOrder, ProviderPayment, RefundResult } from './provider';
import { NO_FAVICON } from '../../services/h5/csp';

/**
 * The local provider: the same order state machine, no WeChat and no money. Every channel pays on
 * the sandbox page (`GET /sandbox/pay/{out_trade_no}`), whose Pay button settles the order through
 * the same settle function a WeChat notification uses. Native QR codes point at that page.
 */
export class SandboxPayProvider implements PaymentProvider {
  readonly name = 'sandbox' as const;
  /** The page that stands in for WeChat's cashier: its Pay button settles the order. */
  readonly hostedPage: HostedPayPage = { html: sandboxPageHtml };
  /** Refunds move no money either: each out_refund_no is answered once and the same afterwards. */
  readonly refunds: PaymentRefunds = {
    refund: async (r): Promise<RefundResult> => {
      if (r.refund_cents <= 0 || r.refund_cents > r.total_cents) throw new Error('Refund amount out of range');
      let done = this.refunded.get(r.out_refund_no);
      if (!done) {
        done = { state: 'success', refund_id: `sandbox_refund_${r.out_refund_no}` };
        this.refunded.set(r.out_refund_no, done);
      }
      return done;
    }
  };
  private refunded = new Map<string, RefundResult>();
  constructor(private publicUrl: string) {}

  pageUrl(outTradeNo: string): string {
    return `${this.publicUrl}${PAY_PATHS.sandboxPage}${encodeURIComponent(outTradeNo)}`;
  }

  async prepay(order: ProviderOrder): Promise<Record<string, string>> {
    return { prepay_id: `sandbox_${order.out_trade_no}` };
  }

  clientParams(order: ProviderOrder, channel: PayChannel, stored: Record<string, string>): ClientPayParams {
    const url = this.pageUrl(order.out_trade_no);
    if (channel === 'native') return { code_url: url, sandbox_url: url };
    return {
      sandbox_url: url,
      jsapi: {
        appId: 'sandbox',
        timeStamp: String(Math.floor(Date.now() / 1000)),
        nonceStr: crypto.randomBytes(8).toString('hex'),
        package: `prepay_id=${stored.prepay_id}`,
        signType: 'RSA',
        paySign: 'sandbox'
      }
    };
  }

  /** The sandbox page refuses a closed order itself; there is nothing to tell. */
  async close(): Promise<void> {}

  /** Nothing is paid in the sandbox except through its page, which settles directly. */
  async query(): Promise<ProviderPayment | null> {
    return null;
  }
}

const esc = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/**
 * The sandbox pay page (bilingual; it is served by the server, outside the app's i18n), titled by
 * what the order buys ("Download 3 photos · 下载 3 张照片"). The app opened it in a tab of its own
 * from the visitor's tap and polls the order, so once paid the visitor goes back to that tab.
 */
export function sandboxPageHtml(o: HostedPageOrder): string {
  const price = `¥${(o.amount_cents / 100).toFixed(2)}`;
  const action = `${PAY_PATHS.sandboxPage}${encodeURIComponent(o.out_trade_no)}${PAY_PATHS.sandboxConfirmSuffix}`;
  const body =
    o.state === 'paid'
      ? '<p class="ok" data-testid="sandbox-paid">Paid · 已支付</p><p data-testid="sandbox-return">Close this page to return to the album · 关闭本页即可回到相册</p>'
      : o.state === 'closed'
        ? '<p class="closed">Closed: this order can no longer be paid · 订单已关闭</p>'
        : `<form method="post" action="${esc(action)}"><button type="submit">Pay · 支付 ${esc(price)}</button></form>`;
  return `<!doctype html><html><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">${NO_FAVICON}
<title>${esc(o.description)} — Sandbox payment</title><style>body{font-family:sans-serif;max-width:420px;margin:40px auto;padding:0 16px;text-align:center}
.banner{background:#fff3cd;border:1px solid #e0b400;padding:10px;border-radius:6px}button{font-size:18px;padding:12px 32px;background:#07c160;color:#fff;border:0;border-radius:6px}
.ok{color:#07c160;font-size:20px}.closed{color:#c00;font-size:18px}</style></head><body>
<p class="banner"><strong>Sandbox payment — no money moves</strong><br>沙箱支付：不会产生真实扣款</p>
<h2 data-testid="sandbox-pay-title">${esc(o.description)}</h2><p data-testid="sandbox-pay-price">${esc(price)}</p><p><small>${esc(o.out_trade_no)}</small></p>${body}</body></html>`;
}
