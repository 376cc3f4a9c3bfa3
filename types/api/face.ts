/**
 * Face search (spec part 1 §2–§9, part 3 §2–§9): find my photos by a selfie, My Photo and
 * Following, person albums, 'maybe' people in the viewer, hiding a person from a photo,
 * and deleting every face record of a visitor (only theirs: persons are the gallery's).
 *
 * A selfie travels as a data URL (`data:image/jpeg;base64,…`) in a JSON body: both the
 * mini-program (FileSystemManager base64) and a browser (canvas) make one, and one call
 * can carry a photo or not (following a known person needs none). The selfie is used for
 * matching and then dropped: it is never stored as a photo. Every call that carries one
 * needs the visitor's separate face consent and age confirmation (`consent: 1, adult: 1`).
 */
import * as T from 'typebox';
import { defineCall } from './contract';
import { Empty, Flag, Id, Line, PageNo } from './schema';

/** A visitor follows at most this many people (spec: 'Friends max 6'). */
export const FRIENDS_MAX = 6;
/** Person list page size (spec part 3 §9). */
export const PERSON_PAGE_SIZE = 35;
/** Person photo counts display capped at this (as "99+"). */
export const PERSON_COUNT_CAP = 99;
/** A selfie's decoded bytes are at most this (spec: 'frontal photo must be under 2M'). */
export const FACE_IMAGE_MAX_BYTES = 2 * 1024 * 1024;
/** Longest data URL accepted: base64 of FACE_IMAGE_MAX_BYTES plus its header. */
export const FACE_DATA_URL_MAX = Math.ceil(FACE_IMAGE_MAX_BYTES / 3) * 4 + 64;
/**
 * Longest data URL the server reads: twice FACE_DATA_URL_MAX, so a picture somewhat over
 * 2M gets the spec's FACE_TOO_LARGE (222304) answer rather than a schema refusal.
 */
export const FACE_DATA_URL_LIMIT = FACE_DATA_URL_MAX * 2;
/** Images wider than this are scaled to a FACE_UPLOAD_EDGE × FACE_UPLOAD_EDGE JPEG before upload (spec part 1 §8). */
export const FACE_UPLOAD_EDGE = 750;
/** The crop editor's zoom: 1 to 4 in steps of 0.1 (spec part 1 §8). */
export const FACE_ZOOM_MIN = 1;
export const FACE_ZOOM_MAX = 4;
export const FACE_ZOOM_STEP = 0.1;
/** Longest buddy name. */
export const FACE_NAME_MAX = 20;

/**
 * The face dialog's four modes (spec part 1 §4): update own info, find people,
 * edit buddy name, follow new.
 */
export type FaceDialogMode = 'updateInfo' | 'findPeople' | 'editBuddy' | 'followNew';

/** A person's relation to the visitor. */
export type PersonStatus = 'follow' | 'unfollow' | 'self';

/** Where a face sits in its photo, as fractions (0..1) of the photo's width and height. */
export const FaceShapeSchema = T.Object({ x: T.Number(), y: T.Number(), w: T.Number(), h: T.Number() });
export type FaceShape = T.Static<typeof FaceShapeSchema>;

/** A person: one face cluster of one gallery (spec part 1 §3 Person, part 3 §3). */
export const PersonSchema = T.Object({
  /** Person id (the same number as `personid`; the spec names both). */
  id: T.Integer(),
  personid: T.Integer(),
  galleryid: T.Integer(),
  /** The buddy name the visitor gave ('' when none). */
  name: T.String(),
  /** URL of the person's face crop (square JPEG). */
  faceurl: T.String(),
  /** Hash of the photo the face crop comes from. */
  image: T.String(),
  /** Where that face sits in that photo. */
  shape: FaceShapeSchema,
  /** Photos of this person in this gallery (display capped at PERSON_COUNT_CAP). */
  total_image: T.Integer(),
  /** Photos of the gallery. */
  total_gallery_image: T.Integer(),
  status: T.Unsafe<PersonStatus>({ type: 'string', enum: ['follow', 'unfollow', 'self'] })
});
export type Person = T.Static<typeof PersonSchema>;

