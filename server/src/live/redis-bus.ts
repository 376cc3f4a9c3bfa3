import Redis from 'ioredis';
import { isLiveEventName, type LiveMessage } from '../../../types/live';
import { parseBusNotice, type BusNotice, type LiveBus } from './bus';

/** The pub/sub channel every server process publishes to and subscribes on. */
export const LIVE_CHANNEL = 'livegallery:live';
/** Server-internal notices (bus.ts BusNotice) go on the live channel's name plus this suffix. */
export const INTERNAL_SUFFIX = ':internal';
/** How long the server waits for Redis at start before it gives up with a clear error. */
export const REDIS_CONNECT_TIMEOUT_MS = 5000;

export interface RedisBusOptions {
  channel?: string;
  connectTimeoutMs?: number;
  /** Connection errors after start (ioredis keeps reconnecting); default: one console line per error kind. */
  onError?: (err: Error) => void;
}

/** The message from a pub/sub payload, or null when it is not a well-formed live message. */
export function parseBusMessage(raw: string): LiveMessage | null {
  let m: unknown;
  try {
    m = JSON.parse(raw);
  } catch {
    return null;
  }
  if (!m || typeof m !== 'object') return null;
  const { type, room, data } = m as Partial<LiveMessage>;
  if (!isLiveEventName(type) || typeof room !== 'number' || !Number.isSafeInteger(room) || room <= 0) return null;
  if (!data || typeof data !== 'object') return null;
  return { type, room, data } as LiveMessage;
}

/** The URL without its password, for error messages. */
function safeUrl(url: string): string {
  try {
    const u = new URL(url);
    if (u.password) u.password = '***';
    return u.toString();
  } catch {
    return 'REDIS_URL';
  }
}

/**
 * Redis pub/sub between server processes: one connection publishes, one subscribes
 * (a subscribed Redis connection cannot publish). ioredis reconnects and
 * re-subscribes on its own; messages published while a process is cut off are lost,
 * which the clients' reconnect-and-refetch covers.
 */
export class RedisBus implements LiveBus {
  readonly kind = 'redis' as const;
  private handlers = new Set<(msg: LiveMessage) => void>();
  private internalHandlers = new Set<(notice: BusNotice) => void>();
  private closed = false;

  private constructor(
    private pub: Redis,
    private sub: Redis,
    private channel: string
  ) {
    sub.on('message', (ch: string, raw: string) => {
      if (ch === this.channel + INTERNAL_SUFFIX) {
        let notice: BusNotice | null = null;
        try {
          notice = parseBusNotice(JSON.parse(raw));
        } catch {
          return;
        }
        if (notice) for (const h of this.internalHandlers) h(notice);
        return;
      }
      if (ch !== this.channel) return;
      const msg = parseBusMessage(raw);
      if (!msg) return;
      for (const h of this.handlers) h(msg);
    });
  }

  /** Connects both connections and subscribes; rejects with a readable error when Redis is not reachable in time. */
  static async connect(url: string, opts: RedisBusOptions = {}): Promise<RedisBus> {
    const channel = opts.channel ?? LIVE_CHANNEL;
    const timeoutMs = opts.connectTimeoutMs ?? REDIS_CONNECT_TIMEOUT_MS;
    const seen = new Set<string>();
    const onError =
      opts.onError ??
      ((err: Error) => {
        // ioredis reports every failed reconnect; one line per kind of error is enough.
        if (seen.has(err.message)) return;
        seen.add(err.message);
        console.error(`live bus: Redis error: ${err.message}`);
      });
    let lastError: Error | null = null;
    let started = false;
    const make = () => {
      const r = new Redis(url, { lazyConnect: true, connectTimeout: timeoutMs, maxRetriesPerRequest: 3 });
      r.on('error', (err: Error) => {
        lastError = err;
        if (started) onError(err);
      });
      return r;
    };
    const pub = make();
    const sub = make();
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(() => {
        const why = lastError ? `: ${lastError.message}` : '';
        reject(new Error(`Redis at ${safeUrl(url)} could not be reached within ${timeoutMs / 1000} s${why}`));
      }, timeoutMs);
    });
    // connect() rejects on the first failed attempt while ioredis keeps retrying: wait for "ready" instead.
    const ready = (r: Redis) =>
      new Promise<void>((resolve) => {
        r.once('ready', () => resolve());
        r.connect().catch((err: Error) => {
          lastError = err;
        });
      });
    try {
      await Promise.race([Promise.all([ready(pub), ready(sub)]), timeout]);
      await Promise.race([sub.subscribe(channel, channel + INTERNAL_SUFFIX), timeout]);
    } catch (e) {
      pub.disconnect();
      sub.disconnect();
      throw e;
    } finally {
      clearTimeout(timer);
    }
    started = true;
    return new RedisBus(pub, sub, channel);
  }

  async publish(msg: LiveMessage): Promise<void> {
    if (this.closed) return;
    await this.pub.publish(this.channel, JSON.stringify(msg));
  }

  subscribe(handler: (msg: LiveMessage) => void): () => void {
    this.handlers.add(handler);
    return () => this.handlers.delete(handler);
  }

  async publishInternal(notice: BusNotice): Promise<void> {
    if (this.closed) return;
    await this.pub.publish(this.channel + INTERNAL_SUFFIX, JSON.stringify(notice));
  }

  subscribeInternal(handler: (notice: BusNotice) => void): () => void {
    this.internalHandlers.add(handler);
    return () => this.internalHandlers.delete(handler);
  }

  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    this.handlers.clear();
    this.internalHandlers.clear();
    await Promise.all(
      [this.pub, this.sub].map(async (r) => {
        try {
          await r.quit();
        } catch {
          r.disconnect();
        }
      })
    );
  }
}
