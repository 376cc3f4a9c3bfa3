import Taro from '@tarojs/taro';

/** What both scrolling implementations (scroll.h5.ts, scroll.weapp.ts) share. */

/** Scroll the current page back to its top (the `top` pendant). */
export function scrollToTop(duration = 300): void {
  Taro.pageScrollTo({ scrollTop: 0, duration }).catch(() => undefined);
}

/** Scroll the current page until the element with `id` is at the top (a pendant leading to the photo list). */
export function scrollToElement(id: string, duration = 300): void {
  Taro.pageScrollTo({ selector: `#${id}`, duration }).catch(() => undefined);
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

export interface ScrollPlatform {
  /**
   * Watch whether the element with `id` is within `margin` px below the visible
   * area: the infinite-scroll sentinel (spec: load within 800 px of the bottom).
   * A fallback next to the page's onReachBottom, which fires only on scrolling
   * and not when a short list leaves the bottom on screen. Returns a stop function.
   */
  observeNearBottom(id: string, margin: number, onChange: (near: boolean) => void): () => void;
  /**
   * Follow the page's scrolling relative to the element with `id` (a list's top),
   * measured again whenever `measureKey` changes (content above it may have grown).
   */
  useListViewport(id: string, measureKey: unknown): ListViewport;
  /**
   * The current page's scroll offset (CSS px), kept across a login that reloads the page;
   * null where it cannot be read synchronously (the mini-program, whose login never reloads).
   */
  pageScrollOffset(): number | null;
  /** Scroll the current page to `top` at once; answers the offset reached (less while the page is shorter). */
  scrollPageTo(top: number): number;
}
