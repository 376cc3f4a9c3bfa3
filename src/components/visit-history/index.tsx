import { useEffect } from 'react';
import { View, Text, Image } from '@tarojs/components';
import { observer } from 'mobx-react';
import { useStores } from '../../stores/RootStore';
import { imageUrl } from '../../utils/image';
import { formatTime } from '../../utils/format';
import { openUrl } from '../../platform/navigate';
import { toast } from '../../platform/ui';
import { t, relativeWords } from '../../i18n';
import { EmptyState } from '../empty-state';
import { BottomSheet } from '../bottom-sheet';
import './index.scss';

/**
 * My album history (spec part 1 §7 visit history): every gallery I opened, newest
 * first, paged by 20; tap to open it again, × takes it out of the history.
 */
function VisitHistoryPanel({ open, color, onClose }: { open: boolean; color: string; onClose: () => void }) {
  const { visits, clock } = useStores();
  useEffect(() => {
    if (open) void visits.loadHistory(true);
  }, [open]);
  if (!open) return null;
  const now = clock.now();
  const words = relativeWords();
  const remove = async (id: number) => {
    try {
      await visits.remove(id);
    } catch {
      toast(t('history.removeFailed'));
    }
  };
  return (
    <BottomSheet
      className="visit-history"
      panelClassName="visit-history__sheet"
      bodyClassName="visit-history__list"
      testId="visit-history"
      closeTestId="visit-history-close"
      title={t('history.title')}
      onClose={onClose}
      scroll
      lowerThreshold={200}
      onScrollToLower={() => {
        if (visits.historyState === 'more') void visits.loadHistory();
      }}
    >
      {visits.history.map((v) => (
        <View key={v.id} className="visit-history__item" data-testid="visit-history-item" data-link={v.link_id} onClick={() => openUrl(`/g/${v.link_id}`)}>
          {v.cover ? (
            <Image className="visit-history__cover" src={imageUrl(v.cover, 'wx_250_160', v.id)} mode="aspectFill" />
          ) : (
            <View className="visit-history__cover" style={{ backgroundColor: color }} />
          )}
          <View className="visit-history__info">
            <Text className="visit-history__name">{v.name}</Text>
            <Text className="visit-history__time">{formatTime(v.visited_at, now, words)}</Text>
          </View>
          <Text
            className="visit-history__remove"
            data-testid="visit-history-remove"
            onClick={(e) => {
              e.stopPropagation();
              void remove(v.id);
            }}
          >
            ×
          </Text>
        </View>
      ))}
      {visits.historyState === 'noMore' && !visits.history.length ? <EmptyState text={t('me.noRecent')} testId="visit-history-empty" /> : null}
      {visits.historyState === 'loading' ? <Text className="visit-history__more">{t('list.loading')}</Text> : null}
    </BottomSheet>
  );
}

export default observer(VisitHistoryPanel);
