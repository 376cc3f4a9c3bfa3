import { View, Text } from '@tarojs/components';
import { observer } from 'mobx-react';
import type { PayStore } from '../../stores/pay/PayStore';
import { formatCents, type PaySheet as Sheet } from '../../stores/pay/payRules';
import { windowWidth, WIDE_SCREEN } from '../../platform/env';
import { t } from '../../i18n';
import { BottomSheet } from '../bottom-sheet';

const price = (cents: number | null) => (cents == null ? '…' : t('pay.amount', { price: formatCents(cents) }));

function Row({ id, label, value, strong }: { id: string; label: string; value: string; strong?: boolean }) {
  return (
    <View className={`pay-sheet__row${strong ? ' pay-sheet__row--total' : ''}`}>
      <Text className="pay-sheet__label">{label}</Text>
      <Text className="pay-sheet__value" data-testid={id}>
        {value}
      </Text>
    </View>
  );
}

/** The primary button: pay in 'confirm'; otherwise it shows the progress, and a tap says a payment is under way. */
function primaryLabel(s: Sheet): string {
  if (s.phase === 'ordering') return t('pay.ordering');
  if (s.phase === 'confirm') return t('pay.confirm', { price: formatCents(s.total ?? 0) });
  return t('pay.paying');
}

/**
 * The confirmation sheet before paying (issue 12): what is bought (remove the watermark
 * from N photos, or download N originals), the price per photo, the count and the total
 * from the server (cents), then the progress (ordering, paying, waiting for the payment)
 * until the result's toast closes it. The pay button calls PayStore.confirm inside the
 * tap, so a browser opens the pay page from the tap itself.
 */
function PaySheet({ pay }: { pay: PayStore }) {
  const s = pay.sheet;
  if (!s) return null;
  const waiting = s.phase === 'waiting';
  const busy = s.phase !== 'confirm';
  const goods = s.purpose === 'goods';
  const what = goods ? s.name || t('pay.sheetTitleGoods') : s.purpose === 'download' ? t('pay.whatDownload', { num: s.count }) : t('pay.whatRemove', { num: s.count });
  const perPhoto = s.unitPrice == null ? '…' : goods ? price(s.unitPrice) : t('pay.perPhoto', { price: formatCents(s.unitPrice) });
  return (
    <BottomSheet
      placement={windowWidth() > WIDE_SCREEN ? 'center' : 'bottom'}
      className="pay-sheet"
      panelClassName="pay-sheet__panel"
      testId="pay-sheet"
      titleTestId="pay-sheet-title"
      dataset={{ phase: s.phase, purpose: s.purpose }}
      title={goods ? t('pay.sheetTitleGoods') : s.purpose === 'download' ? t('pay.sheetTitleDownload') : t('pay.sheetTitleRemove')}
      onClose={() => pay.cancel()}
      // As the QR popup: reached through a login popup (an iframe whose navigations join the
      // history) or a round trip, and left for a pay tab; Back stays with the page here.
      backCloses={false}
      // The mask does not cancel by accident; Cancel does.
      maskClosable={false}
      closable={false}
    >
      <Text className="pay-sheet__what" data-testid="pay-sheet-what">
        {what}
      </Text>
      <View className="pay-sheet__rows">
        <Row id="pay-sheet-unit" label={t('pay.unitPrice')} value={perPhoto} />
        {goods ? null : <Row id="pay-sheet-count" label={t('pay.quantity')} value={t('pay.photoCount', { num: s.count })} />}
        <Row id="pay-sheet-total" label={t('pay.total')} value={price(s.total)} strong />
      </View>
      {s.alreadyPaid > 0 ? (
        <Text className="pay-sheet__note" data-testid="pay-sheet-already">
          {t('pay.alreadyPaidNote', { num: s.alreadyPaid })}
        </Text>
      ) : null}
      {waiting ? (
        <View className="pay-sheet__status" data-testid="pay-sheet-status">
          <Text className="pay-sheet__status-title">{t('pay.waiting')}</Text>
          <Text className="pay-sheet__hint">{t('pay.waitingHint')}</Text>
        </View>
      ) : null}
      <View className="pay-sheet__actions">
        {s.phase !== 'paying' ? (
          <View className="pay-sheet__button" data-testid="pay-sheet-cancel" onClick={() => pay.cancel()}>
            <Text>{t('pay.cancel')}</Text>
          </View>
        ) : null}
        {waiting ? (
          <View className="pay-sheet__button pay-sheet__button--main" data-testid="pay-sheet-paid" onClick={() => void pay.checkNow()}>
            <Text>{t('pay.alreadyPaid')}</Text>
          </View>
        ) : (
          <View
            className={`pay-sheet__button pay-sheet__button--main${busy ? ' pay-sheet__button--busy' : ''}`}
            data-testid="pay-sheet-confirm"
            data-busy={busy ? 'true' : 'false'}
            onClick={() => pay.confirm()}
          >
            <Text>{primaryLabel(s)}</Text>
          </View>
        )}
      </View>
    </BottomSheet>
  );
}

export default observer(PaySheet);
