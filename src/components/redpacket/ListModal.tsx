import { View, Text } from '@tarojs/components';
import { observer } from 'mobx-react';
import { t } from '../../i18n';
import { BottomSheet } from '../bottom-sheet';
import type { RedPacketOpenStore } from '../../stores/redpackets/RedPacketOpenStore';
import { centsToYuan } from '../../stores/redpackets/redPacketRules';

/** The gallery's packets (GET /api/v2/redpackage/list), newest first; a tap opens one. */
function ListModal({ store }: { store: RedPacketOpenStore }) {
  return (
    <BottomSheet open={store.listOpen} placement="bottom" title={t('redpacket.listTitle')} onClose={() => store.closeList()} scroll testId="redpacket-list">
      {store.list.length === 0 ? <Text className="redpacket-detail__sum">{t('redpacket.listEmpty')}</Text> : null}
      {store.list.map((p) => (
        <View key={p.id} className="redpacket-detail__row" data-testid="redpacket-list-item" data-id={p.id} onClick={() => store.pick(p)}>
          <Text className="redpacket-detail__name">{p.content || p.nickname}</Text>
          <Text className="redpacket-detail__amount">{t('redpacket.yuan', { price: centsToYuan(p.amount) })}</Text>
          <Text className="redpacket-detail__best">{t(`redpacket.status.${p.status}` as 'redpacket.status.open')}</Text>
        </View>
      ))}
    </BottomSheet>
  );
}

export default observer(ListModal);
