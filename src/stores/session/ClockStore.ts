import { makeAutoObservable } from 'mobx';
import type { GalleryStatus } from '../../../types/api/gallery';
import { deriveStatus } from '../../../types/status';

/** The server's clock (from sysinfo.srv_time): statuses derive from it, not from a wrong device clock. */
export class ClockStore {
  /** Server clock minus device clock, seconds. */
  skew = 0;

  constructor() {
    makeAutoObservable(this);
  }

  sync(srvTime: number): void {
    this.skew = srvTime - Math.floor(Date.now() / 1000);
  }

  /** Now on the server's clock, Unix seconds. */
  now(): number {
    return Math.floor(Date.now() / 1000) + this.skew;
  }

  statusOf(g: { status: GalleryStatus; start_time: number | null; end_time: number | null }): GalleryStatus {
    return deriveStatus(g, this.now());
  }
}
