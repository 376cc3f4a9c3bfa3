import { readStored, removeStored, writeStored } from '../../platform/storage';
import { GOT_CACHE_MAX_AGE_MS } from './redPacketRules';

/** Device storage key of the packets this visitor already got. */
export const GOT_CACHE_KEY = 'redpackage_got';

interface Stored {
  /** When the cache was started (ms); the whole cache is dropped 30 days later (spec part 3 §9). */
  since: number;
  ids: number[];
}

export interface GotCacheDeps {
  read: <T>(key: string, fallback: T) => T;
  write: (key: string, value: unknown) => void;
  remove: (key: string) => void;
  now: () => number;
}

/**
 * Packets already got on this device (spec part 3 §4: "Already-got packets are answered
 * locally as all/done"), cleared 30 days after the cache began.
 */
export class GotCache {
  private deps: GotCacheDeps;

  constructor(deps: Partial<GotCacheDeps> = {}) {
    this.deps = { read: readStored, write: writeStored, remove: removeStored, now: () => Date.now(), ...deps };
  }

  private load(): Stored | null {
    const v = this.deps.read<Stored | null>(GOT_CACHE_KEY, null);
    if (!v || typeof v !== 'object' || !Array.isArray(v.ids) || typeof v.since !== 'number') return null;
    if (this.deps.now() - v.since > GOT_CACHE_MAX_AGE_MS) {
      this.deps.remove(GOT_CACHE_KEY);
      return null;
    }
    return v;
  }

  has(id: number): boolean {
    return this.load()?.ids.includes(id) ?? false;
  }

  add(id: number): void {
    const v = this.load() ?? { since: this.deps.now(), ids: [] };
    if (!v.ids.includes(id)) v.ids.push(id);
    this.deps.write(GOT_CACHE_KEY, v);
  }
}
