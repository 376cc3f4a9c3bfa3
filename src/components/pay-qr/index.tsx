import { View, Text } from '@tarojs/components';
import { observer } from 'mobx-react';
import type { PayStore } from '../../stores/pay/PayStore';
import type { DownloadStore } from '../../stores/pay/DownloadStore';
import { formatCents } from '../../stores/pay/payRules';
import { getPaymentStores } from '../../stores/pay/paymentStores';
import { openSandboxPage } from '../../platform/pay';
import { qrSvgDataUrl } from '../../utils/qr';
import { t } from '../../i18n';
import { BottomSheet } from '../bottom-sheet';
import PaySheet from './PaySheet';
import LongPressSheet from './LongPressSheet';
import './index.scss';

/**
 * The Native pay popup (desktop and other browsers; spec part 1 §2): 'please scan
 * to pay', the QR drawn locally from code_url, 'already paid' (asks the server
 * now) and close; with the sandbox provider also a link to its pay page. While
 * it is open, PayStore polls the charge every 2 s.
 */
const QrPopup = observer(function QrPopup({ pay }: { pay: PayStore }) {
  const qr = pay.qr;
  if (!qr) return null;
  return (
    <BottomSheet
      placement="center"
      className="pay-qr"
      panelClassName="pay-qr__dialog"
      testId="pay-qr"
      titleTestId="pay-qr-title"
      title={t('pay.scanTitle')}
      onClose={() => pay.closeQr()}
      // Reached through the login round trip and a sandbox tab: Back stays with the page here.
      backCloses={false}
      closable={false}
    >
      <Text className="pay-qr__price" data-testid="pay-qr-price">{t('pay.amount', { price: formatCents(qr.amount) })}</Text>
      <View className="pay-qr__code" data-testid="pay-qr-code" style={{ backgroundImage: `url("${qrSvgDataUrl(qr.codeUrl)}")` }} />
      {qr.sandboxUrl ? (
        <View className="pay-qr__sandbox" data-testid="pay-qr-sandbox" onClick={() => openSandboxPage(qr.sandboxUrl!)}>
          <Text>{t('pay.sandboxLink')}</Text>
        </View>
      ) : null}
      <View className="pay-qr__actions">
        <View className="pay-qr__button" data-testid="pay-qr-close" onClick={() => pay.closeQr()}>
          <Text>{t('pay.close')}</Text>
        </View>
        <View className="pay-qr__button pay-qr__button--ok" data-testid="pay-qr-paid" onClick={() => void pay.checkNow()}>
          <Text>{t('pay.alreadyPaid')}</Text>
        </View>
      </View>
    </BottomSheet>
  );
});

/**
 * What paying and downloading show over the page: the confirmation sheet (what is bought,
 * the price, the progress), the QR popup, and the press-and-hold sheet of in-app browsers.
 * Mounted once per page that pays or downloads; renders nothing while none is up
 * (`pay.shown || downloads.longPress`).
 */
function PayQr({ pay, downloads }: { pay?: PayStore; downloads?: DownloadStore }) {
  const stores = pay && downloads ? null : getPaymentStores();
  const p = pay ?? stores!.pay;
  const d = downloads ?? stores!.downloads;
  return (
    <>
      <PaySheet pay={p} />
      <QrPopup pay={p} />
      <LongPressSheet downloads={d} />
    </>
  );
}

export default observer(PayQr);
