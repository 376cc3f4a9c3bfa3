import * as T from 'typebox';
import { defineCall } from './contract';

/**
 * The image share page /page/share/{openid}/{ids} (spec part 1 §2 routes, §4 share content).
 *
 * GET /api/v2/user/sharer/{openid}: who shared, for the page's header. Only a
 * real (authorised) user's nickname and avatar are public; `data` is null for an
 * unknown openid, a guest, or a user without a nickname. Nothing else of the user
 * (id, openid, phone …) is ever returned.
 */
export const SharerInfoSchema = T.Object({
  nickname: T.String(),
  /** Avatar URL; '' when none. */
  photo: T.String()
});
export type SharerInfo = T.Static<typeof SharerInfoSchema>;

/** An openid as it may appear in a share URL: our guest/sandbox ids and WeChat's (28 chars, base64url-ish). */
export const SHARER_OPENID_RE = /^[A-Za-z0-9_-]{1,64}$/;

export const shareCalls = {
  sharer: defineCall('GET', '/api/v2/user/sharer/:openid', {
    params: T.Object({ openid: T.String({ pattern: '^[A-Za-z0-9_-]{1,64}$', errorMessage: 'must be 1 to 64 letters, digits, _ or -' }) }),
    response: T.Union([SharerInfoSchema, T.Null()])
  })
};

/** Photos one share link carries at most (spec part 1 §5 MAX_SHARE_NUM: 50). */
export const SHARE_MAX_PHOTOS = 50;
