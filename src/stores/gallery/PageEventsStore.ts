import { makeAutoObservable, observableShallow } from 'mobx';
import type { PendantActionKey } from '../pendant/pendantRules';

/** Floating controls that take a place in the dock, rightmost (phones) or lowest (desktops) first. */
export type DockKey = 'pendent' | 'backtop' | 'redpacket';
const DOCK_ORDER: DockKey[] = ['pendent', 'backtop', 'redpacket'];

/** Places the dock has at most; past them the pendants fold into their more-menu. */
export const DOCK_MAX_SLOTS = 6;

/**
 * Page-wide events that components react to without knowing each other: the
 * `refresh` pendant bumps `refreshToken`, and every photo list on the page
 * resets and loads again (spec part 1 §4: an event resets the list).
 *
 * It also keeps the page's dock: the floating controls (pendants, back-to-top) do
 * not float over content. On phones they sit in the bottom bar, right of the
 * navigation tabs, which leave them room; on desktops they stack in the right gutter
 * beside the content column. Each claims a number of places here; the bar and the
 * other claimants read where they go.
 */
export class PageEventsStore {
  refreshToken = 0;
  /** Photos published since the list loaded (set by the live channel): the 'more photos' banner. */
  newPhotos = 0;
  /** Places claimed in the dock, by claimant. */
  dock = new Map<DockKey, number>();
  /** The page's pendants include a back-to-top button (the list then shows no second one). */
  topPendant = false;
  /**
   * Pendant actions the page's features offer while mounted (the photo list: download
   * and collage; later the red packet and the lucky draw). A pendant that needs one
   * shows only while it is offered.
   */
  pendantOffers = new Map<PendantActionKey, () => void>();
  /** The comment send bar is at the bottom of the screen (the pendants stand on it). */
  commentBar = false;

  constructor() {
    makeAutoObservable(this, { pendantOffers: observableShallow });
  }

  /** Offer `action` for the pendant `key`; answers the withdrawal (a later offer of the same key replaces it). */
  offerPendant(key: PendantActionKey, action: () => void): () => void {
    this.pendantOffers.set(key, action);
    return () => {
      if (this.pendantOffers.get(key) === action) this.withdrawPendant(key);
    };
  }

  private withdrawPendant(key: PendantActionKey): void {
    this.pendantOffers.delete(key);
  }

  /** The pendant action `key` is offered now. */
  pendantOffered(key: PendantActionKey): boolean {
    return this.pendantOffers.has(key);
  }

  /** Run the offered action of `key`; false when none is offered. */
  runPendant(key: PendantActionKey): boolean {
    const action = this.pendantOffers.get(key);
    if (!action) return false;
    action();
    return true;
  }

  setCommentBar(on: boolean): void {
    this.commentBar = on;
  }

  refresh(): void {
    this.refreshToken++;
  }

  setNewPhotos(n: number): void {
    this.newPhotos = Math.max(0, Math.floor(n));
  }

  clearNewPhotos(): void {
    this.newPhotos = 0;
  }

  /** Claim `slots` places in the dock for `key` (0 gives them back). */
  setDock(key: DockKey, slots: number): void {
    const n = Math.max(0, Math.min(DOCK_MAX_SLOTS, Math.floor(slots)));
    if (n > 0) this.dock.set(key, n);
    else this.dock.delete(key);
  }

  setTopPendant(on: boolean): void {
    this.topPendant = on;
  }

  /** Places taken in all (the bar keeps this many free at its right). */
  get dockSlots(): number {
    let n = 0;
    for (const v of this.dock.values()) n += v;
    return Math.min(DOCK_MAX_SLOTS, n);
  }

  /** Places taken by the claimants before `key`: where `key`'s own places start. */
  dockOffset(key: DockKey): number {
    let n = 0;
    for (const k of DOCK_ORDER) {
      if (k === key) break;
      n += this.dock.get(k) ?? 0;
    }
    return Math.min(DOCK_MAX_SLOTS, n);
  }
}
