/**
 * GET /api/ocr/search: a gallery's visible photos whose OCR words hold the keyword. Access as
 * the photo list (PhotoService.listFor): an unknown gallery is 404, a gated one needs its
 * passes (200202), hidden photos never show, and the visitor's paid photos are tagged.
 */
import type { Db } from '../../db';
import { badRequest } from '../../errors';
import type { Viewer } from '../../viewer';
import type { GalleryService } from '../gallery/gallery';
import type { GateAccess } from '../gates/gateAccess';
import { withPayed } from '../pay/entitlements';
import { PHOTO_COLUMNS, presentPhoto, type PhotoRow } from '../photos/repository';
import { OCR_PAGE_SIZE, type OcrSearchQuery, type OcrSearchResult } from '../../../../types/api/ocr';
import { keywordWords, type WordMatch } from './words';

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
    const [page, count] = await Promise.all([
      this.db.query<PhotoRow>(
        `SELECT ${PHOTO_COLUMNS.split(', ').map((c) => `p.${c}`).join(', ')} FROM photos p WHERE ${where}
         ORDER BY p.shoottime DESC, p.id DESC LIMIT ${OCR_PAGE_SIZE} OFFSET $${params.length + 1}`,
        [...params, offset]
      ),
      this.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM photos p WHERE ${where}`, params)
    ]);
    const items = page.rows.map(presentPhoto);
    const total = count.rows[0].n;
    const next = offset + items.length;
    return {
      items: v.user ? await withPayed(this.db, v.user, items) : items,
      total,
      pagedata: { offset, page_size: OCR_PAGE_SIZE, next_offset: next, has_more: next < total }
    };
  }
}
