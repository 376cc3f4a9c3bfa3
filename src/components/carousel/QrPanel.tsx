import { observer } from 'mobx-react';
import { useMemo } from 'react';
import { View, Text, Image } from '@tarojs/components';
import { webUrl } from '../../platform/origin';
import { qrSvgDataUrl } from '../../utils/qr';
import { t } from '../../i18n';

/**
 * Right-centre QR code of the gallery's visitor address, captioned 'scan to
 * watch live photos'. Where there is no web address (the mini-program) nothing shows.
 */
export const QrPanel = observer(function QrPanel({ path }: { path: string }) {
  const src = useMemo(() => {
    const url = webUrl(path);
    return url ? qrSvgDataUrl(url) : null;
  }, [path]);
  if (!src) return null;
  return (
    <View className="carousel-qr" data-testid="carousel-qr">
      <Image className="carousel-qr__image" src={src} mode="aspectFit" data-testid="carousel-qr-image" />
      <Text className="carousel-qr__caption">{t('carousel.scanQr')}</Text>
    </View>
  );
});
