/**
 * Groups (issue 16; spec part 1 §2 `/page/group/{token}`): an organiser's shared album of several
 * galleries, such as the day albums of one conference.
 *
 * - The token names one group. It is an unguessable random string (GROUP_TOKEN_BYTES random bytes,
 *   base64url), made by the server when the organiser creates the group: holding the link is what lets
 *   a visitor see the list, like an unlisted video. An unknown token answers 404.
 * - Who may see what: anyone with the link sees the group's name and its galleries in the organiser's
 *   order. Each gallery keeps its own gates: one the visitor has not passed (password, phone, a page
 *   gate above it) is listed by name only, `locked` true, without cover or count; opening it leads to
 *   its permission page as any link to it would.
 * - Organisers create and change groups with `organizerGroupCalls` (Bearer ORGANIZER_TOKEN) or
 *   `npm run gallery -- group …`.
 */
import * as T from 'typebox';
import { defineCall } from './contract';
import { Count, Empty, Id, MAX_ID, NullableInteger, NullableString, Required } from './schema';

/** Random bytes in a group's token (base64url: 32 characters). */
export const GROUP_TOKEN_BYTES = 24;
/** A group token as the route and the call accept it. */
export const GROUP_TOKEN_RE = /^[A-Za-z0-9_-]{32}$/;
/** At most this many galleries in one group. */
export const GROUP_GALLERIES_MAX = 100;

export const GroupGallerySchema = T.Object({
  id: T.Integer(),
  link_id: T.String(),
  name: T.String(),
  /** Null while locked, or when the gallery has no cover. */
  cover: NullableString(),
  /** 0 while locked. */
  image_total: T.Integer(),
  start_time: NullableInteger(),
  end_time: NullableInteger(),
  /** The visitor has not passed a gate of this gallery. */
  locked: T.Boolean()
});
export type GroupGallery = T.Static<typeof GroupGallerySchema>;

export const GroupSchema = T.Object({ token: T.String(), name: T.String(), galleries: T.Array(GroupGallerySchema) });
export type Group = T.Static<typeof GroupSchema>;

const Token = () => T.String({ pattern: GROUP_TOKEN_RE.source, errorMessage: 'must be a group token (32 letters, digits, _ or -)' });

export const groupCalls = {
  /** A group's shared album by its token (what each gallery shows follows its gates). */
  show: defineCall('GET', '/api/v2/group/:token', { params: T.Object({ token: Token() }), response: GroupSchema })
};

/** A group as its organiser sees it: the token and the page's address. */
export const OrganizerGroupSchema = T.Object({
  id: T.Integer(),
  token: T.String(),
  name: T.String(),
  gallery_ids: T.Array(T.Integer()),
  /** `{PUBLIC_URL}/page/group/{token}` */
  url: T.String()
});
export type OrganizerGroup = T.Static<typeof OrganizerGroupSchema>;

const GalleryIds = () =>
  T.Array(Id(), { minItems: 1, maxItems: GROUP_GALLERIES_MAX, errorMessage: `must be a list of 1 to ${GROUP_GALLERIES_MAX} gallery ids` });

export const organizerGroupCalls = {
  list: defineCall('GET', '/api/v2/organizer/groups', { query: Empty(), response: T.Array(OrganizerGroupSchema) }),
  /** A new group of these galleries, in this order, with a new token. */
  create: defineCall('POST', '/api/v2/organizer/groups', {
    body: T.Object({ name: Required(100), gallery_ids: GalleryIds() }, { additionalProperties: false }),
    response: OrganizerGroupSchema
  }),
  /** Rename a group or replace its galleries (the token stays). */
  update: defineCall('POST', '/api/v2/organizer/groups/:id', {
    params: T.Object({ id: Count(MAX_ID) }),
    body: T.Object({ name: T.Optional(Required(100)), gallery_ids: T.Optional(GalleryIds()) }, { additionalProperties: false }),
    response: OrganizerGroupSchema
  })
};
