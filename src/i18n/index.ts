import { makeAutoObservable } from 'mobx';
import enUS, { type MessageKey, type Messages, type Message, type PluralForms } from './en-US';
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

/** The CLDR plural category of a count; where Intl.PluralRules is missing (older mini-program engines) English rules. */
const pluralRules = new Map<Locale, Intl.PluralRules>();

export function pluralCategory(locale: Locale, count: number): Intl.LDMLPluralRule {
  if (typeof Intl !== 'undefined' && typeof Intl.PluralRules === 'function') {
    let rules = pluralRules.get(locale);
    if (!rules || !(rules instanceof Intl.PluralRules)) pluralRules.set(locale, (rules = new Intl.PluralRules(locale)));
    return rules.select(count);
  }
  if (locale === 'zh-CN') return 'other';
  return count === 1 ? 'one' : 'other';
}

function pick(message: Message, locale: Locale, count: number | undefined): string {
  if (typeof message === 'string') return message;
  const form = count === undefined ? 'other' : pluralCategory(locale, count);
  return message[form] ?? message.other;
}

/**
 * Translate a key; `{name}` placeholders are filled from params. A message with
 * plural forms picks its form by `params.count`, else by a numeric `params.num`
 * (so `t('gallery.photoCount', { num: '1.2k', count: 1234 })` reads "1.2k photos").
 */
export function t(key: MessageKey, params?: Record<string, string | number>): string {
  const locale = i18n.locale;
  const message = DICTS[locale][key] ?? enUS[key];
  if (message === undefined) return key;
  const count = typeof params?.count === 'number' ? params.count : typeof params?.num === 'number' ? params.num : undefined;
  const text = pick(message, locale, count);
  if (!params) return text;
  return text.replace(/\{(\w+)\}/g, (m, k: string) => (k in params ? String(params[k]) : m));
}

/** Every text a key can show in a locale (all plural forms), for tests that look for a language on screen. */
export function messageTexts(locale: Locale, key: MessageKey): string[] {
  const message = DICTS[locale][key];
  return typeof message === 'string' ? [message] : Object.values(message as PluralForms).filter((x): x is string => !!x);
}

export { DICTS };
export type { PluralForms };
export type { MessageKey };

/** The words of relative times (utils/format formatTime) in the current language. */
export function relativeWords() {
  return {
    justNow: t('time.justNow'),
    minutesAgo: (num: number) => t('time.minutesAgo', { num }),
    hoursAgo: (num: number) => t('time.hoursAgo', { num })
  };
}
