/**
 * A chosen avatar that still lives on the device: WeChat's chooseAvatar gives
 * temporary paths (`wxfile://tmp_…`, or `http://tmp/…` in some base libraries and
 * the devtools; `http://usr/…` for the user data folder). Only other http(s)
 * addresses are web images that can be stored as they are.
 */
export function isLocalAvatar(path: string): boolean {
  return !/^https?:\/\//i.test(path) || /^https?:\/\/(tmp|usr|store)\//i.test(path);
}

/** Letters an initial may be: Latin (with accents), Greek, Cyrillic, kana, CJK ideographs, Hangul, digits. */
const INITIAL_CHAR = /[0-9A-Za-z\u00C0-\u024F\u0370-\u03FF\u0400-\u04FF\u3040-\u30FF\u3400-\u4DBF\u4E00-\u9FFF\uF900-\uFAFF\uAC00-\uD7AF]/;

/**
 * The initial an avatar falls back to: the first letter of the nickname (upper case)
 * or its first CJK character; emoji, spaces and punctuation before it are skipped.
 * '' when the name has none (then a person glyph is shown).
 */
export function avatarInitial(name: string | null | undefined): string {
  for (const ch of (name ?? '').trim()) {
    if (INITIAL_CHAR.test(ch)) return ch.toUpperCase();
  }
  return '';
}

/**
 * Background colours of generated avatars: mid tones that carry white text
 * (contrast at least 3:1 for the large initial), none of them the brand colour.
 */
export const AVATAR_COLORS = ['#d9534f', '#c8682a', '#b7791f', '#4e9a4a', '#248a7e', '#3a7fc1', '#5c62c9', '#9355b5', '#c2527f', '#6b7785'] as const;

/** The same name always gets the same colour (FNV-1a over its UTF-16 units). */
export function avatarColor(seed: string | null | undefined): string {
  let h = 0x811c9dc5;
  const s = seed ?? '';
  for (let i = 0; i < s.length; i++) {
    h ^= s.charCodeAt(i);
    h = Math.imul(h, 0x01000193) >>> 0;
  }
  return AVATAR_COLORS[h % AVATAR_COLORS.length];
}
