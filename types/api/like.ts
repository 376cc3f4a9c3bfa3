/** POST /api/v2/userimage/love body (spec part 1 §5: all three are required). */
export interface LoveRequest {
  /** Photo id. */
  id: number;
  galleryid: number;
  /** The image path the visitor saw (`/img/{hash}!{style}`). */
  path: string;
  /** Optional wanted state (1 like, 0 unlike) that makes a retried request idempotent; without it the like toggles. */
  love?: 0 | 1;
}

export interface LoveResult {
  id: number;
  /** The new state for this user. */
  loved: boolean;
  /** The photo's like count after the change. */
  love: number;
}

/** GET /api/v2/images/user/loved answer: the current user's likes, keyed by photo id (spec part 1 §3 like response). */
export type LovedMap = Record<string, boolean>;

/** GET /api/v2/images/size answer: byte size of the stored original. */
export interface ImageSizeResult {
  size: number;
}
