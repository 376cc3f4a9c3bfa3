import { useEffect, useState } from 'react';
import { usePageStores, useStores } from '../../stores/RootStore';
import { createPosterStore } from '../../stores/poster/factory';
import type { PosterRequest } from '../../stores/share/posterEntry';
import PosterPortal from './PosterPortal';

/** One choice of the share modal's 'QR poster' (`seq` tells a second choice of the same request from the first). */
export interface PosterAsk {
  request: PosterRequest;
  seq: number;
}

/** The poster maker once first asked for (PosterHost loads it): its store, opened for each ask, and its portal. */
export default function PosterMakerView({ ask }: { ask: PosterAsk | null }) {
  const root = useStores();
  const page = usePageStores();
  const [store] = useState(() => createPosterStore(page, root));
  useEffect(() => {
    if (ask) void store.open(ask.request);
  }, [store, ask?.seq]);
  return <PosterPortal store={store} />;
}
