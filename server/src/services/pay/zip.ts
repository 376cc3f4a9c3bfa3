import { Readable } from 'node:stream';
import yazl from 'yazl';
import type { Db } from '../../db';
import type { ObjectStore } from '../../storage';
import type { Viewer } from '../../viewer';
import { requireUser } from '../../viewer';
import type { GateAccess } from '../gates/gateAccess';
import { AppError, badRequest, forbidden, unauthorized } from '../../errors';
import { ErrorCode } from '../../../../types/envelope';
import type { GalleryConfig } from '../../../../types/api/gallery';
import { DOWNLOAD_PATHS, MAX_DOWNLOAD_NUM, MIN_DOWNLOAD_NUM, type ZipTicket } from '../../../../types/api/download';
import { originalKey } from '../../storage';
import { givesOriginals, paidPhotoIds, type EntitlementUser } from './entitlements';
import type { UrlSigner } from './signedUrls';

/** What the ZIP download works with. */
interface ZipDeps {
  db: Db;
  store: ObjectStore;
  signer: UrlSigner;
}

interface ZipPhoto {
  id: number;
  hash: string;
  origin: string;
  size: number;
}

export interface ZipStream {
  fileName: string;
  /** Total bytes when known in advance (stored entries, known sizes), else null. */
  size: number | null;
  stream: NodeJS.ReadableStream;
}

/** The photos of `ids` in the gallery the user may have unmarked, or a 403 naming the others. */
async function entitledPhotos(ctx: ZipDeps, user: EntitlementUser, galleryId: number, ids: number[]): Promise<{ name: string; photos: ZipPhoto[] }> {
  const g = await ctx.db.query<{ name: string; config: Partial<GalleryConfig> | null }>('SELECT name, config FROM galleries WHERE id = $1', [galleryId]);
  const { rows } = g.rows.length
    ? await ctx.db.query<ZipPhoto>(
        `SELECT p.id, p.hash, p.origin, i.size FROM photos p JOIN images i ON i.hash = p.hash
         WHERE p.gallery_id = $1 AND p.id = ANY($2::int[]) AND NOT p.hidden`,
        [galleryId, ids]
      )
    : { rows: [] as ZipPhoto[] };
  const free = g.rows.length > 0 && givesOriginals(g.rows[0]);
  const paid = free ? null : await paidPhotoIds(ctx.db, user, ids);
  const byId = new Map(rows.map((r) => [r.id, r]));
  const refused = ids.filter((id) => !byId.has(id) || (paid !== null && !paid.has(id)));
  if (refused.length) throw new AppError(ErrorCode.FORBIDDEN, 'Some photos are not available for download', { ids: refused });
  return { name: g.rows[0].name, photos: ids.map((id) => byId.get(id)!) };
}

/** Ids from the body: a number array or a comma list; 1..MAX_DOWNLOAD_NUM distinct positive ids. */
export function parseZipIds(raw: unknown): number[] {
  const list = Array.isArray(raw) ? raw : typeof raw === 'string' ? raw.split(',').filter((s) => s.trim() !== '') : null;
  if (!list) throw badRequest('ids is required');
  const ids: number[] = [];
  for (const v of list) {
    const n = typeof v === 'number' ? v : typeof v === 'string' && /^\s*\d{1,10}\s*$/.test(v) ? Number(v) : NaN;
    if (!Number.isInteger(n) || n < 1 || n > 2_147_483_647) throw badRequest('ids must be positive photo ids');
    if (!ids.includes(n)) ids.push(n);
    if (ids.length > MAX_DOWNLOAD_NUM) break;
  }
  if (ids.length < MIN_DOWNLOAD_NUM) throw new AppError(ErrorCode.BAD_REQUEST, 'Select at least one photo', { alert: 'min-download', num: MIN_DOWNLOAD_NUM });
  if (ids.length > MAX_DOWNLOAD_NUM) {
    throw new AppError(ErrorCode.BAD_REQUEST, `At most ${MAX_DOWNLOAD_NUM} photos per download`, { alert: 'MAX_DOWNLOAD_NUM', num: MAX_DOWNLOAD_NUM });
  }
  return ids;
}

/** `POST /api/v2/images/zip`: check everything, then a one-time token for the GET. */
export async function zipTicket(ctx: ZipDeps, user: EntitlementUser, galleryId: number, ids: number[]): Promise<ZipTicket> {
  // Spec part 1 §6: guests log in before downloading.
  if (user.is_mock) throw unauthorized('Log in to download');
  await entitledPhotos(ctx, user, galleryId, ids);
  const { token, expires } = ctx.signer.zipToken({ gallery: galleryId, user: user.id, ids });
  return { token, url: `${DOWNLOAD_PATHS.zipDownload}${token}`, expires, count: ids.length };
}

/**
 * Mark a token used, in the shared rate_limits table (every process sees it); false
 * when it was used before. The row outlives the token (pruned a day after expiry).
 */
