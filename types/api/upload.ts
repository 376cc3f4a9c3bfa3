import type { Gallery } from './gallery';
import type { Photo } from './photo';

/** GET /api/v2/common/imagesign answer: an OSS PostObject (V1) upload policy. */
export interface ImageSign {
  /** Sent back as the OSSAccessKeyId form field. */
  accessid: string;
  /** Where the multipart POST goes. */
  host: string;
  /** base64 JSON policy document. */
  policy: string;
  /** base64 HMAC-SHA1 of `policy`; sent back as the Signature form field. */
  signature: string;
  /** Unix seconds after which the policy is refused. */
  expire: number;
  /** Every key must begin with it; uploaders use `${dir}${sha256hex}${ext}`. */
  dir: string;
}

/** POST /api/v2/images/upload body. `hash` is the uploaded object key. */
export interface ImageUploadRequest {
  gallery_id: number;
  hash: string;
  keywords?: string | string[];
  tags?: string | string[];
  link_id?: string;
  /** Original file name; the key's basename when absent. */
  origin?: string;
}

/** The registered photo; `duplicate` when the gallery already held the same bytes. */
export interface ImageUploadResult {
  photo: Photo;
  duplicate: boolean;
}

/** Organiser API: a gallery with the link visitors open. */
export interface OrganizerGallery {
  gallery: Gallery;
  /** Path of the gallery page, e.g. /g/AbC12345. */
  link: string;
  /** The same on the public origin. */
  url: string;
}

export const PHOTO_ACTIONS = ['hide', 'show', 'delete', 'check', 'uncheck'] as const;
export type PhotoAction = (typeof PHOTO_ACTIONS)[number];

/** POST /api/v2/organizer/galleries/{id}/photos/{action} answer: the ids whose state changed. */
export interface PhotoActionResult {
  ids: number[];
}
