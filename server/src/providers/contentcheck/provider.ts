/**
 * The content check a comment passes before it is stored or broadcast (issue 15 Deliver 3):
 * WeChat's content security check (msgSecCheck, wechat.ts) or the local word-list sandbox
 * (sandbox.ts, the default). `pass`: store and broadcast; `reject`: refuse, nothing stored;
 * `review`: store held, broadcast only after an organiser approves it.
 */
export type ContentVerdict = 'pass' | 'reject' | 'review';

export interface ContentCheckResult {
  verdict: ContentVerdict;
  /** Why (a provider's label or the matched word), for the organiser's review list. */
  label: string;
}

export interface ContentCheckInput {
  text: string;
  /** The author's openid (WeChat's check asks for it). */
  openid: string;
  /** The author's nickname (WeChat's check takes it as context). */
  nickname: string;
}

export interface ContentChecker {
  readonly id: string;
  check(input: ContentCheckInput): Promise<ContentCheckResult>;
}
