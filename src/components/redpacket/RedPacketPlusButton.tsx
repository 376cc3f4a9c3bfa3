import { View } from '@tarojs/components';
import { observer } from 'mobx-react';
import { t } from '../../i18n';
import { Icon } from '../icon';
import { redPacketEntry } from '../../stores/redpackets/entry';
import './plus.scss';

export interface RedPacketPlusButtonProps {
  /** The gallery: its id, and config.use_package (the button shows only when 1). */
  gallery: { id: number; config: { use_package?: number } };
  className?: string;
}

/**
 * The send bar's plus button for red packets (spec part 3 §2 item 2, §6). Shown only when the
 * gallery's use_package is 1; inside the WeChat browser or the mini-program the tap opens the
 * send modal (the red packet host on the page, `components/redpacket`), elsewhere an alert
 * explains. Light on purpose: the modals load with the host.
 */
function RedPacketPlusButton({ gallery, className }: RedPacketPlusButtonProps) {
  const entry = redPacketEntry(gallery.id);
  if (!entry.shows(gallery.config)) return null;
  return (
    <View className={`redpacket-plus${className ? ` ${className}` : ''}`} data-testid="redpacket-plus" aria-label={t('redpacket.send')} onClick={() => entry.requestSend()}>
      <Icon name="add" className="redpacket-plus__icon" />
    </View>
  );
}

export default observer(RedPacketPlusButton);
