/**
 * GET /api/ocr/search: a gallery's visible photos whose OCR words hold the keyword, and apart
 * from them, for a bib number, the photos whose number reads close to it ("maybe yours": one
 * digit off, or the last digit missing; words.ts approxForms). Access as the photo list
 * (PhotoService.listFor): an unknown gallery is 404, a gated one needs its passes (200202),
 * hidden photos never show, and the visitor's paid photos are tagged.
 */
import type { Db } from '../../db';
import { badRequest } from '../../errors';
import type { Viewer } from '../../viewer';
import type { GalleryService } from '../gallery/gallery';
import type { GateAccess } from '../gates/gateAccess';
import { withPayed } from '../pay/entitlements';
import { PHOTO_COLUMNS, presentPhoto, type PhotoRow } from '../photos/repository';
import { OCR_MAYBE_MAX, OCR_PAGE_SIZE, type OcrSearchQuery, type OcrSearchResult } from '../../../../types/api/ocr';
import { approxForms, keywordNumber, keywordWords, type WordMatch } from './words';

const COLUMNS = PHOTO_COLUMNS.split(', ').map((c) => `p.${c}`).join(', ');
const likeEscape = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

/** SQL for "this photo has a word matching m" (parameter $n holds the pattern). */
function matchSql(m: WordMatch, n: number): { sql: string; param: string } {
  const cmp = m.how === 'exact' ? `w.word = $${n}` : `w.word LIKE $${n}`;
  const param = m.how === 'exact' ? m.word : m.how === 'prefix' ? `${likeEscape(m.word)}%` : `%${likeEscape(m.word)}%`;
  return { sql: `EXISTS (SELECT 1 FROM ocr_words w WHERE w.gallery_id = $1 AND w.photo_id = p.id AND ${cmp})`, param };
}

export class OcrSearchService {
  constructor(
    private db: Db,
    private galleries: GalleryService,
    private gates: GateAccess
  ) {}

  async search(v: Viewer, q: OcrSearchQuery): Promise<OcrSearchResult> {
    await this.galleries.cachedById(q.galleryid);
    await this.gates.assertPass(v, q.galleryid);
    const words = keywordWords(q.keyword);
    if (!words) throw badRequest('keyword must hold a letter or a digit');
    const offset = q.offset ?? 0;
    const params: unknown[] = [q.galleryid];
    const conds = words.map((m) => {
      const { sql, param } = matchSql(m, params.length + 1);
      params.push(param);
      return sql;
    });
    const where = `p.gallery_id = $1 AND NOT p.hidden AND ${conds.join(' AND ')}`;
    const num = keywordNumber(q.keyword);
    const [page, count, maybe] = await Promise.all([
      this.db.query<PhotoRow>(
        `SELECT ${COLUMNS} FROM photos p WHERE ${where}
         ORDER BY p.shoottime DESC, p.id DESC LIMIT ${OCR_PAGE_SIZE} OFFSET $${params.length + 1}`,
        [...params, offset]
      ),
      this.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM photos p WHERE ${where}`, params),
      num && offset === 0 ? this.maybe(q.galleryid, num) : Promise.resolve([])
    ]);
    const items = page.rows.map(presentPhoto);
    const close = maybe.map(presentPhoto);
    const total = count.rows[0].n;
    const next = offset + items.length;
    return {
      items: v.user ? await withPayed(this.db, v.user, items) : items,
      maybe: v.user && close.length ? await withPayed(this.db, v.user, close) : close,
      total,
      pagedata: { offset, page_size: OCR_PAGE_SIZE, next_offset: next, has_more: next < total }
    };
  }

  /** Visible photos with a word close to the number and none equal to it (those are the exact matches). */
  private async maybe(galleryId: number, num: string): Promise<PhotoRow[]> {
    const { like, equal } = approxForms(num);
    if (!like.length && !equal.length) return [];
    const { rows } = await this.db.query<PhotoRow>(
      `SELECT ${COLUMNS} FROM photos p
       WHERE p.gallery_id = $1 AND NOT p.hidden
         AND EXISTS (SELECT 1 FROM ocr_words w WHERE w.gallery_id = $1 AND w.photo_id = p.id AND w.word ~ '^[0-9]+$'
                     AND (w.word LIKE ANY($3::text[]) OR w.word = ANY($4::text[])))
         AND NOT EXISTS (SELECT 1 FROM ocr_words e WHERE e.gallery_id = $1 AND e.photo_id = p.id AND e.word = $2)
       ORDER BY p.shoottime DESC, p.id DESC LIMIT ${OCR_MAYBE_MAX}`,
      [galleryId, num, like, equal]
    );
    return rows;
  }
}
