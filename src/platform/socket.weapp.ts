import Taro from '@tarojs/taro';
import { apiBase } from './env';
import type { SocketPlatform } from './socket-core';

export * from './socket-core';

/** The mini-program's SocketTask (Taro.connectSocket; WeChat allows 5 at once). */
export const openSocket: SocketPlatform['openSocket'] = (url, h) => {
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
};

/** The configured API host, as ws(s)://. */
export const socketOrigin: SocketPlatform['socketOrigin'] = () => apiBase().replace(/^http/, 'ws');

/** The app comes back to the foreground (onAppShow). */
export const onForeground: SocketPlatform['onForeground'] = (cb) => {
  Taro.onAppShow(cb);
  return () => Taro.offAppShow(cb);
};
