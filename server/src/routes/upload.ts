import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import multipart from '@fastify/multipart';
import { badRequest } from '../errors';
import { intParam, ok, strParam } from '../http';
import type { Services } from '../services';
import { resolveUploadSecret, signPolicy, UPLOAD_POLICY_TTL_S } from '../storage/policy';
import { receivePostObject } from '../storage/receive';
import { IngestService, parseTagList } from '../services/photos/ingest';
import type { ImageSign } from '../../../types/api/upload';

const MAX_INT = 2_147_483_647;
/** Busboy cuts a file this far past the policy's limit; the policy check rejects it well before. */
const MULTIPART_MARGIN = 1024 * 1024;
const SUCCESS_STATUSES = new Set([200, 201, 204]);

function flag(name: string, v: string | undefined): boolean {
  if (v === undefined || v === '' || v === '0' || v === 'false') return false;
  if (v === '1' || v === 'true') return true;
  throw badRequest(`${name} must be 0 or 1`);
}

function bodyId(name: string, v: unknown): number {
  if (v === undefined || v === null || v === '') throw badRequest(`${name} is required`);
  const n = intParam(name, typeof v === 'number' ? v : String(v), 0, MAX_INT);
  if (n <= 0) throw badRequest(`${name} must be a positive integer`);
  return n;
}

/** Field values as text: the first value of repeated fields, files ignored. */
function textFields(fields: Record<string, unknown>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [name, entry] of Object.entries(fields)) {
    const first = (Array.isArray(entry) ? entry[0] : entry) as { type?: string; value?: unknown } | undefined;
    if (first?.type === 'field' && typeof first.value === 'string') out[name] = first.value;
  }
  return out;
}

/**
 * Photographer ingest: the signed upload policy, the local OSS-compatible host
 * that enforces it, and the registration of an uploaded object as a photo.
 */
export default async function uploadRoutes(app: FastifyInstance, ctx: Services) {
  const secret = resolveUploadSecret(ctx.config);
  const tmpDir = path.join(ctx.config.dataDir, 'tmp');
  fs.mkdirSync(tmpDir, { recursive: true });
  const ingest = new IngestService(ctx);

  app.get<{ Querystring: Record<string, string | undefined> }>('/api/v2/common/imagesign', async (req) => {
    ctx.organizer.assert(req.viewer);
    const global = flag('global', req.query.global);
    // Every call signs a fresh policy, so `force` (renew) needs no handling of its own.
    flag('force', req.query.force);
    let dir = 'uploads/global/';
    if (!global) {
      const galleryId = intParam('gallery_id', req.query.gallery_id, 0, MAX_INT);
      if (!galleryId) throw badRequest('gallery_id is required unless global=1');
      await ctx.galleries.byId(galleryId);
      dir = `uploads/g${galleryId}/`;
    }
    const expire = Math.floor(Date.now() / 1000) + UPLOAD_POLICY_TTL_S;
    const signed = signPolicy(secret, { dir, maxBytes: ctx.config.uploadMaxBytes, expire });
    const answer: ImageSign = { ...signed, host: `${ctx.config.publicUrl}/oss/upload` };
    return ok(answer);
  });

  // The OSS-compatible host: fields first, then the file, as OSS requires. No
  // organiser token here: the signed policy is the authorisation.
  await app.register(async (oss) => {
    await oss.register(multipart, {
      throwFileSizeLimit: false,
      limits: { fileSize: ctx.config.uploadMaxBytes + MULTIPART_MARGIN, files: 1, fields: 30, parts: 32, fieldSize: 64 * 1024 }
    });
    oss.post('/oss/upload', async (req, reply) => {
      if (!req.isMultipart()) throw badRequest('Expected a multipart/form-data body');
      const part = await req.file();
      // Fields after the file are not read (OSS ignores them too). A `callback`
      // field is accepted and ignored: there is no callback server here.
      const fields = part ? textFields(part.fields as Record<string, unknown>) : {};
      const stored = await receivePostObject({ secret, tmpDir, store: ctx.store, form: { fields, file: part?.file ?? null } });
      const wanted = Number(fields.success_action_status);
      const status = SUCCESS_STATUSES.has(wanted) ? wanted : 204;
      reply.header('etag', stored.etag);
      if (status === 201) {
        const location = `${ctx.config.publicUrl}/oss/${stored.key}`;
        return reply
          .status(201)
          .type('application/xml')
          .send(
            `<?xml version="1.0" encoding="UTF-8"?>\n<PostResponse><Bucket>local</Bucket><Location>${location}</Location><Key>${stored.key}</Key><ETag>${stored.etag}</ETag></PostResponse>`
          );
      }
      return reply.status(status).send();
    });
  });

  app.post<{ Body: Record<string, unknown> | null }>('/api/v2/images/upload', async (req) => {
    ctx.organizer.assert(req.viewer);
    const b = req.body && typeof req.body === 'object' ? req.body : {};
    const galleryId = bodyId('gallery_id', b.gallery_id);
    const key = strParam('hash', b.hash, 400);
    if (!key) throw badRequest('hash is required');
    const linkId = strParam('link_id', b.link_id, 20);
    const origin = strParam('origin', b.origin, 255);
    const tags = [...parseTagList('tags', b.tags), ...parseTagList('keywords', b.keywords)];
    return ok(await ingest.register({ galleryId, key, linkId, tags, origin }));
  });
}
