import { routesAlias } from '@tarojs/router';
import { ROUTES, PAGES, matchPattern } from '../routes';

/** Installed with the routes, before the router: see overlay-back.h5.tsx. */
export { installOverlayBack } from './overlay-back';

/** Browsers: the app's pages have URLs (Taro's H5 router). */
export function hasUrlRouter(): boolean {
  return true;
}

/**
 * Taro's H5 router resolves pages with universal-router (which understands
 * `:param` patterns) but maps a URL back to its page with an exact lookup.
 * Give that lookup the same pattern matching as src/routes.ts, so a typed,
 * shared or reloaded `/g/{link_id}` opens the gallery page and keeps its URL.
 * Called once, before the router is created (app.ts is evaluated first).
 */
export function installPatternRoutes(): void {
  const alias = routesAlias as unknown as { getConfig: (url?: string) => [string, string] | undefined };
  alias.getConfig = (url = '') => {
    const pathname = url.split('?')[0].replace(/\/+$/, '') || '/';
    for (const route of ROUTES) {
      if (route.pattern === '/') continue;
      if (matchPattern(route, pathname)) return [`/${PAGES[route.page]}`, url];
    }
    // A Taro page path maps to itself (never to one of its patterns).
    const page = Object.values(PAGES).find((p) => `/${p}` === pathname);
    return page ? [`/${page}`, url] : undefined;
  };
}

declare const __webpack_require__: { f?: Record<string, (chunkId: string | number, promises: Promise<unknown>[]) => void> } | undefined;

/**
 * Every `import()` of the app waits for the next task before its module runs. The document names
 * the page's chunks (server/src/routes/h5.ts), so they are installed when the app starts and the
 * router's import of the page would otherwise resolve at once: the page's modules and its first
 * render ran inside the app's start, one task of about 300 ms on a slow phone. Webpack gathers
 * the promises of `__webpack_require__.f` handlers before a chunk's modules run (its own are the
 * script and style loaders); this one adds a macrotask.
 */
export function installChunkYield(): void {
  if (typeof __webpack_require__ === 'undefined' || !__webpack_require__.f) return;
  __webpack_require__.f.nextTask = (_chunkId, promises) => {
    promises.push(new Promise((resolve) => setTimeout(resolve, 0)));
  };
}
