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

/** The WeChat Pay client and the sandbox behind one shape; the order state machine lives in services/pay.ts. */
export interface PaymentProvider {
  readonly name: PayProvider;
  /** Ask the provider for a prepay; the answer is stored on the order and reused for that channel. */
  prepay(order: ProviderOrder, channel: PayChannel, openid: string): Promise<Record<string, string>>;
  /** Parameters the client pays with, from the stored prepay answer. */
  clientParams(order: ProviderOrder, channel: PayChannel, stored: Record<string, string>): ClientPayParams;
  /** The order-query fallback: the payment when the provider reports it paid, null otherwise. */
  query(order: ProviderOrder): Promise<ProviderPayment | null>;
  /** Make an unpaid order unpayable (an expired one); resolves once the provider has closed it. */
  close(order: ProviderOrder): Promise<void>;
}
