import fs from 'node:fs';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { AppError, intParam, notFound } from '../http';
import { ErrorCode } from '../../../types/envelope';
import { IMAGE_HASH_RE, isImageStyleName } from '../../../types/image-style';
import { imagePipelineFor, type ImagePlan } from '../images';
import type { AppContext } from '../context';

const STYLE_CACHE = 'public, max-age=31536000, immutable';
// Access to originals can be withdrawn by the organiser: let browsers keep them only briefly.
const ORIGINAL_CACHE = 'private, max-age=3600';

function matchesEtag(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  if (ifNoneMatch.trim() === '*') return true;
  return ifNoneMatch.split(',').some((t) => t.trim().replace(/^W\//, '') === etag);
}

function cacheHeaders(reply: FastifyReply, plan: ImagePlan): void {
  reply
    .header('etag', plan.etag)
    .header('cache-control', plan.format === null ? ORIGINAL_CACHE : STYLE_CACHE)
    .header('vary', 'Accept');
}

/** `GET /img/{hash}!{style}[?g={gallery id}]`: image styles, watermarks and originals. */
export default async function imageRoutes(app: FastifyInstance, ctx: AppContext) {
  const images = imagePipelineFor(ctx);

  app.get<{ Params: { spec: string }; Querystring: { g?: string } }>('/img/:spec', async (req, reply) => {
    // The router has already decoded %21 to '!'.
    const spec = req.params.spec;
    const bang = spec.indexOf('!');
    const hash = bang < 0 ? spec : spec.slice(0, bang);
    const style = bang < 0 ? '' : spec.slice(bang + 1);
    if (!IMAGE_HASH_RE.test(hash)) throw notFound('Image not found');
    if (!isImageStyleName(style)) throw notFound('Unknown image style');
    const galleryId = req.query.g === undefined || req.query.g === '' ? undefined : intParam('g', req.query.g, 0, 2_147_483_647);

    const plan = await images.plan(hash, style, req.headers.accept, galleryId);
    if (matchesEtag(req.headers['if-none-match'], plan.etag)) {
      cacheHeaders(reply, plan);
      return reply.status(304).send();
    }

    let body;
    try {
      body = await images.body(plan);
    } catch (err) {
      if (err instanceof AppError) throw err;
      req.log.error({ err, hash, style }, 'image render failed');
      throw new AppError(ErrorCode.INTERNAL, 'Image could not be rendered');
    }
    cacheHeaders(reply, plan);
    reply.type(plan.contentType);
    if (body.kind === 'file') {
      reply.header('content-length', body.size);
      return reply.send(fs.createReadStream(body.path));
    }
    return reply.send(body.body);
  });
}
