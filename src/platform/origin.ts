/** The web address of a path on this site (`{origin}{path}`); null where there is no web origin (the mini-program). */
export function webUrl(path: string): string | null {
  if (process.env.TARO_ENV === 'h5') return typeof location === 'undefined' ? null : `${location.origin}${path}`;
  return null;
}
