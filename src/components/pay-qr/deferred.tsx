import { observer } from 'mobx-react';
import { getPaymentStores } from '../../stores/pay/paymentStores';
import { deferred } from '../deferred';

/** The pay and download dialogs' code (and the QR drawing) loads when one is first shown. */
const Dialogs = deferred(() => import('./index'));

/** What pages mount: nothing, and no code, until a payment or a press-and-hold save is shown. */
function DeferredPayDialogs() {
  const { pay, downloads } = getPaymentStores();
  return <Dialogs wanted={pay.shown || !!downloads.longPress} />;
}

export default observer(DeferredPayDialogs);
