import { makeAutoObservable, observable, runInAction } from 'mobx';
import type { Gallery, GalleryDetail, GalleryStatus } from '../../../types/api/gallery';
import { fetchGallery, type GalleryKey } from '../../api/gallery';
import { ApiError } from '../../api/client';
import type { ClockStore } from '../session/ClockStore';
import type { PermissibilityResponse } from '../../../types/api/permission';
import { galleryGateOf, gateClosed } from './galleryGate';
import { takeBootGallery } from '../../platform/boot';
import { PhotoCountTracker, livePhotoCount } from '../live/liveCounts';

/** 'gated': the visitor lacks a pass; the page sends them to /page/permission/{id}. */
export type LoadState = 'idle' | 'loading' | 'ready' | 'notFound' | 'error' | 'gated';

/** One gallery page's album and its sub-galleries (each open page has its own). */
export class GalleryStore {
  state: LoadState = 'idle';
  gallery: Gallery | null = null;
  children: Gallery[] = [];
  /** The permissibility answer of a gated gallery (issue 5 item 5); null when free. */
  gate: PermissibilityResponse | null = null;
  private requestSeq = 0;
  /** Live photo events since the gallery was last read (the header's photo count follows them). */
  private photoSteps = new PhotoCountTracker();
  /** Bumped with every step, so the count re-renders (the tracker itself is not observed). */
  private photoDelta = 0;

  constructor(
    private clock: ClockStore,
    private load = fetchGallery,
    private checkGate = galleryGateOf,
    /** The detail the H5 document carries (server/src/services/h5/document.ts), taken once instead of the first fetch. */
    private booted: (linkId: string) => GalleryDetail | null = takeBootGallery
  ) {
    makeAutoObservable<GalleryStore, 'requestSeq' | 'load' | 'clock' | 'checkGate' | 'booted' | 'photoSteps' | 'photoDelta'>(this, {
      requestSeq: false,
      load: false,
      clock: false,
      checkGate: false,
      booted: false,
      photoSteps: false,
      photoDelta: observable
    });
  }

  async open(key: GalleryKey): Promise<void> {
    const seq = ++this.requestSeq;
    this.state = 'loading';
    try {
      const detail = ('link_id' in key ? this.booted(key.link_id) : null) ?? (await this.load(key));
      // Gated galleries: ask for the pass before any photo loads.
      const gate = (detail.gallery.access_type ?? 'free') !== 'free' ? await this.checkGate(detail.gallery.link_id) : null;
      if (seq !== this.requestSeq) return;
      runInAction(() => {
        this.gallery = detail.gallery;
        this.children = detail.children;
        this.gate = gate;
        this.resetPhotoSteps();
        this.state = gateClosed(gate) ? 'gated' : 'ready';
      });
    } catch (e) {
      if (seq !== this.requestSeq) return;
      runInAction(() => {
        const missing = e instanceof ApiError && (e.code === 404 || e.code === 400);
        this.state = missing ? 'notFound' : 'error';
        this.gallery = null;
        this.children = [];
      });
    }
  }

  /** Load the open gallery again in place, without the loading state (its counts change meanwhile). */
  async refresh(): Promise<void> {
    const g = this.gallery;
    if (!g || this.state !== 'ready') return;
    const seq = this.requestSeq;
    try {
      const detail = await this.load({ link_id: g.link_id });
      if (seq !== this.requestSeq) return;
      runInAction(() => {
        this.gallery = detail.gallery;
        this.children = detail.children;
        this.resetPhotoSteps();
      });
    } catch {
      /* keep what is shown */
    }
  }

  /** The header's photo count: the server's image_total moved by the live events since it was read. */
  get photoCount(): number {
    return this.gallery ? livePhotoCount(this.gallery.image_total, this.photoDelta) : 0;
  }

  /** Photos of `galleryId` became visible (image_add, image_show); repeated ids count once. */
  photosShown(galleryId: number, ids: readonly number[]): void {
    if (this.gallery?.id !== galleryId) return;
    this.photoSteps.shown(ids);
    this.photoDelta = this.photoSteps.delta;
  }

  /** Photos of `galleryId` went (image_hide, image_delete); repeated ids count once. */
  photosGone(galleryId: number, ids: readonly number[]): void {
    if (this.gallery?.id !== galleryId) return;
    this.photoSteps.gone(ids);
    this.photoDelta = this.photoSteps.delta;
  }

  private resetPhotoSteps(): void {
    this.photoSteps.reset();
    this.photoDelta = 0;
  }

  get status(): GalleryStatus | null {
    return this.gallery ? this.clock.statusOf(this.gallery) : null;
  }

  /** Before the event starts, an empty list says 'Waiting'. */
  get notStarted(): boolean {
    return this.status === 'wait' || this.status === 'config';
  }
}
