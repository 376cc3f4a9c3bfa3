import type { FastifyInstance } from 'fastify';
import { route } from '../http';
import { galleryCalls } from '../../../types/api/gallery';
import type { Services } from '../services';

export default async function galleryRoutes(app: FastifyInstance, s: Services) {
  route(app, galleryCalls.byLink, ({ viewer, params }) => s.galleries.detailFor(viewer, { link_id: params.link_id }));
  route(app, galleryCalls.byGti, ({ viewer, params }) => s.galleries.detailFor(viewer, { gti: params.gti }));
  route(app, galleryCalls.byId, ({ viewer, params }) => s.galleries.detailFor(viewer, { id: params.id }));
  route(app, galleryCalls.home, async () => ({ link_id: await s.galleries.homeLinkId() }));
  route(app, galleryCalls.landing, () => s.landing.landing());
}
