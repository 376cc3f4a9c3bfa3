/**
 * Paid originals and ZIP downloads (issue 5 items 3 and 4; spec part 2 §5 limits).
 */
import * as T from 'typebox';
import { defineCall } from './contract';
import { Count, Id, Line, MAX_ID } from './schema';
import { IMAGE_STYLES, type ImageStyleName } from '../image-style';

/** Spec part 2 §5: at most 50 photos per download (alert MAX_DOWNLOAD_NUM {num}). */
export const MAX_DOWNLOAD_NUM = 50;
/** Spec part 2 §5: at least 1 photo per download (alert min-download). */
export const MIN_DOWNLOAD_NUM = 1;

export const DOWNLOAD_PATHS = {
  /** GET (session) `{prefix}{photo_id}[?style=]` → SignedOriginal. */
  original: '/api/v2/images/original/',
  /** POST (session, real user) ZipRequest → ZipTicket; 403 {ids} when some ids are not entitled, 400 {alert, num} over the limit. */
  zip: '/api/v2/images/zip',
  /** GET `{zip}/{token}` → application/zip stream (the token is the authorisation; usable once). */
  zipDownload: '/api/v2/images/zip/'
} as const;

/** A short-lived signed URL of a photo's original (or a style without watermark), bound to the visitor. */
export const SignedOriginalSchema = T.Object({
  /** Relative to the API host: `/img/{hash}!{style}?g=&u=&e=&s=`. */
  url: T.String(),
  /** Unix seconds. */
  expires: T.Integer(),
  entitlement: T.Union([T.Literal('free'), T.Literal('paid')])
});
export type SignedOriginal = T.Static<typeof SignedOriginalSchema>;

export interface ZipRequest {
  gallery_id: number;
  ids: number[] | string;
}

export const ZipTicketSchema = T.Object({
  token: T.String(),
  /** Relative download URL: `/api/v2/images/zip/{token}`. */
  url: T.String(),
  expires: T.Integer(),
  count: T.Integer()
});
export type ZipTicket = T.Static<typeof ZipTicketSchema>;

const StyleName = () => T.Unsafe<ImageStyleName>({ type: 'string', enum: Object.keys(IMAGE_STYLES), errorMessage: 'must be a known image style' });

export const downloadCalls = {
  original: defineCall('GET', `${DOWNLOAD_PATHS.original}:id`, {
    params: T.Object({ id: Id({ errorMessage: 'must be a positive photo id' }) }),
    query: T.Object({ style: T.Optional(StyleName()) }),
    response: SignedOriginalSchema
  }),
  /** `ids`: a list or a comma-separated string; the count limits answer the spec's alerts (checked by the service). */
  zip: defineCall('POST', DOWNLOAD_PATHS.zip, {
    // A comma string first: ajv's array coercion would wrap it whole into a one-item list.
    body: T.Object({ gallery_id: Id(), ids: T.Optional(T.Union([T.String({ maxLength: 20_000 }), T.Array(T.Unknown(), { maxItems: 1000 })], { errorMessage: 'must be a list of photo ids' })) }),
    response: ZipTicketSchema
  }),
  /** The archive; the token (a wildcard: tokens outgrow the router's 300-character parameters) is the authorisation, usable once. */
  zipDownload: defineCall('GET', `${DOWNLOAD_PATHS.zipDownload}*`, { params: T.Object({ '*': T.String({ maxLength: 4000 }) }) }, 'application/zip stream')
};

/** `GET /img/{hash}!{style}`: image bytes (watermarked styles; signed `g,u,e,s` for originals; `p` the gated-gallery ticket). */
export const imageCalls = {
  image: defineCall(
    'GET',
    '/img/:spec',
    {
      params: T.Object({ spec: T.String({ maxLength: 200 }) }),
      query: T.Object({
        g: T.Optional(Count(MAX_ID)),
        u: T.Optional(Line(40)),
        e: T.Optional(Line(40)),
        s: T.Optional(Line(200)),
        p: T.Optional(Line(400))
      })
    },
    'image bytes'
  )
};
