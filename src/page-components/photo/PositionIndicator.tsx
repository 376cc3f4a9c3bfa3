import { useEffect, useRef, useState } from 'react';
import { View, Text } from '@tarojs/components';
import { observer } from 'mobx-react';
import { t } from '../../i18n';
import { scrollToTop } from '../../platform/scroll';
import { usePageStores } from '../../stores/RootStore';
import { Icon } from '../../components/icon';

/** The count stays this long after the last scroll (spec part 1 §9). */
export const POSITION_SHOW_MS = 800;

interface Props {
  /** 1-based position of the last photo on screen; 0 before the list. */
  current: number;
  total: number;
  /** The viewport's offset into the list: every change is a scroll. */
  offset: number;
  /** Scrolled more than a screen into the list: offer the way back up. */
  farDown: boolean;
}

/**
 * 'current/total' while scrolling (and 800 ms after), and a back-to-top button once far
 * down. The button is docked (PageEventsStore): in the phone's bottom bar left of the
 * pendants, in the desktop's right gutter above them; a page whose pendants already
 * have a back-to-top button shows none.
 */
function PositionIndicator({ current, total, offset, farDown }: Props) {
  const { events } = usePageStores();
  const [shown, setShown] = useState(false);
  const first = useRef(true);
  const backTop = farDown && !events.topPendant;
  useEffect(() => {
    if (first.current) {
      first.current = false;
      return undefined;
    }
    setShown(true);
    const timer = setTimeout(() => setShown(false), POSITION_SHOW_MS);
    return () => clearTimeout(timer);
  }, [offset]);
  useEffect(() => {
    events.setDock('backtop', backTop ? 1 : 0);
  }, [backTop, events]);
  useEffect(() => () => events.setDock('backtop', 0), [events]);
  return (
    <>
      {shown && current > 0 && total > 0 ? (
        <View className="photo-position" data-testid="position-indicator">
          <Text>{t('list.position', { current: Math.min(current, total), total })}</Text>
        </View>
      ) : null}
      {backTop ? (
        <View className={`photo-backtop photo-backtop--after-${events.dockOffset('backtop')}`} data-testid="back-to-top" aria-label={t('pendent.top')} onClick={() => scrollToTop()}>
          <View className="photo-backtop__button">
            <Icon name="arrow-up" className="photo-backtop__icon" />
          </View>
        </View>
      ) : null}
    </>
  );
}

export default observer(PositionIndicator);
