import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import fastifyStatic from '@fastify/static';
import { matchUrl } from '../../../types/routes';
import { AppError } from '../errors';
import { sendError } from '../http';
import { ErrorCode } from '../../../types/envelope';
import type { Services } from '../services';

/** The static file routes of the H5 build (@fastify/static): infrastructure, not API calls. */
export const H5_STATIC_ROUTES = ['GET /*', 'HEAD /*'] as const;

/** Build output named with a content hash (`js/app.1a2b3c4d.js`, also as `.br` / `.gz`). */
export const isHashedAsset = (file: string) => /\.[0-9a-f]{8}\.[a-z0-9]+(\.br|\.gz)?$/i.test(file);

/**
 * Serves the H5 build from the same origin as the API and images. Every route
 * of src/routes.ts answers index.html (typed, shared or reloaded links work);
 * other paths get index.html with status 404 so the app shows its not-found page.
 */
export default async function h5Routes(app: FastifyInstance, ctx: Services) {
  const dir = ctx.config.h5Dir;
  const indexFile = path.join(dir, 'index.html');
  const hasBuild = fs.existsSync(indexFile);
  if (hasBuild) {
    await app.register(fastifyStatic, {
      root: dir,
      prefix: '/',
      wildcard: true,
      index: false,
      // Directories (`/`, `/pages/`) are app routes, not a 403 from the static plugin.
      allowedPath: (pathname: string) => !pathname.endsWith('/'),
      // dist/h5 holds x.br and x.gz beside every text asset (config/index.ts, CompressionPlugin).
      preCompressed: true,
      // send's own cache-control (public, max-age=0) would replace the one set below.
      cacheControl: false,
      setHeaders(res, file) {
        // Hashed assets never change; anything else revalidates.
        res.setHeader('cache-control', isHashedAsset(file) ? 'public, max-age=31536000, immutable' : 'no-cache');
        res.setHeader('vary', 'accept-encoding');
      }
    });
  }
  // Re-read after a rebuild (the hashed asset names in it change).
  let cached: { mtimeMs: number; html: string } | null = null;
  const readIndex = () => {
    const mtimeMs = fs.statSync(indexFile).mtimeMs;
    if (!cached || cached.mtimeMs !== mtimeMs) cached = { mtimeMs, html: fs.readFileSync(indexFile, 'utf8') };
    return cached.html;
  };

  app.setNotFoundHandler((req, reply) => {
    const url = req.raw.url ?? '/';
    const isApi = url.startsWith('/api/') || url.startsWith('/img/') || url === '/session.js';
    if (isApi || req.method !== 'GET' || !hasBuild) {
      const msg = isApi || !hasBuild ? `No such endpoint: ${req.method} ${url.split('?')[0]}` : 'Method not allowed';
      return sendError(reply, new AppError(ErrorCode.NOT_FOUND, msg));
    }
    // Static assets that do not exist are plain 404s, not the app.
    if (/^\/(js|css|static)\//.test(url)) return sendError(reply, new AppError(ErrorCode.NOT_FOUND, 'No such file'));
    const known = matchUrl(url) !== null || /^\/pages\//.test(url);
    // The head, boot data and skeleton (services/h5/document.ts): nothing in it is per visitor.
    return ctx.h5Document.render(readIndex(), url).then((html) => reply.status(known ? 200 : 404).type('text/html; charset=utf-8').header('cache-control', 'no-cache').send(html));
  });
}
