// OCR languages: each one's trained data ship in an npm package (never downloaded at run time).
// Kept apart from engine.ts so the configuration can check OCR_LANGS without loading tesseract.
import path from 'node:path';

/** Languages tesseract can load here: the npm packages that ship their trained data. */
export const OCR_LANG_PACKAGES: Record<string, string> = {
  eng: '@tesseract.js-data/eng',
  chi_sim: '@tesseract.js-data/chi_sim'
};
export const DEFAULT_OCR_LANGS = ['eng'];
/** The folder of a language's LSTM model inside its npm package (4.0.0_best_int, as tesseract.js picks for LSTM). */
export function langFolder(lang: string): string {
  const pkg = OCR_LANG_PACKAGES[lang];
  if (!pkg) throw new Error(`OCR language ${lang} has no trained-data package (known: ${Object.keys(OCR_LANG_PACKAGES).join(', ')})`);
  return path.join(path.dirname(require.resolve(`${pkg}/package.json`)), '4.0.0_best_int');
}

/** OCR_LANGS: `eng`, `eng+chi_sim`, … (a name without its package is refused at start). */
export function parseLangs(value: string | undefined): string[] {
  const langs = (value ?? '').split(/[+,\s]+/).filter(Boolean);
  if (!langs.length) return DEFAULT_OCR_LANGS;
  for (const l of langs) langFolder(l);
  return langs;
}
