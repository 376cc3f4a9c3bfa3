import { statsCalls, type StatBatch } from '../../types/api/stats';
import { pathOf } from '../../types/api/contract';
import { apiBase } from '../platform/env';
import { sendOnLeave } from '../platform/beacon';
import { call } from './call';
import { sessionToken } from './credentials';

/** Send a batch while the page lives (with the Authorization header). */
export const postStats = (batch: StatBatch) => call(statsCalls.story, { body: batch as unknown as Record<string, unknown> });

/**
 * Send a batch as the page goes away: a beacon in browsers (same-origin, so it carries the
 * session cookie; a token only an older version kept would travel in the body, as a beacon
 * cannot set headers), a plain request with the token header in the mini-program.
 */
export function beaconStats(batch: StatBatch): boolean {
  const token = sessionToken();
  return sendOnLeave(`${apiBase()}${pathOf(statsCalls.story)}`, JSON.stringify(token ? { ...batch, token } : batch), token);
}
