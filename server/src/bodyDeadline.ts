import { PassThrough, type Readable } from 'node:stream';
import type { FastifyReply, FastifyRequest } from 'fastify';

/** The error a body that missed its deadline fails with: the error handler answers it as a 408 envelope. */
export class BodyTimeoutError extends Error {
  readonly statusCode = 408;
  readonly code = 'FST_REQUEST_BODY_TIMEOUT';
  constructor() {
    super('Request body timed out');
  }
}

/** A request that carries a body Fastify reads itself (multipart uploads read the raw stream: Node's requestTimeout covers them). */
function readsBody(req: FastifyRequest): boolean {
  const h = req.headers;
  const hasBody = h['transfer-encoding'] !== undefined || (h['content-length'] !== undefined && h['content-length'] !== '0');
  return hasBody && !/^multipart\//i.test(h['content-type'] ?? '');
}

/**
 * A `preParsing` hook: the body of an ordinary request must arrive within `ms` of its
 * headers (REQUEST_TIMEOUT_MS), or it fails with BodyTimeoutError: the answer is the 408
 * envelope with `Connection: close`, and the connection ends with it, so a client
 * trickling a body holds nothing for long. Streamed uploads (multipart) have the
 * server-wide deadline instead (UPLOAD_TIMEOUT_MS, Node's requestTimeout).
 */
export function bodyDeadline(ms: number) {
  return async function preParsing(req: FastifyRequest, reply: FastifyReply, payload: Readable): Promise<Readable> {
    if (!readsBody(req)) return payload;
    const out = new PassThrough();
    // Fastify stops listening once it has refused a body (too large): a late timeout must not throw.
    out.on('error', () => undefined);
    const timer = setTimeout(() => {
      payload.unpipe(out);
      payload.pause();
      reply.header('connection', 'close');
      out.destroy(new BodyTimeoutError());
    }, ms);
    timer.unref();
    const done = () => clearTimeout(timer);
    out.on('end', done);
    out.on('close', done);
    req.raw.on('close', done);
    payload.on('error', (err) => out.destroy(err));
    payload.pipe(out);
    return out;
  };
}
