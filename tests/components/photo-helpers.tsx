import { act } from '@testing-library/react';
import { getPageInstance } from '@tarojs/runtime';
import { byTestId, isWeapp } from './helpers';

/** The mini-program's selector query: the list at the top of an unscrolled page. */
export function fakeSelectorQuery(top = 0, width = 375) {
  const q = {
    select: () => q,
    boundingClientRect: () => q,
    selectViewport: () => q,
    scrollOffset: () => q,
    exec: (cb: (res: unknown[]) => void) => cb([{ top, width }, { scrollTop: 0 }])
  };
  return q;
}

/** Photos the list holds (rendered or not: the list renders only those near the viewport). */
export const loadedCount = (el: HTMLElement) => Number(byTestId(el, 'photo-area')[0]?.getAttribute('data-loaded') ?? 0);

/**
 * Scroll the page so that `offset` px of the list (component id `id`) are above the
 * viewport: in H5 the list's bounding box moves and the window scrolls; in the
 * mini-program the page reports onPageScroll.
 */
export function scrollListTo(container: HTMLElement, offset: number, id = 'p1') {
  if (isWeapp) {
    const inst = getPageInstance('taro-app') as unknown as { onPageScroll?: Array<(e: { scrollTop: number }) => void> };
    act(() => inst.onPageScroll?.forEach((f) => f({ scrollTop: offset })));
    return;
  }
  const anchor = container.querySelector(`#photo-list-${id}`) as HTMLElement;
  anchor.getBoundingClientRect = () => ({ top: -offset, left: 0, right: 375, bottom: 0, width: 375, height: 0, x: 0, y: -offset, toJSON: () => ({}) }) as DOMRect;
  Object.defineProperty(window, 'scrollY', { configurable: true, value: offset });
  act(() => {
    window.dispatchEvent(new Event('scroll'));
  });
}

/** Wait for the scroll to be measured (H5 measures in the next animation frame). */
export async function settleFrame() {
  await act(async () => {
    await new Promise((r) => setTimeout(r, 40));
  });
}

export const renderedIndexes = (el: HTMLElement) => byTestId(el, 'photo-item').map((c) => Number(c.getAttribute('data-index')));

/**
 * The thumbnail of a rendered photo cell: a plain lazy <img> in browsers, Taro's
 * Image with lazyLoad in the mini-program (TARO_ENV_JEST=weapp).
 */
export function cellImage(cell: Element): { src: string; lazy: boolean } {
  const img = cell.querySelector('img.photo-cell__image');
  if (img) return { src: img.getAttribute('src') ?? '', lazy: img.getAttribute('loading') === 'lazy' };
  const taro = cell.querySelector('taro-image-core');
  return { src: taro?.getAttribute('src') ?? '', lazy: taro?.getAttribute('lazy-load') === 'true' };
}
