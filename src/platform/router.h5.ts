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
