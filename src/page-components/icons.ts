/**
 * Built-in icons as SVG data URIs: an Image shows them the same way in the
 * mini-program and H5, with no icon font or asset files to ship.
 */
const B64 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';

/** Base64 of an ASCII string (btoa is missing in the mini-program). */
function base64(ascii: string): string {
  let out = '';
  for (let i = 0; i < ascii.length; i += 3) {
    const a = ascii.charCodeAt(i);
    const b = i + 1 < ascii.length ? ascii.charCodeAt(i + 1) : NaN;
    const c = i + 2 < ascii.length ? ascii.charCodeAt(i + 2) : NaN;
    const n = (a << 16) | ((b || 0) << 8) | (c || 0);
    out += B64[(n >> 18) & 63] + B64[(n >> 12) & 63];
    out += Number.isNaN(b) ? '=' : B64[(n >> 6) & 63];
    out += Number.isNaN(c) ? '=' : B64[n & 63];
  }
  return out;
}

function svg(body: string, color: string): string {
  const src = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 24 24" fill="none" stroke="${color}" stroke-width="2" stroke-linecap="round" stroke-linejoin="round">${body}</svg>`;
  return `data:image/svg+xml;base64,${base64(src)}`;
}

export const ICONS = {
  /** Loudspeaker, for the tips banner. */
  notice: (color: string) => svg('<path d="M3 10v4h4l5 4V6L7 10z"/><path d="M16 9a4 4 0 0 1 0 6"/><path d="M19 6a8 8 0 0 1 0 12"/>', color),
  top: (color: string) => svg('<path d="M5 4h14"/><path d="M12 20V9"/><path d="M7 13l5-5 5 5"/>', color),
  refresh: (color: string) => svg('<path d="M20 11a8 8 0 1 0-2.3 5.7"/><path d="M20 4v7h-7"/>', color),
  more: (color: string) => svg('<circle cx="5" cy="12" r="1"/><circle cx="12" cy="12" r="1"/><circle cx="19" cy="12" r="1"/>', color),
  close: (color: string) => svg('<path d="M6 6l12 12"/><path d="M18 6L6 18"/>', color),
  link: (color: string) => svg('<path d="M10 14a4 4 0 0 0 6 0l3-3a4 4 0 0 0-6-6l-1 1"/><path d="M14 10a4 4 0 0 0-6 0l-3 3a4 4 0 0 0 6 6l1-1"/>', color)
};
