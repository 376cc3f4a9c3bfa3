import { makeAutoObservable, observableRef } from 'mobx';
import type { ShareContent } from '../../platform/share';

/** What the share modal hands the poster maker: the gallery, the photo (the viewer's; null: the maker picks) and the share. */
export interface PosterRequest {
  galleryId: number;
  imageId: number | null;
  content: ShareContent;
}

/** The poster maker as the share modal sees it (issue 16 item 3 plugs itself in here). */
export interface PosterMaker {
  /** Whether a poster can be made for this request (a gallery with at least one photo, …). */
  accepts(r: PosterRequest): boolean;
  /** Opens the maker (its portal) for the request. */
  open(r: PosterRequest): void;
}

/**
 * The share modal's 'QR poster' entry point: hidden until a poster maker registers
 * (spec part 1 §2 share modal: QR poster or copy link). The poster maker calls
 * `posterEntry.register(maker)` when its code loads and the returned function when it goes.
 */
export class PosterEntry {
  maker: PosterMaker | null = null;

  constructor() {
    makeAutoObservable(this, { maker: observableRef }, { autoBind: true });
  }

  register(maker: PosterMaker): () => void {
    this.set(maker);
    return () => {
      if (this.maker === maker) this.set(null);
    };
  }

  private set(maker: PosterMaker | null): void {
    this.maker = maker;
  }

  offers(r: PosterRequest | null): boolean {
    return !!r && !!this.maker && this.maker.accepts(r);
  }

  open(r: PosterRequest): boolean {
    if (!this.offers(r)) return false;
    this.maker!.open(r);
    return true;
  }
}

/** The photo count of the gallery a page shows, when it is this one; null otherwise (not known). */
export function pagePhotoCount(page: { gallery?: { gallery: { id: number } | null; photoCount: number } } | null, galleryId: number): number | null {
  const g = page?.gallery;
  return g?.gallery?.id === galleryId ? g.photoCount : null;
}

/** A poster is offered for a photo's own request, or for a gallery with at least one photo (`photoCount` null: not known). */
export function posterAccepts(r: PosterRequest, photoCount: number | null): boolean {
  if (r.imageId !== null) return true;
  return photoCount !== null && photoCount > 0;
}

/** The app's one poster entry. */
export const posterEntry = new PosterEntry();
