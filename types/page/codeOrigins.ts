/**
 * The origins a saved page's `code` components load from, for that page's Content-Security-Policy
 * (the document of a page with code allows scripts from exactly these origins, and no others).
 * Only addresses that pass the save check's own parse (codeUrlHost) count; with `allowed` (the
 * server's CODE_HOSTS) only hosts still on the list count, so a host removed after the page was
 * saved is not allowed again.
 */
import { codeUrlHost, hostAllowed } from './code';
import { PAGE_COMPONENT_DEFINITIONS } from './definitions';
import type { ComponentDefinition } from './kit';
import { MAX_NESTING } from './validate';

type Json = Record<string, unknown>;
const isObject = (v: unknown): v is Json => !!v && typeof v === 'object' && !Array.isArray(v);

/** `https://host[:port]` of each script of the page's `code` components (nested ones too), each once. */
export function codeScriptOrigins(pagedata: unknown, allowed?: readonly string[]): string[] {
  return codeOrigins(pagedata, 'scripts', allowed);
}

/** `https://host[:port]` of each stylesheet of the page's `code` components, each once. */
export function codeStyleOrigins(pagedata: unknown, allowed?: readonly string[]): string[] {
  return codeOrigins(pagedata, 'styles', allowed);
}

function codeOrigins(pagedata: unknown, field: 'scripts' | 'styles', allowed: readonly string[] | undefined): string[] {
  const out = new Set<string>();
  const top = isObject(pagedata) ? pagedata.components : undefined;
  // An explicit stack (no recursion): a stored page is bounded by the save check, but this walk does not rely on it.
  const stack: Array<{ list: unknown; depth: number }> = [{ list: top, depth: 0 }];
  const ordered: Json[] = [];
  while (stack.length) {
    const { list, depth } = stack.pop()!;
    if (!Array.isArray(list) || depth > MAX_NESTING) continue;
    const inner: Array<{ list: unknown; depth: number }> = [];
    for (const c of list) {
      if (!isObject(c) || typeof c.type !== 'string') continue;
      ordered.push(c);
      const def = Object.prototype.hasOwnProperty.call(PAGE_COMPONENT_DEFINITIONS, c.type)
        ? (PAGE_COMPONENT_DEFINITIONS[c.type as keyof typeof PAGE_COMPONENT_DEFINITIONS] as ComponentDefinition)
        : null;
      if (!def?.nested || (c.props !== undefined && !isObject(c.props))) continue;
      const props = { ...(def.defaults as Json), ...((c.props as Json | undefined) ?? {}) };
      for (const n of def.nested(props)) inner.push({ list: n.components, depth: depth + 1 });
    }
    stack.push(...inner.reverse());
  }
  for (const c of ordered) {
    if (c.type !== 'code' || !isObject(c.props) || !Array.isArray(c.props[field])) continue;
    for (const url of c.props[field] as unknown[]) {
      const host = codeUrlHost(url);
      if (host && (!allowed || hostAllowed(host, allowed))) out.add(`https://${host}`);
    }
  }
  return [...out];
}
