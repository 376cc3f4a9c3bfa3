import { View, Text, Input, Picker } from '@tarojs/components';
import { observer } from 'mobx-react';
import type { FaceDialogStore } from '../../stores/face/FaceDialogStore';
import { t } from '../../i18n';

/** Finding photos without a face: a shoot-time range and a text the photos carry. */
function AltSearch({ store }: { store: FaceDialogStore }) {
  return (
    <View className="face-alt" data-testid="face-alt-form">
      <Text className="face-alt__intro">{t('face.altIntro')}</Text>
      <View className="face-alt__row">
        <Text className="face-alt__label">{t('face.altFrom')}</Text>
        <Picker mode="date" value={store.fromDay} onChange={(e) => store.setRange(String(e.detail.value), store.toDay)}>
          <View className="face-alt__value" data-testid="face-alt-from">
            <Text>{store.fromDay || '—'}</Text>
          </View>
        </Picker>
      </View>
      <View className="face-alt__row">
        <Text className="face-alt__label">{t('face.altTo')}</Text>
        <Picker mode="date" value={store.toDay} onChange={(e) => store.setRange(store.fromDay, String(e.detail.value))}>
          <View className="face-alt__value" data-testid="face-alt-to">
            <Text>{store.toDay || '—'}</Text>
          </View>
        </Picker>
      </View>
      <Input
        className="face-alt__text"
        data-testid="face-alt-text"
        value={store.text}
        maxlength={50}
        placeholder={t('face.altText')}
        onInput={(e) => store.setText(e.detail.value)}
      />
    </View>
  );
}

export default observer(AltSearch);
