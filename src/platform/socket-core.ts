/** What both socket implementations (socket.h5.ts, socket.weapp.ts) share. */

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

export interface SocketPlatform {
  /** One WebSocket with the same interface everywhere. */
  openSocket: SocketFactory;
  /** ws(s):// origin of the API. */
  socketOrigin(): string;
  /** Call `cb` whenever the app or page comes back to the foreground; returns a stop function. */
  onForeground(cb: () => void): () => void;
}
