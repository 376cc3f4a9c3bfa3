import { useEffect, useRef, useState } from 'react';
import Taro, { usePageScroll } from '@tarojs/taro';
import { windowWidth } from './env';
import type { ListViewport, ScrollPlatform } from './scroll-core';

export * from './scroll-core';

/** The mini-program observes relative to the viewport once the node has reached the native layer (after the next setData). */
export const observeNearBottom: ScrollPlatform['observeNearBottom'] = (id, margin, onChange) => {
  let observer: Taro.IntersectionObserver | null = null;
  let stopped = false;
  Taro.nextTick(() => {
    if (stopped) return;
    const page = Taro.getCurrentInstance().page;
    if (!page) return;
    observer = Taro.createIntersectionObserver(page as never);
    observer.relativeToViewport({ bottom: margin }).observe(`#${id}`, (res) => onChange((res.intersectionRatio ?? 0) > 0));
  });
  return () => {
    stopped = true;
    observer?.disconnect();
  };
};

const windowHeight = () => Taro.getWindowInfo().windowHeight;
const initialViewport = (): ListViewport => ({ offset: 0, height: windowHeight(), width: windowWidth(), pageTop: 0 });

/** The mini-program reports page scrolls through onPageScroll and the list's top through a selector query. */
export const useListViewport: ScrollPlatform['useListViewport'] = (id, measureKey) => {
  const [vp, setVp] = useState<ListViewport>(initialViewport);
  const anchorTop = useRef(0);
  const scrollTop = useRef(0);

  usePageScroll((e) => {
    scrollTop.current = e.scrollTop;
    setVp((prev) => ({ ...prev, offset: e.scrollTop - anchorTop.current, pageTop: e.scrollTop }));
  });

  useEffect(() => {
    // Only a page that has reached the native layer can be queried.
    if (!Taro.getCurrentInstance().page) return undefined;
    try {
      Taro.createSelectorQuery()
        .select(`#${id}`)
        .boundingClientRect()
        .selectViewport()
        .scrollOffset()
        .exec((res: Array<{ top?: number; width?: number; scrollTop?: number } | null>) => {
          const rect = res?.[0];
          const scroll = res?.[1];
          if (!rect || typeof rect.top !== 'number') return;
          const st = scroll?.scrollTop ?? scrollTop.current;
          anchorTop.current = rect.top + st;
          const width = rect.width || windowWidth();
          setVp({ offset: st - anchorTop.current, height: windowHeight(), width, pageTop: st });
        });
    } catch {
      /* not laid out yet: the next key change measures again */
    }
    return undefined;
  }, [id, measureKey]);

  return vp;
};

/** The mini-program's page offset comes only with onPageScroll events: not readable here (its login never reloads the page). */
export const pageScrollOffset: ScrollPlatform['pageScrollOffset'] = () => null;

export const scrollPageTo: ScrollPlatform['scrollPageTo'] = (top) => {
  Taro.pageScrollTo({ scrollTop: top, duration: 0 }).catch(() => undefined);
  return top;
};
