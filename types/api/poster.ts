import * as T from 'typebox';
import { defineCall } from './contract';
import { Id, IdCsv, Line, NullableString } from './schema';

/**
 * The single-photo poster maker (spec part 3 §2 item 12, §3 poster DIY template, §4 poster,
 * §7 poster calls, §9 poster constants).
 *
 * A template group is a gallery: `GET /api/v2/poster/templates/{groupid}` answers the
 * built-in templates (ids below POSTER_CUSTOM_MIN) and the custom ones its organiser
 * uploaded (ids POSTER_CUSTOM_MIN and above). The poster is drawn on the device, uploaded as
 * a base64 data URL under `poster/g{galleryId}_t{templateId}_m{imageId}_u{userId}.jpg` (the
 * spec's key plus its uploader), then recorded with `createv2 {galleryid, imageids, thumb}`.
 * Times are Unix seconds.
 */

/** Template ids of 1000 or more are custom templates (spec part 3 §3). */
export const POSTER_CUSTOM_MIN = 1000;
/** adjust: 1 landscape, 2 portrait (spec part 3 §3). */
export const POSTER_ADJUST = { landscape: 1, portrait: 2 } as const;
export type PosterAdjust = (typeof POSTER_ADJUST)[keyof typeof POSTER_ADJUST];

/** Rendering constants (spec part 3 §9). */
export const POSTER_QUALITY = 0.9;
export const POSTER_PIXEL_RATIO = 1.5;
export const POSTER_DESIGN_WIDTH = 750;
export const POSTER_SOURCE_WIDTH = 1366;
/** The image style the poster is drawn from: POSTER_SOURCE_WIDTH wide (never enlarged), watermarked as visitors see photos. */
export const POSTER_SOURCE_STYLE = 'wx_1366_n';
export const POSTER_PREVIEW_STYLE = 'wx_750_n';
export const POSTER_THUMB_WIDTH = 150;
export const POSTER_QR_MARGIN = 2;
export const POSTER_SHARE_QR_MAX_WIDTH = 750;
/** A poster's height in design pixels by adjust (ours): templates are stored at POSTER_DESIGN_WIDTH × this. */
export const POSTER_HEIGHT: Record<PosterAdjust, number> = { 1: 1000, 2: 1334 };

/** A poster's decoded bytes are at most this (ours: a 1125 px wide JPEG at 0.9 stays well under it). */
export const POSTER_MAX_BYTES = 3 * 1024 * 1024;
/** Longest data URL accepted: base64 of POSTER_MAX_BYTES plus its header. */
export const POSTER_DATA_URL_MAX = Math.ceil(POSTER_MAX_BYTES / 3) * 4 + 64;
/** A custom template image's decoded bytes are at most this. */
export const POSTER_TEMPLATE_MAX_BYTES = 3 * 1024 * 1024;
/** A gallery holds at most this many custom templates. */
export const POSTER_TEMPLATES_MAX = 30;
/** A poster record names at most this many photos (the single-photo maker names one). */
export const POSTER_MAX_IMAGES = 9;
/** `desc` of `userposter/create`. */
export const POSTER_DESC_MAX = 200;
/** Posters one `poster/list` answer holds at most. */
export const POSTER_LIST_MAX = 50;

/**
 * The stored poster's key: the spec's `poster/g{galleryId}_t{templateId}_m{imageId}` (part 3 §7)
 * plus the uploader's user id (ours, issue 26), so one visitor's upload never replaces the
 * picture of another visitor's poster of the same photo and template.
 */
export const posterKey = (galleryId: number, templateId: number, imageId: number, userId: number) =>
  `poster/g${galleryId}_t${templateId}_m${imageId}_u${userId}.jpg`;
export const POSTER_KEY_RE = /^poster\/g(\d{1,10})_t(\d{1,10})_m(\d{1,10})_u(\d{1,10})\.jpg$/;

/** A JPEG or PNG data URL (the shape; what it decodes to is checked by the server). */
export const DataUrl = (max: number) =>
  T.String({ maxLength: max, pattern: '^data:image/(jpeg|png);base64,[A-Za-z0-9+/]+={0,2}$', errorMessage: 'must be a JPEG or PNG base64 data URL' });

/** Poster DIY template (spec part 3 §3): icon (thumbnail, 150 wide) and src are addresses relative to the API origin. */
export const PosterTemplateSchema = T.Object({
  id: T.Integer(),
  icon: T.String(),
  adjust: T.Union([T.Literal(1), T.Literal(2)]),
  src: T.String()
});
export type PosterTemplate = T.Static<typeof PosterTemplateSchema>;

