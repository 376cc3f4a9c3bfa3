import { makeAutoObservable } from 'mobx';
import enUS, { type MessageKey, type Messages } from './en-US';
import zhCN from './zh-CN';

export type Locale = 'zh-CN' | 'en-US';
export const LOCALES: Locale[] = ['zh-CN', 'en-US'];
export const DEFAULT_LOCALE: Locale = 'zh-CN';

const DICTS: Record<Locale, Messages> = { 'zh-CN': zhCN, 'en-US': enUS };

/** The active locale, observable so components re-render when it changes. */
class I18nState {
  locale: Locale = DEFAULT_LOCALE;
  constructor() {
    makeAutoObservable(this);
  }
  setLocale(l: Locale) {
    this.locale = l;
  }
}

export const i18n = new I18nState();

export function toLocale(value: string | undefined | null): Locale | null {
  if (!value) return null;
  if (/^zh/i.test(value)) return 'zh-CN';
  if (/^en/i.test(value)) return 'en-US';
  return null;
}

/** Translate a key; `{name}` placeholders are filled from params. */
export function t(key: MessageKey, params?: Record<string, string | number>): string {
  const text = DICTS[i18n.locale][key] ?? enUS[key] ?? key;
  if (!params) return text;
  return text.replace(/\{(\w+)\}/g, (m, k: string) => (k in params ? String(params[k]) : m));
}

export type { MessageKey };

/** The words of relative times (utils/format formatTime) in the current language. */
export function relativeWords() {
  return {
    justNow: t('time.justNow'),
    minutesAgo: (num: number) => t('time.minutesAgo', { num }),
    hoursAgo: (num: number) => t('time.hoursAgo', { num })
  };
}
