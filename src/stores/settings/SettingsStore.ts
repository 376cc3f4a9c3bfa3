import { makeAutoObservable } from 'mobx';
import type { PhotoDisplayMode } from '../../../types/page/photo';
import type { SortOrder } from '../../../types/api/photo';
import { readStored, writeStored } from '../../platform/storage';
import { setDocumentLang } from '../../platform/ui';
import { i18n, toLocale, DEFAULT_LOCALE, type Locale } from '../../i18n';

export type Setting<T extends string> = 'system' | T;

export interface LocalSettings {
  language: Setting<Locale>;
  mode: Setting<PhotoDisplayMode>;
  order: Setting<SortOrder>;
}

const KEY = 'settings';
/** 'system' layout is the waterfall (spec part 3 §4); 'system' sort is -shoottime (desc). */
export const SYSTEM_MODE: PhotoDisplayMode = 'waterfall';
export const SYSTEM_ORDER: SortOrder = 'desc';

/** Device-local visitor settings: language, photo layout and sort, each defaulting to 'system'. */
export class SettingsStore {
  language: LocalSettings['language'] = 'system';
  mode: LocalSettings['mode'] = 'system';
  order: LocalSettings['order'] = 'system';
  /** Locale the gallery asks for (config.locale), used when language is 'system'. */
  galleryLocale: Locale | null = null;

  constructor() {
    makeAutoObservable(this);
    const saved = readStored<Partial<LocalSettings>>(KEY, {});
    if (saved && typeof saved === 'object') {
      if (saved.language) this.language = saved.language;
      if (saved.mode) this.mode = saved.mode;
      if (saved.order) this.order = saved.order;
    }
    this.applyLocale();
  }

  get locale(): Locale {
    return this.language === 'system' ? this.galleryLocale ?? DEFAULT_LOCALE : this.language;
  }

  /** The layout to show, given the organiser's choice for the component. */
  effectiveMode(organiserMode?: PhotoDisplayMode): PhotoDisplayMode {
    if (this.mode !== 'system') return this.mode;
    return organiserMode ?? SYSTEM_MODE;
  }

  get effectiveOrder(): SortOrder {
    return this.order === 'system' ? SYSTEM_ORDER : this.order;
  }

  set<K extends keyof LocalSettings>(key: K, value: LocalSettings[K]) {
    (this as LocalSettings)[key] = value;
    writeStored(KEY, { language: this.language, mode: this.mode, order: this.order });
    this.applyLocale();
  }

  setGalleryLocale(value: string | undefined) {
    this.galleryLocale = toLocale(value);
    this.applyLocale();
  }

  /** Every mounted component follows (they observe i18n.locale), and so does the H5 document's `lang`. */
  private applyLocale() {
    if (i18n.locale !== this.locale) i18n.setLocale(this.locale);
    setDocumentLang(this.locale);
  }
}
