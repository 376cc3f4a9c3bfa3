import type { FastifyInstance } from 'fastify';
import { route } from '../http';
import type { Services } from '../services';
import { organizerPosterCalls, posterCalls, POSTER_DATA_URL_MAX, POSTER_TEMPLATE_MAX_BYTES } from '../../../types/api/poster';

/** A poster travels as a base64 data URL in a JSON body. */
const POSTER_BODY = { bodyLimit: POSTER_DATA_URL_MAX + 4096 };
const TEMPLATE_BODY = { bodyLimit: Math.ceil(POSTER_TEMPLATE_MAX_BYTES / 3) * 4 + 4096 };

/** The poster maker (spec part 3 §7 poster calls) and the organiser's custom templates. */
export default async function posterRoutes(app: FastifyInstance, s: Services) {
  const p = s.posters;
  route(app, posterCalls.templates, ({ viewer, params }) => p.templates(viewer, params.groupid));
  route(app, posterCalls.templateFile, async ({ params, reply }) => {
    const { type, body } = await p.templateFile(params.file);
    return reply.type(type).header('cache-control', 'public, max-age=3600').header('content-length', body.length).send(body);
  });
  route(app, posterCalls.upload, ({ viewer, body }) => p.upload(viewer, body), POSTER_BODY);
  route(app, posterCalls.file, async ({ viewer, params, reply }) => {
    const body = await p.file(viewer, params.file);
    return reply.type('image/jpeg').header('cache-control', 'private, no-cache').header('content-length', body.length).send(body);
  });
  route(app, posterCalls.createv2, ({ viewer, body }) => p.createV2(viewer, body));
  route(app, posterCalls.create, ({ viewer, body }) => p.create(viewer, body));
  route(app, posterCalls.list, ({ viewer, params, query }) => p.list(viewer, params.id, query.ids));
  route(app, organizerPosterCalls.listTemplates, ({ viewer, params }) => p.organizerTemplates(viewer, params.id));
  route(app, organizerPosterCalls.addTemplate, ({ viewer, params, body }) => p.addTemplate(viewer, params.id, body), TEMPLATE_BODY);
  route(app, organizerPosterCalls.removeTemplate, ({ viewer, params }) => p.removeTemplate(viewer, params.id, params.templateid));
}
