import { View, Text } from '@tarojs/components';
import { observer } from 'mobx-react';
import type { ViewerStore } from '../../stores/viewer/ViewerStore';
import type { Gallery } from '../../../types/api/gallery';
import { useStores, usePageStores } from '../../stores/RootStore';
import { getPaymentStores } from '../../stores/pay/paymentStores';
import { formatCount, formatSize } from '../../utils/format';
import { t } from '../../i18n';

/** The photo's gallery: the page's own, one of its children, or one known by id. */
function useGalleryOf(id: number | undefined): Gallery | null {
  const { gallery } = usePageStores();
  const { directory } = useStores();
  if (!id) return null;
  const page = gallery.gallery;
  if (page?.id === id) return page;
  return gallery.children.find((g) => g.id === id) ?? directory.byId.get(id) ?? null;
}

/**
 * The bottom bar: favourite heart with its count, the full-image link with its size
 * (the signed original), PayToRemove (watermarked, unpaid, charging gallery), Download
 * (where the spec allows it), thumbnails toggle, slideshow (PC).
 */
function InfoBar({ viewer }: { viewer: ViewerStore }) {
  const p = viewer.current;
  const g = useGalleryOf(p?.galleryid);
  if (!p) return null;
  const { pay, downloads } = getPaymentStores();
  const payToRemove = pay.needsPayment(p, g);
  const onPayToRemove = async () => {
    // After payment the interrupted action goes on: the photo is shown without watermark.
    if (g && (await pay.pay(g, [p], 'remove_watermark'))) await viewer.loadFull();
  };
  const onDownload = async () => {
    if (g && (await downloads.download(g, [p])) && pay.isPaid(p)) await viewer.loadFull();
  };
  const loved = viewer.likes.isLoved(p.id);
  const full = viewer.fullState(p);
  const fullLabel =
    full === 'loaded' ? t('viewer.loaded') : full === 'loading' ? t('viewer.fullImageLoading') : t('viewer.fullImage', { size: formatSize(viewer.fullSize(p)) });
  return (
    <View className="viewer-bar" data-testid="viewer-bar">
      <View
        className={`viewer-bar__like${loved ? ' viewer-bar__like--on' : ''}`}
        data-testid="viewer-like"
        data-loved={loved ? 'true' : 'false'}
        aria-label={t('viewer.like')}
        onClick={() => void viewer.toggleLike()}
      >
        <Text className="viewer-bar__heart">{loved ? '♥' : '♡'}</Text>
        <Text className="viewer-bar__count">{formatCount(viewer.likes.count(p))}</Text>
      </View>
      <View
        className={`viewer-bar__link viewer-bar__link--${full}`}
        data-testid="viewer-full"
        data-state={full}
        onClick={() => void (payToRemove ? onPayToRemove() : viewer.loadFull())}
      >
        <Text>{fullLabel}</Text>
      </View>
      {payToRemove ? (
        <View className="viewer-bar__link viewer-bar__link--pay" data-testid="viewer-pay-remove" onClick={() => void onPayToRemove()}>
          <Text>{t('viewer.payToRemove')}</Text>
        </View>
      ) : null}
      {downloads.linkShown(g) ? (
        <View className="viewer-bar__link" data-testid="viewer-download" onClick={() => void onDownload()}>
          <Text>{t('viewer.download')}</Text>
        </View>
      ) : null}
      <View className="viewer-bar__spacer" />
      {viewer.wide ? (
        <View className="viewer-bar__button" data-testid="viewer-play" data-playing={viewer.playing ? 'true' : 'false'} onClick={() => viewer.togglePlay()}>
          <Text>{viewer.playing ? t('viewer.pause') : t('viewer.play')}</Text>
        </View>
      ) : null}
      <View className="viewer-bar__button" data-testid="viewer-thumbs-toggle" onClick={() => viewer.toggleStrip()}>
        <Text>{viewer.stripShown ? t('viewer.thumbsHide') : t('viewer.thumbsShow')}</Text>
      </View>
    </View>
  );
}

export default observer(InfoBar);
