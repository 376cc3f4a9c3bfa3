import { getRootStore, type RootStore } from '../RootStore';
import { PayStore } from './PayStore';
import { DownloadStore } from './DownloadStore';

/** The app's one PayStore and DownloadStore (payment state outlives pages: paid photos stay paid). */
export interface PaymentStores {
  pay: PayStore;
  downloads: DownloadStore;
}

let stores: PaymentStores | null = null;

export function getPaymentStores(root: RootStore = getRootStore()): PaymentStores {
  if (stores) return stores;
  const requireLogin = (...a: Parameters<RootStore['loginPrompt']['requireLogin']>) => root.loginPrompt.requireLogin(...a);
  const pay = new PayStore({ requireLogin });
  return (stores = { pay, downloads: new DownloadStore(pay, { requireLogin }) });
}

/** Tests: start from fresh stores. */
export function setPaymentStores(s: PaymentStores | null): void {
  stores = s;
}
