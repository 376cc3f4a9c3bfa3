import type { BeaconPlatform } from './beacon-core';

export * from './beacon-core';

/**
 * navigator.sendBeacon (text/plain, so no preflight). A same-origin beacon carries the session
 * cookie and its Origin (the server's check of a cookie's writes); it cannot carry headers, so
 * `token` is not used here. False when the browser has no beacon.
 */
export const sendOnLeave: BeaconPlatform['sendOnLeave'] = (url, json) => {
  if (typeof navigator === 'undefined' || typeof navigator.sendBeacon !== 'function') return false;
  return navigator.sendBeacon(url, new Blob([json], { type: 'text/plain;charset=UTF-8' }));
};

/** The tab hides or unloads (pagehide, visibilitychange to hidden). */
export const onLeave: BeaconPlatform['onLeave'] = (fn) => {
  if (typeof window === 'undefined') return () => undefined;
  const onVisibility = () => {
    if (document.visibilityState === 'hidden') fn();
  };
  window.addEventListener('pagehide', fn);
  document.addEventListener('visibilitychange', onVisibility);
  return () => {
    window.removeEventListener('pagehide', fn);
    document.removeEventListener('visibilitychange', onVisibility);
  };
};