/** One 'maybe' person in a photo (spec part 1 §3 Photo.maybe: personid, imageid). */
export const MaybePersonSchema = T.Object({
  personid: T.Integer(),
  imageid: T.Integer(),
  /** The photo's (and the person's) gallery. */
  galleryid: T.Integer(),
  name: T.String(),
  faceurl: T.String(),
  shape: FaceShapeSchema,
  status: T.Unsafe<PersonStatus>({ type: 'string', enum: ['follow', 'unfollow', 'self'] })
});
export type MaybePerson = T.Static<typeof MaybePersonSchema>;

/** findpeople answer (spec: success, data = person id, faceurl, code). */
export const FindPeopleResultSchema = T.Object({
  success: T.Boolean(),
  /** The matched person's id. */
  data: T.Integer(),
  faceurl: T.String(),
  code: T.Integer(),
  person: PersonSchema
});
export type FindPeopleResult = T.Static<typeof FindPeopleResultSchema>;

/** The visitor's own face record. */
export const FaceProfileSchema = T.Object({
  /** True while the visitor has a face on record (updateinfo), false after destroymyself. */
  has_face: T.Boolean(),
  /** The visitor in the asked gallery (status 'self'), when their face matches one of its persons. */
  person: T.Union([PersonSchema, T.Null()])
});
export type FaceProfile = T.Static<typeof FaceProfileSchema>;

/** A gallery where the visitor's face was found (GET /api/face/gallery). */
export const FaceGallerySchema = T.Object({
  galleryid: T.Integer(),
  link_id: T.String(),
  name: T.String(),
  personid: T.Integer(),
  faceurl: T.String(),
  total_image: T.Integer()
});
export type FaceGallery = T.Static<typeof FaceGallerySchema>;

export const PersonPageSchema = T.Object({
  items: T.Array(PersonSchema),
  total: T.Integer(),
  page: T.Integer(),
  page_size: T.Integer()
});
export type PersonPage = T.Static<typeof PersonPageSchema>;

/**
 * What destroymyself removed: only the visitor's own rows. Persons and their faces are the
 * gallery's (found in its photos) and stay, whoever's face the visitor's profile matched.
 */
export const DestroyResultSchema = T.Object({
  /** The visitor's face profile (the embedding of their selfie): 1, or 0 when they had none. */
  faces: T.Integer(),
  /** Their follow records. */
  follows: T.Integer(),
  /** Their hides: their own view's, and their name on the hides of themselves (those faces stay hidden). */
  hides: T.Integer()
});
export type DestroyResult = T.Static<typeof DestroyResultSchema>;

export const OkSchema = T.Object({ ok: T.Boolean() });

/** The selfie: a JPEG, PNG or WebP data URL of at most FACE_IMAGE_MAX_BYTES decoded. */
const Selfie = () =>
  T.String({
    maxLength: FACE_DATA_URL_LIMIT,
    pattern: '^data:image/(jpeg|png|webp);base64,[A-Za-z0-9+/]+={0,2}$',
    errorMessage: 'must be a JPEG, PNG or WebP data URL under 2M'
  });
/** Separate consent to face search, and the visitor is 14 or older or has a guardian's consent. */
const consentFields = {
  consent: T.Literal(1, { errorMessage: 'must be 1: face search needs your separate consent' }),
  adult: T.Literal(1, { errorMessage: 'must be 1: confirm you are 14 or older, or that a guardian consents' })
};
const BuddyName = () => Line(FACE_NAME_MAX);

