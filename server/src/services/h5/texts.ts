/**
 * The few texts the server writes into the H5 document before the app runs
 * (the title and description of pages that are not a gallery, the skeleton's
 * label). The app's own texts live in src/i18n; these are the server's
 * dictionary, one entry per locale, and the app replaces the title once it runs.
 */
export type DocLocale = 'zh-CN' | 'en-US';

export const DOC_TEXTS: Record<DocLocale, { site: string; description: string; loading: string }> = {
  'zh-CN': {
    site: '活动相册',
    description: '活动现场照片直播：实时查看、点赞、下载活动照片。',
    loading: '加载中…'
  },
  'en-US': {
    site: 'Event photos',
    description: 'Live event photo albums: see, like and download the photos of an event as they are taken.',
    loading: 'Loading…'
  }
};

export const DEFAULT_DOC_LOCALE: DocLocale = 'zh-CN';

/** The gallery's configured locale (config.locale), as the app reads it; the default otherwise. */
export function docLocale(value: unknown): DocLocale {
  if (typeof value !== 'string') return DEFAULT_DOC_LOCALE;
  if (/^en/i.test(value)) return 'en-US';
  return DEFAULT_DOC_LOCALE;
}
