import { useEffect, useRef, useState } from 'react';
import Taro, { usePageScroll } from '@tarojs/taro';
import { windowWidth } from './env';

/** Scroll the current page back to its top (the `top` pendant). */
export function scrollToTop(duration = 300): void {
  Taro.pageScrollTo({ scrollTop: 0, duration }).catch(() => undefined);
}

/**
 * Watch whether the element with `id` is within `margin` px below the visible
 * area: the infinite-scroll sentinel (spec: load within 800 px of the bottom).
 * A fallback next to the page's onReachBottom, which fires only on scrolling
 * and not when a short list leaves the bottom on screen. Returns a stop function.
 *
 * H5 pages scroll inside `.taro_page`, which clips a viewport observer, so that
 * element is the root. The mini-program observes relative to the viewport once
 * the node has reached the native layer (after the next setData).
 */
export function observeNearBottom(id: string, margin: number, onChange: (near: boolean) => void): () => void {
  if (process.env.TARO_ENV === 'h5') {
    if (typeof document === 'undefined' || typeof IntersectionObserver === 'undefined') return () => undefined;
    const el = document.getElementById(id);
    if (!el) return () => undefined;
    const root = el.closest('.taro_page');
    const io = new IntersectionObserver((entries) => {
      const last = entries[entries.length - 1];
      if (last) onChange(last.isIntersecting);
    }, { root, rootMargin: `0px 0px ${margin}px 0px` });
    io.observe(el);
    return () => io.disconnect();
  }
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
}

/** Where the viewport is over a list: `offset` px of the list scrolled past (negative while the list starts below the top). */
export interface ListViewport {
  offset: number;
  height: number;
  /** The list's own width (CSS px). */
  width: number;
  /** The page's own scroll position (0 at the very top: pull-to-refresh may start). */
  pageTop: number;
}

const initialViewport = (): ListViewport => ({ offset: 0, height: windowHeight(), width: windowWidth(), pageTop: 0 });

function windowHeight(): number {
  if (process.env.TARO_ENV === 'h5') return typeof window === 'undefined' ? 700 : window.innerHeight || 700;
  return Taro.getWindowInfo().windowHeight;
}

/**
 * Follow the page's scrolling relative to the element with `id` (a list's top).
 * H5 pages scroll inside `.taro_page` (or the window); the mini-program reports
 * page scrolls through onPageScroll and the list's top through a selector query,
 * measured again whenever `measureKey` changes (content above it may have grown).
 */
export function useListViewport(id: string, measureKey: unknown): ListViewport {
  const [vp, setVp] = useState<ListViewport>(initialViewport);
  const anchorTop = useRef(0);
  const scrollTop = useRef(0);

  // The mini-program: page scroll events and a measured anchor.
  usePageScroll((e) => {
    if (process.env.TARO_ENV === 'h5') return;
    scrollTop.current = e.scrollTop;
    setVp((prev) => ({ ...prev, offset: e.scrollTop - anchorTop.current, pageTop: e.scrollTop }));
  });

  useEffect(() => {
    if (process.env.TARO_ENV !== 'h5') {
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
    }
    if (typeof document === 'undefined') return undefined;
    const el = document.getElementById(id);
    if (!el) return undefined;
    const root = el.closest('.taro_page') as HTMLElement | null;
    const target: HTMLElement | Window = root ?? window;
    let frame = 0;
    const measure = () => {
      frame = 0;
      const rootTop = root ? root.getBoundingClientRect().top : 0;
      const height = (root?.clientHeight || window.innerHeight) ?? 700;
      const pageTop = root ? root.scrollTop : window.scrollY;
      const rect = el.getBoundingClientRect();
      const offset = Math.round(rootTop - rect.top);
      const width = Math.round(rect.width) || windowWidth();
      setVp((prev) =>
        prev.offset === offset && prev.height === height && prev.pageTop === pageTop && prev.width === width ? prev : { offset, height, width, pageTop }
      );
    };
    const onScroll = () => {
      if (frame) return;
      frame = typeof requestAnimationFrame === 'function' ? requestAnimationFrame(measure) : (setTimeout(measure, 16) as unknown as number);
    };
    measure();
    target.addEventListener('scroll', onScroll, { passive: true });
    window.addEventListener('resize', onScroll);
    return () => {
      target.removeEventListener('scroll', onScroll);
      window.removeEventListener('resize', onScroll);
      if (frame && typeof cancelAnimationFrame === 'function') cancelAnimationFrame(frame);
    };
  }, [id, measureKey]);

  return vp;
}
