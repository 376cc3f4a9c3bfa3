import { Text } from '@tarojs/components';
import { observer } from 'mobx-react';
import type { DownloadStore } from '../../stores/pay/DownloadStore';
import { formatSize } from '../../utils/format';
import { t } from '../../i18n';

/** A download's progress: the ZIP's bytes (browsers), or the photos saved to the album so far (mini-program). */
function DownloadProgress({ downloads, className }: { downloads: DownloadStore; className?: string }) {
  const { zip, album } = downloads;
  if (zip) {
    return (
      <Text className={className} data-testid="zip-progress">
        {zip.total ? t('download.zipProgress', { loaded: formatSize(zip.loaded), total: formatSize(zip.total) }) : t('download.zipProgressUnknown', { loaded: formatSize(zip.loaded) })}
      </Text>
    );
  }
  if (album) {
    return (
      <Text className={className} data-testid="album-progress" data-done={album.done} data-total={album.total}>
        {t('download.albumProgress', { done: album.done, total: album.total })}
      </Text>
    );
  }
  return null;
}

export default observer(DownloadProgress);
