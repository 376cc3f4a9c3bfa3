import type { Db } from '../../db';
import { AppError, notFound } from '../../errors';
import type { Viewer } from '../../viewer';
import type { OrganizerAccess } from '../session/organizer';
import {
  ORGANIZER_ORDER_PURPOSES,
  ORGANIZER_ORDER_STATUSES,
  ORGANIZER_ORDERS_PAGE_MAX,
  ORGANIZER_ORDERS_PAGE_SIZE,
  ORGANIZER_ORDERS_PAGE_SIZE_MAX,
  OrganizerOrdersErrorCode,
  type OrganizerOrder,
  type OrganizerOrderList,
  type OrganizerOrderPurpose,
  type OrganizerOrderStatus
} from '../../../../types/api/organizerOrders';

/** The list's query as sent (every value a string; checked here, so each refusal has its own code). */
export interface OrderListQuery {
  status?: string;
  purpose?: string;
  page?: string;
  page_size?: string;
}

/** A checked query. */
interface OrderFilter {
  status: OrganizerOrderStatus | 'all';
  purpose: OrganizerOrderPurpose | null;
  page: number;
  pageSize: number;
}

/** Each status as a condition on `orders o` (the schema: status created/paid/closed, refund_state null/pending/done). */
const STATUS_SQL: Record<OrganizerOrderStatus | 'all', string> = {
  all: 'TRUE',
  unpaid: `o.status = 'created'`,
  paid: `o.status = 'paid' AND o.refund_state IS NULL`,
  closed: `o.status = 'closed'`,
  refunded: 'o.refund_state IS NOT NULL'
};

/**
 * What an order buys, from its row: the purpose it was made with (photo orders since migration 012,
 * red packets, gifts); else a form's pay order; else its good's kind (a photo-less good: `service`;
 * a photo order from before 012: its photo good's kind).
 */
const PURPOSE_SQL = `COALESCE(o.purpose, CASE WHEN o.form_id IS NOT NULL THEN 'form' END, g.kind)`;

interface Row {
  id: number;
  out_trade_no: string;
  purpose: OrganizerOrderPurpose;
  status: 'created' | 'paid' | 'closed';
  refund_state: 'pending' | 'done' | null;
  amount_cents: number;
  created_at: number;
  paid_at: number | null;
  user_id: number;
  nickname: string | null;
  goods_id: number | null;
  goods_name: string | null;
  photo_ids: number[];
  form_id: string | null;
  from_source: string | null;
  from_id: string | null;
}

const bad = (code: number, msg: string) => new AppError(code, msg, null, 400);

function wholeNumber(text: string | undefined, fallback: number, max: number): number | null {
  if (text === undefined) return fallback;
  if (!/^\d{1,7}$/.test(text)) return null;
  const n = Number(text);
  return n >= 1 && n <= max ? n : null;
}

/** The query checked: 202100 status, 202101 purpose, 202102 page, 202103 page_size (all 400). */
export function orderFilter(q: OrderListQuery): OrderFilter {
  const status = q.status ?? 'all';
  if (status !== 'all' && !(ORGANIZER_ORDER_STATUSES as readonly string[]).includes(status)) {
    throw bad(OrganizerOrdersErrorCode.BAD_STATUS, `status must be one of ${ORGANIZER_ORDER_STATUSES.join(', ')} or all`);
  }
  const purpose = q.purpose ?? null;
  if (purpose !== null && !(ORGANIZER_ORDER_PURPOSES as readonly string[]).includes(purpose)) {
    throw bad(OrganizerOrdersErrorCode.BAD_PURPOSE, `purpose must be one of ${ORGANIZER_ORDER_PURPOSES.join(', ')}`);
  }
  const page = wholeNumber(q.page, 1, ORGANIZER_ORDERS_PAGE_MAX);
  if (page === null) throw bad(OrganizerOrdersErrorCode.BAD_PAGE, `page must be a whole number from 1 to ${ORGANIZER_ORDERS_PAGE_MAX}`);
  const pageSize = wholeNumber(q.page_size, ORGANIZER_ORDERS_PAGE_SIZE, ORGANIZER_ORDERS_PAGE_SIZE_MAX);
  if (pageSize === null) throw bad(OrganizerOrdersErrorCode.BAD_PAGE_SIZE, `page_size must be a whole number from 1 to ${ORGANIZER_ORDERS_PAGE_SIZE_MAX}`);
  return { status: status as OrganizerOrderStatus | 'all', purpose: purpose as OrganizerOrderPurpose | null, page, pageSize };
}

