/**
 * Nesting limits for JSON read from outside (issue 26 finding 10). Deep nesting costs nothing to
 * send but overflows the stack of any recursive walk (JSON.stringify, a schema check), so it is
 * refused before such work: the server's JSON body parser checks the text (jsonTextTooDeep), and
 * checks of values that may come from elsewhere (a page file on the command line) check the value.
 * Both checks are iterative.
 */

/** Deepest nesting of lists and objects a JSON body may have (valid page data, components MAX_NESTING deep, stays well within). */
export const MAX_JSON_DEPTH = 64;

/**
 * Whether JSON text nests lists and objects deeper than `max` (`[]` is 1 deep). One pass over the
 * text, skipping strings (with their escapes); text that is not JSON is left to the parser.
 */
export function jsonTextTooDeep(text: string, max: number): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 0x5c) i++; // a backslash: skip the escaped character
      else if (c === 0x22) inString = false;
    } else if (c === 0x22) inString = true;
    else if (c === 0x5b || c === 0x7b) {
      if (++depth > max) return true;
    } else if (c === 0x5d || c === 0x7d) depth--;
  }
  return false;
}

/** Whether a value nests lists and objects deeper than `max` (a walk with its own stack: no recursion). */
export function jsonValueTooDeep(value: unknown, max: number): boolean {
  const stack: Array<[unknown, number]> = [[value, 0]];
  while (stack.length) {
    const [v, above] = stack.pop()!;
    if (!v || typeof v !== 'object') continue;
    const depth = above + 1;
    if (depth > max) return true;
    for (const child of Array.isArray(v) ? v : Object.values(v as Record<string, unknown>)) {
      if (child && typeof child === 'object') stack.push([child, depth]);
    }
  }
  return false;
}
