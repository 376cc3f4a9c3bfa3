/**
 * Declared API calls: each domain's `types/api/<domain>.ts` declares its calls
 * with `defineCall`: method, path, request schemas (JSON Schema built with
 * TypeBox) and the schema of the answer's `data`. The server registers its
 * routes from these declarations (Fastify validates every request and
 * serialises every answer by schema); `src/api/<domain>.ts` calls through the
 * same declarations, so path, input and answer types cannot drift apart.
 *
 * Paths use Fastify's `:param` segments. A call without `response` answers
 * something other than a JSON envelope (an image, a page, a stream): its route
 * writes the reply itself.
 */
import * as T from 'typebox';

export type HttpMethod = 'GET' | 'POST';

export interface CallSchemas {
  params?: T.TSchema;
  query?: T.TSchema;
  body?: T.TSchema;
  /** Request headers (a streamed multipart upload declares its content type here: its body is read as a stream). */
  headers?: T.TSchema;
  /** Schema of the envelope's `data`; absent for raw answers. */
  response?: T.TSchema;
}

export interface ApiCall<M extends HttpMethod = HttpMethod, S extends CallSchemas = CallSchemas> {
  method: M;
  path: string;
  schema: S;
  /** Raw answers: what the route sends (documentation only). */
  produces?: string;
}

/** Declare one call. `const` keeps the literal path and the exact schema types. */
export function defineCall<const M extends HttpMethod, const S extends CallSchemas>(method: M, path: string, schema: S, produces?: string): ApiCall<M, S> {
  return produces ? { method, path, schema, produces } : { method, path, schema };
}

type StaticOf<S, K extends keyof CallSchemas, Else> = S extends { [P in K]: infer X extends T.TSchema } ? T.Static<X> : Else;

/** Path parameters of a call (strings before validation, typed after). */
export type CallParams<C extends ApiCall> = StaticOf<C['schema'], 'params', Record<string, never>>;
export type CallQuery<C extends ApiCall> = StaticOf<C['schema'], 'query', Record<string, never>>;
export type CallBody<C extends ApiCall> = StaticOf<C['schema'], 'body', undefined>;
/** The envelope's `data` of a call. */
export type CallData<C extends ApiCall> = StaticOf<C['schema'], 'response', never>;

/** `{code, data, msg}` around a call's data schema (the server's 200 answer). */
export function envelopeOf(data: T.TSchema): T.TSchema {
  return T.Object({ code: T.Integer(), data, msg: T.String() });
}

/** Whether a call declares what its request may carry (every registered call must). */
export function hasRequestSchema(call: ApiCall): boolean {
  const s = call.schema;
  return Boolean(s.params || s.query || s.body || s.headers);
}

/** The path with its `:param` segments filled in (URI-encoded). */
export function pathOf(call: ApiCall, params?: Record<string, string | number>): string {
  return call.path.replace(/:([A-Za-z_][A-Za-z0-9_]*)/g, (_, name: string) => {
    const v = params?.[name];
    if (v === undefined || v === '') throw new Error(`${call.method} ${call.path}: parameter ${name} is missing`);
    return encodeURIComponent(String(v));
  });
}
