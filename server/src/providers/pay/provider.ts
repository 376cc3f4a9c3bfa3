import type { JsapiPayParams, PayChannel, PayProvider } from '../../../../types/api/pay';

/** What a provider needs of an order. */
export interface ProviderOrder {
  out_trade_no: string;
  amount_cents: number;
  description: string;
  /** When the order stops being payable (unix seconds). */
  expires_at: number;
}

/** A paid transaction as the provider reports it (notification or order query). */
export interface ProviderPayment {
  transaction_id: string;
  /** Cents the provider says were paid. */
  amount: number;
}

/** Client-side parameters of one prepay. */
export interface ClientPayParams {
  jsapi?: JsapiPayParams;
  code_url?: string;
  sandbox_url?: string;
}

/** A notification we refuse; `status` is the HTTP status of the FAIL answer. */
export class NotifyError extends Error {
  constructor(message: string, public readonly status = 400) {
    super(message);
  }
}

/** A payment a provider's notification reports. */
export interface NotifiedPayment extends ProviderPayment {
  out_trade_no: string;
}

/** Capability: signed payment notifications pushed to `POST /api/v2/pay/notify/{name}` (WeChat Pay). */
export interface PaymentNotifications {
  /** Checks a notification over its RAW body; the payment it reports, or a NotifyError (nothing is settled). */
  verify(headers: Record<string, string | string[] | undefined>, rawBody: Buffer): NotifiedPayment;
}

/** An order as a hosted pay page shows it. */
export interface HostedPageOrder {
  out_trade_no: string;
  amount_cents: number;
  description: string;
  state: 'created' | 'paid' | 'closed';
}

/** Capability: a pay page this server hosts itself (`GET /sandbox/pay/{out_trade_no}`), whose button settles the order. */
export interface HostedPayPage {
  html(order: HostedPageOrder): string;
}

/** One refund of (part of) a paid order; `out_refund_no` names it, so asking again is the same refund. */
export interface RefundRequest {
  out_trade_no: string;
  out_refund_no: string;
  /** What the order paid, in cents. */
  total_cents: number;
  /** What goes back, in cents (at most total_cents). */
  refund_cents: number;
  reason: string;
}

/** The provider's answer: done, or accepted and still moving (ask again later with the same out_refund_no). */
export interface RefundResult {
  state: 'success' | 'processing';
  refund_id: string;
}

/** Capability: money of a paid order goes back to the payer (red packet leftovers). Rejects when the provider refuses. */
export interface PaymentRefunds {
  refund(r: RefundRequest): Promise<RefundResult>;
}

/**
 * A payment provider (WeChat Pay, the sandbox, any later one) behind one shape; the order state
 * machine lives in services/pay/orders.ts. What only some providers do is an optional capability,
 * so the service asks `provider.notifications` or `provider.hostedPage`, never its class.
 */
export interface PaymentProvider {
  /** Stored with each order (text, no list of names in the database) and reported to the client. */
  readonly name: PayProvider;
  readonly notifications?: PaymentNotifications;
  readonly hostedPage?: HostedPayPage;
  readonly refunds?: PaymentRefunds;
  /** Ask the provider for a prepay; the answer is stored on the order and reused for that channel. */
  prepay(order: ProviderOrder, channel: PayChannel, openid: string): Promise<Record<string, string>>;
  /** Parameters the client pays with, from the stored prepay answer. */
  clientParams(order: ProviderOrder, channel: PayChannel, stored: Record<string, string>): ClientPayParams;
  /** The order-query fallback: the payment when the provider reports it paid, null otherwise. */
  query(order: ProviderOrder): Promise<ProviderPayment | null>;
  /** Make an unpaid order unpayable (an expired one); resolves once the provider has closed it. */
  close(order: ProviderOrder): Promise<void>;
}
