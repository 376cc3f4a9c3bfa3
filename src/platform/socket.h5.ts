import type { SocketPlatform } from './socket-core';
import { H5, UnsupportedPlatformCall } from './unsupported';

export * from './socket-core';

/** The browser's WebSocket. */
export const openSocket: SocketPlatform['openSocket'] = (url, h) => {
  if (typeof WebSocket === 'undefined') throw new UnsupportedPlatformCall('openSocket', H5, 'this browser has no WebSocket');
  const ws = new WebSocket(url);
  let ended = false;
  ws.onopen = () => h.onOpen();
  ws.onmessage = (e) => {
    if (typeof e.data === 'string') h.onMessage(e.data);
  };
  ws.onerror = (e) => h.onError?.(e);
  ws.onclose = (e) => {
    if (ended) return;
    ended = true;
    h.onClose(e.code, e.reason);
  };
  return {
    send: (text) => {
      if (ws.readyState === 1) ws.send(text);
    },
    close: () => ws.close()
  };
};

/** The page's own origin, as ws(s)://. */
export const socketOrigin: SocketPlatform['socketOrigin'] = () => {
  if (typeof location === 'undefined') return 'ws://localhost';
  return `${location.protocol === 'https:' ? 'wss:' : 'ws:'}//${location.host}`;
};

/** The page becomes visible again, or the browser comes back online. */
export const onForeground: SocketPlatform['onForeground'] = (cb) => {
  if (typeof document === 'undefined') return () => undefined;
  const onVisible = () => {
    if (document.visibilityState === 'visible') cb();
  };
  document.addEventListener('visibilitychange', onVisible);
  window.addEventListener('online', cb);
  return () => {
    document.removeEventListener('visibilitychange', onVisible);
    window.removeEventListener('online', cb);
  };
};