export const faceCalls = {
  /** Match a selfie against a gallery's persons. Guests may search: nothing is stored. */
  findPeople: defineCall('POST', '/api/v2/face3/findpeople', {
    body: T.Object({ image: Selfie(), galleryid: Id(), ...consentFields }),
    response: FindPeopleResultSchema
  }),
  /** Set the visitor's own face (logged-in visitors); `galleryid` answers the visitor's person there. */
  updateInfo: defineCall('POST', '/api/v2/face/updateinfo', {
    body: T.Object({ image: Selfie(), galleryid: T.Optional(Id()), ...consentFields }),
    response: FaceProfileSchema
  }),
  /** Delete every face record of the visitor (their profile, follows and hides) and nothing of anybody else. */
  destroyMyself: defineCall('POST', '/api/v2/face/destroymyself', { body: Empty(), response: DestroyResultSchema }),
  /**
   * Follow a person: an existing `personid`, or a photo (`image`, with consent) matched in `galleryid`.
   * Without a personid a photo is required ('Please upload single frontal photo'). At most FRIENDS_MAX.
   */
  follow: defineCall('POST', '/api/v2/face3/follow', {
    body: T.Object({
      galleryid: Id(),
      personid: T.Optional(Id()),
      name: T.Optional(BuddyName()),
      image: T.Optional(Selfie()),
      consent: T.Optional(Flag()),
      adult: T.Optional(Flag())
    }),
    response: PersonSchema
  }),
  unfollow: defineCall('POST', '/api/v2/face3/unfollow', { body: T.Object({ personid: Id() }), response: OkSchema }),
  /** Rename a followed person (a name is required: 'Name is required'). */
  editFollow: defineCall('POST', '/api/v2/face/editfollow', {
    body: T.Object({ personid: Id(), name: BuddyName() }),
    response: PersonSchema
  }),
  isFriend: defineCall('GET', '/api/v2/face/isfriend', {
    query: T.Object({ personid: Id() }),
    response: T.Object({ isfriend: T.Boolean(), status: T.Unsafe<PersonStatus>({ type: 'string' }) })
  }),
  /** Galleries where the visitor's face was found. */
  gallery: defineCall('GET', '/api/face/gallery', { query: Empty(), response: T.Array(FaceGallerySchema) }),
  /** The people probably in a photo (the viewer's 'maybe' strip). */
  maybe: defineCall('GET', '/api/v2/face3/maybe', { query: T.Object({ imageid: Id() }), response: T.Array(MaybePersonSchema) }),
  /**
   * Hide a person from a photo: the visitor themselves (their own right: for everyone), or a
   * person they follow (in the visitor's own view only: their maybe strip, person list and that
   * person's photo list). Anyone else: 403.
   */
  hide: defineCall('POST', '/api/face/hide', { body: T.Object({ imageid: Id(), personid: Id() }), response: OkSchema }),
  /** A gallery's persons, PERSON_PAGE_SIZE a page, most photos first (the Person tag). */
  person: defineCall('GET', '/api/v2/face3/person', {
    query: T.Object({ galleryid: Id(), page: T.Optional(PageNo()) }),
    response: PersonPageSchema
  }),
  /** One person (the person album page). */
  personShow: defineCall('GET', '/api/v2/face3/personshow', { query: T.Object({ personid: Id() }), response: PersonSchema }),
  /** Following: the persons the visitor follows in a gallery. */
  followingGallery: defineCall('GET', '/api/v2/face3/galleryv2', { query: T.Object({ galleryid: Id() }), response: T.Array(PersonSchema) }),
  /** My Photo: the visitor's own face record and their person in a gallery. */
  myGallery: defineCall('GET', '/api/v2/face/galleryv2', { query: T.Object({ galleryid: Id() }), response: FaceProfileSchema }),
  /**
   * A face crop (square JPEG), the `faceurl` of persons and 'maybe' people: its face and
   * photo visible, and the gallery's gates passed (the session's pass, or the image ticket `p`).
   */
  crop: defineCall('GET', '/api/v2/face3/crop/:faceid', {
    params: T.Object({ faceid: Id() }),
    query: T.Object({ p: T.Optional(T.String({ maxLength: 100 })) })
  }, 'image/jpeg bytes'),
  /** The visitor's relation to a person. */
  relation: defineCall('GET', '/api/v2/face3/relation', {
    query: T.Object({ personid: Id() }),
    response: T.Object({ personid: T.Integer(), status: T.Unsafe<PersonStatus>({ type: 'string' }), name: T.String() })
  })
};
