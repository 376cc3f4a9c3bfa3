/**
 * A small typed client of the organiser API for the command-line tools
 * (gallery.ts, upload.ts). Every call carries `Authorization: Bearer <token>`
 * (the server's ORGANIZER_TOKEN, never a visitor session); answers are
 * envelopes `{code, data, msg}`. Failures become one-line ApiErrors.
 */
import type { Envelope } from '../../../types/envelope';
import type { ImageSign } from '../../../types/api/upload';

export interface ApiOptions {
  /** Server origin, e.g. http://localhost:8080 (no trailing slash needed). */
  server: string;
  token: string;
  /** For tests: a fetch that can fail on purpose. */
  fetch?: typeof fetch;
}

/** A failed call. `retryable` for network errors and 5xx; `fatal` when the token is refused. */
export class ApiError extends Error {
  constructor(
    message: string,
    public readonly status: number,
    public readonly retryable = false,
    public readonly fatal = false,
    /** The refusal's `data` (a refused page: {key, errors: [{path, message}]}). */
    public readonly data: unknown = null
  ) {
    super(message);
  }
}

export interface OrganizerGallery {
  id: number;
  link_id: string;
  name: string;
  url?: string;
  image_total?: number;
  start_time?: number;
  end_time?: number;
  parent?: number;
  [key: string]: unknown;
}

export interface NewGallery {
  name: string;
  link_id?: string;
  desc?: string;
  start_time?: number;
  end_time?: number;
  parent?: number;
  tags?: string[];
  /** A gallery of the old system keeps its id (below 1,000,000). */
  legacy_id?: number;
}

/** The signed upload policy of GET /api/v2/common/imagesign (the server's own contract). */
export type UploadSignature = ImageSign;

export interface RegisterPhoto {
  gallery_id: number;
  hash: string;
  keywords: string;
  tags: string[];
  link_id: string;
  origin: string;
}

const TOKEN_HINT = 'organiser token missing or wrong (pass --token or set ORGANIZER_TOKEN to the server\'s ORGANIZER_TOKEN)';

/** Value of `--name value` in argv. */
export function argValue(argv: string[], name: string): string | undefined {
  const i = argv.indexOf(name);
  if (i < 0) return undefined;
  const v = argv[i + 1];
  if (v === undefined || v.startsWith('--')) throw new Error(`${name} needs a value`);
  return v;
}

/** Server and token from `--server`/`--token`, else SERVER_URL (default http://localhost:$PORT) and ORGANIZER_TOKEN. */
export function apiOptionsFrom(argv: string[], env: NodeJS.ProcessEnv = process.env): ApiOptions {
  const server = argValue(argv, '--server') ?? env.SERVER_URL ?? `http://localhost:${env.PORT || 8080}`;
  try {
    const u = new URL(server);
    if (u.protocol !== 'http:' && u.protocol !== 'https:') throw new Error();
  } catch {
    throw new Error(`--server / SERVER_URL is not an http(s) URL: "${server}"`);
  }
  const token = argValue(argv, '--token') ?? env.ORGANIZER_TOKEN ?? '';
  if (!token) throw new Error('organiser token missing: pass --token or set ORGANIZER_TOKEN (the same value the server was started with)');
  return { server: server.replace(/\/+$/, ''), token };
}

function networkReason(e: unknown): string {
  const err = e as { cause?: { code?: string; message?: string }; message?: string };
  return err.cause?.code ?? err.cause?.message ?? err.message ?? String(e);
}

/** A gallery as a flat object, whether the server answers the gallery itself or `{gallery, link, url}`. */
function flatGallery(raw: unknown): OrganizerGallery {
  const r = (raw ?? {}) as { gallery?: OrganizerGallery; url?: string };
  if (r.gallery && typeof r.gallery === 'object') return { ...r.gallery, url: r.url ?? r.gallery.url };
  return r as OrganizerGallery;
}

export class Api {
  readonly server: string;
  private readonly token: string;
  readonly fetch: typeof fetch;

  constructor(opts: ApiOptions) {
    this.server = opts.server.replace(/\/+$/, '');
    this.token = opts.token;
    this.fetch = opts.fetch ?? ((input, init) => fetch(input, init));
  }

