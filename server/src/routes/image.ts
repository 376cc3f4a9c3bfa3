import fs from 'node:fs';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { AppError, notFound } from '../errors';
import { route } from '../http';
import { ErrorCode } from '../../../types/envelope';
import { IMAGE_HASH_RE, isImageStyleName } from '../../../types/image-style';
import type { ImagePlan } from '../images';
import type { Services } from '../services';
import { imageCalls } from '../../../types/api/download';

// Shared caches keep these for a year: only renders any visitor may see (a visible
// photo of an ungated gallery, a page's cover or banner).
const STYLE_CACHE = 'public, max-age=31536000, immutable';
// Refusals and misses (a hidden or deleted photo answers 404) are never kept.
const NO_STORE = 'no-store';
// Unwatermarked bytes (originals, signed plain styles): the visitor's browser only, and
// no longer than the signed URL lives.
const SIGNED_CACHE = 'private, max-age=300';

function matchesEtag(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  if (ifNoneMatch.trim() === '*') return true;
  return ifNoneMatch.split(',').some((t) => t.trim().replace(/^W\//, '') === etag);
}

function cacheHeaders(reply: FastifyReply, plan: ImagePlan, signed: boolean): void {
  reply
    .header('etag', plan.etag)
    .header('cache-control', signed ? SIGNED_CACHE : STYLE_CACHE)
    .header('vary', 'Accept');
}

/**
 * `GET /img/{hash}!{style}[?g={gallery id}]`: image styles with the gallery's watermark.
 * `…?g=&u=&e=&s=` (signed, services/signedImage.ts): the original, or a style without
 * watermark, for an entitled visitor. The `original` style is never served unsigned.
 */
export default async function imageRoutes(app: FastifyInstance, ctx: Services) {
  const images = ctx.images;

  route(app, imageCalls.image, async ({ params, query: q, viewer, req, reply }) => {
    reply.header('cache-control', NO_STORE);
    // The router has already decoded %21 to '!'.
    const spec = params.spec;
    const bang = spec.indexOf('!');
    const hash = bang < 0 ? spec : spec.slice(0, bang);
    const style = bang < 0 ? '' : spec.slice(bang + 1);
    if (!IMAGE_HASH_RE.test(hash)) throw notFound('Image not found');
    if (!isImageStyleName(style)) throw notFound('Unknown image style');
    const galleryId = q.g || undefined;
    const signed = style === 'original' || q.s !== undefined || q.u !== undefined || q.e !== undefined;
    // Gated galleries: the session's pass, or the image ticket `p` issued with it (<img> sends no token).
    // Signed URLs were checked against the gate when they were signed (routes/originals.ts).
    // Gated bytes stay out of shared caches (private, like signed ones).
    const gated = !signed && (await ctx.gates.assertImage(viewer, hash, style, galleryId, q.p));
    if (signed) await ctx.originals.authorize(viewer, hash, style, galleryId, q);
    const plan = signed ? await images.planUnmarked(hash, style, req.headers.accept) : await images.plan(hash, style, req.headers.accept, galleryId);
    if (matchesEtag(req.headers['if-none-match'], plan.etag)) {
      cacheHeaders(reply, plan, signed || gated);
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
    cacheHeaders(reply, plan, signed || gated);
    reply.type(plan.contentType);
    if (body.kind === 'file') {
      reply.header('content-length', body.size);
      return reply.send(fs.createReadStream(body.path));
    }
    return reply.send(body.body);
  });
}
