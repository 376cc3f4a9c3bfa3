import * as T from 'typebox';
import { defineCall } from './contract';

/**
 * WeChat JS-SDK configuration (spec part 1 §7 `GET /api/v2/user/signature`).
 *
 * `url` is the page's address as the browser shows it, without its `#fragment` (the server
 * drops one anyway). The answer signs it for `wx.config`: sha1 over
 * `jsapi_ticket=…&noncestr=…&timestamp=…&url=…` with the official account's JS-API ticket.
 * `appid` is the official account's (a local sandbox's when none is configured).
 */
export const JsSdkSignatureSchema = T.Object({
  appid: T.String(),
  /** Unix seconds. */
  timestamp: T.Integer(),
  noncestr: T.String(),
  /** 40 hex digits. */
  signature: T.String()
});
export type JsSdkSignature = T.Static<typeof JsSdkSignatureSchema>;

/** The longest page address signed. */
export const SIGNATURE_URL_MAX = 2048;

/** Stable codes of signature refusals (201600–201649 are the JS-SDK's). */
export const JsSdkError = {
  /** `url` is not an absolute http(s) address (400). */
  BAD_URL: 201600,
  /** WeChat's token or ticket could not be fetched (503, try again). */
  UNAVAILABLE: 201601
} as const;

export const JSSDK_MESSAGES = {
  BAD_URL: 'url must be the absolute http(s) address of the page',
  UNAVAILABLE: 'WeChat JS-SDK signature is unavailable, please try again'
} as const;

export const jssdkCalls = {
  signature: defineCall('GET', '/api/v2/user/signature', {
    query: T.Object({
      url: T.String({ minLength: 1, maxLength: SIGNATURE_URL_MAX, errorMessage: `must be the page address, at most ${SIGNATURE_URL_MAX} characters` })
    }),
    response: JsSdkSignatureSchema
  })
};
