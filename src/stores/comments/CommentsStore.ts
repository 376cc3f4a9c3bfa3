import { action, computed, makeObservable, observable, observableRef, observableShallow, runInAction } from 'mobx';
import { COMMENT_PAGE_SIZE, COMMENT_SENDBAR_MAX, REPLY_LIST_LIMIT, type Comment, type Reply } from '../../../types/api/comments';
import { ErrorCode } from '../../../types/envelope';
import type { LiveHandlers } from '../../../types/live';
import type { CommentApi } from '../../api/comments';
import type { MessageKey } from '../../i18n';
import { draftProblem, postErrorKey } from './commentRules';
import { codeOf, mergeNewest, withoutComment, withReply } from './commentList';

export interface CommentsDeps {
  galleryId: number;
  api: Pick<CommentApi, 'list' | 'post' | 'destroy' | 'replyList' | 'blockCheck'>;
  /** The app's live connection (LiveConnection.watch). */
  watch: (gallery: number, handlers: LiveHandlers) => () => void;
  /** The visitor's openid ('' for none) and whether they are a guest. */
  me: () => { openid: string; guest: boolean };
}

/** A line of a comment's replies: the inline ones first, then those 'more' loaded. */
export type ReplyLine = Pick<Reply, 'id' | 'nick_name' | 'content' | 'type' | 'openid'>;

/** What the send bar shows under the input. */
export interface SendNotice {
  key: MessageKey;
  params?: Record<string, number>;
}


/**
 * One gallery's comments (spec part 3 §2 items 1–2, §4, §5): the list newest first, 50 a page
 * with load more, each root's replies (three inline, then 20 more a time), deleting your own,
 * the send bar's draft and its checks, and the block state (muted, block_all) kept current by
 * the live `comment_block_change` and `comment_block_all` messages. A live `text` or `question`
 * message brings the newest page in again while the list is watched.
 */
export class CommentsStore {
  readonly galleryId: number;
  items: Comment[] = [];
  total = 0;
  hasMore = false;
  loaded = false;
  /** `total` is known (from loadCount or a page). */
  counted = false;
  loading = false;
  loadFailed = false;
  /** Replies loaded past the inline ones, by root id. */
  moreReplies = new Map<number, Reply[]>();
  blocked = false;
  blockAll = false;
  draft = '';
  replyTo: Comment | null = null;
  sending = false;
  notice: SendNotice | null = null;
  /** The comment sheet is open; `composing`: its send bar is up (the floating send icon, or Reply). */
  sheetOpen = false;
  composing = false;
  private unwatch: (() => void) | null = null;
  private watchers = 0;

  constructor(private deps: CommentsDeps) {
    this.galleryId = deps.galleryId;
    makeObservable<CommentsStore, 'merge'>(this, {
      items: observableRef,
      total: observable,
      hasMore: observable,
      loaded: observable,
      counted: observable,
      loading: observable,
      loadFailed: observable,
      moreReplies: observableShallow,
      blocked: observable,
      blockAll: observable,
      draft: observable,
      replyTo: observableRef,
      sending: observable,
      notice: observableRef,
      silencedKey: computed,
      sheetOpen: observable,
      composing: observable,
      openSheet: action,
      closeSheet: action,
      compose: action,
      setDraft: action,
      setReplyTo: action,
      added: action,
      merge: action
    });
  }

  /** Why this visitor cannot comment now ('You are being silenced', 'All Silenced'), or null. */
  get silencedKey(): MessageKey | null {
    if (this.blockAll) return 'comments.allSilenced';
    if (this.blocked) return 'comments.silenced';
    return null;
  }

  isMine(c: { openid: string }): boolean {
    const me = this.deps.me();
    return !me.guest && !!me.openid && c.openid === me.openid;
  }

  /** Live messages of the gallery while something shows its comments (counted, so the viewer and the sheet share it). */
  watch(): () => void {
    this.watchers += 1;
    if (this.watchers === 1) {
      this.unwatch = this.deps.watch(this.galleryId, {
        text: () => void this.refreshNewest(),
        question: () => void this.refreshNewest(),
        comment_block_change: (d) => {
          if (this.deps.me().openid && d.openid === this.deps.me().openid) runInAction(() => (this.blocked = !!d.blocked));
        },
        comment_block_all: (d) => runInAction(() => (this.blockAll = d.block_all === 1))
      });
    }
    let done = false;
    return () => {
      if (done) return;
      done = true;
      this.watchers -= 1;
      if (this.watchers === 0) {
        this.unwatch?.();
        this.unwatch = null;
      }
    };
  }

  /** The first page (and the block state for a logged-in visitor). */
  async load(): Promise<void> {
    if (this.loading) return;
    runInAction(() => {
      this.loading = true;
      this.loadFailed = false;
    });
    if (!this.deps.me().guest) void this.checkBlock();
    try {
      const page = await this.deps.api.list(this.galleryId, { pagesize: COMMENT_PAGE_SIZE });
      runInAction(() => {
        this.items = page.items;
        this.total = page.total;
        this.hasMore = !!page.has_more;
        this.loaded = true;
        this.counted = true;
        this.moreReplies.clear();
      });
    } catch {
      runInAction(() => (this.loadFailed = true));
    } finally {
      runInAction(() => (this.loading = false));
    }
  }

  /** Only the count (the comment button), unless the list already gave it. */
  async loadCount(): Promise<void> {
    if (this.loaded) return;
    try {
      const page = await this.deps.api.list(this.galleryId, { pagesize: 1 });
      runInAction(() => {
        if (!this.loaded) this.total = page.total;
        this.counted = true;
      });
    } catch {
      /* the button shows no number */
    }
  }

