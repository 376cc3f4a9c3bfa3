import { View, Text, Button } from '@tarojs/components';
import { observer } from 'mobx-react';
import { t } from '../../i18n';
import { BottomSheet } from '../bottom-sheet';
import { Avatar } from '../avatar';
import type { RedPacketOpenStore } from '../../stores/redpackets/RedPacketOpenStore';
import { centsToYuan } from '../../stores/redpackets/redPacketRules';

function timeOf(unix: number): string {
  const d = new Date(unix * 1000);
  return `${String(d.getHours()).padStart(2, '0')}:${String(d.getMinutes()).padStart(2, '0')}`;
}

/** The open modal (spec part 3 §4 red packet status), with the advance notice of a target-time packet. */
function OpenModal({ store }: { store: RedPacketOpenStore }) {
  const p = store.current;
  const view = store.view;
  return (
    <BottomSheet open={!!p && !store.detailOpen} placement="center" onClose={() => store.close()} panelClassName="redpacket-panel redpacket-open" testId="redpacket-open" dataset={{ status: store.status || 'empty' }}>
      {p ? (
        <View className="redpacket-open__body">
          <Avatar src={p.photo} name={p.nickname} className="redpacket-open__avatar" />
          <Text className="redpacket-open__from">{t('redpacket.from', { name: p.nickname })}</Text>
          <Text className="redpacket-open__wish" data-testid="redpacket-open-wish">
            {p.content}
          </Text>
          {store.beforeTime ? (
            <Text className="redpacket-open__notice" data-testid="redpacket-open-notice">
              {t('redpacket.noticeAt', { time: timeOf(p.posttime) })}
              {p.notice ? ` ${p.notice}` : ''}
            </Text>
          ) : null}
          {view === 'loading' ? <Text className="redpacket-open__state">{t('common.Loading')}</Text> : null}
          {view === 'tooSlow' ? (
            <>
              <Text className="redpacket-open__state" data-testid="redpacket-too-slow">
                {t('redpacket.tooSlow')}
              </Text>
              <Text className="redpacket-open__link" data-testid="redpacket-view-details" onClick={() => void store.showDetail()}>
                {t('redpacket.viewDetails')}
              </Text>
            </>
          ) : null}
          {view === 'details' ? (
            <>
              {store.amount !== null ? (
                <Text className="redpacket-open__amount" data-testid="redpacket-my-amount">
                  {t('redpacket.yuan', { price: centsToYuan(store.amount) })}
                </Text>
              ) : null}
              <Button className="redpacket-open__button" data-testid="redpacket-view-details" onClick={() => void store.showDetail()}>
                {t('redpacket.viewDetails')}
              </Button>
            </>
          ) : null}
          {view === 'open' ? (
            <Button className="redpacket-open__button redpacket-open__button--open" data-testid="redpacket-open-button" disabled={store.opening} onClick={() => void store.open()}>
              {t('redpacket.open')}
            </Button>
          ) : null}
        </View>
      ) : null}
    </BottomSheet>
  );
}

export default observer(OpenModal);
