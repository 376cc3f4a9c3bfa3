import { useEffect } from 'react';
import type { Gallery } from '../../../types/api/gallery';
import { usePageStores, useStores } from '../../stores/RootStore';
import { getDanmakuSwitch, pageDanmaku } from '../../stores/danmaku/factory';
import type { DanmakuStore } from '../../stores/danmaku/DanmakuStore';

/** The band of the screen a page's (and its viewer's) bullet screen covers. */
export const PAGE_DANMAKU_SHARE = 0.5;

/**
 * A gallery page's bullet screen (part 1 §2, part 3 §4), for the page and its viewer: on while the
 * gallery takes comments (`use_comment`), the device's switch (`danSwitch`) is on and the page is
 * shown; off stops it and clears the screen. Call from an observer (the switch is observable).
 */
export function usePageDanmaku(gallery: Gallery | null | undefined): { store: DanmakuStore | null; on: boolean; offered: boolean } {
  const page = usePageStores();
  const root = useStores();
  const sw = getDanmakuSwitch();
  const store = gallery ? pageDanmaku(page, gallery.id, root) : null;
  const offered = !!store && !!gallery?.config?.use_comment;
  // A page under another one (or the app in the background) stops its bullets: page.live.shown follows useDidShow/useDidHide.
  const on = offered && sw.on && page.live.shown;
  useEffect(() => {
    store?.setOn(on);
  }, [store, on]);
  useEffect(() => () => store?.stop(), [store]);
  return { store, on, offered };
}
