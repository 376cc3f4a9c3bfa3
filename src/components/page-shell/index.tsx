import { useDeferredValue, useEffect, useState, type ReactNode } from 'react';
import { View, Text } from '@tarojs/components';
import { observer } from 'mobx-react';
import { useStores, createPageStores, PageStoreContext } from '../../stores/RootStore';
import { t } from '../../i18n';
import { EmptyState } from '../empty-state';
import { dismissBootSkeleton } from '../../platform/boot';
import { ShareScopeContext, usePageShareScope } from '../share/usePageShare';
import './index.scss';

/**
 * Every page renders inside this shell: nothing of the page renders until the
 * session call has finished (spec part 1 §2 /session.js).
 */
export const PageShell = observer(function PageShell(props: { children: ReactNode; background?: string; ownsFirstScreen?: boolean }) {
  const { session } = useStores();
  // Every page shares something (its own content, else the fallback): WeChat's menu follows the page on top.
  const shareScope = usePageShareScope();
  useEffect(() => {
    if (session.status === 'idle') void session.start().catch(() => undefined);
  }, [session]);
  // The server's first screen stays over the loading state until the page (or its error) shows;
  // a page that loads more before it has something to show dismisses it itself (ownsFirstScreen).
  // The page renders in a transition once the session is there: React renders it in slices that
  // leave the main thread free between them (a tap on the first screen is answered meanwhile).
  const ready = useDeferredValue(session.ready);
  const settled = session.status === 'error' || (ready && !props.ownsFirstScreen);
  useEffect(() => {
    if (settled) dismissBootSkeleton();
  }, [settled]);

  if (session.status === 'error') {
    return (
      <View className="page-shell">
        <EmptyState text={t('app.sessionError')} testId="session-error" action={{ label: t('common.retry'), onTap: () => void session.start().catch(() => undefined) }} />
      </View>
    );
  }
  if (!ready) {
    return (
      <View className="page-shell page-shell--loading" data-testid="session-loading">
        <View className="page-shell__spinner" />
        <Text className="page-shell__hint">{t('app.loading')}</Text>
      </View>
    );
  }
  return (
    <View className="page-shell" style={props.background ? { background: props.background } : undefined}>
      <ShareScopeContext.Provider value={shareScope}>{props.children}</ShareScopeContext.Provider>
    </View>
  );
});

/**
 * A page that shows albums (the gallery page, the image share page): the shell
 * plus the page's own album, viewer and live stores, so pages below it in the
 * stack keep theirs.
 */
export function AlbumPageShell(props: { children: ReactNode; ownsFirstScreen?: boolean }) {
  const [pageStores] = useState(() => createPageStores());
  return (
    <PageStoreContext.Provider value={pageStores}>
      <PageShell ownsFirstScreen={props.ownsFirstScreen}>{props.children}</PageShell>
    </PageStoreContext.Provider>
  );
}
