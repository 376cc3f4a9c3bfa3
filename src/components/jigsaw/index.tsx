import { View, Text, Image } from '@tarojs/components';
import { observer } from 'mobx-react';
import type { JigsawStore } from '../../stores/jigsaw/JigsawStore';
import { t } from '../../i18n';
import { BottomSheet } from '../bottom-sheet';
import './jigsaw.scss';

/**
 * The collage preview sheet: 'Making collage…' with the photos loaded so far,
 * then the collage itself with Save (browser download / photo album) and Close. In-app
 * browsers save no file: after Save the sheet says to press and hold the collage.
 */
function JigsawPreview({ store }: { store: JigsawStore }) {
  if (!store.open) return null;
  const img = store.image;
  const making = store.phase === 'making' || !img;
  return (
    <BottomSheet
      placement="center"
      className="jigsaw-sheet"
      panelClassName="jigsaw-sheet__panel"
      bodyClassName="jigsaw-sheet__body"
      testId="jigsaw-preview"
      dataset={{ phase: store.phase }}
      catchMove
      title={t('jigsaw.title')}
      onClose={() => store.close()}
      closable={false}
      scroll={!making}
      footer={
        <View className="jigsaw-sheet__actions">
          <View className="jigsaw-sheet__btn" data-testid="jigsaw-close" onClick={() => store.close()}>
            <Text>{t(store.pressHold ? 'download.longPressDone' : 'jigsaw.close')}</Text>
          </View>
          {store.pressHold ? null : (
            <View
              className={`jigsaw-sheet__btn jigsaw-sheet__btn--main${img && !store.saving ? '' : ' jigsaw-sheet__btn--off'}`}
              data-testid="jigsaw-save"
              onClick={() => void store.save()}
            >
              <Text>{t('jigsaw.save')}</Text>
            </View>
          )}
        </View>
      }
    >
      {making ? (
        <View className="jigsaw-sheet__making" data-testid="jigsaw-progress">
          <View className="jigsaw-sheet__spinner" />
          <Text>{t('jigsaw.making', { loaded: store.loaded, total: store.total })}</Text>
        </View>
      ) : (
        <>
          {store.pressHold ? (
            <Text className="jigsaw-sheet__hint" data-testid="jigsaw-press-hold">
              {t('jigsaw.pressHold')}
            </Text>
          ) : null}
          <Image
            className="jigsaw-sheet__image"
            data-testid="jigsaw-image"
            data-width={img.width}
            data-height={img.height}
            src={img.src}
            mode="widthFix"
            showMenuByLongpress
          />
        </>
      )}
    </BottomSheet>
  );
}

export default observer(JigsawPreview);
