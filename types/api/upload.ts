import * as T from 'typebox';
import { GallerySchema } from './gallery';
import { PhotoSchema } from './photo';
import { defineCall } from './contract';
import type { PageData } from '../page';
import { LEGACY_GALLERY_ID_LIMIT } from '../routes';
import { Count, Empty, Flag, Id, Line, LINK_ID_PATTERN, MAX_ID, MAX_UNIX_TIME, MultipartHeaders, NullableInteger, Required, Text } from './schema';

/** GET /api/v2/common/imagesign answer: an OSS PostObject (V1) upload policy. */
export const ImageSignSchema = T.Object({
  /** Sent back as the OSSAccessKeyId form field. */
  accessid: T.String(),
  /** Where the multipart POST goes. */
  host: T.String(),
  /** base64 JSON policy document. */
  policy: T.String(),
  /** base64 HMAC-SHA1 of `policy`; sent back as the Signature form field. */
  signature: T.String(),
  /** Unix seconds after which the policy is refused. */
  expire: T.Integer(),
  /** Every key must begin with it; uploaders use `${dir}${sha256hex}${ext}`. */
  dir: T.String()
});
export type ImageSign = T.Static<typeof ImageSignSchema>;

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
export const ImageUploadResultSchema = T.Object({ photo: PhotoSchema, duplicate: T.Boolean() });
export type ImageUploadResult = T.Static<typeof ImageUploadResultSchema>;

/**
 * Organiser API: a gallery with the link visitors open (`link`: path of the gallery page, `url`: the same on the public origin).
 * `cover_auto`: the cover follows the gallery's first visible photo (no organiser's cover; none while a gate hides the gallery).
 */
export const OrganizerGallerySchema = T.Object({ gallery: GallerySchema, link: T.String(), url: T.String(), cover_auto: T.Boolean() });
export type OrganizerGallery = T.Static<typeof OrganizerGallerySchema>;

export const PHOTO_ACTIONS = ['hide', 'show', 'delete', 'check', 'uncheck'] as const;
export type PhotoAction = (typeof PHOTO_ACTIONS)[number];

/** POST /api/v2/organizer/galleries/{id}/photos/{action} answer: the ids whose state changed. */
export interface PhotoActionResult {
  ids: number[];
}

/** A cover: the content hash of a stored image (64 hex digits); '' for none. */
const COVER_PATTERN = '^([0-9a-f]{64})?$';
const CoverHash = () => T.String({ pattern: COVER_PATTERN, errorMessage: 'must be the content hash of a stored image (64 hex digits), or empty for none' });
/** A page's components (types/page): checked against the component definitions by the service (types/page/validate.ts). */
const PageDataInput = () => T.Unsafe<PageData>({ type: 'object', errorMessage: 'must be an object {components: [...]}' });

/** Tags: a list, or one string of comma-separated tags. */
const TagInput = () => T.Union([Line(2000), T.Array(Line(200), { maxItems: 100 })], { errorMessage: 'must be a string or a list of strings' });
/** Largest number of photo ids in one organiser action. */
export const MAX_ACTION_IDS = 1000;

export const uploadCalls = {
  /** A signed upload policy for a gallery's folder, or the global one (organisers). `force` renews; every call signs afresh. */
  imageSign: defineCall('GET', '/api/v2/common/imagesign', {
    query: T.Object({ gallery_id: T.Optional(Count(MAX_ID)), global: T.Optional(Flag()), force: T.Optional(Flag()) }),
    response: ImageSignSchema
  }),
  /** The local OSS-compatible host: a multipart PostObject (fields, then the file); the signed policy is the authorisation. */
  ossUpload: defineCall('POST', '/oss/upload', { headers: MultipartHeaders() }, 'an empty answer (204), or PostResponse XML (201)'),
  /** Register an uploaded object as a photo (organisers). `hash` is the object key. */
  register: defineCall('POST', '/api/v2/images/upload', {
    body: T.Object({
      gallery_id: Id(),
      hash: Line(400, { minLength: 1, errorMessage: 'must be an object key of at most 400 characters' }),
      link_id: T.Optional(Line(20)),
      origin: T.Optional(Line(255)),
      tags: T.Optional(TagInput()),
      keywords: T.Optional(TagInput())
    }),
    response: ImageUploadResultSchema
  })
};

export const organizerCalls = {
  createGallery: defineCall('POST', '/api/v2/organizer/galleries', {
    body: T.Object({
      name: Required(100),
      link_id: T.Optional(T.String({ pattern: LINK_ID_PATTERN, errorMessage: 'must be 6 to 9 letters or digits' })),
      desc: T.Optional(Text(2000)),
      start_time: T.Optional(NullableInteger({ minimum: 0, maximum: MAX_UNIX_TIME, errorMessage: 'must be a Unix time in seconds' })),
      end_time: T.Optional(NullableInteger({ minimum: 0, maximum: MAX_UNIX_TIME, errorMessage: 'must be a Unix time in seconds' })),
      parent: T.Optional(Count(MAX_ID)),
      tags: T.Optional(TagInput()),
      watermark: T.Optional(T.Unsafe<Record<string, unknown> | null>({ type: ['object', 'null'], errorMessage: 'must be an object' })),
      /** The organiser's cover; without it the cover follows the first photo. */
      cover: T.Optional(CoverHash()),
      /** The organiser's page; without it the gallery gets the default page (head image, sub-galleries, photos, navigation with Me). */
      pagedata: T.Optional(PageDataInput()),
      /**
       * A gallery brought over from the old WeChat system keeps its id (below 1,000,000), so its old address
       * `/wx/gallery?id={id}` keeps working. New galleries number from 1,000,001 without it.
       */
      legacy_id: T.Optional(T.Integer({ minimum: 1, maximum: LEGACY_GALLERY_ID_LIMIT - 1, errorMessage: 'must be a gallery id below 1,000,000 (a gallery of the old WeChat system)' }))
    }),
    response: OrganizerGallerySchema
  }),
  /**
   * Change a gallery's cover or page. `cover`: a stored image's hash (or '' for none) is the
   * organiser's and stays; null hands it back to the first photo. `pagedata`: the page's
   * components; null gives the default page back. A field left out is left as it is.
   */
  setPage: defineCall('POST', '/api/v2/organizer/galleries/:id/page', {
    params: T.Object({ id: Count(MAX_ID) }),
    body: T.Object({
      // One schema with two types: a union would let ajv's type coercion turn null into '' (or '' into null).
      cover: T.Optional(T.Unsafe<string | null>({ type: ['string', 'null'], pattern: COVER_PATTERN, errorMessage: 'must be the content hash of a stored image, empty for none, or null for the first photo' })),
      pagedata: T.Optional(T.Unsafe<PageData | null>({ type: ['object', 'null'], errorMessage: 'must be an object {components: [...]}, or null for the default page' }))
    }),
    response: OrganizerGallerySchema
  }),
  listGalleries: defineCall('GET', '/api/v2/organizer/galleries', { query: Empty(), response: T.Array(OrganizerGallerySchema) }),
  /** Hide, show, delete, check or uncheck photos of a gallery; answers the ids whose state changed. */
  photoAction: defineCall('POST', '/api/v2/organizer/galleries/:id/photos/:action', {
    params: T.Object({ id: Count(MAX_ID), action: Line(20) }),
    body: T.Object({ ids: T.Array(Count(MAX_ID), { minItems: 1, maxItems: MAX_ACTION_IDS, errorMessage: `must be a non-empty list of at most ${MAX_ACTION_IDS} photo ids` }) }),
    response: T.Object({ ids: T.Array(T.Integer()) })
  })
};
