import type { FastifyInstance } from 'fastify';
import { route } from '../http';
import { likeCalls } from '../../../types/api/like';
import { splitIds } from '../../../types/api/schema';
import type { Services } from '../services';

/** The viewer's calls: the favourite heart, the user's likes, and an original's byte size. */
export default async function likeRoutes(app: FastifyInstance, s: Services) {
  route(app, likeCalls.love, ({ viewer, body }) => s.likes.loveFor(viewer, body));
  route(app, likeCalls.loved, ({ viewer, query }) => s.likes.lovedFor(viewer, query.galleryid, query.imageid ? splitIds(query.imageid) : null));
  route(app, likeCalls.size, async ({ viewer, query, req }) => ({
    size: await s.likes.imageSizeFor(viewer, query.url, req.headers.host ? `${req.protocol}://${req.headers.host}` : null)
  }));
}
