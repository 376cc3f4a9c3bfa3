import { action, makeObservable, observable } from 'mobx';
import { liveCalls } from '../../types/api/live';
import { pathOf } from '../../types/api/contract';
import { dispatchLive, liveMessagesOf, LIVE_HEARTBEAT_MS, LIVE_PATH, type LiveClientFrame, type LiveHandlers, type LiveMessage } from '../../types/live';
import { openSocket, socketOrigin, onForeground, type SocketFactory, type SocketLike } from '../platform/socket';
import { socketCredential } from './credentials';

export { LIVE_HEARTBEAT_MS, LIVE_PATH };
/** Reconnect backoff: 1 s doubling to 30 s, ±20 % jitter so clients do not return in step. */
export const LIVE_BACKOFF_MIN_MS = 1_000;
export const LIVE_BACKOFF_MAX_MS = 30_000;
export const LIVE_BACKOFF_JITTER = 0.2;
/** A connection that stayed up this long starts the backoff again from 1 s. */
export const LIVE_STABLE_MS = 30_000;
/** With nothing watched, the socket stays open this long (page A hides just before page B shows). */
export const LIVE_IDLE_CLOSE_MS = 10_000;

export type LiveStatus = 'idle' | 'connecting' | 'open' | 'closed';

type Timer = ReturnType<typeof setTimeout>;
export interface LiveTimers {
  setTimeout: (fn: () => void, ms: number) => Timer;
  clearTimeout: (t: Timer) => void;
  setInterval: (fn: () => void, ms: number) => Timer;
  clearInterval: (t: Timer) => void;
}

export interface LiveDeps {
  open: SocketFactory;
  /**
   * The session for the socket's URL: the mini-program's token, '' when the browser's cookie carries it,
   * null while there is no session (the connection waits: the next watch, foreground or session tries again).
   */
  token: () => string | null;
  url: (gallery: number, token: string) => string;
  timers: LiveTimers;
  random: () => number;
  now: () => number;
  onForeground: (cb: () => void) => () => void;
}

// Globals are looked up at call time so fake timers installed later are honoured.
const globalTimers: LiveTimers = {
  setTimeout: (fn, ms) => setTimeout(fn, ms),
  clearTimeout: (t) => clearTimeout(t),
  setInterval: (fn, ms) => setInterval(fn, ms),
  clearInterval: (t) => clearInterval(t)
};

/**
 * The live channel's WebSocket URL (types/api/live.ts). The mini-program's token travels in the query
 * (a socket has no headers); a browser's same-origin socket carries the session cookie, so no token.
 */
export function liveUrl(gallery: number, token: string): string {
  return `${socketOrigin()}${pathOf(liveCalls.connect)}?${token ? `token=${encodeURIComponent(token)}&` : ''}gallery=${gallery}`;
}

/** Delay before reconnect attempt `attempt` (0-based). */
export function backoffMs(attempt: number, random: number): number {
  const base = Math.min(LIVE_BACKOFF_MAX_MS, LIVE_BACKOFF_MIN_MS * 2 ** Math.min(attempt, 16));
  return Math.round(Math.min(LIVE_BACKOFF_MAX_MS, base * (1 + LIVE_BACKOFF_JITTER * (random * 2 - 1))));
}

/**
 * The app's one live-channel socket (the mini-program allows 5; we use 1). Pages
 * `watch` gallery rooms: the first room opens the socket, further rooms are
 * joined and left on it. Pings every half heartbeat; a ping left unanswered
 * until the next one means the socket is dead. Reconnects with backoff, and at
 * once when the app returns to the foreground.
 */
export class LiveConnection {
  status: LiveStatus = 'idle';
  private deps: LiveDeps;
  private rooms = new Map<number, Set<LiveHandlers>>();
  /** Rooms the current socket is in (the URL's room counts from the start). */
  private joined = new Set<number>();
  private socket: SocketLike | null = null;
  private attempt = 0;
  private openedAt: number | null = null;
  private awaitingPong = false;
  private retryTimer: Timer | null = null;
  private heartbeat: Timer | null = null;
  private idleTimer: Timer | null = null;
  private stopForeground: (() => void) | null = null;

  constructor(deps: Partial<LiveDeps> = {}) {
    this.deps = {
      open: openSocket,
      token: socketCredential,
      url: liveUrl,
      timers: globalTimers,
      random: Math.random,
      now: () => Date.now(),
      onForeground,
      ...deps
    };
    makeObservable<LiveConnection, 'setStatus'>(this, { status: observable, setStatus: action });
  }

  /** Receive the messages of one gallery room; returns the function that stops watching. */
  watch(gallery: number, handlers: LiveHandlers): () => void {
    let set = this.rooms.get(gallery);
    if (!set) {
      set = new Set();
      this.rooms.set(gallery, set);
    }
    // A new room, or one the server took the socket out of ('left': the pass ended) and the page watches again.
    if (this.status === 'open' && !this.joined.has(gallery)) this.join(gallery);
    set.add(handlers);
    if (this.idleTimer) this.deps.timers.clearTimeout(this.idleTimer);
    this.idleTimer = null;
    this.stopForeground ??= this.deps.onForeground(() => this.foreground());
    if (!this.socket && !this.retryTimer) this.connect();
    let stopped = false;
    return () => {
      if (stopped) return;
      stopped = true;
      this.unwatch(gallery, handlers);
    };
  }

