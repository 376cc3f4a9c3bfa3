import type { LiveEventName } from '../../../../types/live';
import type { PhotoAction } from '../../../../types/api/upload';
import type { Photo } from '../../../../types/api/photo';
import type { LivePublisher } from '../../live/bus';
import type { GalleryService } from '../gallery/gallery';
import type { PhotoService } from './photos';

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
export class PhotoEvents {
  constructor(
    private photos: PhotoService,
    private galleries: GalleryService,
    private live: LivePublisher
  ) {}

  /** A photo became visible. */
  async added(galleryId: number, photo: Photo): Promise<void> {
    this.invalidate(galleryId);
    await this.live.publish(galleryId, 'image_add', { galleryid: galleryId, id: photo.id, shoottime: photo.shoottime });
  }

  /** An organiser action changed these photos (nothing happens when none changed). */
  async changed(galleryId: number, action: PhotoAction, ids: number[]): Promise<void> {
    if (!ids.length) return;
    this.invalidate(galleryId);
    await this.live.publish(galleryId, EVENT_OF[action], { galleryid: galleryId, ids });
  }

  private invalidate(galleryId: number): void {
    this.photos.invalidate(galleryId);
    this.galleries.invalidate(galleryId);
  }
}
