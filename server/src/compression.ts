import zlib from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import compress from '@fastify/compress';
import { DOWNLOAD_PATHS } from '../../types/api/download';

/** Answers smaller than this go out as they are: compressing them saves less than the headers cost. */
export const COMPRESS_THRESHOLD = 1024;

const ENCODINGS = ['br', 'gzip'] as const;

/** The encoding to use for an Accept-Encoding header: br, then gzip (q=0 refuses), else none. */
export function negotiateEncoding(header: string | string[] | undefined): 'br' | 'gzip' | null {
  const accepted = new Map<string, number>();
  for (const part of String(header ?? '').split(',')) {
    const [name, ...params] = part.trim().toLowerCase().split(';');
    if (!name) continue;
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    accepted.set(name, q ? Number(q.slice(2)) || 0 : 1);
  }
  for (const enc of ENCODINGS) {
    const q = accepted.get(enc) ?? accepted.get('*');
    if (q !== undefined && q > 0) return enc;
  }
  return null;
}

/**
 * On-the-fly compression (@fastify/compress): API JSON, /session.js and HTML above
 * COMPRESS_THRESHOLD, brotli or gzip as the client accepts. Never for images (/img and
 * avatars are already compressed formats and answered with their own caching), streamed
 * ZIP downloads, or the live WebSocket. Request bodies are never decompressed (raw-body
 * routes such as the pay notification see the bytes as sent).
 * The H5 build's files are precompressed at build time (@fastify/static preCompressed);
 * an answer that already has a Content-Encoding is left alone.
 */
export async function registerCompression(app: FastifyInstance) {
  // Runs before the plugin's own onRoute hook (registered below), so it sees compress: false.
  app.addHook('onRoute', (opts) => {
    const url = opts.url ?? '';
    const raw = url.startsWith('/img/') || url.startsWith('/avatars/') || url.startsWith(DOWNLOAD_PATHS.zipDownload);
    if (raw || (opts as { websocket?: boolean }).websocket) (opts as { compress?: boolean }).compress = false;
  });
  await app.register(compress, {
    encodings: [...ENCODINGS],
    threshold: COMPRESS_THRESHOLD,
    globalDecompression: false,
    brotliOptions: { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 5 } }
  });
  // The H5 app's document is answered by the not-found handler (routes/h5.ts), which has no
  // route of its own for the plugin to hook: compress HTML that nothing compressed yet.
  app.addHook('onSend', async (req, reply, payload) => {
    if (typeof payload !== 'string' && !Buffer.isBuffer(payload)) return payload;
    if (!/^text\/html/.test(String(reply.getHeader('content-type') ?? ''))) return payload;
    if (reply.getHeader('content-encoding')) return payload;
    reply.header('vary', 'accept-encoding');
    const body = Buffer.from(payload);
    const enc = body.length >= COMPRESS_THRESHOLD ? negotiateEncoding(req.headers['accept-encoding']) : null;
    if (!enc) return payload;
    const out =
      enc === 'br' ? zlib.brotliCompressSync(body, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 5 } }) : zlib.gzipSync(body, { level: 6 });
    reply.header('content-encoding', enc).header('content-length', out.length);
    return out;
  });
}
