import Taro from '@tarojs/taro';
import { apiBase } from './env';

/** What a socket reports. Every callback fires at most once per socket, except onMessage. */
export interface SocketHandlers {
  onOpen: () => void;
  onMessage: (text: string) => void;
  /** The socket is gone (closed by either side, or failed to connect). */
  onClose: (code: number, reason: string) => void;
  onError?: (err: unknown) => void;
}

export interface SocketLike {
  send: (text: string) => void;
  close: () => void;
}

export type SocketFactory = (url: string, handlers: SocketHandlers) => SocketLike;

/**
 * One WebSocket with the same interface everywhere: the mini-program's SocketTask
 * (Taro.connectSocket; WeChat allows 5 at once) or the browser's WebSocket.
 */
export function openSocket(url: string, handlers: SocketHandlers): SocketLike {
  if (process.env.TARO_ENV === 'weapp') return openMiniProgramSocket(url, handlers);
  if (process.env.TARO_ENV === 'h5') return openBrowserSocket(url, handlers);
  throw new Error(`openSocket: no WebSocket for TARO_ENV=${process.env.TARO_ENV}`);
}

function openMiniProgramSocket(url: string, h: SocketHandlers): SocketLike {
  let task: Taro.SocketTask | null = null;
  let closed = false;
  let ended = false;
  const end = (code: number, reason: string) => {
    if (ended) return;
    ended = true;
    h.onClose(code, reason);
  };
  // Taro types connectSocket as a promise of the task; the mini-program may also return it directly.
  // `fail` may run synchronously: report it after openSocket has returned.
  const started = Taro.connectSocket({
    url,
    fail: (e) => void Promise.resolve().then(() => end(1006, e?.errMsg ?? 'connect failed'))
  }) as unknown;
  Promise.resolve(started as Promise<Taro.SocketTask>)
    .then((t) => {
      task = t;
      t.onOpen(() => (closed ? t.close({}) : h.onOpen()));
      t.onMessage((m) => {
        if (typeof m.data === 'string') h.onMessage(m.data);
      });
      t.onError((e) => h.onError?.(e));
      t.onClose((r) => end(r?.code ?? 1006, r?.reason ?? ''));
      if (closed) t.close({});
    })
    .catch((e) => end(1006, String(e?.errMsg ?? e)));
  return {
    send: (text) => task?.send({ data: text }),
    close: () => {
      closed = true;
      task?.close({});
    }
  };
}

function openBrowserSocket(url: string, h: SocketHandlers): SocketLike {
  if (typeof WebSocket === 'undefined') throw new Error('openSocket: this browser has no WebSocket');
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
}

/** ws(s):// origin of the API: the page's own origin in H5, the configured API host in the mini-program. */
export function socketOrigin(): string {
  if (process.env.TARO_ENV === 'weapp') return apiBase().replace(/^http/, 'ws');
  if (typeof location === 'undefined') return 'ws://localhost';
  return `${location.protocol === 'https:' ? 'wss:' : 'ws:'}//${location.host}`;
}

/** Call `cb` whenever the app or page comes back to the foreground; returns a stop function. */
export function onForeground(cb: () => void): () => void {
  if (process.env.TARO_ENV === 'weapp') {
    Taro.onAppShow(cb);
    return () => Taro.offAppShow(cb);
  }
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
}
