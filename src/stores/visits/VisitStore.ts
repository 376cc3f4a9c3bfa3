import { makeAutoObservable, runInAction } from 'mobx';
import type { LatestVisitors, VisitItem } from '../../../types/api/visit';
import { addVisit, fetchLastVisit, fetchLatestVisitors, fetchVisitHistory, removeVisit } from '../../api/visits';

export interface VisitApi {
  add: typeof addVisit;
  history: typeof fetchVisitHistory;
  last: typeof fetchLastVisit;
  latest: typeof fetchLatestVisitors;
  remove: typeof removeVisit;
}

const DEFAULT_API: VisitApi = { add: addVisit, history: fetchVisitHistory, last: fetchLastVisit, latest: fetchLatestVisitors, remove: removeVisit };

/** My visit history (spec part 1 §7): recorded when a gallery opens, shown on the Me page. */
export class VisitStore {
  /** My most recent visit; undefined until loaded. */
  last: VisitItem | null | undefined = undefined;
  history: VisitItem[] = [];
  total = 0;
  page = 0;
  historyState: 'idle' | 'loading' | 'more' | 'noMore' | 'error' = 'idle';
  latest = new Map<string, LatestVisitors>();

  constructor(private api: VisitApi = DEFAULT_API) {
    makeAutoObservable<VisitStore, 'api'>(this, { api: false });
  }

  /** A gallery page opened (under `parentid` for /g/{linkid}/visit/{parentid}). Failures are logged only. */
  async record(linkId: string, parentid?: string): Promise<void> {
    try {
      const item = await this.api.add(linkId, parentid);
      runInAction(() => {
        this.last = item;
        this.history = [item, ...this.history.filter((h) => h.id !== item.id)];
      });
    } catch (e) {
      console.info('visit not recorded', e);
    }
  }

  async loadLast(): Promise<void> {
    try {
      const item = await this.api.last();
      runInAction(() => {
        this.last = item;
      });
    } catch {
      runInAction(() => {
        this.last = this.last ?? null;
      });
    }
  }

  /** Load the next page of history (from the start with reset). */
  async loadHistory(reset = false): Promise<void> {
    if (this.historyState === 'loading' || (!reset && this.historyState === 'noMore')) return;
    const page = reset ? 1 : this.page + 1;
    this.historyState = 'loading';
    try {
      const r = await this.api.history(page);
      runInAction(() => {
        this.history = reset ? r.items : [...this.history, ...r.items.filter((i) => !this.history.some((h) => h.id === i.id))];
        this.total = r.total;
        this.page = page;
        this.historyState = page * r.page_size >= r.total ? 'noMore' : 'more';
      });
    } catch {
      runInAction(() => {
        this.historyState = 'error';
      });
    }
  }

  /** Take a gallery out of my history. */
  async remove(id: number): Promise<void> {
    await this.api.remove(id);
    runInAction(() => {
      const before = this.history.length;
      this.history = this.history.filter((h) => h.id !== id);
      this.total = Math.max(0, this.total - (before - this.history.length));
      if (this.last?.id === id) this.last = this.history[0] ?? null;
    });
  }

  async loadLatest(linkId: string): Promise<void> {
    try {
      const r = await this.api.latest(linkId);
      runInAction(() => this.latest.set(linkId, r));
    } catch {
      // No strip (its reserved place closes), unless an earlier answer is shown.
      runInAction(() => {
        if (!this.latest.has(linkId)) this.latest.set(linkId, { items: [], total: 0 });
      });
    }
  }
}
