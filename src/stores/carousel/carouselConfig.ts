import type { CarouselConfig } from '../../../types/api/gallery';

/** Big-screen carousel numbers (spec part 2 §9, part 3 §3 and §7). */
export type CarouselOrder = CarouselConfig['order'];
export type CarouselEffect = CarouselConfig['effect'];

export const CAROUSEL_ORDERS: readonly CarouselOrder[] = ['asc', 'random'];
/** Slideshow intervals in seconds (spec part 2 §9), default 5. */
export const CAROUSEL_INTERVALS = [3, 5, 10, 15, 20] as const;
export const CAROUSEL_EFFECTS: readonly CarouselEffect[] = ['fade', 'slide', 'zoom', 'flip-card'];

export const CAROUSEL = {
  /** The next page of photos loads when the show is within this many photos of the loaded end. */
  LOAD_AHEAD: 5,
  /** The control bar hides after this long without mouse movement while playing. */
  CONTROLS_HIDE_MS: 3000,
  /** How long a transition runs (the CSS uses the same). */
  TRANSITION_MS: 800,
  /** Photos tried in a row when the next one fails to load, before the show waits for the next tick. */
  MAX_SKIPS: 3,
  /** Share of the screen's height the bullet screen covers (the top; carousel.scss says the same). */
  DANMAKU_SHARE: 0.7,
  /** Style of the shown photo and of the paused background (size 1920). */
  STYLE: 'wx_1920_n'
} as const;

/** What the screen uses: the gallery's carousel config, overridden by this screen's own choices. */
export interface CarouselSettings {
  order: CarouselOrder;
  /** Seconds per photo. */
  time: number;
  effect: CarouselEffect;
  qrcode: boolean;
  danmaku: boolean;
}

export const CAROUSEL_DEFAULTS: CarouselSettings = { order: 'asc', time: 5, effect: 'fade', qrcode: true, danmaku: false };

/** Device-storage key of one gallery's screen choices. */
export const carouselStorageKey = (galleryId: number) => `carousel_${galleryId}`;

const isOrder = (v: unknown): v is CarouselOrder => CAROUSEL_ORDERS.includes(v as CarouselOrder);
const isEffect = (v: unknown): v is CarouselEffect => CAROUSEL_EFFECTS.includes(v as CarouselEffect);
const isTime = (v: unknown): v is number => (CAROUSEL_INTERVALS as readonly number[]).includes(Number(v));
const isFlag = (v: unknown): boolean => v === 1 || v === true || v === '1';

/** Only the valid values of a partial settings object (stored or configured values may be stale or wrong). */
export function validChoices(raw: unknown): Partial<CarouselSettings> {
  if (!raw || typeof raw !== 'object') return {};
  const r = raw as Record<string, unknown>;
  const out: Partial<CarouselSettings> = {};
  if (isOrder(r.order)) out.order = r.order;
  if (isTime(r.time)) out.time = Number(r.time);
  if (isEffect(r.effect)) out.effect = r.effect;
  if (typeof r.qrcode === 'boolean') out.qrcode = r.qrcode;
  if (typeof r.danmaku === 'boolean') out.danmaku = r.danmaku;
  return out;
}

/** The gallery's carousel config as settings; unset or invalid fields keep the defaults. */
export function settingsFromConfig(config: Partial<CarouselConfig> | undefined): CarouselSettings {
  const c = config ?? {};
  return {
    order: isOrder(c.order) ? c.order : CAROUSEL_DEFAULTS.order,
    time: isTime(c.time) ? Number(c.time) : CAROUSEL_DEFAULTS.time,
    effect: isEffect(c.effect) ? c.effect : CAROUSEL_DEFAULTS.effect,
    qrcode: c.qrcode === undefined ? CAROUSEL_DEFAULTS.qrcode : isFlag(c.qrcode),
    // The spec spells it danmuku; shown when above 0.
    danmaku: c.danmuku === undefined ? CAROUSEL_DEFAULTS.danmaku : Number(c.danmuku) > 0
  };
}
