import { makeAutoObservable } from 'mobx';

/**
 * Page-wide events that components react to without knowing each other: the
 * `refresh` pendant bumps `refreshToken`, and every photo list on the page
 * resets and loads again (spec part 1 §4: an event resets the list).
 */
export class PageEventsStore {
  refreshToken = 0;
  /** Photos published since the list loaded (set by the live channel): the 'more photos' banner. */
  newPhotos = 0;

  constructor() {
    makeAutoObservable(this);
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
}
