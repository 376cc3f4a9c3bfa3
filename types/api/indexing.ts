/**
 * How far a gallery's background indexing has got (issue 27, item 5): face indexing (the
 * face_jobs queue, at the face engine's current version) and bib / text reading (the ocr_jobs
 * queue), each as photos done of the gallery's visible photos.
 *
 * - The organiser's call (`Authorization: Bearer <ORGANIZER_TOKEN>`) adds failures and an
 *   estimate of the time left from the recent rate. `npm run gallery -- indexing <gallery>
 *   [--follow]` prints it.
 * - The visitors' call answers counts only (no ids, no errors, no times), for the face search
 *   dialog's and the bib search's "Indexing photos… 123 of 456" line; it needs the gallery's
 *   passes, as the photo list does, and is served from a short cache.
 *
 * A kind is null when the gallery does not use it (face search off; no formocr component
 * searches it). `complete`: every kind in use is done (a photo whose job failed counts as done:
 * nothing more will happen to it until the next engine version).
 */
import * as T from 'typebox';
import { defineCall } from './contract';
import { Count, Id, MAX_ID } from './schema';

/** The kinds of indexing a gallery's photos go through. */
export const INDEX_KINDS = ['faces', 'bibs'] as const;
export type IndexKind = (typeof INDEX_KINDS)[number];

/** Visitors' dialogs ask again this often while indexing is incomplete. */
export const INDEXING_POLL_MS = 5000;

export const IndexCountsSchema = T.Object({
  /** Photos indexed (or given up on). */
  done: T.Integer(),
  /** Visible photos of the gallery. */
  total: T.Integer()
});
export type IndexCounts = T.Static<typeof IndexCountsSchema>;

const nullable = <S extends T.TSchema>(s: S) => T.Union([s, T.Null()]);

/** What a visitor sees: counts only. */
export const VisitorIndexingSchema = T.Object({
  faces: nullable(IndexCountsSchema),
  bibs: nullable(IndexCountsSchema),
  complete: T.Boolean()
});
export type VisitorIndexing = T.Static<typeof VisitorIndexingSchema>;

export const IndexKindProgressSchema = T.Object({
  done: T.Integer(),
  total: T.Integer(),
  /** Photos given up on (MAX_ATTEMPTS failures); counted in `done`. */
  failed: T.Integer(),
  complete: T.Boolean(),
  /** Photos a minute over the recent window (RATE_WINDOW_MS), null before any finished in it. */
  per_minute: nullable(T.Number()),
  /** Seconds left at that rate; null when complete or no rate yet. */
  eta_s: nullable(T.Integer())
});
export type IndexKindProgress = T.Static<typeof IndexKindProgressSchema>;

/** What the organiser sees. */
export const OrganizerIndexingSchema = T.Object({
  gallery_id: T.Integer(),
  faces: nullable(IndexKindProgressSchema),
  bibs: nullable(IndexKindProgressSchema),
  complete: T.Boolean(),
  /** The face engine version the face counts are of (photos indexed by another one count as not done). */
  face_engine_version: T.Integer()
});
export type OrganizerIndexing = T.Static<typeof OrganizerIndexingSchema>;

export const indexingCalls = {
  /** The organiser's progress read of a gallery (404 for an unknown gallery). */
  organizer: defineCall('GET', '/api/v2/organizer/galleries/:id/indexing', {
    params: T.Object({ id: Count(MAX_ID) }),
    response: OrganizerIndexingSchema
  }),
  /** The visitors' read: counts only, gates as the photo list. */
  visitor: defineCall('GET', '/api/v2/gallery/indexing', {
    query: T.Object({ galleryid: Id() }),
    response: VisitorIndexingSchema
  })
};
