import type { FastifyInstance } from 'fastify';
import { route } from '../http';
import { ocrCalls } from '../../../types/api/ocr';
import type { Services } from '../services';

/** Text-in-photo search (types/api/ocr.ts): the rules are in services/ocr/search.ts. */
export default async function ocrRoutes(app: FastifyInstance, s: Services) {
  route(app, ocrCalls.search, ({ viewer, query }) => s.ocr.search(viewer, query));
}
