import { observer } from 'mobx-react';
import { useStores } from '../../stores/RootStore';
import { BottomSheet } from '../../components/bottom-sheet';
import { OptionRow } from '../../components/option-row';
import type { LocalSettings } from '../../stores/settings/SettingsStore';
import { t, type MessageKey } from '../../i18n';

const LANGS: LocalSettings['language'][] = ['system', 'zh-CN', 'en-US'];
const MODES: LocalSettings['mode'][] = ['system', '1', '2', '4', 'flow', 'waterfall'];
const ORDERS: LocalSettings['order'][] = ['system', 'asc', 'desc'];

const label = (prefix: string, v: string): string => t((v === 'system' ? 'opt.system' : `${prefix}${v}`) as MessageKey);

/**
 * The setting pendant's sheet: the visitor's device settings (language, photo
 * layout, photo sort), the same ones the Me page offers, changed in place.
 */
function SettingsSheet({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { settings } = useStores();
  return (
    <BottomSheet open={open} onClose={onClose} title={t('pendent.settingsTitle')} closable testId="pendent-settings" panelClassName="pendent-settings">
      <OptionRow testId="pendent-settings-language" title={t('me.language')} value={settings.language} options={LANGS.map((v) => ({ value: v, label: label('opt.', v) }))} onChange={(v) => settings.set('language', v)} />
      <OptionRow testId="pendent-settings-layout" title={t('me.layout')} value={settings.mode} options={MODES.map((v) => ({ value: v, label: label('opt.mode.', v) }))} onChange={(v) => settings.set('mode', v)} />
      <OptionRow testId="pendent-settings-sort" title={t('me.sort')} value={settings.order} options={ORDERS.map((v) => ({ value: v, label: label('opt.order.', v) }))} onChange={(v) => settings.set('order', v)} />
    </BottomSheet>
  );
}

export default observer(SettingsSheet);
