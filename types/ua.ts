import type { ClientEnv } from './api/session';

/**
 * Which browser a user agent is (spec: login, pay, download and share change per case).
 * Order matters: WeChat Work's UA also contains MicroMessenger.
 */
export function detectEnv(ua: string, opts: { miniProgram?: boolean } = {}): ClientEnv {
  const s = ua || '';
  if (opts.miniProgram || /miniProgram/i.test(s)) return 'weapp';
  if (/wxwork/i.test(s)) return 'wxwork';
  if (/MicroMessenger/i.test(s)) return 'wechat';
  if (/DingTalk/i.test(s)) return 'dingtalk';
  if (/Mobile|Android|iPhone|iPad|iPod|HarmonyOS/i.test(s)) return 'mobile';
  return 'pc';
}

export function isPcEnv(ua: string): boolean {
  return !/Mobile|Android|iPhone|iPad|iPod|HarmonyOS/i.test(ua || '') || /WindowsWechat|MacWechat/i.test(ua || '');
}
