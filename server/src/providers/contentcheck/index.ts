import type { LoginConfig } from '../login/config';
import type { ContentChecker } from './provider';
import { SANDBOX_REJECT_WORDS, SANDBOX_REVIEW_WORDS, WordListChecker } from './sandbox';
import { WechatContentChecker } from './wechat';

export type { ContentChecker, ContentCheckResult, ContentVerdict } from './provider';

/** CONTENT_CHECK and the word lists (README "Environment variables"). */
export interface ContentCheckConfig {
  /** 'sandbox' (default): the local word lists; 'wechat': msgSecCheck with the mini-program's credentials. */
  provider: 'sandbox' | 'wechat';
  rejectWords: string[];
  reviewWords: string[];
}

const words = (v: string | undefined, def: string[]) => (v === undefined ? def : v.split(',').map((w) => w.trim()).filter(Boolean));

export function loadContentCheckConfig(env: NodeJS.ProcessEnv): ContentCheckConfig {
  const raw = (env.CONTENT_CHECK ?? '').trim() || 'sandbox';
  if (raw !== 'sandbox' && raw !== 'wechat') throw new Error(`CONTENT_CHECK must be sandbox or wechat, got "${raw}"`);
  return { provider: raw, rejectWords: words(env.CONTENT_REJECT_WORDS, SANDBOX_REJECT_WORDS), reviewWords: words(env.CONTENT_REVIEW_WORDS, SANDBOX_REVIEW_WORDS) };
}

/** The checker the configuration asks for; 'wechat' needs WECHAT_MP_APPID and WECHAT_MP_SECRET. */
export function createContentChecker(c: ContentCheckConfig, login: LoginConfig, warn: (msg: string) => void): ContentChecker {
  if (c.provider === 'wechat') {
    if (!login.mp) throw new Error('CONTENT_CHECK=wechat needs WECHAT_MP_APPID and WECHAT_MP_SECRET (msgSecCheck uses the mini-program access token)');
    return new WechatContentChecker(login.mp, login.apiBase, warn);
  }
  return new WordListChecker({ reject: c.rejectWords, review: c.reviewWords });
}
