import { makeAutoObservable, runInAction } from 'mobx';
import { fetchContent } from '../../api/content';

export type ContentState = { status: 'loading' } | { status: 'ready'; html: string } | { status: 'error' };

/** Pictures in rich content fit the block's width on both targets (the mini-program's rich-text takes no page CSS). */
export function fitImages(html: string): string {
  return html.replace(/<img\b/gi, '<img style="max-width:100%;height:auto;display:block"');
}

/**
 * Rich content blocks by hash (richtext / liverich components). A content never changes under
 * its hash, so each is fetched once per app run and shared by every block that names it.
 */
export class ContentStore {
  private items = new Map<string, ContentState>();

  constructor(private fetcher: typeof fetchContent = fetchContent) {
    makeAutoObservable<ContentStore, 'fetcher'>(this, { fetcher: false });
  }

  state(hash: string): ContentState | undefined {
    return this.items.get(hash);
  }

  /** Fetch a content unless it is here or on its way; a failed fetch may be retried. */
  load(hash: string): void {
    const now = this.items.get(hash);
    if (!hash || (now && now.status !== 'error')) return;
    this.items.set(hash, { status: 'loading' });
    this.fetcher(hash).then(
      (c) => runInAction(() => this.items.set(hash, { status: 'ready', html: fitImages(c.html) })),
      () => runInAction(() => this.items.set(hash, { status: 'error' }))
    );
  }
}
