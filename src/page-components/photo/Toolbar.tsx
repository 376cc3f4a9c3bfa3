import { View, Text } from '@tarojs/components';
import { observer } from 'mobx-react';
import type { PhotoDisplayMode } from '../../../types/page/photo';
import { useStores } from '../../stores/RootStore';
import { t, type MessageKey } from '../../i18n';

export const MODES: PhotoDisplayMode[] = ['1', '2', '4', 'flow', 'waterfall'];

interface Props {
  mode: PhotoDisplayMode;
}

/** Above the list: the layout switch (cycles 1 → 2 → 4 → timeline → waterfall) and the asc/desc toggle. */
function Toolbar({ mode }: Props) {
  const { settings } = useStores();
  const order = settings.effectiveOrder;
  const nextMode = MODES[(MODES.indexOf(mode) + 1) % MODES.length];
  return (
    <View className="photo-toolbar">
      <View className="photo-toolbar__btn" data-testid="mode-switch" data-mode={mode} onClick={() => settings.set('mode', nextMode)}>
        <Text>{t('list.modeSwitch', { mode: t(`opt.mode.${mode}` as MessageKey) })}</Text>
      </View>
      <View
        className="photo-toolbar__btn"
        data-testid="sort-toggle"
        data-order={order}
        onClick={() => settings.set('order', order === 'desc' ? 'asc' : 'desc')}
      >
        <Text>{t('list.sortSwitch', { order: t(`opt.order.${order}` as MessageKey) })}</Text>
        <Text className={`photo-toolbar__arrow photo-toolbar__arrow--${order}`} />
      </View>
    </View>
  );
}

export default observer(Toolbar);
