import Taro from '@tarojs/taro';

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
