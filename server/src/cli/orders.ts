/**
 * A gallery's orders through the organiser API (organizerOrderCalls, types/api/organizerOrders.ts):
 *   npm run gallery -- orders <gallery id|link> [--status unpaid|paid|closed|refunded|all] [--purpose service] [--page N] [--page-size N]
 */
import { LINK_ID_RE } from '../../../types/routes';
import {
  ORGANIZER_ORDER_PURPOSES,
  ORGANIZER_ORDER_STATUSES,
  ORGANIZER_ORDERS_PAGE_SIZE_MAX,
  type OrganizerOrder,
  type OrganizerOrderList
} from '../../../types/api/organizerOrders';
import { Api, apiOptionsFrom, argValue, type ApiOptions } from './api';

export const ORDERS_USAGE = `  npm run gallery -- orders <gallery id|link> [--status ${ORGANIZER_ORDER_STATUSES.join('|')}|all] [--purpose ${ORGANIZER_ORDER_PURPOSES.join('|')}]
                           [--page N] [--page-size N]   the gallery's orders, newest first, with the count and paid sum`;

export interface OrdersCommand {
  cmd: 'orders';
  api: ApiOptions;
  gallery: string;
  status?: string;
  purpose?: string;
  page: number;
  pageSize?: number;
}

export function parseOrdersArgs(argv: string[], env: NodeJS.ProcessEnv = process.env): OrdersCommand {
  const gallery = argv[1];
  if (!gallery || !(/^\d{1,10}$/.test(gallery) || LINK_ID_RE.test(gallery))) throw new Error(`orders: a gallery id or link is needed, got ${gallery ? `"${gallery}"` : 'nothing'}`);
  const status = argValue(argv, '--status');
  if (status !== undefined && status !== 'all' && !(ORGANIZER_ORDER_STATUSES as readonly string[]).includes(status)) {
    throw new Error(`--status must be one of ${ORGANIZER_ORDER_STATUSES.join(', ')} or all`);
  }
  const purpose = argValue(argv, '--purpose');
  if (purpose !== undefined && !(ORGANIZER_ORDER_PURPOSES as readonly string[]).includes(purpose)) {
    throw new Error(`--purpose must be one of ${ORGANIZER_ORDER_PURPOSES.join(', ')}`);
  }
  const page = argValue(argv, '--page') ?? '1';
  if (!/^\d{1,6}$/.test(page) || Number(page) < 1) throw new Error('--page must be a whole number from 1');
  const size = argValue(argv, '--page-size');
  if (size !== undefined && (!/^\d{1,3}$/.test(size) || Number(size) < 1 || Number(size) > ORGANIZER_ORDERS_PAGE_SIZE_MAX)) {
    throw new Error(`--page-size must be a whole number from 1 to ${ORGANIZER_ORDERS_PAGE_SIZE_MAX}`);
  }
  return { cmd: 'orders', api: apiOptionsFrom(argv, env), gallery, status, purpose, page: Number(page), pageSize: size === undefined ? undefined : Number(size) };
}

/** Text a visitor or organiser chose, safe for a terminal: control characters (escape sequences, line breaks) as spaces. */
const plain = (s: string) => s.replace(/[\u0000-\u001f\u007f-\u009f]/g, ' ');
const yuan = (cents: number) => `¥${(cents / 100).toFixed(2)}`;

function time(t: number | null): string {
  if (!t) return '-';
  const d = new Date(t * 1000);
  const p = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${p(d.getMonth() + 1)}-${p(d.getDate())} ${p(d.getHours())}:${p(d.getMinutes())}`;
}

/** What the order covers: its good and its photos. */
function covers(o: OrganizerOrder): string {
  const parts: string[] = [];
  if (o.goods_id !== null) parts.push(`goods ${o.goods_id}${o.goods_name ? ` (${o.goods_name})` : ''}`);
  if (o.photo_ids.length) parts.push(`photos ${o.photo_ids.join(',')}`);
  if (o.form_id) parts.push(`form ${o.form_id}`);
  return parts.join('; ') || '-';
}

const from = (o: OrganizerOrder) => (o.from === null && o.from_id === null ? '-' : `${o.from ?? '-'}/${o.from_id ?? '-'}`);

/** The orders as an aligned text table and a closing line with the filter's count and paid sum. */
export function ordersTable(list: OrganizerOrderList): string[] {
  const filter = [list.status !== 'all' ? list.status : '', list.purpose ?? ''].filter(Boolean).join(', ');
  const summary = `${list.total} order${list.total === 1 ? '' : 's'}${filter ? ` (${filter})` : ''}, paid ${yuan(list.paid_cents)} (${list.paid_cents} cents)`;
  if (!list.items.length) {
    return [list.page > 1 && list.total > 0 ? `No orders on page ${list.page}.` : `No orders in gallery ${list.gallery_id}${filter ? ` (${filter})` : ''}.`, summary];
  }
  const rows = [['ID', 'CREATED', 'PAID', 'STATUS', 'PURPOSE', 'AMOUNT', 'BUYER', 'COVERS', 'FROM', 'TRADE NO']].concat(
    list.items.map((o) => [
      String(o.id),
      time(o.created_at),
      time(o.paid_at),
      o.refund ? `${o.status} (${o.refund})` : o.status,
      o.purpose,
      yuan(o.amount),
      plain(`${o.user_id}${o.nickname ? ` ${o.nickname}` : ''}`),
      plain(covers(o)),
      from(o),
      o.out_trade_no
    ])
  );
  const widths = rows[0].map((_, c) => Math.max(...rows.map((r) => r[c].length)));
  const lines = rows.map((r) => r.map((cell, c) => (c === r.length - 1 ? cell : cell.padEnd(widths[c]))).join('  '));
  const pages = Math.max(1, Math.ceil(list.total / list.page_size));
  return [...lines, `${summary}; page ${list.page} of ${pages}, ${list.page_size} a page`];
}

export async function runOrdersCommand(c: OrdersCommand, print: (line: string) => void = console.log): Promise<number> {
  const api = new Api(c.api);
  const id = /^\d+$/.test(c.gallery) ? Number(c.gallery) : await api.galleryIdByLink(c.gallery);
  const query = new URLSearchParams({ page: String(c.page) });
  if (c.status) query.set('status', c.status);
  if (c.purpose) query.set('purpose', c.purpose);
  if (c.pageSize) query.set('page_size', String(c.pageSize));
  ordersTable(await api.request<OrganizerOrderList>('GET', `/api/v2/organizer/galleries/${id}/orders?${query}`)).forEach((l) => print(l));
  return 0;
}
