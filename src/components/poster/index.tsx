import { useEffect, useState } from 'react';
import { useDidShow } from '@tarojs/taro';
import { observer } from 'mobx-react';
import { deferred } from '../deferred';
import { usePageStores, useStores } from '../../stores/RootStore';
import { createPosterStore } from '../../stores/poster/factory';
import { posterEntry } from '../../stores/share/posterEntry';

const PosterPortal = deferred(() => import('./PosterPortal'));

/**
 * A page's poster maker: while its page is shown it is the share modal's 'QR poster' option
 * (stores/share/posterEntry), and it shows the portal when the option is chosen. The
 * portal's code (and the drawing) loads the first time it opens.
 */
export const PosterHost = observer(function PosterHost() {
  const root = useStores();
  const page = usePageStores();
  const [store] = useState(() => createPosterStore(page, root));
  useEffect(() => posterEntry.register(store), [store]);
  // Back to this page (the page above it unregistered its own maker): this page's maker again.
  useDidShow(() => void posterEntry.register(store));
  return <PosterPortal wanted={store.isOpen} store={store} />;
});
