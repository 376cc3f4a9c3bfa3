import { useEffect } from 'react';
import { View } from '@tarojs/components';
import { observer } from 'mobx-react';
import { useStores } from '../../stores/RootStore';
import { openUrl } from '../../platform/navigate';
import { entryTarget } from '../../stores/gallery/entry';
import { NotFound } from '../not-found';

/** Resolves where an entry (QR scene, page query, or nothing) leads and replaces the page with it. */
export const EntryRedirect = observer(function EntryRedirect(props: { params: Record<string, string | undefined> }) {
  const { home } = useStores();
  useEffect(() => {
    const direct = entryTarget(props.params);
    if (direct) openUrl(direct, { replace: true });
    else void home.load();
  }, []);
  useEffect(() => {
    if (home.linkId) openUrl(`/g/${home.linkId}`, { replace: true });
  }, [home.linkId]);
  if (home.state === 'notFound' || home.state === 'error') return <NotFound />;
  return <View data-testid="entry-redirect" />;
});
