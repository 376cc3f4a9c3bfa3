/**
 * Number-like words of OCR text with look-alike letters read as digits: recognition reads
 * a bib's 0 as O or its 1 as l now and then ("1O24", "77O15"). A word counts as number-like
 * when it holds at least two digits and at most one look-alike letter, not in first place (a
 * letter before the digits is a prefix, as in "A1024", and stays a letter).
 */
const LOOKALIKE: Record<string, string> = { O: '0', o: '0', D: '0', Q: '0', I: '1', l: '1', '|': '1', Z: '2', S: '5', B: '8' };
const WORD = /[0-9A-Za-z|]+/g;

export function digitReadings(text: string): string[] {
  const out: string[] = [];
  for (const word of text.match(WORD) ?? []) {
    const letters = [...word].filter((c) => !/[0-9]/.test(c));
    if (letters.length !== 1 || (word.match(/[0-9]/g)?.length ?? 0) < 2) continue;
    const at = [...word].findIndex((c) => !/[0-9]/.test(c));
    const digit = LOOKALIKE[letters[0]];
    if (at === 0 || !digit) continue;
    out.push(word.replace(letters[0], digit));
  }
  return out;
}
