import { useEffect, useState } from 'react';
import { View } from '@tarojs/components';
import { observer } from 'mobx-react';
import { reaction } from 'mobx';
import { usePageStores } from '../../stores/RootStore';
import { createRedPacketStores } from '../../stores/redpackets/factory';
import { t } from '../../i18n';
import { Icon } from '../icon';
import SendModal from './SendModal';
import OpenModal from './OpenModal';
import DetailModal from './DetailModal';
import ListModal from './ListModal';
import PhoneModal from './PhoneModal';
import './redpacket.scss';

export interface RedPacketHostProps {
  gallery: { id: number; config: { use_package?: number } };
  /**
   * Also show a plus button of its own in the page's dock (the gallery page until the comment
   * send bar carries RedPacketPlusButton).
   */
  docked?: boolean;
}

/**
 * A gallery's red packets on a page (a lazy chunk: `deferred(() => import('components/redpacket'))`):
 * the live `redpackage` messages (each shown 1 to 5 s late), the send modal the plus button asks
 * for, the open, detail and list modals and the phone sign-up. Offers the 'redpackage' pendant
 * (the list).
 */
function RedPacketHost({ gallery, docked = false }: RedPacketHostProps) {
  const [stores] = useState(() => createRedPacketStores(gallery.id));
  const { events } = usePageStores();
  const { entry, send, open, phone } = stores;

  useEffect(() => {
    open.start();
    const stopSend = reaction(
      () => entry.sendWanted,
      (wanted) => {
        if (wanted && entry.takeSend()) send.show();
      },
      { fireImmediately: true }
    );
    const withdraw = events.offerPendant('redpackage', () => void open.showList());
    return () => {
      stopSend();
      withdraw();
      open.stop();
      phone.dispose();
    };
  }, [stores]);

  const showDock = docked && entry.shows(gallery.config);
  useEffect(() => {
    events.setDock('redpacket', showDock ? 1 : 0);
    return () => events.setDock('redpacket', 0);
  }, [showDock, events]);

  return (
    <>
      {showDock ? (
        <View className={`redpacket-dock redpacket-dock--after-${events.dockOffset('redpacket')}`} data-testid="redpacket-dock">
          <View className="redpacket-dock__button" data-testid="redpacket-plus" aria-label={t('redpacket.send')} onClick={() => entry.requestSend()}>
            <Icon name="money" className="redpacket-dock__icon" />
          </View>
        </View>
      ) : null}
      <SendModal store={send} />
      <OpenModal store={open} />
      <DetailModal store={open} />
      <ListModal store={open} />
      <PhoneModal store={phone} />
    </>
  );
}

export default observer(RedPacketHost);
