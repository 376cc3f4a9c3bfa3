import { useEffect, useRef, useState, type ReactNode } from 'react';
import { View, Text } from '@tarojs/components';
import { observer } from 'mobx-react';
import { PULL_SNAP_MS, PULL_THRESHOLD } from '../../stores/photos/PullRefreshStore';
import { createPullRefreshStore } from '../../stores/photos/factory';
import { t } from '../../i18n';

interface Props {
  /** The page is scrolled to its very top (only then a pull starts). */
  atTop: () => boolean;
  onRefresh: () => Promise<unknown>;
  children: ReactNode;
}

type TouchLike = { touches?: ArrayLike<{ clientY: number }>; changedTouches?: ArrayLike<{ clientY: number }> };
const touchY = (ev: unknown): number | null => {
  const e = ev as TouchLike;
  const p = e.touches?.[0] ?? e.changedTouches?.[0];
  return p ? p.clientY : null;
};

/**
 * Pull-to-refresh over the list (spec part 1 §4): the gesture on the list's
 * container, the rules in PullRefreshStore. Same on H5 and in the mini-program.
 */
function PullRefresh({ atTop, onRefresh, children }: Props) {
  const [pull] = useState(createPullRefreshStore);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const live = useRef(true);
  useEffect(
    () => () => {
      live.current = false;
      if (timer.current) clearTimeout(timer.current);
    },
    []
  );
  const settleLater = () => {
    if (timer.current) clearTimeout(timer.current);
    timer.current = setTimeout(() => live.current && pull.settle(), PULL_SNAP_MS);
  };
  const onStart = (e: unknown) => {
    const y = touchY(e);
    if (y !== null) pull.start(y, atTop());
  };
  const onMove = (e: unknown) => {
    const y = touchY(e);
    if (y !== null) pull.move(y);
  };
  const onEnd = () => {
    const r = pull.release();
    if (r === 'snapback') settleLater();
    if (r === 'refresh') {
      void Promise.resolve()
        .then(onRefresh)
        .catch(() => undefined)
        .then(() => {
          if (!live.current) return;
          pull.finish();
          settleLater();
        });
    }
  };
  const label = pull.phase === 'refreshing' ? t('list.refreshing') : pull.distance >= PULL_THRESHOLD ? t('list.release') : t('list.pull');
  return (
    <View className="pull-refresh" data-testid="pull-refresh" onTouchStart={onStart} onTouchMove={onMove} onTouchEnd={onEnd} onTouchCancel={onEnd}>
      <View
        className={`pull-refresh__loader pull-refresh__loader--${pull.phase}`}
        style={{ height: `${pull.distance}px`, transition: pull.phase === 'pulling' ? 'none' : `height ${PULL_SNAP_MS}ms ease` }}
        data-testid="pull-loader"
        data-phase={pull.phase}
        data-distance={pull.distance}
      >
        {pull.phase !== 'idle' ? <Text className="pull-refresh__text">{label}</Text> : null}
      </View>
      {children}
    </View>
  );
}

export default observer(PullRefresh);
