import Taro from '@tarojs/taro';
import { clientEnv } from './env';

/**
 * Red packets need the WeChat browser or the mini-program (spec part 3 §5: "must be inside the
 * chat-app browser, otherwise an alert is shown"): WeChat Pay and the wallet payout live there.
 */
export function redPacketsSupported(): boolean {
  const env = clientEnv();
  return env === 'wechat' || env === 'weapp';
}

/** A modal alert with one OK button (the system's dialog). */
export function showAlert(content: string, title = ''): Promise<void> {
  return Promise.resolve(Taro.showModal({ title, content, showCancel: false }))
    .then(() => undefined)
    .catch(() => undefined);
}
