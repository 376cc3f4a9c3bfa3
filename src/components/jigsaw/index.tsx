import { View, Text, Image } from '@tarojs/components';
import { observer } from 'mobx-react';
import type { JigsawStore } from '../../stores/jigsaw/JigsawStore';
import { t } from '../../i18n';
import { BottomSheet } from '../bottom-sheet';
import './jigsaw.scss';

/**
 * The collage preview sheet: for a grid 'Making collage…' with the photos loaded so far
 * (a long picture shows the 'Collaging' loading instead, stores/jigsaw), then the picture
 * with Save (browser download / photo album), Share where the system shares images, and
 * Close. In-app browsers save no file: after Save the sheet says to press and hold it.
 */
function JigsawPreview({ store }: { store: JigsawStore }) {
  if (!store.sheetShown) return null;
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
      title={t(store.kind === 'long' ? 'jigsaw.longTitle' : 'jigsaw.title')}
      onClose={() => store.close()}
      closable={false}
      scroll={!making}
      footer={
        <View className="jigsaw-sheet__actions">
          <View className="jigsaw-sheet__btn" data-testid="jigsaw-close" onClick={() => store.close()}>
            <Text>{t(store.pressHold ? 'download.longPressDone' : 'jigsaw.close')}</Text>
          </View>
          {store.canShare && !store.pressHold ? (
            <View className={`jigsaw-sheet__btn${store.sharing ? ' jigsaw-sheet__btn--off' : ''}`} data-testid="jigsaw-share" onClick={() => void store.share()}>
              <Text>{t('jigsaw.share')}</Text>
            </View>
          ) : null}
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
            data-kind={store.kind}
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
