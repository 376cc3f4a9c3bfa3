import type { FastifyInstance } from 'fastify';
import multipart from '@fastify/multipart';
import { asInputError, badRequest } from '../errors';
import { malformedPost } from '../storage/policy';
import { route } from '../http';
import { uploadCalls } from '../../../types/api/upload';
import type { Services } from '../services';
import { parseTagList } from '../services/photos/ingest';

/** Busboy cuts a file this far past the policy's limit; the policy check rejects it well before. */
const MULTIPART_MARGIN = 1024 * 1024;
const SUCCESS_STATUSES = new Set([200, 201, 204]);

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
export default async function uploadRoutes(app: FastifyInstance, s: Services) {
  route(app, uploadCalls.imageSign, ({ viewer, query }) => s.ingest.uploadPolicy(viewer, query));

  // The OSS-compatible host: fields first, then the file, as OSS requires. No
  // organiser token here: the signed policy is the authorisation.
  await app.register(async (oss) => {
    await oss.register(multipart, {
      throwFileSizeLimit: false,
      limits: { fileSize: s.config.uploadMaxBytes + MULTIPART_MARGIN, files: 1, fields: 30, parts: 32, fieldSize: 64 * 1024 }
    });
    route(oss, uploadCalls.ossUpload, async ({ req, reply }) => {
      if (!req.isMultipart()) throw badRequest('Expected a multipart/form-data body');
      // No boundary, or a body that ends before its first file: OSS's MalformedPOSTRequest.
      const part = await req.file().catch((e: unknown) => {
        throw asInputError(e, malformedPost);
      });
      // Fields after the file are not read (OSS ignores them too). A `callback`
      // field is accepted and ignored: there is no callback server here.
      const fields = part ? textFields(part.fields as Record<string, unknown>) : {};
      const stored = await s.ingest.receive(fields, part?.file ?? null);
      const wanted = Number(fields.success_action_status);
      const status = SUCCESS_STATUSES.has(wanted) ? wanted : 204;
      reply.header('etag', stored.etag);
      if (status === 201) {
        const location = `${s.config.publicUrl}/oss/${stored.key}`;
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

  route(app, uploadCalls.register, ({ viewer, body }) =>
    s.ingest.register(viewer, {
      galleryId: body.gallery_id,
      key: body.hash,
      linkId: body.link_id,
      origin: body.origin,
      tags: [...parseTagList('tags', body.tags), ...parseTagList('keywords', body.keywords)]
    })
  );
}
