import { createContext, useContext, useEffect, useRef, useState } from 'react';
import { useDidShow } from '@tarojs/taro';
import { useStores } from '../../stores/RootStore';
import { useShareMessage, type ShareContent } from '../../platform/share';

/** The page a component belongs to (PageShell provides it): declarations are kept per page. */
export const ShareScopeContext = createContext<string>('app');

let scopes = 0;

/**
 * PageShell's part: this page's share scope, on top whenever the page shows (its first
 * show, and Back to it), dropped when it closes; and, once for the app, the WeChat menu
 * kept on the shown page's share (PageShareStore.start).
 */
export function usePageShareScope(): string {
  const { pageShare } = useStores();
  const [scope] = useState(() => `page-${++scopes}`);
  useEffect(() => {
    pageShare.show(scope);
    return () => pageShare.dropPage(scope);
  }, [pageShare, scope]);
  useDidShow(() => pageShare.show(scope));
  useEffect(() => startOnce(pageShare), [pageShare]);
  return scope;
}

const started = new WeakSet<object>();
function startOnce(pageShare: { start: () => () => void }): void {
  if (started.has(pageShare)) return;
  started.add(pageShare);
  pageShare.start();
}

/**
 * What this page shares (spec part 1 §3 share content; §6 share off): the WeChat browser's
 * menu (JS-SDK) and the mini-program's (onShareAppMessage, onShareTimeline, hideShareMenu)
 * get the same content. `personal`: a person's album, preferred once the one-time flag is set.
 */
export function usePageShare(content: ShareContent | null, enabled: boolean, opts: { personal?: boolean } = {}): void {
  const { pageShare } = useStores();
  const scope = useContext(ShareScopeContext);
  const id = useRef<number | null>(null);
  useShareMessage(content, enabled);
  const key = JSON.stringify(content);
  useEffect(() => {
    id.current = pageShare.declare(scope, { content, enabled, personal: opts.personal }, id.current ?? undefined);
  }, [pageShare, scope, key, enabled, opts.personal]);
  useEffect(
    () => () => {
      if (id.current !== null) pageShare.withdraw(scope, id.current);
    },
    [pageShare, scope]
  );
}
