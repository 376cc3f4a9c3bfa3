import type { FastifyInstance, FastifyReply, FastifyRequest, FastifySchema } from 'fastify';
import type { WebsocketHandler } from '@fastify/websocket';
import { STATUS_CODES } from 'node:http';
import { ErrorCode, type Envelope } from '../../types/envelope';
import { CONTROL_CHARS, CONTROL_CHAR_RE, LINE_CONTROL_CHARS, LINE_CONTROL_CHAR_RE } from '../../types/api/schema';
import { envelopeOf, hasRequestSchema, type ApiCall, type CallBody, type CallData, type CallParams, type CallQuery } from '../../types/api/contract';
import type { default as Ajv, Plugin } from 'ajv';
import { AppError, badRequest } from './errors';
import type { Viewer } from './viewer';
import { SECURITY_HEADERS } from './securityHeaders';

declare module 'fastify' {
  /** A route's `config`, read by app.ts's hooks and the startup check. */
  interface FastifyContextConfig {
    /** The declared call the route was registered from (route()). */
    declared?: ApiCall;
    /**
     * The session token may come as `?token=` (the live WebSocket: browsers cannot set its
     * headers); app.ts builds the Viewer from it when no Authorization header was sent.
     */
    tokenInQuery?: boolean;
  }
  interface FastifyRequest {
    /** The bearer token as sent (app.ts onRequest). */
    token: string | undefined;
    /** Who is asking: set once per request by app.ts's preHandler hook. */
    viewer: Viewer;
  }
}

export function ok<T>(data: T, msg = 'ok'): Envelope<T> {
  return { code: ErrorCode.OK, data, msg };
}

/** The error envelope, written as plain JSON (not through the route's success schema). */
export function sendError(reply: FastifyReply, err: AppError): FastifyReply {
  const body: Envelope<unknown> = { code: err.code, data: err.data, msg: err.message };
  return reply
    .status(err.status)
    .type('application/json; charset=utf-8')
    .serializer((b: unknown) => JSON.stringify(b))
    .send(body);
}

/** What a route handler gets: the validated input, the visitor, and the raw request/reply for raw answers. */
export interface CallInput<C extends ApiCall> {
  params: CallParams<C>;
  query: CallQuery<C>;
  body: CallBody<C>;
  viewer: Viewer;
  req: FastifyRequest;
  reply: FastifyReply;
}

type Answer<C extends ApiCall> = C['schema'] extends { response: unknown } ? CallData<C> : unknown;

/**
 * Route options a call may add: a body limit, `tokenInQuery`, and for the live channel the
 * WebSocket handler with a preHandler that refuses before the upgrade (its own content
 * parsers are set on the scope the call is registered in).
 */
export interface RouteExtras {
  bodyLimit?: number;
  tokenInQuery?: boolean;
  preHandler?: (req: FastifyRequest) => Promise<void>;
  wsHandler?: WebsocketHandler;
}

/**
 * Register one declared call: Fastify validates params, query and body by the
 * call's schemas and serialises the envelope by its response schema. The
 * handler gets typed input and the request's Viewer and returns the envelope's
 * `data` (raw calls, without a response schema, return what Fastify sends).
 */
export function route<C extends ApiCall>(app: FastifyInstance, call: C, handler: (input: CallInput<C>) => Promise<Answer<C>> | Answer<C>, extras: RouteExtras = {}): void {
  if (!hasRequestSchema(call)) throw new Error(`${call.method} ${call.path}: a declared call needs a request schema (params, query, body or headers; Empty() when it takes nothing)`);
  const s = call.schema;
  const schema: FastifySchema = {};
  if (s.params) schema.params = s.params;
  if (s.query) schema.querystring = s.query;
  if (s.body) schema.body = s.body;
  if (s.headers) schema.headers = s.headers;
  if (s.response) schema.response = { 200: envelopeOf(s.response) };
  const integers = { params: integerFields(s.params), query: integerFields(s.query), body: integerFields(s.body) };
  const { tokenInQuery, ...options } = extras;
  app.route({
    method: call.method,
    url: call.path,
    schema,
    ...options,
    config: { declared: call, tokenInQuery },
    preValidation: async (req: FastifyRequest) => {
      // A POST without a body is checked as an empty object, so a missing field is named.
      if (s.body && (req.body === undefined || req.body === null)) req.body = {};
      checkIntegerText(req.params, integers.params);
      checkIntegerText(req.query, integers.query);
      checkIntegerText(req.body, integers.body);
    },
    handler: async (req, reply) => {
      const input = { params: req.params, query: req.query, body: req.body, viewer: req.viewer, req, reply } as unknown as CallInput<C>;
      const data = await handler(input);
      return s.response ? ok(data) : data;
    }
  });
}

type FieldSchema = { type?: unknown; errorMessage?: string };

/** Top-level integer fields of an object schema, with their messages. */
function integerFields(schema: unknown): Array<[string, string]> {
  const props = (schema as { properties?: Record<string, FieldSchema> } | undefined)?.properties;
  if (!props) return [];
  return Object.entries(props)
    .filter(([, p]) => p.type === 'integer')
    .map(([name, p]) => [name, p.errorMessage ?? 'must be an integer']);
}

/**
 * Integers sent as text must be written in digits: ajv's coercion would also take
 * `1e3` or ` 12`, which no client sends on purpose.
 */
