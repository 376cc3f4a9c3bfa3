import { View, Text } from '@tarojs/components';
import { observer } from 'mobx-react';
import AtCheckbox from 'taro-ui/lib/components/checkbox';
import type { FaceDialogStore } from '../../stores/face/FaceDialogStore';
import { openUrl } from '../../platform/navigate';
import { buildUrl } from '../../routes';
import { t } from '../../i18n';

/** One checkbox (taro-ui's AtCheckbox with a single option), wrapped for a test id and state. */
function Check({ id, checked, label, onChange }: { id: string; checked: boolean; label: string; onChange: (v: boolean) => void }) {
  return (
    <View className="face-check" data-testid={id} data-checked={checked ? '1' : '0'}>
      <AtCheckbox options={[{ value: 'on', label }]} selectedList={checked ? ['on'] : []} onChange={(list: string[]) => onChange(list.includes('on'))} />
    </View>
  );
}

/**
 * The service agreement (checked by default, linking to its full text), and, where a
 * photo is sent, the separate face-search consent and the age confirmation.
 */
function Consent({ store }: { store: FaceDialogStore }) {
  return (
    <View className="face-consent">
      <View className="face-consent__agreement">
        <Check id="face-agree" checked={store.agreed} label={t('face.agree')} onChange={(v) => store.setAgreed(v)} />
        <Text className="face-consent__link" data-testid="face-agreement-link" onClick={() => openUrl(buildUrl('agreement'))}>
          {t('face.agreementLink')}
        </Text>
      </View>
      {store.tooltip ? (
        <View className="face-tooltip" data-testid="face-tooltip" role="alert">
          <Text>{t(store.tooltip)}</Text>
        </View>
      ) : null}
      {store.needs.photo ? (
        <>
          <Check id="face-consent" checked={store.consent} label={t('face.consent')} onChange={(v) => store.setConsent(v)} />
          <Check id="face-adult" checked={store.adult} label={t('face.adult')} onChange={(v) => store.setAdult(v)} />
        </>
      ) : null}
    </View>
  );
}

export default observer(Consent);
