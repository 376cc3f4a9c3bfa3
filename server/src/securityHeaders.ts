import type { FastifyInstance } from 'fastify';
import { STATIC_PAGE_CSP } from './services/h5/csp';

/**
 * Headers on every answer:
 * - `X-Content-Type-Options: nosniff`: a browser takes an answer only as its declared type (an
 *   uploaded file or a JSON answer is never run as a script or read as a page);
 * - `Referrer-Policy: strict-origin-when-cross-origin`: another site (an embedded page, a rich
 *   text's image host, a code host, the pay provider) learns only this origin, never a path or a
 *   query (a group's token in /group/{token}, signed image addresses); WeChat's H5 pay still sees
 *   the origin it checks. Requests within the site keep the whole address.
 */
export const SECURITY_HEADERS = {
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'strict-origin-when-cross-origin'
} as const;

/** The headers above on every answer, and the no-script policy on an HTML page that set no policy of its own. */
export function registerSecurityHeaders(app: FastifyInstance): void {
  app.addHook('onSend', async (_req, reply, payload) => {
    reply.headers(SECURITY_HEADERS);
    // The H5 document sets its own (routes/h5.ts); any other page the server writes runs no script.
    if (/^text\/html/i.test(String(reply.getHeader('content-type') ?? '')) && !reply.hasHeader('content-security-policy')) {
      reply.header('content-security-policy', STATIC_PAGE_CSP);
    }
    return payload;
  });
}