const listStatus = (r: Row): OrganizerOrderStatus => (r.refund_state ? 'refunded' : r.status === 'created' ? 'unpaid' : r.status);

const present = (r: Row): OrganizerOrder => ({
  id: r.id,
  out_trade_no: r.out_trade_no,
  purpose: r.purpose,
  status: listStatus(r),
  refund: r.refund_state,
  amount: r.amount_cents,
  created_at: Number(r.created_at),
  paid_at: r.paid_at === null ? null : Number(r.paid_at),
  user_id: r.user_id,
  nickname: r.nickname ?? '',
  goods_id: r.goods_id,
  goods_name: r.goods_name,
  photo_ids: r.photo_ids.map(Number),
  form_id: r.form_id,
  from: r.from_source,
  from_id: r.from_id
});

/**
 * The organiser's read of a gallery's orders (organizerOrderCalls): newest first, filtered by
 * status and purpose, a page at a time, with the filter's count and paid sum. Reads only.
 */
export class OrganizerOrdersService {
  constructor(
    private db: Db,
    private access: OrganizerAccess
  ) {}

  async list(v: Viewer, galleryId: number, query: OrderListQuery): Promise<OrganizerOrderList> {
    this.access.assert(v);
    const f = orderFilter(query);
    const g = await this.db.query('SELECT 1 FROM galleries WHERE id = $1', [galleryId]);
    if (!g.rows.length) throw notFound(`Gallery ${galleryId} not found`);
    const where = `o.gallery_id = $1 AND ${STATUS_SQL[f.status]} AND ($2::text IS NULL OR ${PURPOSE_SQL} = $2)`;
    const from = 'FROM orders o LEFT JOIN goods g ON g.id = o.goods_id';
    // One snapshot for the page and its totals (a payment settling in between shows in both or neither).
    return this.db.tx(async (q) => {
      await q.query('SET TRANSACTION ISOLATION LEVEL REPEATABLE READ');
      const totals = await q.query<{ total: number; paid_cents: number }>(
        `SELECT count(*)::int AS total, COALESCE(sum(o.amount_cents) FILTER (WHERE o.status = 'paid' AND o.refund_state IS NULL), 0)::bigint AS paid_cents
         ${from} WHERE ${where}`,
        [galleryId, f.purpose]
      );
      const { rows } = await q.query<Row>(
        `SELECT o.id, o.out_trade_no, ${PURPOSE_SQL} AS purpose, o.status, o.refund_state, o.amount_cents, o.created_at, o.paid_at,
                o.user_id, u.nickname, o.goods_id, g.name AS goods_name, o.photo_ids, o.form_id, o.from_source, o.from_id
         ${from} LEFT JOIN users u ON u.id = o.user_id
         WHERE ${where} ORDER BY o.id DESC LIMIT $3 OFFSET $4`,
        [galleryId, f.purpose, f.pageSize, (f.page - 1) * f.pageSize]
      );
      return {
        gallery_id: galleryId,
        status: f.status,
        purpose: f.purpose,
        page: f.page,
        page_size: f.pageSize,
        total: Number(totals.rows[0].total),
        paid_cents: Number(totals.rows[0].paid_cents),
        items: rows.map(present)
      };
    });
  }
}
