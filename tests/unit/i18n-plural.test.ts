// Plural forms and the dictionaries' shape: "1 photo" / "240 photos" in English,
// one form in Chinese, the count taken from `count` (formatted numbers) or `num`.
import { i18n, t, pluralCategory, messageTexts, DICTS, LOCALES, type MessageKey } from '../../src/i18n';

function inLocale<T>(locale: 'zh-CN' | 'en-US', fn: () => T): T {
  const before = i18n.locale;
  i18n.setLocale(locale);
  try {
    return fn();
  } finally {
    i18n.setLocale(before);
  }
}

describe('plurals', () => {
  it('English picks one/other by the number', () => {
    inLocale('en-US', () => {
      expect(t('gallery.photoCount', { num: 1 })).toBe('1 photo');
      expect(t('gallery.photoCount', { num: 240 })).toBe('240 photos');
      expect(t('gallery.photoCount', { num: 0 })).toBe('0 photos');
      expect(t('stats.views', { count: 9 })).toBe('views');
      expect(t('stats.views', { count: 1 })).toBe('view');
      expect(t('time.minutesAgo', { num: 1 })).toBe('1 minute ago');
      expect(t('time.hoursAgo', { num: 5 })).toBe('5 hours ago');
      expect(t('share.from', { name: 'Ann', num: 1 })).toBe('Ann shared 1 photo with you');
    });
  });

  it('a formatted number shows as given and the form follows `count`', () => {
    inLocale('en-US', () => {
      expect(t('gallery.photoCount', { num: '1.2k', count: 1234 })).toBe('1.2k photos');
      expect(t('stats.visitors', { num: '1', count: 1 })).toBe('1 visitor');
    });
  });

  it('Chinese has one form', () => {
    inLocale('zh-CN', () => {
      expect(t('gallery.photoCount', { num: 1 })).toBe('1 张照片');
      expect(t('gallery.photoCount', { num: 240 })).toBe('240 张照片');
      expect(t('stats.visitors', { num: 1 })).toBe('1人来过');
      expect(t('stats.visitors', { num: 240 })).toBe('240人来过');
    });
  });

  it('without a count the "other" form shows', () => {
    inLocale('en-US', () => expect(t('stats.photos')).toBe('photos'));
  });

  it('falls back to English rules where Intl.PluralRules is missing (older mini-program engines)', () => {
    const saved = Intl.PluralRules;
    try {
      (Intl as { PluralRules?: unknown }).PluralRules = undefined;
      expect(pluralCategory('en-US', 1)).toBe('one');
      expect(pluralCategory('en-US', 2)).toBe('other');
      expect(pluralCategory('zh-CN', 1)).toBe('other');
      inLocale('en-US', () => expect(t('gallery.photoCount', { num: 1 })).toBe('1 photo'));
    } finally {
      (Intl as { PluralRules?: unknown }).PluralRules = saved;
    }
    expect(pluralCategory('en-US', 1)).toBe('one');
  });
});

describe('dictionaries', () => {
  const keys = Object.keys(DICTS['en-US']) as MessageKey[];
  const placeholders = (s: string) => [...s.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();

  it('every plural message has an "one" and an "other" form in English', () => {
    const plural = keys.filter((k) => typeof DICTS['en-US'][k] !== 'string');
    expect(plural.length).toBeGreaterThan(10);
    for (const k of plural) expect(Object.keys(DICTS['en-US'][k] as object).sort()).toEqual(['one', 'other']);
  });

  it('every form of a message uses the placeholders of the other language', () => {
    for (const k of keys) {
      const [zh, ...rest] = LOCALES.map((l) => messageTexts(l, k));
      const want = placeholders(zh[0]);
      for (const forms of [zh, ...rest]) for (const form of forms) expect({ k, p: placeholders(form) }).toEqual({ k, p: want });
    }
  });

  it('the English dictionary has no Chinese, except the names of the Chinese language on the switch', () => {
    const languageNames = new Set<MessageKey>(['pendent.lang', 'pendent.langShort', 'login.langCn', 'opt.zh-CN']);
    const withCjk = keys.filter((k) => !languageNames.has(k) && messageTexts('en-US', k).some((s) => /[\u3400-\u9fff]/.test(s)));
    expect(withCjk).toEqual([]);
  });

  it('the reviewed wording', () => {
    inLocale('en-US', () => {
      expect(t('viewer.payToRemove')).toBe('Remove watermark');
      expect(t('nav.my')).toBe('Me');
    });
  });
});
