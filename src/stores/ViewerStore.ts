import { makeAutoObservable } from 'mobx';
import type { Photo } from '../../types/api/photo';
import type { PhotoListStore } from './PhotoListStore';

/**
 * The full-screen viewer of one page (spec part 1 §4): index -1 when closed;
 * opening sets the index; next past the last photo asks for the end toast.
 */
export class ViewerStore {
  index = -1;
  list: PhotoListStore | null = null;
  /** Bumped when "next" is pressed on the last photo: the UI shows 'This is the last one photo'. */
  lastPhotoHits = 0;

  constructor() {
    makeAutoObservable(this, { list: false });
  }

  get isOpen(): boolean {
    return this.index >= 0 && !!this.list;
  }

  get photos(): Photo[] {
    return this.list?.items ?? [];
  }

  get current(): Photo | null {
    return this.isOpen ? this.photos[this.index] ?? null : null;
  }

  open(list: PhotoListStore, index: number): void {
    if (index < 0 || index >= list.items.length) return;
    this.list = list;
    this.index = index;
  }

  close(): void {
    this.index = -1;
  }

  /** Move by one; past the end (with nothing more to load) it stays and counts a last-photo hit. */
  next(): void {
    if (!this.isOpen) return;
    if (this.index < this.photos.length - 1) this.index++;
    else if (!this.list?.hasMore) this.lastPhotoHits++;
  }

  prev(): void {
    if (this.isOpen && this.index > 0) this.index--;
  }

  goTo(index: number): void {
    if (this.isOpen && index >= 0 && index < this.photos.length) this.index = index;
  }
}