  /** One call; resolves to `data` of a code-200 envelope, throws an ApiError otherwise. */
  async request<T>(method: 'GET' | 'POST', path: string, body?: unknown): Promise<T> {
    const headers: Record<string, string> = { authorization: `Bearer ${this.token}` };
    if (body !== undefined) headers['content-type'] = 'application/json';
    let res: Response;
    try {
      res = await this.fetch(`${this.server}${path}`, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
    } catch (e) {
      throw new ApiError(`server unreachable at ${this.server} (${networkReason(e)}); is it running? (--server or SERVER_URL)`, 0, true);
    }
    const text = await res.text().catch(() => '');
    let env: Envelope<T> | null = null;
    try {
      const parsed = JSON.parse(text) as Envelope<T>;
      if (parsed && typeof parsed === 'object' && typeof parsed.code === 'number') env = parsed;
    } catch {
      env = null;
    }
    const where = `${method} ${path.split('?')[0]}`;
    if (res.status >= 500) throw new ApiError(`${where}: server error ${res.status}${env?.msg ? `: ${env.msg}` : ''}`, res.status, true);
    const code = env?.code ?? res.status;
    if (res.status === 401 || res.status === 403 || code === 401 || code === 403) {
      throw new ApiError(`${TOKEN_HINT}${env?.msg ? `: ${env.msg}` : ''}`, res.status, false, true);
    }
    if (!env) throw new ApiError(`${where}: unexpected answer (HTTP ${res.status}); is ${this.server} a LiveGallery server?`, res.status);
    if (env.code !== 200) {
      if (res.status === 404 && path.startsWith('/api/v2/organizer')) {
        throw new ApiError(`${where}: this server has no organiser API (${env.msg})`, res.status);
      }
      throw new ApiError(`${where}: ${env.msg || 'failed'} (code ${env.code})`, res.status, false, false, env.data ?? null);
    }
    return env.data;
  }

  /** A raw (non-envelope) GET, such as a CSV export: its text when 200; an envelope's error otherwise. */
  async getText(path: string): Promise<string> {
    let res: Response;
    try {
      res = await this.fetch(`${this.server}${path}`, { method: 'GET', headers: { authorization: `Bearer ${this.token}` } });
    } catch (e) {
      throw new ApiError(`server unreachable at ${this.server} (${networkReason(e)}); is it running? (--server or SERVER_URL)`, 0, true);
    }
    const text = await res.text().catch(() => '');
    if (res.status === 200 && !(res.headers.get('content-type') ?? '').includes('json')) return text;
    // An error answers an envelope: let request() word it.
    return this.request<string>('GET', path);
  }

  async createGallery(g: NewGallery): Promise<OrganizerGallery> {
    return flatGallery(await this.request<unknown>('POST', '/api/v2/organizer/galleries', g));
  }

  /** A POST to the organiser API that answers a gallery: the flat gallery. */
  async postGallery(path: string, body: unknown): Promise<OrganizerGallery> {
    return flatGallery(await this.request<unknown>('POST', path, body));
  }

  async listGalleries(): Promise<OrganizerGallery[]> {
    const data = await this.request<{ items?: unknown[] } | unknown[]>('GET', '/api/v2/organizer/galleries');
    const items = Array.isArray(data) ? data : data?.items ?? [];
    return items.map(flatGallery);
  }

  /** The gallery id of a link: from the organiser list (which also checks the token), else the public link call. */
  async galleryIdByLink(linkId: string): Promise<number> {
    const found = (await this.listGalleries()).find((g) => g.link_id === linkId);
    if (found) return found.id;
    try {
      const d = await this.request<{ gallery?: { id: number }; id?: number }>('GET', `/api/v2/gallery/link/${encodeURIComponent(linkId)}`);
      const id = d?.gallery?.id ?? d?.id;
      if (typeof id === 'number') return id;
    } catch (e) {
      if (e instanceof ApiError && (e.retryable || e.fatal)) throw e;
    }
    throw new ApiError(`no gallery with link ${linkId} on ${this.server}`, 404);
  }

  signature(galleryId: number): Promise<UploadSignature> {
    return this.request<UploadSignature>('GET', `/api/v2/common/imagesign?gallery_id=${galleryId}`);
  }

  /** Register an uploaded object as a photo: its id (answer `{id}` or `{photo: {id}}`) and whether it was a duplicate. */
  async registerPhoto(p: RegisterPhoto): Promise<{ id: number; duplicate: boolean }> {
    const d = await this.request<{ id?: number; photo?: { id: number }; duplicate?: boolean }>('POST', '/api/v2/images/upload', p);
    const id = d?.id ?? d?.photo?.id;
    if (typeof id !== 'number') throw new ApiError('POST /api/v2/images/upload: the answer has no photo id', 200);
    return { id, duplicate: !!d.duplicate };
  }

  /** Absolute URL of a signed host (a relative host is taken from the server). */
  hostUrl(host: string): string {
    return new URL(host, `${this.server}/`).toString();
  }
}

/**
 * Entry point of an HTTP organiser command (no database): bad arguments exit 2
 * with one line, a failed call exits 1 with one line, otherwise the body's number.
 */
export function runHttpCli<A>(parse: (argv: string[]) => A, body: (args: A) => Promise<number>): void {
  let args: A;
  try {
    args = parse(process.argv.slice(2));
  } catch (e) {
    console.error(`Error: ${(e as Error).message}`);
    process.exit(2);
  }
  body(args).then(
    (code) => process.exit(code),
    (e) => {
      console.error(e instanceof ApiError || e instanceof Error ? `Error: ${e.message}` : `Error: ${String(e)}`);
      process.exit(1);
    }
  );
}
