import type { FastifyInstance } from 'fastify';
import { badRequest, notFound } from '../errors';
import { intParam, ok, strParam } from '../http';
import type { Services } from '../services';
import { LINK_ID_RE, MAX_ACTION_IDS, OrganizerService, type NewGallery } from '../services/photos/organizer';
import { parseTagList } from '../services/photos/ingest';
import { normalizeWatermark, isValidIconHash } from '../images/watermark';
import { PHOTO_ACTIONS, type OrganizerGallery, type PhotoAction, type PhotoActionResult } from '../../../types/api/upload';
import type { Gallery } from '../../../types/api/gallery';
import type { LiveEventName } from '../../../types/live';

const MAX_INT = 2_147_483_647;

const EVENT_OF: Record<PhotoAction, LiveEventName & `image_${PhotoAction}`> = {
  hide: 'image_hide',
  show: 'image_show',
  delete: 'image_delete',
  check: 'image_check',
  uncheck: 'image_uncheck'
};

function optionalTime(name: string, v: unknown): number | null | undefined {
  if (v === undefined) return undefined;
  if (v === null || v === '') return null;
  return intParam(name, typeof v === 'number' ? v : String(v), 0);
}

function parseNewGallery(b: Record<string, unknown>): NewGallery {
  if (typeof b.name !== 'string' || !b.name.trim()) throw badRequest('name is required');
  if (b.name.length > 100) throw badRequest('name is longer than 100 characters');
  const linkId = strParam('link_id', b.link_id, 20);
  if (linkId !== undefined && !LINK_ID_RE.test(linkId)) throw badRequest('link_id must be 6 to 9 letters or digits');
  const parent = b.parent === undefined || b.parent === null || b.parent === '' ? 0 : intParam('parent', typeof b.parent === 'number' ? b.parent : String(b.parent), 0, MAX_INT);
  let watermark: Record<string, unknown> | null = null;
  if (b.watermark !== undefined && b.watermark !== null) {
    if (typeof b.watermark !== 'object' || Array.isArray(b.watermark)) throw badRequest('watermark must be an object');
    const wm = normalizeWatermark(b.watermark);
    if (!wm || !isValidIconHash(wm.icon)) throw badRequest('watermark.icon must be the content hash of a stored image');
    watermark = { ...wm };
  }
  const startTime = optionalTime('start_time', b.start_time);
  const endTime = optionalTime('end_time', b.end_time);
  if (startTime && endTime && endTime < startTime) throw badRequest('end_time is before start_time');
  return {
    name: b.name.trim(),
    linkId,
    desc: strParam('desc', b.desc, 2000),
    startTime,
    endTime,
    parent,
    tags: parseTagList('tags', b.tags),
    watermark
  };
}

function parseIds(v: unknown): number[] {
  if (!Array.isArray(v) || v.length === 0) throw badRequest('ids must be a non-empty list of photo ids');
  if (v.length > MAX_ACTION_IDS) throw badRequest(`at most ${MAX_ACTION_IDS} ids`);
  const ids = v.map((x) => intParam('ids', typeof x === 'number' ? x : String(x), 0, MAX_INT));
  return [...new Set(ids)];
}

/** The organiser API: every call needs `Authorization: Bearer <ORGANIZER_TOKEN>`, checked before anything else. */
export default async function organizerRoutes(app: FastifyInstance, ctx: Services) {
  const organizer = new OrganizerService(ctx.db);
  const present = (g: Gallery): OrganizerGallery => ({ gallery: g, link: `/g/${g.link_id}`, url: `${ctx.config.publicUrl}/g/${g.link_id}` });

  app.post<{ Body: Record<string, unknown> | null }>('/api/v2/organizer/galleries', async (req) => {
    ctx.organizer.assert(req.viewer);
    const b = req.body && typeof req.body === 'object' ? req.body : {};
    const gallery = await organizer.createGallery(parseNewGallery(b));
    if (gallery.parent) ctx.galleries.invalidate(gallery.parent);
    return ok(present(gallery));
  });

  app.get('/api/v2/organizer/galleries', async (req) => {
    ctx.organizer.assert(req.viewer);
    return ok((await organizer.list()).map(present));
  });

  app.post<{ Params: { id: string; action: string }; Body: Record<string, unknown> | null }>(
    '/api/v2/organizer/galleries/:id/photos/:action',
    async (req) => {
      ctx.organizer.assert(req.viewer);
      const action = PHOTO_ACTIONS.find((a) => a === req.params.action);
      if (!action) throw notFound(`Unknown photo action ${req.params.action}; use ${PHOTO_ACTIONS.join(', ')}`);
      const galleryId = intParam('id', req.params.id, 0, MAX_INT);
      const b = req.body && typeof req.body === 'object' ? req.body : {};
      const ids = await organizer.photoAction(galleryId, action, parseIds(b.ids));
      if (ids.length) {
        ctx.photos.invalidate(galleryId);
        ctx.galleries.invalidate(galleryId);
        await ctx.live.publish(galleryId, EVENT_OF[action], { galleryid: galleryId, ids });
      }
      const result: PhotoActionResult = { ids };
      return ok(result);
    }
  );
}
