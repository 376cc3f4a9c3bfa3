/** What both leave-time implementations (beacon.h5.ts, beacon.weapp.ts) share. */
export interface BeaconPlatform {
  /** Deliver a small JSON body while the page is being left; returns whether it was queued. */
  sendOnLeave(url: string, json: string, token: string): boolean;
  /** Call `fn` when the visitor leaves; returns a stop function. */
  onLeave(fn: () => void): () => void;
}
