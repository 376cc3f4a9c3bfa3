import { makeAutoObservable } from 'mobx';
import { readStored, writeStored } from '../../platform/storage';

/** Storage key of a gallery's praise count on this device. */
export const praiseKey = (galleryId: number): string => `pendent_good_${galleryId}`;

/** Most praise one device keeps per gallery (the badge shows 99+ long before). */
export const PRAISE_MAX = 100000;

export interface PraiseDeps {
  read: (key: string) => number;
  write: (key: string, value: number) => void;
}

/**
 * The good (praise) pendant: every tap praises the gallery once more; the count is
 * kept per gallery on this device (spec part 1 §2, issue 14) and shown as the
 * pendant's badge.
 */
export class PraiseStore {
  /** Counts read so far, by gallery id. */
  counts = new Map<number, number>();
  /** Gallery whose praise was just given (the button's short pulse). */
  pulse = 0;
  private deps: PraiseDeps;

  constructor(deps: Partial<PraiseDeps> = {}) {
    this.deps = {
      read: (key) => readStored<number>(key, 0),
      write: (key, value) => writeStored(key, value),
      ...deps
    };
    makeAutoObservable<PraiseStore, 'deps'>(this, { deps: false });
  }

  /** The gallery's praise on this device (read from storage until this store has written it). */
  count(galleryId: number): number {
    const known = this.counts.get(galleryId);
    if (known !== undefined) return known;
    const raw = Number(this.deps.read(praiseKey(galleryId)));
    return Number.isFinite(raw) && raw > 0 ? Math.min(PRAISE_MAX, Math.floor(raw)) : 0;
  }

  /** One more praise for the gallery, kept on the device; answers the new count. */
  praise(galleryId: number): number {
    const n = Math.min(PRAISE_MAX, this.count(galleryId) + 1);
    this.counts.set(galleryId, n);
    this.deps.write(praiseKey(galleryId), n);
    this.pulse++;
    return n;
  }
}