  /** A session is there now (the app ran without one): connect if rooms are watched and no socket is up or planned. */
  resume(): void {
    if (this.rooms.size && !this.socket && !this.retryTimer) this.connect();
  }

  get watching(): number[] {
    return [...this.rooms.keys()];
  }

  /** Close everything now (tests, app exit). */
  shutdown(): void {
    this.rooms.clear();
    this.closeIdle();
  }

  private unwatch(gallery: number, handlers: LiveHandlers): void {
    const set = this.rooms.get(gallery);
    if (!set) return;
    set.delete(handlers);
    if (set.size) return;
    this.rooms.delete(gallery);
    if (this.status === 'open' && this.joined.has(gallery)) this.send({ type: 'leave', gallery });
    this.joined.delete(gallery);
    if (!this.rooms.size && !this.idleTimer) this.idleTimer = this.deps.timers.setTimeout(() => this.closeIdle(), LIVE_IDLE_CLOSE_MS);
  }

  private closeIdle(): void {
    if (this.idleTimer) this.deps.timers.clearTimeout(this.idleTimer);
    this.idleTimer = null;
    if (this.rooms.size) return;
    this.stopForeground?.();
    this.stopForeground = null;
    this.cancelRetry();
    this.drop();
    this.attempt = 0;
    this.setStatus('idle');
  }

  private connect(): void {
    const first = this.rooms.keys().next();
    if (first.done) return;
    const token = this.deps.token();
    if (token === null) {
      this.setStatus('idle');
      return;
    }
    this.setStatus('connecting');
    this.joined = new Set([first.value]);
    this.openedAt = null;
    // Callbacks of a socket replaced meanwhile (or not yet returned) are ignored.
    let sock: SocketLike | null = null;
    const mine = () => sock !== null && sock === this.socket;
    sock = this.deps.open(this.deps.url(first.value, token), {
      onOpen: () => mine() && this.opened(),
      onMessage: (text) => mine() && this.received(text),
      onClose: () => mine() && this.lost()
    });
    this.socket = sock;
  }

  private opened(): void {
    this.setStatus('open');
    this.openedAt = this.deps.now();
    for (const g of this.joined) if (!this.rooms.has(g)) this.send({ type: 'leave', gallery: g });
    this.joined = new Set([...this.joined].filter((g) => this.rooms.has(g)));
    for (const g of this.rooms.keys()) if (!this.joined.has(g)) this.join(g);
    this.awaitingPong = false;
    this.heartbeat = this.deps.timers.setInterval(() => this.beat(), LIVE_HEARTBEAT_MS / 2);
  }

  private received(text: string): void {
    // Any frame proves the socket alive.
    this.awaitingPong = false;
    let msg: unknown;
    try {
      msg = JSON.parse(text);
    } catch {
      return;
    }
    for (const m of liveMessagesOf(msg)) {
      const room = (m as Partial<LiveMessage> | null)?.room;
      if (typeof room !== 'number') continue;
      // The server took the socket out of a room (its gate pass ended): no more messages come
      // for it; the page keeps what it shows, and watching it again (after passing) joins again.
      if ((m as { type?: unknown }).type === 'left') {
        this.joined.delete(room);
        continue;
      }
      for (const h of [...(this.rooms.get(room) ?? [])]) dispatchLive(h, m);
    }
  }

  private beat(): void {
    if (this.awaitingPong) {
      this.lost();
      return;
    }
    this.awaitingPong = true;
    this.send({ type: 'ping' });
  }

  /** The socket closed or stopped answering: drop it and try again later. */
  private lost(): void {
    const stable = this.openedAt !== null && this.deps.now() - this.openedAt >= LIVE_STABLE_MS;
    this.drop();
    this.setStatus('closed');
    if (stable) this.attempt = 0;
    if (this.rooms.size && !this.retryTimer) {
      const delay = backoffMs(this.attempt++, this.deps.random());
      this.retryTimer = this.deps.timers.setTimeout(() => {
        this.retryTimer = null;
        this.connect();
      }, delay);
    }
  }

  private foreground(): void {
    if (!this.rooms.size) return;
    if (this.status === 'open') {
      // Sockets often die silently in the background: check now rather than at the next beat.
      if (!this.awaitingPong) this.beat();
      return;
    }
    if (this.status === 'connecting') return;
    this.cancelRetry();
    this.attempt = 0;
    this.connect();
  }

  private drop(): void {
    if (this.heartbeat) this.deps.timers.clearInterval(this.heartbeat);
    this.heartbeat = null;
    const sock = this.socket;
    this.socket = null;
    this.openedAt = null;
    this.awaitingPong = false;
    this.joined.clear();
    try {
      sock?.close();
    } catch {
      /* already closed */
    }
  }

  private cancelRetry(): void {
    if (this.retryTimer) this.deps.timers.clearTimeout(this.retryTimer);
    this.retryTimer = null;
  }

  private join(gallery: number): void {
    this.joined.add(gallery);
    this.send({ type: 'join', gallery });
  }

  private send(frame: LiveClientFrame): void {
    this.socket?.send(JSON.stringify(frame));
  }

  private setStatus(s: LiveStatus): void {
    this.status = s;
  }
}
