import type { Db } from '../../db';
import { notFound } from '../../errors';
import type { Viewer } from '../../viewer';
import type { OrganizerAccess } from '../session/organizer';
import { SUBMISSIONS_PAGE_SIZE, type Submission, type SubmissionList } from '../../../../types/api/form';
import type { StoredField } from './stored';

interface Row {
  id: number;
  gallery_id: number;
  form_id: string;
  user_id: number | null;
  nickname: string | null;
  parent: string;
  fields: StoredField[] | string;
  created_at: string | number;
  updated_at: string | number;
}

const present = (r: Row): Submission => ({
  id: r.id,
  gallery_id: r.gallery_id,
  form_id: r.form_id,
  user_id: r.user_id,
  nickname: r.nickname,
  parent: r.parent,
  fields: typeof r.fields === 'string' ? (JSON.parse(r.fields) as StoredField[]) : r.fields,
  created_at: Number(r.created_at),
  updated_at: Number(r.updated_at)
});

/** Most rows one CSV export holds. */
export const CSV_MAX_ROWS = 100_000;

/** A CSV cell: quoted, quotes doubled; a leading = + - @ gets a ' so a spreadsheet never runs it as a formula. */
export function csvCell(value: string): string {
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return `"${safe.replace(/"/g, '""')}"`;
}

/** Submissions as CSV (UTF-8 with BOM for spreadsheet apps): fixed columns, then one per field id in order of first appearance, headed by its latest label. */
export function submissionsCsv(items: Submission[]): string {
  const columns: Array<{ id: string; label: string }> = [];
  const byId = new Map<string, { id: string; label: string }>();
  for (const s of [...items].reverse()) {
    for (const f of s.fields) {
      const known = byId.get(`${s.form_id}\u0000${f.id}`);
      if (known) known.label = f.field;
      else {
        const c = { id: `${s.form_id}\u0000${f.id}`, label: f.field };
        byId.set(c.id, c);
        columns.push(c);
      }
    }
  }
  const header = ['id', 'form', 'submitted_at', 'updated_at', 'user_id', 'nickname', 'redirect', ...columns.map((c) => c.label)];
  const iso = (t: number) => new Date(t * 1000).toISOString();
  const lines = [header.map(csvCell).join(',')];
  for (const s of items) {
    const values = new Map(s.fields.map((f) => [`${s.form_id}\u0000${f.id}`, Array.isArray(f.value) ? f.value.join('; ') : f.value]));
    const row = [String(s.id), s.form_id, iso(s.created_at), iso(s.updated_at), s.user_id == null ? '' : String(s.user_id), s.nickname ?? '', s.parent];
    lines.push([...row, ...columns.map((c) => values.get(c.id) ?? '')].map(csvCell).join(','));
  }
  return `\uFEFF${lines.join('\r\n')}\r\n`;
}

/** The organiser's read-back of form submissions and their CSV export (ORGANIZER_TOKEN). */
export class FormSubmissionService {
  constructor(
    private db: Db,
    private access: OrganizerAccess
  ) {}

  private async assertGallery(galleryId: number) {
    const { rows } = await this.db.query('SELECT 1 FROM galleries WHERE id = $1', [galleryId]);
    if (!rows.length) throw notFound(`Gallery ${galleryId} not found`);
  }

  private select(limitOffset: string) {
    return `SELECT s.id, s.gallery_id, s.form_id, s.user_id, u.nickname, s.parent, s.fields, s.created_at, s.updated_at
            FROM form_submissions s LEFT JOIN users u ON u.id = s.user_id
            WHERE s.gallery_id = $1 AND ($2::text IS NULL OR s.form_id = $2) ORDER BY s.id DESC ${limitOffset}`;
  }

  async list(v: Viewer, galleryId: number, formId: string | undefined, page = 1): Promise<SubmissionList> {
    this.access.assert(v);
    await this.assertGallery(galleryId);
    const size = SUBMISSIONS_PAGE_SIZE;
    const { rows } = await this.db.query<Row>(this.select('LIMIT $3 OFFSET $4'), [galleryId, formId ?? null, size, (page - 1) * size]);
    const count = await this.db.query<{ n: string }>(
      'SELECT count(*) AS n FROM form_submissions WHERE gallery_id = $1 AND ($2::text IS NULL OR form_id = $2)',
      [galleryId, formId ?? null]
    );
    return { items: rows.map(present), total: Number(count.rows[0].n), page, page_size: size };
  }

  async csv(v: Viewer, galleryId: number, formId: string | undefined): Promise<string> {
    this.access.assert(v);
    await this.assertGallery(galleryId);
    const { rows } = await this.db.query<Row>(this.select('LIMIT $3'), [galleryId, formId ?? null, CSV_MAX_ROWS]);
    return submissionsCsv(rows.map(present));
  }
}
