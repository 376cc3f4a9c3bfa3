/**
 * `code`: custom code (spec part 3 §2 item 15 "A custom-code component that loads external script and
 * style resources"). In browsers the page loads the scripts and stylesheets; the mini-program runs no
 * outside code and shows nothing. A page is saved only when every address is https on a host the
 * organiser allow-listed on the server (CODE_HOSTS): anything else is refused with its path.
 */
import * as T from 'typebox';
import { defineComponent, Props, type PageCheckOptions } from './kit';

/**
 * An https address (scripts and styles are never loaded over plain http): no white space, control
 * character or backslash anywhere (browsers read `\` as `/`, so `https://evil.test\.example.org/`
 * loads from evil.test), and no user name, `%` escape or other ambiguity in the host. The server also
 * parses each address as a browser does (codeUrlHost) before it compares the host with CODE_HOSTS.
 */
export const CODE_URL_PATTERN = '^https://[^\\s\\u0000-\\u001f\\u007f-\\u009f\\\\/?#@%]+(/[^\\s\\u0000-\\u001f\\u007f-\\u009f\\\\]*)?$';
const CodeUrl = () => T.String({ maxLength: 2000, pattern: CODE_URL_PATTERN, errorMessage: 'must be an https address' });
/** Most scripts (and, separately, stylesheets) one component loads. */
export const CODE_URLS_MAX = 10;

export const CodePropsSchema = Props({
  scripts: T.Array(CodeUrl(), { maxItems: CODE_URLS_MAX, default: [] }),
  styles: T.Array(CodeUrl(), { maxItems: CODE_URLS_MAX, default: [] })
});
export type CodeProps = T.Static<typeof CodePropsSchema>;

const CODE_URL = new RegExp(CODE_URL_PATTERN);

/**
 * The host (lower case, with its port when it is not 443) a browser loads `url` from, by WHATWG
 * URL parsing (`new URL(url).host`); null when the address is not a plain https address: it fails
 * CODE_URL_PATTERN, has a user name or password, or its host as written is not exactly the host
 * a browser reads (an escape, a non-ASCII or numeric form, an explicit :443, an empty host).
 */
export function codeUrlHost(url: unknown): string | null {
  if (typeof url !== 'string' || url.length > 2000 || !CODE_URL.test(url)) return null;
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return null;
  }
  if (parsed.protocol !== 'https:' || parsed.username || parsed.password || !parsed.hostname) return null;
  const written = url.slice('https://'.length).split(/[/?#]/, 1)[0].toLowerCase();
  return written === parsed.host ? parsed.host : null;
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
      const host = codeUrlHost(url);
      if (!host) {
        out.push({ at: `.${field}[${i}]`, message: 'must be a plain https address (no backslash, user name, escape or ambiguous host)' });
        return;
      }
      if (hostAllowed(host, allowed)) return;
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
