import { EventEmitter } from 'node:events';
import type { LiveEventMap, LiveEventName, LiveMessage } from '../../../types/live';

/**
 * Server-internal notices between processes. They travel apart from live
 * messages (their own event / channel), so no socket ever receives one.
 * - session_forget: a login moved or upgraded this session (or its profile
 *   changed): drop the cached user of that token hash now.
 * - live_recheck: a gate of this gallery changed (or passes were revoked): drop its
 *   cached gates and re-check every socket in its live room (LiveAccess.gateChanged).
 * - face_reset: faces or persons of this gallery were removed or hidden (gallery_id 0:
 *   of any gallery): in-process face indexes load it afresh (services/face/vectors.ts).
 */
export type BusNotice =
  | { kind: 'session_forget'; token_hash: string }
  | { kind: 'live_recheck'; gallery_id: number }
  | { kind: 'face_reset'; gallery_id: number };

/**
 * Carries live messages between server processes. Every process subscribes and
 * delivers what it receives to its own sockets; publishing never delivers directly.
 * In-process by default; Redis pub/sub when REDIS_URL is set (see redis-bus.ts).
 */
export interface LiveBus {
  readonly kind: 'memory' | 'redis';
  publish(msg: LiveMessage): Promise<void>;
  /** Returns the unsubscribe function. */
  subscribe(handler: (msg: LiveMessage) => void): () => void;
  /** Server-internal notices to every process (this one included); never delivered to sockets. */
  publishInternal(notice: BusNotice): Promise<void>;
  /** Returns the unsubscribe function. */
  subscribeInternal(handler: (notice: BusNotice) => void): () => void;
  close(): Promise<void>;
}

const TOKEN_HASH_RE = /^[0-9a-f]{64}$/;

/** A well-formed notice, or null (a bus carries only what this server publishes, but check anyway). */
export function parseBusNotice(m: unknown): BusNotice | null {
  if (!m || typeof m !== 'object') return null;
  const { kind, token_hash, gallery_id } = m as { kind?: unknown; token_hash?: unknown; gallery_id?: unknown };
  if (kind === 'session_forget' && typeof token_hash === 'string' && TOKEN_HASH_RE.test(token_hash)) return { kind, token_hash };
  if (kind === 'live_recheck' && typeof gallery_id === 'number' && Number.isSafeInteger(gallery_id) && gallery_id > 0) return { kind, gallery_id };
  if (kind === 'face_reset' && typeof gallery_id === 'number' && Number.isSafeInteger(gallery_id) && gallery_id >= 0) return { kind, gallery_id };
  return null;
}

export class InProcessBus implements LiveBus {
  readonly kind = 'memory' as const;
  private emitter = new EventEmitter();

  constructor() {
    this.emitter.setMaxListeners(0);
  }

  async publish(msg: LiveMessage): Promise<void> {
    // Deliver asynchronously, like a real bus: a publisher's transaction code never runs socket writes.
    queueMicrotask(() => this.emitter.emit('message', msg));
  }

  subscribe(handler: (msg: LiveMessage) => void): () => void {
    this.emitter.on('message', handler);
    return () => this.emitter.off('message', handler);
  }

  async publishInternal(notice: BusNotice): Promise<void> {
    queueMicrotask(() => this.emitter.emit('internal', notice));
  }

  subscribeInternal(handler: (notice: BusNotice) => void): () => void {
    this.emitter.on('internal', handler);
    return () => this.emitter.off('internal', handler);
  }

  async close(): Promise<void> {
    this.emitter.removeAllListeners();
  }
}

/** The one typed way the server publishes: a payload that does not match its name fails to compile. */
export interface LivePublisher {
  publish<K extends LiveEventName>(room: number, type: K, data: LiveEventMap[K]): Promise<void>;
}

export function livePublisher(bus: LiveBus): LivePublisher {
  return {
    publish: (room, type, data) => bus.publish({ type, room, data } as LiveMessage)
  };
}