async function useOnce(ctx: ZipDeps, nonce: string, expires: number): Promise<boolean> {
  const { rows } = await ctx.db.query(
    `INSERT INTO rate_limits (key, window_start, count) VALUES ($1, $2, 1) ON CONFLICT (key, window_start) DO NOTHING RETURNING count`,
    [`zip-token:${nonce}`, expires]
  );
  return rows.length === 1;
}

/** Entry names from the photo's file name: no folders, de-duplicated (`a.jpg`, `a (2).jpg`). */
export function entryNames(photos: Array<{ id: number; origin: string }>): string[] {
  const used = new Set<string>();
  return photos.map((p) => {
    // eslint-disable-next-line no-control-regex
    const base = (p.origin.split(/[\\/]/).pop() ?? '').replace(/[\u0000-\u001f:*?"<>|]/g, '_').trim() || `${p.id}.jpg`;
    let name = base;
    const dot = base.lastIndexOf('.');
    const [stem, ext] = dot > 0 ? [base.slice(0, dot), base.slice(dot)] : [base, ''];
    for (let n = 2; used.has(name.toLowerCase()); n++) name = `${stem} (${n})${ext}`;
    used.add(name.toLowerCase());
    return name;
  });
}

/**
 * `GET /api/v2/images/zip/{token}`: the archive, entry by entry from the store.
 * Entries are stored (JPEGs do not compress), so only one photo's read buffer is in
 * memory at a time, and the total size is known before the first byte (Content-Length
 * lets the client show progress). Entitlement is checked again before streaming.
 */
export async function openZip(ctx: ZipDeps, token: string): Promise<ZipStream> {
  const v = ctx.signer.verifyZip(token);
  if (!v.ok) throw forbidden(v.reason === 'expired' ? 'Download link expired' : 'Invalid download link');
  const g = v.grant;
  const u = await ctx.db.query<{ is_mock: boolean }>('SELECT is_mock FROM users WHERE id = $1', [g.user]);
  if (!u.rows.length || u.rows[0].is_mock) throw forbidden('Invalid download link');
  const { name, photos } = await entitledPhotos(ctx, { id: g.user, is_mock: false }, g.gallery, g.ids);
  if (!(await useOnce(ctx, g.nonce, g.expires))) throw forbidden('Download link already used');

  const zip = new yazl.ZipFile();
  const names = entryNames(photos);
  // yazl reports each failed entry (a missing file, a read error) once: the first one
  // before streaming fails the request; any later one ends the response early.
  let fail: (err: Error) => void = () => undefined;
  const failed = new Promise<never>((_, reject) => (fail = reject));
  failed.catch(() => undefined);
  zip.on('error', (err: Error) => {
    fail(err);
    // Without the error: nobody listens on the output stream before it is sent, and a cut
    // response (shorter than its Content-Length) is what the client must see.
    (zip.outputStream as unknown as { destroy(): void }).destroy();
  });
  photos.forEach((p, i) => {
    const key = originalKey(p.hash);
    const file = ctx.store.localPath(key);
    if (file) {
      zip.addFile(file, names[i], { compress: false });
      return;
    }
    zip.addReadStreamLazy(names[i], { compress: false, size: p.size }, (cb) => {
      ctx.store.get(key).then(
        (buf) => (buf ? cb(null, Readable.from([buf])) : cb(new Error(`missing original ${p.hash}`), null as never)),
        (err: Error) => cb(err, null as never)
      );
    });
  });
  // A missing original shows here (yazl stats files before it knows the total size), before any byte.
  const size = await Promise.race([
    new Promise<number>((resolve) => (zip.end as (o: object, cb: (n: number) => void) => void)({}, (n) => resolve(n))),
    failed
  ]).catch(() => {
    throw new AppError(ErrorCode.NOT_FOUND, 'A photo file is missing');
  });
  const fileName = `${(name || 'photos').replace(/[\\/:*?"<>|\u0000-\u001f]/g, '_').trim() || 'photos'}.zip`;
  return { fileName, size: size >= 0 ? size : null, stream: zip.outputStream };
}

/** Content-Disposition with an ASCII fallback and the UTF-8 name (RFC 6266). */
export function contentDisposition(fileName: string): string {
  const ascii = fileName.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(fileName)}`;
}

/** ZIP downloads of several photos: a one-time ticket after every check, then the archive streamed from the store. */
export class DownloadService {
  private deps: ZipDeps;

  constructor(
    db: Db,
    store: ObjectStore,
    signer: UrlSigner,
    private gates: GateAccess
  ) {
    this.deps = { db, store, signer };
  }

  /** `POST /api/v2/images/zip`: the viewer's entitled photos of one gallery (a gated gallery needs its pass: the GET carries only the token). */
  async ticket(v: Viewer, galleryId: number, rawIds: unknown): Promise<ZipTicket> {
    const ids = parseZipIds(rawIds);
    const user = requireUser(v);
    await this.gates.assertPass(v, galleryId);
    return zipTicket(this.deps, user, galleryId, ids);
  }

  /** The archive of a ticket (once). */
  open(token: string): Promise<ZipStream> {
    return openZip(this.deps, token);
  }
}
