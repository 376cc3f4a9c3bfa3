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

type FieldEntry = { type?: string; value?: unknown };

/**
 * The text fields that came before the file, as OSS reads a PostObject: the first value
 * of a repeated field. The parser keeps adding parts to `fields` while the file is
 * read (a small body is parsed whole at once), but in arrival order: fields are taken
 * up to the file's own entry, and nothing after it. (Objects list integer-like names
 * first whatever their order; no OSS field has such a name, and nothing reads one.)
 */
function fieldsBeforeFile(fields: Record<string, unknown>, file: unknown): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [name, entry] of Object.entries(fields)) {
    const values = (Array.isArray(entry) ? entry : [entry]) as FieldEntry[];
    const fileAt = values.indexOf(file as FieldEntry);
    const first = values[0];
    if (fileAt !== 0 && first?.type === 'field' && typeof first.value === 'string') out[name] = first.value;
    if (fileAt >= 0) break;
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
      const fields = part ? fieldsBeforeFile(part.fields as Record<string, unknown>, part) : {};
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