  /** The next 50, older than the last shown. */
  async loadMore(): Promise<void> {
    if (this.loading || !this.hasMore || !this.items.length) return;
    runInAction(() => (this.loading = true));
    try {
      const before = this.items[this.items.length - 1].id;
      const page = await this.deps.api.list(this.galleryId, { before, pagesize: COMMENT_PAGE_SIZE });
      runInAction(() => {
        const have = new Set(this.items.map((c) => c.id));
        this.items = [...this.items, ...page.items.filter((c) => !have.has(c.id))];
        this.total = page.total;
        this.hasMore = !!page.has_more;
      });
    } catch {
      runInAction(() => (this.loadFailed = true));
    } finally {
      runInAction(() => (this.loading = false));
    }
  }

  /** The newest page again, merged over what is shown (a live message, a post). */
  async refreshNewest(): Promise<void> {
    try {
      const page = await this.deps.api.list(this.galleryId, { pagesize: COMMENT_PAGE_SIZE });
      this.merge(page.items, page.total);
    } catch {
      /* the next message or opening tries again */
    }
  }

  private merge(fresh: Comment[], total: number): void {
    this.items = mergeNewest(this.items, fresh);
    this.total = total;
    if (!this.loaded) this.hasMore = fresh.length >= COMMENT_PAGE_SIZE;
    this.loaded = true;
    this.counted = true;
  }

  async checkBlock(): Promise<void> {
    try {
      const s = await this.deps.api.blockCheck(this.galleryId);
      runInAction(() => {
        this.blocked = !!s.blocked;
        this.blockAll = !!s.block_all;
      });
    } catch {
      /* the server refuses a post anyway */
    }
  }

  /** A root's replies beyond the inline three. */
  replies(c: Comment): ReplyLine[] {
    const more = this.moreReplies.get(c.id) ?? [];
    const have = new Set(c.replylist.map((r) => r.id));
    return [...c.replylist, ...more.filter((r) => !have.has(r.id))];
  }

  /** Replies left to load for a root ('more'). */
  repliesLeft(c: Comment): number {
    return Math.max(0, c.reply_total - this.replies(c).length);
  }

  /** 'more': the next 20 replies of a root. */
  async loadReplies(c: Comment): Promise<void> {
    const offset = this.replies(c).length;
    try {
      const groups = await this.deps.api.replyList([c.id], REPLY_LIST_LIMIT, offset);
      const group = groups.find((g) => g.id === c.id);
      if (!group) return;
      const add: Reply[] = group.items.map((r) => ({ id: r.id, nick_name: r.nickname, content: r.content, type: r.type, openid: r.openid, createtime: r.createtime }));
      runInAction(() => this.moreReplies.set(c.id, [...(this.moreReplies.get(c.id) ?? []), ...add]));
    } catch {
      /* 'more' stays for another tap */
    }
  }

  /** Delete one of the visitor's own comments (a root takes its replies with it). */
  async remove(id: number): Promise<boolean> {
    try {
      await this.deps.api.destroy(id);
    } catch {
      runInAction(() => (this.notice = { key: 'comments.deleteError' }));
      return false;
    }
    runInAction(() => {
      const before = this.items.length;
      this.items = withoutComment(this.items, id, this.moreReplies);
      if (this.items.length < before) this.total = Math.max(0, this.total - 1);
    });
    return true;
  }

  openSheet(): void {
    this.sheetOpen = true;
  }

  closeSheet(): void {
    this.sheetOpen = false;
    this.composing = false;
    this.replyTo = null;
    this.notice = null;
  }

  /** Show the send bar, for a new comment or (with a comment) a reply to it. */
  compose(replyTo: Comment | null = null): void {
    this.composing = true;
    this.replyTo = replyTo;
    this.notice = null;
  }

  setDraft(text: string): void {
    this.draft = text;
    this.notice = null;
  }

  setReplyTo(c: Comment | null): void {
    this.replyTo = c;
    this.notice = null;
  }

  /** A comment this visitor posted (the send bar, an emotion, a gift) joins the list once. */
  added(posted: Comment): void {
    if (posted.status !== 'shown') return;
    if (posted.reply_id) {
      this.items = withReply(this.items, posted, this.moreReplies);
    } else if (!this.items.some((c) => c.id === posted.id)) {
      this.items = [posted, ...this.items];
      this.total += 1;
    }
  }

  /** The send bar's Send: checks, posts, then clears the input (part 3 §4, §5). True when posted. */
  async send(): Promise<boolean> {
    if (this.sending) return false;
    const silenced = this.silencedKey;
    const problem = silenced ? { key: silenced } : draftProblem(this.draft);
    if (problem) {
      runInAction(() => (this.notice = problem));
      return false;
    }
    runInAction(() => {
      this.sending = true;
      this.notice = null;
    });
    const replyTo = this.replyTo;
    try {
      const posted = await this.deps.api.post({ content: this.draft, galleryid: this.galleryId, ...(replyTo ? { reply_id: replyTo.id } : {}) });
      runInAction(() => {
        this.draft = '';
        this.replyTo = null;
        if (posted.status === 'held') this.notice = { key: 'comments.held' };
      });
      this.added(posted);
      return true;
    } catch (e) {
      const code = codeOf(e);
      runInAction(() => {
        if (code === ErrorCode.COMMENT_SILENCED) this.blocked = true;
        if (code === ErrorCode.COMMENT_ALL_SILENCED) this.blockAll = true;
        this.notice = code === ErrorCode.COMMENT_TOO_LONG ? { key: 'comments.tooLong', params: { n: COMMENT_SENDBAR_MAX } } : { key: postErrorKey(code) };
      });
      return false;
    } finally {
      runInAction(() => (this.sending = false));
    }
  }
}
