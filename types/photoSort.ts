/**
 * The photo sort rule, shared by the server's list query and the client's live
 * inserts (spec part 1 §7 sorttype/order): `sorttype` names the field, a leading
 * `-` means descending, and `order` wins over the sign. Without a sorttype the
 * gallery's default applies; a list then runs newest first unless `order` says.
 */
import { DEFAULT_SORT, type SortOrder, type SortType } from './api/photo';

export const SORT_FIELDS: readonly SortType[] = ['shoottime', 'createtime', 'love', 'id'];

export interface SortSpec {
  field: SortType;
  dir: SortOrder;
}

/** The sort of a list; `field` is null when the sorttype names no sortable field. */
export function readSort(o: { sorttype?: string; order?: SortOrder }, fallback = DEFAULT_SORT): { field: SortType | null; dir: SortOrder } {
  const raw = o.sorttype || fallback;
  const desc = raw.startsWith('-');
  const name = desc ? raw.slice(1) : raw;
  const field = (SORT_FIELDS as readonly string[]).includes(name) ? (name as SortType) : null;
  return { field, dir: o.order ?? (desc ? 'desc' : o.sorttype ? 'asc' : 'desc') };
}

/** Negative when `a` comes before `b` in the list (ties by id, in the same direction, as the database orders them). */
export function comparePhotos(a: Record<SortType, number>, b: Record<SortType, number>, s: SortSpec): number {
  const d = a[s.field] - b[s.field] || a.id - b.id;
  return s.dir === 'asc' ? d : -d;
}
