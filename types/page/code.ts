/**
 * `code`: custom code (spec part 3 §2 item 15 "A custom-code component that loads external script and
 * style resources"). In browsers the page loads the scripts and stylesheets; the mini-program runs no
 * outside code and shows nothing. A page is saved only when every address is https on a host the
 * organiser allow-listed on the server (CODE_HOSTS): anything else is refused with its path.
 */
import * as T from 'typebox';
import { defineComponent, Props, type PageCheckOptions } from './kit';

/** An https address (scripts and styles are never loaded over plain http). */
export const CODE_URL_PATTERN = '^https://[^\\s/?#@]+(/[^\\s]*)?$';
const CodeUrl = () => T.String({ maxLength: 2000, pattern: CODE_URL_PATTERN, errorMessage: 'must be an https address' });
/** Most scripts (and, separately, stylesheets) one component loads. */
export const CODE_URLS_MAX = 10;

export const CodePropsSchema = Props({
  scripts: T.Array(CodeUrl(), { maxItems: CODE_URLS_MAX, default: [] }),
  styles: T.Array(CodeUrl(), { maxItems: CODE_URLS_MAX, default: [] })
});
export type CodeProps = T.Static<typeof CodePropsSchema>;

/** The host (lower case, with a port when given) of an https address; null when it has none. */
export function hostOf(url: string): string | null {
  const m = /^https:\/\/([^\s/?#@]+)/i.exec(url);
  return m ? m[1].toLowerCase() : null;
}

/** Whether `host` is allow-listed: an exact entry, or `*.example.com` for its subdomains. */
export function hostAllowed(host: string, allowed: readonly string[]): boolean {
  const h = host.toLowerCase();
  return allowed.some((entry) => {
    const e = entry.toLowerCase();
    return e.startsWith('*.') ? h.endsWith(e.slice(1)) && h.length > e.length - 1 : h === e;
  });
}

function checkHosts(props: Record<string, unknown>, opts: PageCheckOptions): Array<{ at: string; message: string }> {
  const allowed = opts.codeHosts ?? [];
  const out: Array<{ at: string; message: string }> = [];
  for (const field of ['scripts', 'styles'] as const) {
    const list = Array.isArray(props[field]) ? (props[field] as unknown[]) : [];
    list.forEach((url, i) => {
      const host = typeof url === 'string' ? hostOf(url) : null;
      if (!host || hostAllowed(host, allowed)) return;
      out.push({
        at: `.${field}[${i}]`,
        message: allowed.length
          ? `host ${host} is not allow-listed for code (CODE_HOSTS: ${allowed.join(', ')})`
          : `host ${host} is not allow-listed for code (the server allows no code hosts: set CODE_HOSTS)`
      });
    });
  }
  return out;
}

export const codeDefinition = { ...defineComponent('code', CodePropsSchema), check: checkHosts };
export const CODE_DEFAULTS: CodeProps = codeDefinition.defaults;
