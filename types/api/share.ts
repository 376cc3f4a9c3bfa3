/**
 * The image share page /page/share/{openid}/{ids} (spec part 1 §2 routes, §4 share content).
 *
 * GET /api/v2/user/sharer/{openid}: who shared, for the page's header. Only a
 * real (authorised) user's nickname and avatar are public; `data` is null for an
 * unknown openid, a guest, or a user without a nickname. Nothing else of the user
 * (id, openid, phone …) is ever returned.
 */
export interface SharerInfo {
  nickname: string;
  /** Avatar URL; '' when none. */
  photo: string;
}

/** An openid as it may appear in a share URL: our guest/sandbox ids and WeChat's (28 chars, base64url-ish). */
export const SHARER_OPENID_RE = /^[A-Za-z0-9_-]{1,64}$/;

/** Photos one share link carries at most (spec part 1 §5 MAX_SHARE_NUM: 50). */
export const SHARE_MAX_PHOTOS = 50;
