import { makeAutoObservable, observableRef } from 'mobx';
import type { FaceDialogMode, FaceProfile, FindPeopleResult, Person } from '../../../types/api/face';

/** The person a dialog is about (edit buddy name, follow a known person). */
export interface DialogPerson {
  personid: number;
  name: string;
  faceurl: string;
}

/** What a dialog ended with. */
export type FaceDialogResult =
  | { mode: 'findPeople'; found: FindPeopleResult }
  | { mode: 'findPeople'; filter: PhotoFilter }
  | { mode: 'updateInfo'; profile: FaceProfile }
  | { mode: 'followNew' | 'editBuddy'; person: Person };

/** The non-face way to find photos: a shoot-time range (Unix seconds) and a text. */
export interface PhotoFilter {
  from?: number;
  to?: number;
  q?: string;
}

export interface FaceDialogRequest {
  mode: FaceDialogMode;
  galleryId: number;
  person?: DialogPerson | null;
  /** How many the visitor follows now (follow new is refused at FRIENDS_MAX). */
  following?: number;
  onDone?: (result: FaceDialogResult) => void;
}

/** What the gallery page shows after a search: a person's photos, or photos by time and text. */
export type FoundView = { kind: 'person'; person: Person } | { kind: 'filter'; filter: PhotoFilter };

/**
 * A page's face dialog: which one is asked for (its code loads when first asked), and
 * what a search found. Small on purpose: it is part of every gallery page's first load,
 * the dialog's rules (FaceDialogStore) come with the dialog's chunk.
 */
export class FaceDialogHost {
  request: FaceDialogRequest | null = null;
  found: FoundView | null = null;
  /** Bumped when the visitor's face or follows changed, so the tabs load again. */
  version = 0;

  constructor() {
    // Replaced whole, not observed deeply (a request carries a callback).
    makeAutoObservable(this, { request: observableRef, found: observableRef }, { autoBind: true });
  }

  /** Bumped by every open: each request gets a dialog of its own. */
  seq = 0;

  open(request: FaceDialogRequest): void {
    this.seq++;
    this.request = request;
  }

  /** The find-person dialog (the Find pendant): what it finds shows on the page. */
  openFind(galleryId: number): void {
    this.open({
      mode: 'findPeople',
      galleryId,
      onDone: (r) => {
        if (r.mode !== 'findPeople') return;
        this.show('found' in r ? { kind: 'person', person: r.found.person } : { kind: 'filter', filter: r.filter });
      }
    });
  }

  close(): void {
    this.request = null;
  }

  show(found: FoundView | null): void {
    this.found = found;
  }

  changed(): void {
    this.version++;
  }
}
