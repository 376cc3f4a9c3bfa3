/**
 * Paid originals and ZIP downloads (issue 5 items 3 and 4; spec part 2 §5 limits).
 */

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
export interface SignedOriginal {
  /** Relative to the API host: `/img/{hash}!{style}?g=&u=&e=&s=`. */
  url: string;
  /** Unix seconds. */
  expires: number;
  entitlement: 'free' | 'paid';
}

export interface ZipRequest {
  gallery_id: number;
  ids: number[] | string;
}

export interface ZipTicket {
  token: string;
  /** Relative download URL: `/api/v2/images/zip/{token}`. */
  url: string;
  expires: number;
  count: number;
}
