import { DEFAULT_THEME } from '../../../types/api/gallery';
import { svgDataUrl, tint } from '../../utils/svg';

/** The illustrations of empty states. */
export type EmptyArt = 'photos' | 'people' | 'waiting' | 'error' | 'search';
export const EMPTY_ARTS: readonly EmptyArt[] = ['photos', 'people', 'waiting', 'error', 'search'];

const VIEW_BOX = '0 0 160 120';

/** Drawings in the brand colour and its tints, on a soft disc (160×120). */
function body(art: EmptyArt, main: string): string {
  const pale = tint(main, 0.88);
  const mid = tint(main, 0.55);
  const white = '#fff';
  // A soft disc with a few sparkles around it.
  const disc =
    `<circle cx="80" cy="62" r="54" fill="${pale}"/>` +
    `<circle cx="20" cy="44" r="4" fill="${mid}"/><circle cx="142" cy="30" r="3" fill="${mid}"/><circle cx="30" cy="100" r="2.5" fill="${mid}"/>` +
    `<path d="M140 88v12M134 94h12" stroke="${mid}" stroke-width="2.5" stroke-linecap="round"/>` +
    `<path d="M24 16v8M20 20h8" stroke="${mid}" stroke-width="2" stroke-linecap="round"/>`;
  const line = (d: string, w: number) => `<path d="${d}" fill="none" stroke="${main}" stroke-width="${w}" stroke-linecap="round" stroke-linejoin="round"/>`;
  switch (art) {
    case 'photos':
      return (
        disc +
        `<rect x="30" y="36" width="64" height="50" rx="6" transform="rotate(-9 62 61)" fill="${white}" stroke="${mid}" stroke-width="2"/>` +
        `<rect x="56" y="38" width="72" height="56" rx="6" fill="${white}" stroke="${main}" stroke-width="3"/>` +
        `<rect x="62" y="44" width="60" height="38" rx="3" fill="${pale}"/>` +
        `<circle cx="108" cy="54" r="5" fill="${mid}"/>` +
        `<path d="M62 82L80 61l12 13 8-8 22 16z" fill="${main}"/>`
      );
    case 'people':
      return (
        disc +
        `<circle cx="64" cy="50" r="13" fill="${mid}"/><path d="M40 94c0-15 11-26 24-26s24 11 24 26z" fill="${mid}"/>` +
        `<circle cx="94" cy="52" r="15" fill="${main}"/><path d="M66 100c0-17 12-29 28-29s28 12 28 29z" fill="${main}"/>`
      );
    case 'waiting':
      // A camera with a clock: the photos are still to come.
      return (
        disc +
        `<path d="M60 44l6-9h28l6 9" fill="${white}" stroke="${main}" stroke-width="3" stroke-linejoin="round"/>` +
        `<rect x="40" y="44" width="80" height="52" rx="9" fill="${white}" stroke="${main}" stroke-width="3"/>` +
        `<circle cx="80" cy="70" r="15" fill="${pale}" stroke="${main}" stroke-width="3"/><circle cx="80" cy="70" r="6" fill="${mid}"/>` +
        `<circle cx="106" cy="55" r="3" fill="${main}"/>` +
        `<circle cx="118" cy="94" r="15" fill="${main}" stroke="${white}" stroke-width="3"/>` +
        `<path d="M118 86v8l5 4" fill="none" stroke="${white}" stroke-width="2.5" stroke-linecap="round" stroke-linejoin="round"/>`
      );
    case 'error':
      return (
        disc +
        `<path d="M54 86h52a16 16 0 0 0 0-32 22 22 0 0 0-42-6 15 15 0 0 0-10 38z" fill="${white}" stroke="${main}" stroke-width="3" stroke-linejoin="round"/>` +
        line('M80 57v13', 4) +
        `<circle cx="80" cy="78" r="2.6" fill="${main}"/>`
      );
    case 'search':
      return disc + `<circle cx="74" cy="56" r="22" fill="${white}" stroke="${main}" stroke-width="5"/>` + line('M90 72l17 17', 8) + line('M66 50a10 10 0 0 1 10-6', 3);
  }
}

const cache = new Map<string, string>();

/** The illustration as an image data URL (built once per kind and colour). */
export function emptyArtUrl(art: EmptyArt, main: string = DEFAULT_THEME.main): string {
  const key = `${art}|${main}`;
  let url = cache.get(key);
  if (!url) {
    url = svgDataUrl(VIEW_BOX, body(art, main));
    cache.set(key, url);
  }
  return url;
}