function checkIntegerText(input: unknown, fields: Array<[string, string]>): void {
  if (!fields.length || !input || typeof input !== 'object') return;
  const values = input as Record<string, unknown>;
  for (const [name, message] of fields) {
    const v = values[name];
    if (typeof v === 'string' && v !== '' && !/^-?\d{1,16}$/.test(v)) throw badRequest(`${name} ${message}`);
  }
}

interface AjvError {
  keyword: string;
  instancePath: string;
  message?: string;
  params: Record<string, unknown>;
  /** The keyword's value (ajv's `verbose`): a pattern's source. */
  schema?: unknown;
  parentSchema?: { errorMessage?: string };
  /** The value that failed (ajv's `verbose`). */
  data?: unknown;
}

const PART_NAMES: Record<string, string> = { querystring: 'query', params: 'path', body: 'body', headers: 'headers' };

/**
 * A failed schema check as one readable sentence naming the field
 * (`offset must be a non-negative integer`, `id is required`). The last ajv
 * error is the one that decided (for unions it sums up the branches).
 */
export function validationMessage(errors: AjvError[], part: string): string {
  const fieldOf = (err: AjvError) => {
    const segments = err.instancePath.split('/').filter((p) => p && !/^\d+$/.test(p));
    return segments.length ? segments.join('.') : (PART_NAMES[part] ?? part);
  };
  // A control character decides, also inside a union (a tag list or a tag string).
  const control = errors.find((err) => err.keyword === 'pattern' && refusesControl(err));
  if (control) return `${fieldOf(control)} must not contain control characters`;
  const e = errors[errors.length - 1];
  if (!e) return `Invalid ${PART_NAMES[part] ?? part}`;
  if (e.keyword === 'required') return `${String(e.params.missingProperty)} is required`;
  const field = fieldOf(e);
  if (e.keyword === 'additionalProperties') return `${field}: unknown field ${String(e.params.additionalProperty)}`;
  // A list where one value is declared: a query parameter sent twice, or a JSON list.
  if (e.keyword === 'type' && Array.isArray(e.data) && e.parentSchema && !('items' in e.parentSchema)) {
    return part === 'querystring' ? `${field} must be given once` : `${field} must be a single value, not a list`;
  }
  const text = e.parentSchema?.errorMessage ?? e.message ?? 'is invalid';
  return `${field} ${text}`;
}

/** A text schema's pattern (types/api/schema.ts Text, Line, Required) refused the value for a control character in it. */
function refusesControl(e: AjvError): boolean {
  if (typeof e.schema !== 'string' || typeof e.data !== 'string') return false;
  const line = e.schema.includes(`[^${LINE_CONTROL_CHARS}]`);
  if (!line && !e.schema.includes(`[^${CONTROL_CHARS}]`)) return false;
  return (line ? LINE_CONTROL_CHAR_RE : CONTROL_CHAR_RE).test(e.data);
}

/** Fastify options that make schema checks answer readable messages (with `errorMessage` texts from the schemas). */
export const schemaOptions = {
  ajv: {
    customOptions: { verbose: true },
    plugins: [((ajv: Ajv) => ajv.addKeyword({ keyword: 'errorMessage', schemaType: 'string' })) as Plugin<unknown>]
  },
  schemaErrorFormatter: (errors: unknown[], dataVar: string) => new Error(validationMessage(errors as AjvError[], dataVar))
};


/**
 * Every route comes from a declared call (route() marks it). Returns the check to run once the
 * routes are registered: it throws, naming them, when a route was added any other way, except
 * `infrastructure` (`METHOD /url`: the H5 build's static files).
 */
export function requireDeclaredRoutes(app: FastifyInstance, infrastructure: readonly string[]): () => void {
  const undeclared: string[] = [];
  app.addHook('onRoute', (r) => {
    if (r.config?.declared) return;
    for (const method of [r.method].flat()) {
      const name = `${method} ${r.url}`;
      if (!infrastructure.includes(name)) undeclared.push(name);
    }
  });
  return () => {
    if (undeclared.length) throw new Error(`Routes must be registered from a declared call (types/api): ${undeclared.join(', ')}`);
  };
}

/** What a client that Node's HTTP parser refused is told (the request never reached Fastify). */
const CLIENT_ERRORS: Record<string, [number, string]> = {
  ERR_HTTP_REQUEST_TIMEOUT: [408, 'Request timed out'],
  HPE_HEADER_OVERFLOW: [431, 'Request headers are too large']
};

/**
 * Fastify's `clientErrorHandler`: a request Node's parser refuses (oversized headers, a bad
 * Content-Length, Transfer-Encoding with Content-Length, a control character in the request
 * line) is answered with the `{code, data, msg}` envelope too, then the connection closes.
 */
const securityHeaderLines = Object.entries(SECURITY_HEADERS)
  .map(([name, value]) => `${name}: ${value}\r\n`)
  .join('');

export function clientErrorHandler(err: NodeJS.ErrnoException, socket: import('node:stream').Duplex): void {
  if (err.code === 'ECONNRESET' || socket.destroyed) return;
  const [status, msg] = CLIENT_ERRORS[err.code ?? ''] ?? [400, 'Malformed HTTP request'];
  const body = JSON.stringify({ code: status, data: null, msg } satisfies Envelope<null>);
  // A request already answering (a deadline can pass while its response streams) gets no second head.
  const answering = (socket as { _httpMessage?: { headersSent?: boolean } | null })._httpMessage?.headersSent;
  if (socket.writable && !answering) {
    socket.write(
      `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\nContent-Type: application/json; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(body)}\r\n${securityHeaderLines}Connection: close\r\n\r\n${body}`
    );
  }
  socket.destroy();
}
