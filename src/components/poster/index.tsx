import { useEffect, useState } from 'react';
import { useDidShow } from '@tarojs/taro';
import { deferred } from '../deferred';
import { usePageStores } from '../../stores/RootStore';
import { pagePhotoCount, posterAccepts, posterEntry, type PosterMaker, type PosterRequest } from '../../stores/share/posterEntry';
import type { PosterAsk } from './PosterMakerView';

const PosterMakerView = deferred(() => import('./PosterMakerView'));

/**
 * A page's poster maker: while its page is shown it is the share modal's 'QR poster' option
 * (stores/share/posterEntry), offered for a photo or for a gallery with photos. The maker's
 * store, its portal and the drawing load the first time the option is chosen, so a page's
 * first load carries none of them.
 */
export function PosterHost() {
  const page = usePageStores();
  const [ask, setAsk] = useState<PosterAsk | null>(null);
  const [maker] = useState<PosterMaker>(() => ({
    accepts: (r: PosterRequest) => posterAccepts(r, pagePhotoCount(page, r.galleryId)),
    open: (r: PosterRequest) => setAsk((prev) => ({ request: r, seq: (prev?.seq ?? 0) + 1 }))
  }));
  useEffect(() => posterEntry.register(maker), [maker]);
  // Back to this page (the page above it unregistered its own maker): this page's maker again.
  useDidShow(() => void posterEntry.register(maker));
  return <PosterMakerView wanted={!!ask} ask={ask} />;
}