/** One poster a visitor saved. */
export const UserPosterSchema = T.Object({
  id: T.Integer(),
  gallery_id: T.Integer(),
  image_ids: T.Array(T.Integer()),
  /** The stored poster's address (createv2), or null (create). */
  thumb: NullableString(),
  border: T.Integer(),
  desc: T.String(),
  created_at: T.Integer()
});
export type UserPoster = T.Static<typeof UserPosterSchema>;

export const PosterUploadResultSchema = T.Object({ key: T.String(), url: T.String() });
export type PosterUploadResult = T.Static<typeof PosterUploadResultSchema>;

const PosterFile = () => T.String({ pattern: '^[A-Za-z0-9_.-]{1,80}$', errorMessage: 'must be a file name' });

export const posterCalls = {
  /** Template fetch by template group id (the gallery): code 200 and a list (spec part 3 §7; the path is ours). */
  templates: defineCall('GET', '/api/v2/poster/templates/:groupid', {
    params: T.Object({ groupid: Id() }),
    response: T.Array(PosterTemplateSchema)
  }),
  /** A template's picture or thumbnail (built-in ones are drawn by the server). */
  templateFile: defineCall('GET', '/api/v2/poster/template-file/:file', { params: T.Object({ file: PosterFile() }) }, 'image/png or image/jpeg'),
  /** The poster image as base64, stored under the uploader's own key (posterKey). */
  upload: defineCall('POST', '/api/v2/userposter/upload', {
    body: T.Object({ galleryid: Id(), templateid: Id(), imageid: Id(), image: DataUrl(POSTER_DATA_URL_MAX) }),
    response: PosterUploadResultSchema
  }),
  /** A stored poster (the photo's gallery gate applies). */
  file: defineCall('GET', '/api/v2/poster/file/:file', { params: T.Object({ file: PosterFile() }) }, 'image/jpeg'),
  /** Record a poster: imageids a JSON string of ids, thumb the uploaded poster's key (spec part 3 §7). */
  createv2: defineCall('POST', '/api/v2/userposter/createv2', {
    body: T.Object({
      galleryid: Id(),
      imageids: Line(200),
      thumb: T.String({ pattern: POSTER_KEY_RE.source, errorMessage: 'must be the key of an uploaded poster' })
    }),
    response: UserPosterSchema
  }),
  /** Record a poster without an uploaded picture: border and desc (spec part 3 §7). */
  create: defineCall('POST', '/api/v2/userposter/create', {
    body: T.Object({
      galleryid: Id(),
      imageids: IdCsv(POSTER_MAX_IMAGES),
      border: T.Optional(T.Integer({ minimum: 0, maximum: 100, default: 0, errorMessage: 'must be an integer from 0 to 100' })),
      desc: T.Optional(Line(POSTER_DESC_MAX))
    }),
    response: UserPosterSchema
  }),
  /** The visitor's posters of gallery {id}, newest first; with ids, those holding any of these photos. */
  list: defineCall('GET', '/api/v2/poster/list/:id', {
    params: T.Object({ id: Id() }),
    query: T.Object({ ids: T.Optional(IdCsv(POSTER_LIST_MAX)) }),
    response: T.Array(UserPosterSchema)
  })
};

/** Organiser API: custom templates of a gallery (Authorization: Bearer ORGANIZER_TOKEN). */
export const organizerPosterCalls = {
  addTemplate: defineCall('POST', '/api/v2/organizer/galleries/:id/poster-templates', {
    params: T.Object({ id: Id() }),
    body: T.Object({ adjust: T.Union([T.Literal(1), T.Literal(2)], { errorMessage: 'must be 1 (landscape) or 2 (portrait)' }), image: DataUrl(Math.ceil(POSTER_TEMPLATE_MAX_BYTES / 3) * 4 + 64) }),
    response: PosterTemplateSchema
  }),
  removeTemplate: defineCall('POST', '/api/v2/organizer/galleries/:id/poster-templates/:templateid/remove', {
    params: T.Object({ id: Id(), templateid: Id() }),
    response: T.Object({ removed: T.Boolean() })
  }),
  listTemplates: defineCall('GET', '/api/v2/organizer/galleries/:id/poster-templates', {
    params: T.Object({ id: Id() }),
    response: T.Array(PosterTemplateSchema)
  })
};
