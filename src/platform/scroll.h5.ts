import { useEffect, useState } from 'react';
import { windowWidth } from './env';
import type { ListViewport, ScrollPlatform } from './scroll-core';

export * from './scroll-core';

/**
 * Browsers: H5 pages scroll inside `.taro_page`, which clips a viewport
 * observer, so that element is the root of the sentinel's IntersectionObserver.
 * Without IntersectionObserver (old browsers) onReachBottom alone loads more.
 */
export const observeNearBottom: ScrollPlatform['observeNearBottom'] = (id, margin, onChange) => {
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
};

const windowHeight = () => (typeof window === 'undefined' ? 700 : window.innerHeight || 700);
const initialViewport = (): ListViewport => ({ offset: 0, height: windowHeight(), width: windowWidth(), pageTop: 0 });

/** Browsers: pages scroll inside `.taro_page` (or the window); the list's top is measured on every scroll frame. */
export const useListViewport: ScrollPlatform['useListViewport'] = (id, measureKey) => {
  const [vp, setVp] = useState<ListViewport>(initialViewport);
  useEffect(() => {
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
    // The first measure (and one per change of the list's size) comes from a ResizeObserver, which
    // reports after the browser's own layout: measuring in this effect forced a layout of the whole
    // page while it was still being built.
    const ro = typeof ResizeObserver === 'function' ? new ResizeObserver(() => measure()) : null;
    if (ro) ro.observe(el);
    else measure();
    target.addEventListener('scroll', onScroll, { passive: true });
    window.addEventListener('resize', onScroll);
    return () => {
      ro?.disconnect();
      target.removeEventListener('scroll', onScroll);
      window.removeEventListener('resize', onScroll);
      if (frame && typeof cancelAnimationFrame === 'function') cancelAnimationFrame(frame);
    };
  }, [id, measureKey]);

  return vp;
};

/** The page on top of the router's stack (pages under it stay in the DOM, hidden). */
function currentPage(): HTMLElement | null {
  if (typeof document === 'undefined') return null;
  const pages = document.querySelectorAll<HTMLElement>('.taro_router > .taro_page');
  return pages[pages.length - 1] ?? null;
}

/** Browsers: pages scroll inside `.taro_page` (or the window, as useListViewport reads it). */
export const pageScrollOffset: ScrollPlatform['pageScrollOffset'] = () => {
  if (typeof window === 'undefined') return null;
  return Math.round(currentPage()?.scrollTop || window.scrollY || 0);
};

export const scrollPageTo: ScrollPlatform['scrollPageTo'] = (top) => {
  if (typeof window === 'undefined') return 0;
  const page = currentPage();
  if (page) page.scrollTop = top;
  window.scrollTo(0, top);
  return pageScrollOffset() ?? 0;
};
