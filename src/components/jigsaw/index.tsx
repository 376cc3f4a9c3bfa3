import { View, Text, Image, ScrollView } from '@tarojs/components';
import { observer } from 'mobx-react';
import type { JigsawStore } from '../../stores/jigsaw/JigsawStore';
import { t } from '../../i18n';
import './jigsaw.scss';

/**
 * The collage preview sheet: 'Making collage…' with the photos loaded so far,
 * then the collage itself with Save (browser download / photo album) and Close.
 */
function JigsawPreview({ store }: { store: JigsawStore }) {
  if (!store.open) return null;
  const img = store.image;
  return (
    <View className="jigsaw-sheet" data-testid="jigsaw-preview" data-phase={store.phase} catchMove>
      <View className="jigsaw-sheet__backdrop" onClick={() => store.close()} />
      <View className="jigsaw-sheet__panel">
        <Text className="jigsaw-sheet__title">{t('jigsaw.title')}</Text>
        {store.phase === 'making' || !img ? (
          <View className="jigsaw-sheet__making" data-testid="jigsaw-progress">
            <View className="jigsaw-sheet__spinner" />
            <Text>{t('jigsaw.making', { loaded: store.loaded, total: store.total })}</Text>
          </View>
        ) : (
          <ScrollView className="jigsaw-sheet__body" scrollY>
            <Image
              className="jigsaw-sheet__image"
              data-testid="jigsaw-image"
              data-width={img.width}
              data-height={img.height}
              src={img.src}
              mode="widthFix"
              showMenuByLongpress
            />
          </ScrollView>
        )}
        <View className="jigsaw-sheet__actions">
          <View className="jigsaw-sheet__btn" data-testid="jigsaw-close" onClick={() => store.close()}>
            <Text>{t('jigsaw.close')}</Text>
          </View>
          <View
            className={`jigsaw-sheet__btn jigsaw-sheet__btn--main${img && !store.saving ? '' : ' jigsaw-sheet__btn--off'}`}
            data-testid="jigsaw-save"
            onClick={() => void store.save()}
          >
            <Text>{t('jigsaw.save')}</Text>
          </View>
        </View>
      </View>
    </View>
  );
}

export default observer(JigsawPreview);
