import { View, Text } from '@tarojs/components';
import { observer } from 'mobx-react';
import type { PhotoDisplayMode } from '../../../types/page/photo';
import { useStores } from '../../stores/RootStore';
import { t, type MessageKey } from '../../i18n';

export const MODES: PhotoDisplayMode[] = ['1', '2', '4', 'flow', 'waterfall'];

interface Props {
  mode: PhotoDisplayMode;
  /** Columns the list shows now (wide screens double a grid's columns). */
  columns: number;
}

/** What the layout switch says: the grid's columns as shown, or the named layout (timeline, waterfall). */
export function modeLabel(mode: PhotoDisplayMode, columns: number): string {
  if (mode === 'flow' || mode === 'waterfall') return t(`opt.mode.${mode}`);
  if (columns === 1 || columns === 2 || columns === 4) return t(`opt.mode.${columns}` as MessageKey);
  return t('list.columns', { count: columns });
}

/** Above the list: the layout switch (cycles 1 → 2 → 4 → timeline → waterfall) and the asc/desc toggle. */
function Toolbar({ mode, columns }: Props) {
  const { settings } = useStores();
  const order = settings.effectiveOrder;
  const nextMode = MODES[(MODES.indexOf(mode) + 1) % MODES.length];
  return (
    <View className="photo-toolbar">
      <View className="photo-toolbar__btn" data-testid="mode-switch" data-mode={mode} data-columns={columns} onClick={() => settings.set('mode', nextMode)}>
        <Text>{t('list.modeSwitch', { mode: modeLabel(mode, columns) })}</Text>
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
