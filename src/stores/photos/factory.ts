import { SelectionStore } from './SelectionStore';
import { PullRefreshStore } from './PullRefreshStore';
import { toast } from '../../platform/ui';
import { t } from '../../i18n';

/*
 * Built here, not in UI code: pages and components hold the result with
 * `useState(() => createX(root))` and never say `new` (docs/architecture.md).
 * One factory file per domain keeps a page's stores in that page's chunk.
 */

/** One photo list's selection mode (download, share, collage); its limits speak through toasts. */
export function createSelectionStore(): SelectionStore {
  return new SelectionStore((a) => toast(t(a.key, { num: a.num })));
}

/** One list's pull-to-refresh gesture. */
export function createPullRefreshStore(): PullRefreshStore {
  return new PullRefreshStore();
}
