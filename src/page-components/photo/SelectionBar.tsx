import { View, Text } from '@tarojs/components';
import { observer } from 'mobx-react';
import type { Gallery } from '../../../types/api/gallery';
import type { Photo } from '../../../types/api/photo';
import type { SelectionStore } from '../../stores/SelectionStore';
import { getPaymentStores } from '../../stores/paymentStores';
import { formatSize } from '../../utils/format';
import { t } from '../../i18n';

interface Props {
  selection: SelectionStore;
  gallery: Gallery;
  /** The photos of the list, to resolve the selected ids. */
  items: readonly Photo[];
}

/**
 * Selection mode (spec part 1 §4/§5): 'Select' starts choosing photos to
 * download; the bar shows the count, Download (paid first where needed, then one
 * file or the server's ZIP with its progress) and Cancel.
 */
function SelectionBar({ selection, gallery, items }: Props) {
  const { downloads } = getPaymentStores();
  const zip = downloads.zip;
  if (!selection.active) {
    return (
      <View className="photo-select" data-testid="select-bar">
        <View className="photo-toolbar__btn" data-testid="select-start" onClick={() => selection.start('download')}>
          <Text>{t('select.start')}</Text>
        </View>
      </View>
    );
  }
  const submit = async () => {
    const ids = selection.submit();
    if (!ids) return;
    const byId = new Map(items.map((p) => [p.id, p]));
    const photos = ids.map((id) => byId.get(id)).filter((p): p is Photo => !!p);
    if (await downloads.download(gallery, photos)) selection.cancel();
  };
  return (
    <View className="photo-select photo-select--on" data-testid="select-bar" data-count={selection.count}>
      <Text className="photo-select__count" data-testid="select-count">{t('select.count', { num: selection.count })}</Text>
      {zip ? (
        <Text className="photo-select__progress" data-testid="zip-progress">
          {zip.total ? t('download.zipProgress', { loaded: formatSize(zip.loaded), total: formatSize(zip.total) }) : t('download.zipProgressUnknown', { loaded: formatSize(zip.loaded) })}
        </Text>
      ) : null}
      <View className="photo-toolbar__btn" data-testid="select-download" onClick={() => void submit()}>
        <Text>{t('select.download', { num: selection.count })}</Text>
      </View>
      <View className="photo-toolbar__btn" data-testid="select-cancel" onClick={() => selection.cancel()}>
        <Text>{t('select.cancel')}</Text>
      </View>
    </View>
  );
}

export default observer(SelectionBar);

/** The checkbox over a grid cell in selection mode, with the photo's number in the selection. */
export const SelectMark = observer(function SelectMark({ selection, id }: { selection: SelectionStore; id: number }) {
  const n = selection.badge(id);
  return (
    <View className={`photo-cell__check${n ? ' photo-cell__check--on' : ''}`} data-testid="select-check" data-selected={n ? 'true' : 'false'}>
      {n ? <Text className="photo-cell__badge">{n}</Text> : null}
    </View>
  );
});
