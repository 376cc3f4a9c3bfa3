import Taro, { useDidShow } from '@tarojs/taro';
import { useEffect, useRef } from 'react';

/**
 * The page title: the one module that writes it (issue 26, finding 1). Titles are built
 * from data anyone can influence (a gallery's or a person's name, a URL's `title`
 * parameter), so they reach the screen as text only:
 *
 * - H5: `document.title`, a text setter. Taro's `setNavigationBarTitle` is never called
 *   here: its H5 navigation bar writes the title into the page with `innerHTML`, and
 *   Taro's router writes the title it remembered for a page the same way each time the
 *   page shows. With nothing handed to it, the router remembers only the page's
 *   configured (empty, static) title.
 * - Mini-program: the native navigation bar (`wx.setNavigationBarTitle`), which shows text.
 *
 * Nothing else in `src/` may call `Taro.setNavigationBarTitle` or write `document.title`
 * (tests/unit/title-sink.test.ts checks it).
 */
export function setTitle(title: string): void {
  if (!title) return;
  if (process.env.TARO_ENV === 'h5') {
    document.title = title;
    return;
  }
  void Promise.resolve(Taro.setNavigationBarTitle({ title })).catch(() => undefined);
}

/**
 * Keeps the page's title while it is on screen: set when it changes and again each time
 * the page shows (Back from another page included). In H5 Taro's router writes the page's
 * configured empty title right after the page's onShow hooks, in the same task, so the
 * title is set again once that has run. Nothing is set while `title` is empty (data still loading).
 */
export function usePageTitle(title: string | null | undefined): void {
  const latest = useRef(title);
  latest.current = title;
  useEffect(() => {
    if (title) setTitle(title);
  }, [title]);
  useDidShow(() => {
    const again = () => {
      if (latest.current) setTitle(latest.current);
    };
    again();
    if (process.env.TARO_ENV === 'h5') queueMicrotask(again);
  });
}
