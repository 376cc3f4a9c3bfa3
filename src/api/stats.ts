import type { StatBatch, StatBatchResult } from '../../types/api/stats';
import { apiBase } from '../platform/env';
import { sendOnLeave } from '../platform/beacon';
import { request } from './client';
import { sessionToken } from './credentials';

export const STATS_PATH = '/api/v2/trigger/story';

/** Send a batch while the page lives (with the Authorization header). */
export const postStats = (batch: StatBatch) => request<StatBatchResult>('POST', STATS_PATH, batch as unknown as Record<string, unknown>);

/**
 * Send a batch as the page goes away: a beacon in browsers (which cannot set
 * headers, so the token travels in the body), a plain request in the mini-program.
 */
export function beaconStats(batch: StatBatch): boolean {
  const token = sessionToken();
  return sendOnLeave(`${apiBase()}${STATS_PATH}`, JSON.stringify(token ? { ...batch, token } : batch), token);
}
