import { useEffect, useState } from 'react';
import { Text } from '@tarojs/components';
import { observer } from 'mobx-react';
import type { IndexKind } from '../../../types/api/indexing';
import { createIndexingProgressStore } from '../../stores/indexing/factory';
import { t } from '../../i18n';
import './index.scss';

interface Props {
  galleryId: number;
  kind: IndexKind;
}

/**
 * "Indexing photos… 123 of 456" under a search (the face dialog: faces; the bib search: bibs),
 * while the gallery's photos of that kind are still being indexed; nothing once complete.
 * It asks again every few seconds while it is shown (IndexingProgressStore).
 */
function IndexingNote({ galleryId, kind }: Props) {
  const [store] = useState(() => createIndexingProgressStore(galleryId, kind));
  useEffect(() => {
    store.start();
    return () => store.dispose();
  }, [store]);
  if (!store.indexing || !store.counts) return null;
  return (
    <Text className="indexing-note" data-testid="indexing-note" data-kind={kind}>
      {t('indexing.progress', { done: store.counts.done, total: store.counts.total })}
    </Text>
  );
}

export default observer(IndexingNote);
