import { EventEmitter } from 'node:events';
import type { LiveEventMap, LiveEventName, LiveMessage } from '../../../types/live';

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
  close(): Promise<void>;
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
