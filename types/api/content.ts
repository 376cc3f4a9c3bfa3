import * as T from 'typebox';
import { defineCall } from './contract';
import { Empty, Text } from './schema';

/**
 * Rich content (the `richtext` and `liverich` page components, spec part 2 §7: "Rich content
 * JSON and text are fetched by hash path"). An organiser stores a block of HTML; the server
 * keeps only allow-listed tags and attributes and answers the content's hash, which a page's
 * component names. Visitors fetch it by that hash.
 */

/** Longest HTML an organiser may store (characters, before cleaning). */
export const MAX_CONTENT_HTML = 200_000;
/** A content hash: 64 hex digits (sha256 of the cleaned HTML). */
export const CONTENT_HASH_PATTERN = '^[a-f0-9]{64}$';

export const ContentSchema = T.Object({
  hash: T.String(),
  /** Cleaned HTML: only allow-listed tags and attributes, no script, no event handler. */
  html: T.String()
});
export type Content = T.Static<typeof ContentSchema>;

export const contentCalls = {
  /** Organiser: store HTML (cleaned); answers its hash and the HTML as stored. */
  create: defineCall('POST', '/api/v2/organizer/contents', {
    body: T.Object({ html: Text(MAX_CONTENT_HTML) }),
    response: ContentSchema
  }),
  /** Visitor: the content a page's component names. */
  get: defineCall('GET', '/api/v2/contents/:hash', {
    params: T.Object({ hash: T.String({ pattern: CONTENT_HASH_PATTERN, errorMessage: 'must be a content hash (64 hex digits)' }) }),
    query: Empty(),
    response: ContentSchema
  })
};
