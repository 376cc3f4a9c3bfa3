import * as T from 'typebox';
import { defineCall } from './contract';
/**
 * Statistics (spec part 1 §3 stat event, §7 POST /api/v2/trigger/story, §9 flush 5 s).
 *
 * The wire body is `{ batch_id, events, token? }`: the client-generated batch id
 * (a UUID) makes a replayed batch count nothing; `token` is for navigator.sendBeacon,
 * which cannot set the Authorization header (it sends `text/plain` JSON).
 */
export type StatEventType = 'event' | 'page';

export interface StatEvent {
  type: StatEventType;
  /** The gallery's link id. */
  linkid: string;
  /** 'page' events: the page opened ('gallery'); 'event' events: what happened ('imageview', …). */
  value: string;
  /** Free detail: the photo id of an image view. */
  extra?: string;
}

export interface StatBatch {
  batch_id: string;
  events: StatEvent[];
  /** Session token, only when the Authorization header cannot be sent (beacons). */
  token?: string;
}

export interface StatBatchResult {
  /** Events that changed a counter (after the per-minute cap). */
  counted: number;
  /** The batch id was seen before: nothing was counted. */
  duplicate: boolean;
}

export const STATS_FLUSH_MS = 5000;
export const STATS_BATCH_MAX = 100;
export const STAT_VALUE_MAX = 200;
export const STAT_EXTRA_MAX = 500;
/** The 'event' value of a photo shown in the viewer; extra carries the photo id. */
export const IMAGE_VIEW = 'imageview';
/** Per visitor, gallery and minute at most this many page views and image views count. */
export const PAGE_VIEWS_PER_MINUTE = 10;
export const IMAGE_VIEWS_PER_MINUTE = 300;
export const UUID_RE = /^[0-9a-f]{8}-[0-9a-f]{4}-[1-8][0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/i;

/** Check a batch body; the error message of the first problem, or null. Shared by the server and the client tests. */
export function validateStatBatch(body: unknown): string | null {
  if (!body || typeof body !== 'object' || Array.isArray(body)) return 'body must be an object {batch_id, events}';
  const b = body as Record<string, unknown>;
  for (const k of Object.keys(b)) if (k !== 'batch_id' && k !== 'events' && k !== 'token') return `unknown field ${k}`;
  if (typeof b.batch_id !== 'string' || !UUID_RE.test(b.batch_id)) return 'batch_id must be a UUID';
  if (b.token !== undefined && (typeof b.token !== 'string' || b.token.length > 200)) return 'token must be a string';
  if (!Array.isArray(b.events)) return 'events must be an array';
  if (b.events.length === 0) return 'events must not be empty';
  if (b.events.length > STATS_BATCH_MAX) return `at most ${STATS_BATCH_MAX} events per batch`;
  for (const [i, e] of b.events.entries()) {
    if (!e || typeof e !== 'object' || Array.isArray(e)) return `events[${i}] must be an object`;
    const ev = e as Record<string, unknown>;
    for (const k of Object.keys(ev)) if (!['type', 'linkid', 'value', 'extra'].includes(k)) return `events[${i}] has unknown field ${k}`;
    if (ev.type !== 'event' && ev.type !== 'page') return `events[${i}].type must be event or page`;
    if (typeof ev.linkid !== 'string' || !/^[A-Za-z0-9]{6,9}$/.test(ev.linkid)) return `events[${i}].linkid must be a link id`;
    if (typeof ev.value !== 'string' || !ev.value || ev.value.length > STAT_VALUE_MAX) return `events[${i}].value must be a string of 1 to ${STAT_VALUE_MAX}`;
    if (ev.extra !== undefined && (typeof ev.extra !== 'string' || ev.extra.length > STAT_EXTRA_MAX)) return `events[${i}].extra must be a string of at most ${STAT_EXTRA_MAX}`;
  }
  return null;
}

export const statsCalls = {
  /**
   * A batch of stat events `{batch_id, events, token?}`: JSON from the app, or `text/plain` JSON
   * from navigator.sendBeacon (which carries the token in the body: beacons cannot set headers).
   * The batch's own rules (validateStatBatch) are checked by the service, after the JSON is read.
   */
  story: defineCall('POST', '/api/v2/trigger/story', {
    body: T.Union([T.String({ maxLength: 256 * 1024 }), T.Object({}, { additionalProperties: true })], { errorMessage: 'must be a JSON batch' }),
    response: T.Unsafe<StatBatchResult>({ type: 'object', additionalProperties: true })
  })
};
