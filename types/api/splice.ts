import * as T from 'typebox';
import { defineCall } from './contract';
import { Id, ID_DIGITS, Line } from './schema';

/**
 * Long pictures (spec part 2 §2 jigsaw, §5 limits, §7 `usersplice/create` and `show`,
 * §8 'Collaging'): the server stacks the chosen photos of one gallery, as this visitor
 * may see them (the gallery's watermark unless the visitor is entitled to the photo's
 * unmarked pixels), into one JPEG at a common width, stores it by content hash and
 * lists it under the Find page's splice posters (`mineCalls.splices`).
 */

/** Spec part 2 §5: a long jigsaw takes at least 2 photos ('min-jigsaw')… */
export const SPLICE_MIN_IMAGES = 2;
/** …and at most 12 ('MAX_JIGSAW_NUM'). */
export const SPLICE_MAX_IMAGES = 12;
/** Most ids the request may name at all (more is refused by the schema); within it the service answers 201800/201801. */
export const SPLICE_INPUT_MAX_IDS = 50;
/** Width of a long picture, px (the collage's and the 1080 display width). */
export const LONG_PICTURE_WIDTH = 1080;
/** White gap between two photos, px. */
export const LONG_PICTURE_GAP = 12;
/**
 * Largest long picture, in pixels (width × height): what iOS WebKit and the mini-program
 * still decode and draw. A taller stack is scaled down as a whole (narrower than 1080).
 */
export const LONG_PICTURE_MAX_PIXELS = 16_777_216;
/** A long picture's address (`url`) stays valid this long, seconds (it is signed for its maker). */
export const LONG_PICTURE_URL_TTL_S = 3600;
/** The client waits this long for `create` with the 'Collaging' loading (spec part 2 §8: 20 s). */
export const COLLAGING_TIMEOUT_MS = 20_000;

/** Stable codes of the long-picture calls (HTTP status in brackets). */
export const SpliceErrorCode = {
  /** Fewer than 2 distinct photos (400). */
  TOO_FEW: 201800,
  /** More than 12 photos (400). */
  TOO_MANY: 201801,
  /** A photo id that names no shown photo (unknown, hidden or deleted) (404). */
  UNKNOWN_PHOTO: 201802,
  /** A photo of another gallery than `galleryid` (400). */
  OTHER_GALLERY: 201803,
  /** `show`: this visitor has no long picture of these photos (404). */
  NOT_MADE: 201804,
  /** The photos' pixels could not be read or drawn (500; nothing stored). */
  RENDER_FAILED: 201805,
  /** Too many long pictures in a short time (429). */
  TOO_OFTEN: 201806
} as const;

/**
 * `imageids`: the photos in their order, as the spec's JSON string (`"[3,1,2]"`) or a comma
 * list (`"3,1,2"`); repeats count once.
 */
export const SpliceIds = () =>
  T.String({
    pattern: `^\\s*\\[?\\s*${ID_DIGITS}\\s*(,\\s*${ID_DIGITS}\\s*){0,${SPLICE_INPUT_MAX_IDS - 1}}\\]?\\s*$`,
    errorMessage: `must be a list of at most ${SPLICE_INPUT_MAX_IDS} photo ids`
  });

/** The ids of a SpliceIds value, in order, without repeats. */
export function parseSpliceIds(text: string): number[] {
  const out: number[] = [];
  for (const part of text.replace(/[[\]\s]/g, '').split(',')) {
    const n = Number(part);
    if (n > 0 && !out.includes(n)) out.push(n);
  }
  return out;
}

/** A long picture the visitor made: its hash and an address that shows it (signed for the maker). */
export const LongPictureSchema = T.Object({
  hash: T.String(),
  /** Relative to the API origin: `/api/v2/usersplice/image/{hash}?u=&e=&s=`. */
  url: T.String(),
  width: T.Integer(),
  height: T.Integer(),
  gallery_id: T.Integer(),
  image_ids: T.Array(T.Integer()),
  created_at: T.Integer()
});
export type LongPicture = T.Static<typeof LongPictureSchema>;

const SpliceBody = () => T.Object({ galleryid: Id(), imageids: SpliceIds() });

export const spliceCalls = {
  /** Render the long picture of these photos (or find the same one made before); data is its hash. */
  create: defineCall('POST', '/api/v2/usersplice/create', { body: SpliceBody(), response: T.String() }),
  /** The visitor's long picture of exactly these photos, in this order (404 code 201804 when not made). */
  show: defineCall('POST', '/api/v2/usersplice/show', { body: SpliceBody(), response: LongPictureSchema }),
  /** The long picture's JPEG, for its maker's signed address (`<img>` sends no token). */
  image: defineCall(
    'GET',
    '/api/v2/usersplice/image/:hash',
    {
      params: T.Object({ hash: T.String({ pattern: '^[0-9a-f]{64}$', errorMessage: 'must be a long picture hash' }) }),
      query: T.Object({ u: T.Optional(Line(40)), e: T.Optional(Line(40)), s: T.Optional(Line(200)) })
    },
    'image/jpeg'
  )
};
