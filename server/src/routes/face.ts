import type { FastifyInstance } from 'fastify';
import { route } from '../http';
import { FACE_DATA_URL_LIMIT, faceCalls } from '../../../types/api/face';
import type { Services } from '../services';

/** A body carrying a selfie data URL (up to FACE_DATA_URL_LIMIT) and a few fields. */
const SELFIE_BODY = { bodyLimit: FACE_DATA_URL_LIMIT + 4096 };

/** Face search (types/api/face.ts): every rule is in services/face/faces.ts. */
export default async function faceRoutes(app: FastifyInstance, s: Services) {
  const f = s.faces;
  const follows = s.faceFollows;
  const profiles = s.faceProfiles;
  route(app, faceCalls.findPeople, ({ viewer, body }) => f.findPeople(viewer, body), SELFIE_BODY);
  route(app, faceCalls.updateInfo, ({ viewer, body }) => profiles.updateInfo(viewer, body), SELFIE_BODY);
  route(app, faceCalls.destroyMyself, ({ viewer }) => profiles.destroyMyself(viewer));
  route(app, faceCalls.follow, ({ viewer, body }) => follows.follow(viewer, body), SELFIE_BODY);
  route(app, faceCalls.unfollow, ({ viewer, body }) => follows.unfollow(viewer, body.personid));
  route(app, faceCalls.editFollow, ({ viewer, body }) => follows.editFollow(viewer, body));
  route(app, faceCalls.isFriend, ({ viewer, query }) => follows.isFriend(viewer, query.personid));
  route(app, faceCalls.gallery, ({ viewer }) => profiles.galleries(viewer));
  route(app, faceCalls.maybe, ({ viewer, query }) => f.maybe(viewer, query.imageid));
  route(app, faceCalls.hide, ({ viewer, body }) => follows.hide(viewer, body.imageid, body.personid));
  route(app, faceCalls.person, ({ viewer, query }) => f.persons(viewer, query.galleryid, query.page));
  route(app, faceCalls.personShow, ({ viewer, query }) => f.personShow(viewer, query.personid));
  route(app, faceCalls.followingGallery, ({ viewer, query }) => f.following(viewer, query.galleryid));
  route(app, faceCalls.myGallery, ({ viewer, query }) => profiles.myGallery(viewer, query.galleryid));
  route(app, faceCalls.relation, ({ viewer, query }) => follows.relation(viewer, query.personid));
  route(app, faceCalls.crop, async ({ viewer, params, query, reply }) => {
    const crop = await f.crop(viewer, params.faceid, query.p);
    // Gated crops stay in the visitor's browser; others may be cached (a crop never changes under its id).
    reply.header('cache-control', crop.gated ? 'private, max-age=3600' : 'public, max-age=86400');
    return reply.type('image/jpeg').send(crop.body);
  });
}
