import { View, Text, Image } from '@tarojs/components';
import { observer } from 'mobx-react';
import type { DownloadStore } from '../../stores/pay/DownloadStore';
import { t } from '../../i18n';
import { BottomSheet } from '../bottom-sheet';

/**
 * Downloads inside WeChat, WeChat Work and DingTalk (issue 12): their browsers save no
 * downloaded file and no ZIP, so the photos are listed at full size with the hint to press
 * and hold each one ("Save Image"), and the way to a system browser (··· → Open in Browser).
 */
function LongPressSheet({ downloads }: { downloads: DownloadStore }) {
  const photos = downloads.longPress;
  if (!photos) return null;
  const close = () => downloads.closeLongPress();
  return (
    <BottomSheet
      className="save-sheet"
      panelClassName="save-sheet__panel"
      bodyClassName="save-sheet__body"
      testId="save-sheet"
      titleTestId="save-sheet-title"
      closeTestId="save-sheet-close"
      dataset={{ count: photos.length }}
      title={t('download.longPressTitle')}
      closeLabel={t('download.longPressDone')}
      onClose={close}
      header={
        <View className="save-sheet__hints">
          <Text className="save-sheet__hint" data-testid="save-sheet-hint">
            {t('download.longPressHint')}
          </Text>
          <Text className="save-sheet__hint save-sheet__hint--browser" data-testid="save-sheet-browser">
            {t('download.openInBrowser')}
          </Text>
        </View>
      }
      footer={
        <View className="save-sheet__done" data-testid="save-sheet-done" onClick={close}>
          <Text>{t('download.longPressDone')}</Text>
        </View>
      }
      scroll
    >
      {photos.map((p, i) => (
        <View key={p.id} className="save-sheet__item" data-testid="save-sheet-photo" data-id={p.id}>
          <Image className="save-sheet__image" src={p.url} mode="widthFix" lazyLoad={i > 1} showMenuByLongpress />
          <Text className="save-sheet__caption">{t('download.photoNumber', { num: i + 1 })}</Text>
        </View>
      ))}
    </BottomSheet>
  );
}

export default observer(LongPressSheet);
