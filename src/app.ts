import { createElement, type PropsWithChildren } from 'react';
import Taro, { useLaunch } from '@tarojs/taro';
import { hasUrlRouter, installChunkYield, installOverlayBack, installPatternRoutes } from './platform/router';
import { getRootStore, StoreContext } from './stores/RootStore';
import { PAGES } from './routes';
import './app.scss';

// Before the H5 router is created: spec URLs resolve to their pages, and Back out of an
// overlay (the viewer, a sheet) stays with the overlay instead of reaching the router.
if (hasUrlRouter()) {
  installPatternRoutes();
  installOverlayBack();
  installChunkYield();
}

function App({ children }: PropsWithChildren) {
  const root = getRootStore();
  useLaunch(() => {
    // The session starts at launch; every page waits for it (PageShell).
    if (root.session.status === 'idle') void root.session.start().catch(() => undefined);
  });
  return createElement(StoreContext.Provider, { value: root }, children);
}

Taro.onPageNotFound?.((res) => {
  void Taro.redirectTo({ url: `/${PAGES.notFound}?url=${encodeURIComponent(res.path)}` });
});

export default App;
