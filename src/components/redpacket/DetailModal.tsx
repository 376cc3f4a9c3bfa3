import { View, Text } from '@tarojs/components';
import { observer } from 'mobx-react';
import { t } from '../../i18n';
import { BottomSheet } from '../bottom-sheet';
import { Avatar } from '../avatar';
import type { RedPacketOpenStore } from '../../stores/redpackets/RedPacketOpenStore';
import { centsToYuan } from '../../stores/redpackets/redPacketRules';

/** A packet's detail (spec part 3 §3 Recipient): who got how much, the best-luck mark, load more. */
function DetailModal({ store }: { store: RedPacketOpenStore }) {
  const d = store.detail;
  const more = !!d && d.items.length < d.total;
  return (
    <BottomSheet
      open={store.detailOpen && !!d}
      placement="center"
      title={t('redpacket.detailTitle')}
      onClose={() => store.closeDetail()}
      panelClassName="redpacket-panel"
      scroll
      onScrollToLower={() => more && d && void store.showDetail(d.packet.id, d.page + 1)}
      testId="redpacket-detail"
    >
      {d ? (
        <View className="redpacket-detail">
          <Text className="redpacket-detail__sum" data-testid="redpacket-detail-sum">
            {t('redpacket.detailSum', { got: d.packet.goted, num: d.packet.number, price: centsToYuan(d.packet.amount) })}
          </Text>
          {d.packet.my_amount !== null ? (
            <Text className="redpacket-detail__mine" data-testid="redpacket-detail-mine">
              {t('redpacket.yuan', { price: centsToYuan(d.packet.my_amount) })}
            </Text>
          ) : null}
          {d.items.map((r, i) => (
            <View key={`${r.openid}-${i}`} className="redpacket-detail__row" data-testid="redpacket-recipient" data-best={r.best ? '1' : '0'}>
              <Avatar src={r.photo} name={r.nickname} seed={String(i)} className="redpacket-detail__avatar" />
              <Text className="redpacket-detail__name">{r.nickname}</Text>
              <Text className="redpacket-detail__amount">{t('redpacket.yuan', { price: centsToYuan(r.amount) })}</Text>
              {r.best ? <Text className="redpacket-detail__best">{t('redpacket.bestLuck')}</Text> : null}
            </View>
          ))}
        </View>
      ) : null}
    </BottomSheet>
  );
}

export default observer(DetailModal);
