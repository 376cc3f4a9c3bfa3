import type { FastifyInstance } from 'fastify';
import { MAX_JSON_DEPTH, jsonTextTooDeep } from '../../types/jsonDepth';
import { jsonTooDeep } from './errors';

/**
 * Every JSON body is checked for nesting before it is parsed (issue 26 finding 10): text nested
 * deeper than MAX_JSON_DEPTH is refused with 400 JSON_TOO_DEEP by one iterative pass, so no
 * handler, schema check or JSON.stringify ever walks it. Otherwise Fastify's own JSON parser reads
 * it as before (empty bodies, malformed JSON and `__proto__` keys refused as Fastify refuses them).
 * The body limit (app-wide, or a route's own) still applies: the parser reads the text as Fastify does.
 */
export function limitJsonDepth(app: FastifyInstance): void {
  const parse = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (req, body, done) => {
    if (jsonTextTooDeep(body as string, MAX_JSON_DEPTH)) {
      done(jsonTooDeep(), undefined);
      return;
    }
    parse(req, body as string, done);
  });
}
