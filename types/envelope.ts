/** Every API answer: `{ code, data, msg }`, code 200 on success (spec part 1 §7). */
export interface Envelope<T = unknown> {
  code: number;
  data: T;
  msg: string;
}

/**
 * The error-code catalogue. Spec codes keep their numbers (part 1 §8, part 3 §8);
 * the 4xx-class codes are ours, for bad input and missing things.
 */
export const ErrorCode = {
  OK: 200,
  /** Bad or missing parameter. */
  BAD_REQUEST: 400,
  /** Not logged in, or the token is unknown or expired. */
  UNAUTHORIZED: 401,
  /** Logged in, but not allowed. */
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  METHOD_NOT_ALLOWED: 405,
  PAYLOAD_TOO_LARGE: 413,
  TOO_MANY_REQUESTS: 429,
  INTERNAL: 500,
  /** Spec: no redirect link found / parent not found. */
  NO_REDIRECT: 200001,
  /** Spec: already-paid images (returns their ids). */
  ALREADY_PAID: 200201,
  /** Spec: no permission to enter. */
  NO_PERMISSION: 200202,
  /** Spec: wrong invite code. */
  WRONG_INVITE_CODE: 200208,
  /** Spec: wrong password. */
  WRONG_PASSWORD: 200209,
  /** Ours (the spec names only the texts): wrong SMS code, msg 'Captcha error', data.key PhoneCodeError or PhoneCodeErrorWhite. */
  CAPTCHA_ERROR: 200210,
  /** Spec: session answer carrying a redirect. */
  SESSION_REDIRECT: 200302,
  /**
   * Ours (server/src/sessionCookie.ts): a write (or the live socket) the session cookie authenticated came from
   * another origin, or without an Origin and without the app's X-Client header (HTTP 403).
   */
  SESSION_CROSS_SITE: 200303,
  /** Spec FINDPEOPLE_ERROR_422: no related photos (also 222207). */
  FACE_NO_PHOTOS: 422,
  /** Spec FINDPEOPLE_ERROR_222202: no face in the picture. */
  FACE_NO_FACE: 222202,
  /** Ours: several faces where one is required ('Please upload single frontal photo'). */
  FACE_MANY_FACES: 222203,
  /** Spec FINDPEOPLE_ERROR_222207: no related photos. */
  FACE_NO_RELATED: 222207,
  /** Spec FINDPEOPLE_ERROR_222304: picture too large, must be under 2M. */
  FACE_TOO_LARGE: 222304,
  /** Ours: the friend limit (6) is reached. */
  FACE_FRIENDS_LIMIT: 222310,
  /** Ours (comments, types/api/comments.ts COMMENT_MESSAGES): 'Please input the comment'. */
  COMMENT_EMPTY: 201201,
  /** Ours: 'Comment should not be longer than {n} letters'. */
  COMMENT_TOO_LONG: 201202,
  /** Ours: 'Error: Same with last commment', data.key 'CommentRepeat'. */
  COMMENT_REPEAT: 201203,
  /** Ours: the visitor is muted in this gallery ('You are being silenced'). */
  COMMENT_SILENCED: 201204,
  /** Ours: the gallery's block_all is 1 ('All Silenced'). */
  COMMENT_ALL_SILENCED: 201205,
  /** Ours: the content check rejected the comment (nothing stored). */
  COMMENT_REJECTED: 201206,
  /** Ours: use_comment is 0 in this gallery. */
  COMMENT_CLOSED: 201207,
  /** Ours: this gift was sent within its cooldown (data.retry_after). */
  GIFT_COOLDOWN: 201208,
  /** Ours: a gift with a price posted without a trade id (pay first: commentCalls.giftPrecreate). */
  GIFT_TRADE_REQUIRED: 201500,
  /** Ours: no gift order of this visitor in this gallery has that trade id. */
  GIFT_TRADE_UNKNOWN: 201501,
  /** Ours: the gift order is not paid (yet). */
  GIFT_TRADE_UNPAID: 201502,
  /** Ours: the post's gift or count, or the order's amount, differs from what the order paid for. */
  GIFT_TRADE_MISMATCH: 201503,
  /** Ours: giftPrecreate of a gift without a price (free gifts are posted directly). */
  GIFT_FREE: 201504,
  /** Ours: the trade id already made a gift comment that is gone (deleted): it is not used twice. */
  GIFT_TRADE_USED: 201505,
  /** Ours: the paid gift was not sent within a day and its payment went back to the payer. */
  GIFT_TRADE_REFUNDED: 201506,
  /** Ours: the configured payment provider cannot refund, so paid gifts cannot be paid (the only case where they cannot). */
  GIFT_NO_REFUNDS: 201507,
  /**
   * Ours (form pay, types/api/form.ts): another account's order for this phone (a form's pay field, same
   * gallery and good) is open and unexpired; data.retry_after says in how many seconds it expires (HTTP 409).
   */
  FORM_PAY_BUSY: 202000,
  /** Ours: this form order was paid after its phone had already been paid; the payment goes back to the payer (HTTP 409). */
  FORM_PAY_REFUNDED: 202001,
  /** Ours (posters, types/api/poster.ts): the poster's base64 is not a real JPEG or PNG (HTTP 400; nothing stored). */
  POSTER_NOT_IMAGE: 201700,
  /** Ours: the poster names a photo that is not a shown photo of that gallery (HTTP 400). */
  POSTER_FOREIGN_PHOTO: 201701,
  /** Ours: no such poster template for that gallery (HTTP 404). */
  POSTER_NO_TEMPLATE: 201702,
  /** Ours: createv2's thumb names no uploaded poster of those photos (HTTP 400). */
  POSTER_NO_UPLOAD: 201703,
  /** Ours: the gallery already holds POSTER_TEMPLATES_MAX custom templates (HTTP 409). */
  POSTER_TEMPLATES_FULL: 201704,
  /** Ours (any JSON body, types/jsonDepth.ts): lists and objects nest deeper than MAX_JSON_DEPTH; data.max_depth (HTTP 400; nothing read). */
  JSON_TOO_DEEP: 202200
} as const;

export type ErrorCodeValue = (typeof ErrorCode)[keyof typeof ErrorCode];

/** HTTP status used for each code (spec codes travel with 200 unless they are errors of input). */
export function httpStatusOf(code: number): number {
  if (code === 200) return 200;
  if (code >= 400 && code < 600) return code;
  // Face refusals are refusals of the request's photo or of a limit: a 4xx with the spec's code.
  if (code === ErrorCode.FACE_TOO_LARGE) return 413;
  if (code === ErrorCode.FACE_FRIENDS_LIMIT) return 409;
  if (code >= 222200 && code < 222400) return 422;
  if (code === ErrorCode.POSTER_NO_TEMPLATE) return 404;
  if (code === ErrorCode.POSTER_TEMPLATES_FULL) return 409;
  if (code >= 201700 && code < 201750) return 400;
  if (code === ErrorCode.FORM_PAY_BUSY || code === ErrorCode.FORM_PAY_REFUNDED) return 409;
  if (code === ErrorCode.JSON_TOO_DEEP) return 400;
  return 200;
}
