import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import fastifyStatic from '@fastify/static';
import { matchUrl, PAGES } from '../../../types/routes';
import { AppError } from '../errors';
import { sendError } from '../http';
import { ErrorCode } from '../../../types/envelope';
import type { Services } from '../services';
import { documentCsp, newNonce, nonceAttr } from '../services/h5/csp';

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
  // Re-read after a rebuild (the hashed asset names in it change), with the entry's stylesheet.
  let cached: { mtimeMs: number; html: string; styles: EntryStyles } | null = null;
  const readIndex = () => {
    const mtimeMs = fs.statSync(indexFile).mtimeMs;
    if (!cached || cached.mtimeMs !== mtimeMs) {
      const html = fs.readFileSync(indexFile, 'utf8');
      cached = { mtimeMs, html, styles: readEntryStyles(dir, html) };
    }
    return cached;
  };

  // The chunks each page's import() loads (config/prod.ts RouteChunksPlugin), re-read after a rebuild.
  const chunksFile = path.join(dir, 'route-chunks.json');
  let chunks: { mtimeMs: number; pages: RouteChunks } | null = null;
  const readChunks = (): RouteChunks => {
    try {
      const mtimeMs = fs.statSync(chunksFile).mtimeMs;
      if (!chunks || chunks.mtimeMs !== mtimeMs) chunks = { mtimeMs, pages: JSON.parse(fs.readFileSync(chunksFile, 'utf8')) as RouteChunks };
      return chunks.pages;
    } catch {
      return {};
    }
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
    const m = matchUrl(url);
    const known = m !== null || /^\/pages\//.test(url);
    const index = readIndex();
    // A nonce of this answer alone (services/h5/csp.ts): the document is built per request and
    // never stored, so no other answer (nor a shared cache: no-cache revalidates) reuses it.
    const nonce = newNonce();
    const page = m ? readChunks()[PAGES[m.route.page]] : undefined;
    const html = withEntryStyles(withPageChunks(withScriptNonce(index.html, nonce), page, nonce), index.styles);
    // The head, boot data and skeleton (services/h5/document.ts): nothing in it is per visitor.
    return ctx.h5Document.render(html, url, nonce).then((doc) =>
      reply
        .status(known ? 200 : 404)
        .type('text/html; charset=utf-8')
        .header('cache-control', 'no-cache')
        .header('content-security-policy', documentCsp({ nonce, publicUrl: ctx.config.publicUrl, codeOrigins: doc.codeOrigins }))
        .send(doc.html)
    );
  });
}

type PageChunks = { js: string[]; css: string[]; bundle?: string };
type RouteChunks = Record<string, PageChunks | undefined>;

/**
 * The page's own chunks named in its document: scripts (defer; their bundle, one file, when the
 * build joined them) before the entry's, styles after
 * the entry's stylesheet (in the same cascade order as when the entry adds them). They download beside the entry instead of after it has run, and the
 * entry finds them installed, so it adds no script or link elements while it evaluates (the
 * longest task of a first load). Chunk files only register their modules when they run.
 */
export function withPageChunks(html: string, page: PageChunks | undefined, nonce: string): string {
  if (!page) return html;
  const safe = (f: string) => /^(js|css)\/[\w.-]+$/.test(f);
  const scripts = (page.bundle && safe(page.bundle) ? [page.bundle] : page.js).filter(safe).map((f) => `<script defer="defer" src="/${f}"></script>`).join('');
  // Not render-blocking: the server's first screen has its own styles and paints without them;
  // they apply once loaded, long before the app (which waits for every script) renders with them.
  // Each turns `all` when loaded through the nonce'd script right after them (no inline handler:
  // the CSP runs no `onload` attribute); they stay where they are, so the cascade keeps its order.
  const links = page.css.filter(safe).map((f) => `<link href="/${f}" rel="stylesheet" media="print" ${MEDIA_ALL_ATTR}>`).join('');
  const styles = links ? `${links}<script${nonceAttr(nonce)}>${MEDIA_ALL_SCRIPT}</script>` : '';
  let out = html.replace(/<script[^>]*\ssrc="\/js\/app\.[^"]*"[^>]*><\/script>/, (tag) => `${scripts}${tag}`);
  out = out.replace(/<link[^>]*\shref="\/css\/app\.[^"]*"[^>]*>/, (tag) => `${tag}${styles}`);
  return out;
}

/** Marks the page's stylesheets loaded as `print` until they have arrived. */
const MEDIA_ALL_ATTR = 'data-media-all';
/** Turns each marked stylesheet to `media=all` once it has loaded (what `onload="this.media='all'"` did). */
const MEDIA_ALL_SCRIPT =
  `(function(){var l=document.querySelectorAll('link[${MEDIA_ALL_ATTR}]');for(var i=0;i<l.length;i++)(function(e){` +
  `function a(){e.media='all'}if(e.sheet)a();else e.addEventListener('load',a)})(l[i])})()`;

/**
 * The build's own inline scripts (index.html's, e.g. the root font size for browsers without
 * clamp()) with this answer's nonce. Runs on the build's file alone, before anything from a
 * request or the database is written in.
 */
export function withScriptNonce(html: string, nonce: string): string {
  return html.replace(/<script(?![^>]*\ssrc=)([^>]*)>/gi, (_tag, attrs: string) => `<script${nonceAttr(nonce)}${attrs}>`);
}

type EntryStyles = { tag: string; css: string } | null;

/** The entry's stylesheet (`css/app.<hash>.css`) as index.html links it, with its text; null when there is none to inline. */
export function readEntryStyles(dir: string, html: string): EntryStyles {
  const m = /<link[^>]*\shref="\/(css\/app\.[0-9a-f]{8}\.css)"[^>]*>/.exec(html);
  if (!m) return null;
  try {
    const css = fs.readFileSync(path.join(dir, m[1]), 'utf8');
    // Inline text that could end the element, or resolve a relative url() against the document instead of css/, is left linked.
    if (/<\/style/i.test(css) || /url\(\s*['"]?(?!data:|https?:|\/)/i.test(css)) return null;
    return { tag: m[0], css };
  } catch {
    return null;
  }
}

/**
 * The entry's stylesheet written into the document in place of its link (~6 KB compressed): the
 * server's first screen paints when the document has arrived, not a round trip later (a slow
 * network's round trip is over half a second), and the cascade keeps its order (the page's styles
 * follow it, chunks loaded later are appended after it).
 */
export function withEntryStyles(html: string, styles: EntryStyles): string {
  if (!styles) return html;
  return html.replace(styles.tag, () => `<style data-href="${styles.tag.match(/href="([^"]+)"/)![1]}">${styles.css}</style>`);
}
