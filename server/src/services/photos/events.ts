import type { LiveEventName } from '../../../../types/live';
import type { PhotoAction } from '../../../../types/api/upload';
import type { Photo } from '../../../../types/api/photo';
import type { LivePublisher } from '../../live/bus';
import type { GalleryService } from '../gallery/gallery';
import type { PhotoService } from './photos';
import type { ChangedPhoto } from './repository';

const EVENT_OF: Record<PhotoAction, LiveEventName & `image_${PhotoAction}`> = {
  hide: 'image_hide',
  show: 'image_show',
  delete: 'image_delete',
  check: 'image_check',
  uncheck: 'image_uncheck'
};

/**
 * What follows a committed change to a gallery's photos, in one place: its cached
 * lists and gallery row go, and the live message goes out to the gallery's room.
 * Uploads (IngestService) and organiser actions (OrganizerService) both end here.
 */
/** What drops the renders of hashes no visible photo holds any more (ImagePipeline.forget). */
export interface RenderPurge {
  forget(hashes: string[]): Promise<void>;
}

/** What indexes new photos' faces (services/face/indexer.ts: queued when the gallery has use_face on). */
export interface FaceQueue {
  enqueue(photoIds: number[]): Promise<unknown>;
  photosRemoved(galleryId: number, photoIds: number[], deleted: boolean): Promise<void>;
}

/** What reads the text in new photos (services/ocr/indexer.ts: queued when a formocr component searches the gallery). */
export interface OcrQueue {
  enqueue(photoIds: number[]): Promise<unknown>;
}

/** What keeps a gallery's automatic cover on its first visible photo (services/gallery/autoCover.ts). */
export interface CoverFollower {
  refresh(galleryId: number): Promise<unknown>;
}

export class PhotoEvents {
  constructor(
    private photos: PhotoService,
    private galleries: GalleryService,
    private live: LivePublisher,
    private renders: RenderPurge,
    private warn: (msg: string, err?: unknown) => void,
    private covers?: CoverFollower,
    private faces?: FaceQueue,
    private ocr?: OcrQueue
  ) {}

  /** A photo became visible. */
  async added(galleryId: number, photo: Photo): Promise<void> {
    await this.followCover(galleryId);
    this.invalidate(galleryId);
    await this.live.publish(galleryId, 'image_add', { galleryid: galleryId, id: photo.id, shoottime: photo.shoottime });
    // Queued, not run: the indexer waits for uploads to pause (a lost enqueue is found by its sweep).
    await this.faces?.enqueue([photo.id]).catch((err) => this.warn('queueing a photo for face indexing failed', err));
    await this.ocr?.enqueue([photo.id]).catch((err) => this.warn('queueing a photo for OCR failed', err));
  }

  /**
   * An organiser action changed these photos (nothing happens when none changed).
   * Hidden and deleted photos take their renders with them, unless another visible
   * photo still holds the same bytes (the image plan already refuses them either way).
   */
  async changed(galleryId: number, action: PhotoAction, photos: ChangedPhoto[]): Promise<void> {
    if (!photos.length) return;
    // Before the renders go: a hidden or deleted cover photo hands the cover on first.
    await this.followCover(galleryId);
    this.invalidate(galleryId);
    const ids = photos.map((p) => p.id);
    await this.live.publish(galleryId, EVENT_OF[action], { galleryid: galleryId, ids });
    if (action === 'hide' || action === 'delete') {
      await this.renders.forget(photos.map((p) => p.hash)).catch((err) => this.warn('purging renders of removed photos failed', err));
      await this.faces?.photosRemoved(galleryId, ids, action === 'delete').catch((err) => this.warn('removing faces of removed photos failed', err));
    }
  }

  /** The automatic cover follows the photos; a failure leaves the old cover and is logged, never fails the change. */
  private async followCover(galleryId: number): Promise<void> {
    await this.covers?.refresh(galleryId).catch((err) => this.warn('updating the automatic cover failed', err));
  }

  private invalidate(galleryId: number): void {
    this.photos.invalidate(galleryId);
    this.galleries.invalidate(galleryId);
  }
}
