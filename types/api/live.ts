import * as T from 'typebox';
import { defineCall } from './contract';
import { Id, Line } from './schema';
import { LIVE_PATH } from '../live';

/** Longest session token accepted in the live channel's query. */
const TOKEN_MAX = 200;

/**
 * The live channel (spec part 3 §7): a WebSocket at `GET /api/v2/live?token=…&gallery=…`.
 * The mini-program's socket cannot set headers, so its session token travels in the query (the
 * Authorization header works too); a browser's same-origin socket carries the session cookie and
 * no token (`?gallery=…`), and a cookie from another Origin is refused (403, 200303). Refusals come before the upgrade as ordinary
 * envelopes: 401 without a session, 400 for a bad gallery id, 404 for an unknown gallery,
 * 403 (200202) for a gated one without its pass, 503 when the process is full. Frames are
 * types/live.ts's LiveClientFrame and LiveServerFrame. A socket that sends frames faster than
 * LIVE_FRAME_BURST / LIVE_FRAME_RATE allow is closed with 1008; a socket in a gated gallery's
 * room leaves it (a `left` frame) when its pass ends or the gate changes.
 */
export const liveCalls = {
  connect: defineCall(
    'GET',
    LIVE_PATH,
    { query: T.Object({ token: T.Optional(Line(TOKEN_MAX)), gallery: Id() }) },
    'WebSocket'
  )
};
