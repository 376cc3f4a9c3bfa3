import type { Gallery } from '../../../../types/api/gallery';
import { DEFAULT_THEME } from '../../../../types/api/gallery';
import { SLIDEHEAD_DEFAULTS } from '../../../../types/page/slidehead';
import { DOC_TEXTS, type DocLocale } from './texts';
import { escapeHtml } from './html';

/**
 * The first screen of an open gallery, drawn by the server before the script runs
 * (issue 12, Speed 3): its name and address in its theme's colours, and the head
 * slider's first slide at the size the app shows it. The visitor sees the event at
 * once on a slow network; the app replaces it when its page has rendered
 * (src/platform/boot.ts dismissBootSkeleton).
 */
export interface FirstScreen {
  name: string;
  address: string;
  /** The first slide, as the app requests it on phones and on wide screens. */
  banner: { phone: string; desktop: string; ratio: number } | null;
  theme: { background: string; h1: string; h2: string };
}

/** Where the desktop layout starts (src/styles/tokens.scss $desktop-min). */
export const DESKTOP_MIN_PX = 801;
/** The styles the app's head slider requests (src/page-components/slidehead). */
export const BANNER_STYLES = { phone: 'wx_750_n', desktop: 'wx_1920_n' } as const;

/** A CSS colour an organiser may configure: hex, rgb()/rgba(), or a plain name; anything else is not written. */
const COLOR_RE = /^(#[0-9a-fA-F]{3,8}|rgba?\(\s*[\d.]+%?\s*,\s*[\d.]+%?\s*,\s*[\d.]+%?\s*(,\s*[\d.]+%?\s*)?\)|[a-zA-Z]{3,20})$/;
export function safeColor(value: unknown, fallback: string): string {
  return typeof value === 'string' && COLOR_RE.test(value.trim()) ? value.trim() : fallback;
}

/** The head slider's first slide: the first `slidehead` component with an image. */
export function firstSlide(g: Gallery): { image: string; ratio: number } | null {
  const head = g.pagedata?.components?.find((c) => c.type === 'slidehead');
  const props = head?.props as { items?: Array<{ image?: unknown }>; ratio?: unknown } | undefined;
  const items = props?.items;
  const first = Array.isArray(items) ? items.find((i) => i && typeof i.image === 'string' && i.image) : undefined;
  if (!first) return null;
  const ratio = typeof props?.ratio === 'number' && props.ratio > 0 && props.ratio <= 4 ? props.ratio : SLIDEHEAD_DEFAULTS.ratio;
  return { image: first.image as string, ratio };
}

export function firstScreenOf(g: Gallery): FirstScreen {
  const slide = firstSlide(g);
  const theme = g.config?.theme;
  return {
    name: g.name,
    address: g.galleryaddress ?? '',
    banner: slide
      ? { phone: `/img/${slide.image}!${BANNER_STYLES.phone}`, desktop: `/img/${slide.image}!${BANNER_STYLES.desktop}`, ratio: slide.ratio }
      : null,
    theme: {
      background: safeColor(theme?.background, DEFAULT_THEME.background),
      h1: safeColor(theme?.h1, DEFAULT_THEME.h1),
      h2: safeColor(theme?.h2, DEFAULT_THEME.h2)
    }
  };
}

const D = `(min-width:${DESKTOP_MIN_PX}px)`;
const CSS =
  '#boot-skeleton{position:fixed;inset:0;z-index:1;background:#f5f5f5;overflow:hidden;font-family:-apple-system,BlinkMacSystemFont,"PingFang SC","Noto Sans CJK SC","Microsoft YaHei",sans-serif}' +
  '#boot-skeleton .bs-col{max-width:1200px;margin:0 auto}' +
  '#boot-skeleton .bs-head{height:50vw;max-height:420px;background:#e4e4e4}' +
  '#boot-skeleton .bs-top{padding:14px 16px 6px}' +
  '#boot-skeleton .bs-name{font-size:18px;font-weight:600;line-height:1.4;overflow:hidden;text-overflow:ellipsis;white-space:nowrap}' +
  '#boot-skeleton .bs-addr{margin-top:3px;font-size:13px;line-height:1.4}' +
  '#boot-skeleton .bs-bar{height:14px;margin:12px 0 8px;width:40%;background:rgba(0,0,0,.06);border-radius:4px}' +
  '#boot-skeleton .bs-faces{height:22px;margin-bottom:6px;width:30%;background:rgba(0,0,0,.04);border-radius:11px}' +
  '#boot-skeleton .bs-banner{display:block;width:100%;height:auto;object-fit:cover;background:#e4e4e4}' +
  `@media ${D}{#boot-skeleton .bs-banner{height:420px;aspect-ratio:auto!important}}` +
  '#boot-skeleton .bs-grid{display:grid;grid-template-columns:1fr 1fr;gap:4px;padding:8px 4px 0}' +
  `@media ${D}{#boot-skeleton .bs-grid{grid-template-columns:repeat(4,1fr)}}` +
  '#boot-skeleton .bs-cell{aspect-ratio:4/3;background:rgba(0,0,0,.06)}' +
  '#boot-skeleton .bs-hint{position:absolute;left:0;right:0;bottom:24px;text-align:center;color:#999;font-size:13px}';

/** Inline CSS and markup shown until the app's page has rendered (then the app removes it). */
export function skeleton(lang: DocLocale, first: FirstScreen | null): string {
  const e = escapeHtml;
  const cells = '<div class="bs-cell"></div>'.repeat(8);
  const hint = `<div class="bs-hint">${e(DOC_TEXTS[lang].loading)}</div>`;
  if (!first) {
    return (
      `<style>${CSS}</style><div id="boot-skeleton" data-testid="boot-skeleton" aria-busy="true">` +
      `<div class="bs-col"><div class="bs-head"></div><div class="bs-top"><div class="bs-bar"></div></div><div class="bs-grid">${cells}</div></div>${hint}</div>`
    );
  }
  const { theme, banner } = first;
  const top =
    `<div class="bs-top"><div class="bs-name" style="color:${e(theme.h1)}">${e(first.name)}</div>` +
    (first.address ? `<div class="bs-addr" style="color:${e(theme.h2)}">${e(first.address)}</div>` : '') +
    '<div class="bs-bar"></div><div class="bs-faces"></div></div>';
  // The slide at the width it is shown, in the app's aspect ratio; the same URLs as the preloads.
  const img = banner
    ? `<picture><source media="${D}" srcset="${e(banner.desktop)}">` +
      `<img class="bs-banner" data-testid="boot-banner" src="${e(banner.phone)}" alt="" fetchpriority="high" style="aspect-ratio:${+(1 / banner.ratio).toFixed(4)}"></picture>`
    : '';
  return (
    `<style>${CSS}</style><div id="boot-skeleton" data-testid="boot-skeleton" aria-busy="true" style="background:${e(theme.background)}">` +
    `<div class="bs-col">${top}${img}<div class="bs-grid">${cells}</div></div>${hint}</div>`
  );
}

/** Preloads of the first slide: the phone's style on narrow screens, the wide one from the desktop breakpoint on. */
export function bannerPreloads(first: FirstScreen | null): string {
  const b = first?.banner;
  if (!b) return '';
  const e = escapeHtml;
  return (
    `<link rel="preload" as="image" href="${e(b.phone)}" media="(max-width:${DESKTOP_MIN_PX - 1}px)" fetchpriority="high">` +
    `<link rel="preload" as="image" href="${e(b.desktop)}" media="${D}" fetchpriority="high">`
  );
}
