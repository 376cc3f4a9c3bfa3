import { useEffect, useState } from 'react';
import { View, Text } from '@tarojs/components';
import { observer } from 'mobx-react';
import type { Gallery } from '../../../types/api/gallery';
import type { Photo } from '../../../types/api/photo';
import type { JigsawKind, SelectionPurpose, SelectionStore } from '../../stores/photos/SelectionStore';
import { useStores } from '../../stores/RootStore';
import { createJigsawStore } from '../../stores/jigsaw/factory';
import { getPaymentStores } from '../../stores/pay/paymentStores';
import { openUrl } from '../../platform/navigate';
import { toast } from '../../platform/ui';
import { buildUrl } from '../../routes';
import JigsawPreview from '../../components/jigsaw';
import DownloadProgress from '../../components/pay-qr/DownloadProgress';
import { useSelectionReturn } from './useSelectionReturn';
import { posterEntry } from '../../stores/share/posterEntry';
import { galleryShareContent } from '../../stores/pendant/GalleryShareStore';
import { t, type MessageKey } from '../../i18n';
import './selection.scss';

interface Props {
  selection: SelectionStore;
  gallery: Gallery;
  /** The photos of the list, to resolve the selected ids. */
  items: readonly Photo[];
  /** Bumped to open the collage kinds (the collage pendant). */
  jigsawMenu?: number;
}

type Menu = 'closed' | 'purpose' | 'jigsaw';

function Btn({ id, label, onTap, main }: { id: string; label: string; onTap: () => void; main?: boolean }) {
  return (
    <View className={`photo-toolbar__btn${main ? ' photo-select__main' : ''}`} data-testid={id} onClick={onTap}>
      <Text>{label}</Text>
    </View>
  );
}

const ACTION: Record<SelectionPurpose, { id: string; key: MessageKey }> = {
  download: { id: 'select-download', key: 'select.download' },
  share: { id: 'select-share', key: 'select.share' },
  jigsaw: { id: 'select-ok', key: 'select.ok' }
};

/**
 * Selection mode (spec part 1 §4/§5, part 2 jigsaw, part 3 §2 item 8): 'Select'
 * offers Download, Share or Collage (long or grid); taps then add or remove
 * photos within the purpose's limits, and the bottom bar shows the count and the
 * purpose's action: Download (paid first where needed, one file or the server's
 * ZIP with its progress, the album one by one, or press-and-hold in in-app browsers), Share (the image share page) or OK (the collage preview).
 */
function SelectionBar({ selection, gallery, items, jigsawMenu = 0 }: Props) {
  const root = useStores();
  const { session } = root;
  const { downloads } = getPaymentStores();
  const [jigsaw] = useState(() => createJigsawStore(root));
  useEffect(() => () => jigsaw.close(), [jigsaw]);
  const [menu, setMenu] = useState<Menu>('closed');
  useEffect(() => {
    if (jigsawMenu > 0) setMenu('jigsaw');
  }, [jigsawMenu]);

  const start = (purpose: SelectionPurpose, kind?: JigsawKind) => {
    setMenu('closed');
    selection.start(purpose, kind);
  };
  const selected = (ids: number[]) => {
    const byId = new Map(items.map((p) => [p.id, p]));
    return ids.map((id) => byId.get(id)).filter((p): p is Photo => !!p);
  };
  const submit = async () => {
    const purpose = selection.purpose;
    const ids = selection.submit();
    if (!ids || !purpose) return;
    if (purpose === 'download') {
      if (await downloads.download(gallery, selected(ids))) selection.cancel();
    } else if (purpose === 'share') {
      const openid = session.user?.openid;
      if (!openid) return toast(t('select.shareUnavailable'));
      openUrl(buildUrl('share', { openid, ids: ids.join(',') }));
      selection.cancel();
    } else if (selection.jigsaw === 'poster') {
      // The poster maker (issue 16 item 3) takes the one photo chosen.
      if (posterEntry.open({ galleryId: gallery.id, imageId: ids[0], content: galleryShareContent(gallery) })) selection.cancel();
    } else {
      madeCollage(selection.jigsaw, ids);
      if (await jigsaw.make(selection.jigsaw === 'long' ? 'long' : 'grid', selected(ids), gallery.link_id || String(gallery.id))) selection.cancel();
    }
  };
  // Back in selection mode (or the collage preview) after a login that left the page.
  const madeCollage = useSelectionReturn({ selection, jigsaw, gallery, items, submit });

  const preview = <JigsawPreview store={jigsaw} />;
  if (!selection.active) {
    return (
      <>
        <View className="photo-select" data-testid="select-bar" data-menu={menu}>
          {menu === 'closed' ? <Btn id="select-start" label={t('select.start')} onTap={() => setMenu('purpose')} /> : null}
          {menu === 'purpose' ? (
            <View className="photo-select__menu" data-testid="select-purposes">
              <Btn id="select-purpose-download" label={t('select.purposeDownload')} onTap={() => start('download')} />
              <Btn id="select-purpose-share" label={t('select.purposeShare')} onTap={() => start('share')} />
              <Btn id="select-purpose-jigsaw" label={t('select.purposeJigsaw')} onTap={() => setMenu('jigsaw')} />
              <Btn id="select-menu-cancel" label={t('select.cancel')} onTap={() => setMenu('closed')} />
            </View>
          ) : null}
          {menu === 'jigsaw' ? (
            <View className="photo-select__menu" data-testid="select-jigsaw-kinds">
              <Text className="photo-select__label">{t('select.chooseJigsaw')}</Text>
              <Btn id="select-jigsaw-long" label={t('select.jigsawLong')} onTap={() => start('jigsaw', 'long')} />
              <Btn id="select-jigsaw-grid" label={t('select.jigsawGrid')} onTap={() => start('jigsaw', 'grid')} />
              {posterEntry.offers({ galleryId: gallery.id, imageId: null, content: galleryShareContent(gallery) }) ? (
                <Btn id="select-jigsaw-poster" label={t('select.jigsawPoster')} onTap={() => start('jigsaw', 'poster')} />
              ) : null}
              <Btn id="select-menu-back" label={t('select.back')} onTap={() => setMenu('purpose')} />
            </View>
          ) : null}
        </View>
        {preview}
      </>
    );
  }
  const purpose = selection.purpose!;
  const limits = selection.limits!;
  const action = ACTION[purpose];
  return (
    <>
      <View className="photo-select photo-select--on" data-testid="select-bar" data-purpose={purpose} data-count={selection.count}>
        <View className="photo-select__info">
          <Text className="photo-select__count" data-testid="select-count">{t('select.count', { num: selection.count })}</Text>
          <Text className="photo-select__hint" data-testid="select-hint">{t('select.hint', { min: limits.min, max: limits.max })}</Text>
        </View>
        <DownloadProgress downloads={downloads} className="photo-select__progress" />
        <Btn id="select-cancel" label={t('select.cancel')} onTap={() => selection.cancel()} />
        <Btn id={action.id} label={t(action.key, { num: selection.count })} onTap={() => void submit()} main />
      </View>
      {preview}
    </>
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
