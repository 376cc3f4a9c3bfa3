// The comments store and its rules (spec part 3 §2 items 1–2, §3, §4, §5): pages of 50 with load
// more, replies (three inline, 'more' loads 20), own-comment delete, the send bar's checks and the
// server's refusals in the spec's words, the live block messages, and the popup comments' timing.
import { ApiError } from '../../src/api/client';
import { CommentsStore } from '../../src/stores/comments/CommentsStore';
import { PopupCommentsStore } from '../../src/stores/comments/PopupCommentsStore';
import { canReply, draftProblem, postErrorKey, viewOf, yuan, POPUP } from '../../src/stores/comments/commentRules';
import { danmakuHistoryOf } from '../../src/stores/danmaku/historySource';
import type { Comment } from '../../types/api/comments';
import { ErrorCode } from '../../types/envelope';
import type { LiveHandlers } from '../../types/live';

const G = 1_000_001;
function comment(id: number, over: Partial<Comment> = {}): Comment {
  return {
    id, type: 'text', content: `c${id}`, galleryid: G, nickname: `n${id}`, photo: '', createtime: 1_700_000_000 + id, istop: 0, master: 0,
    openid: `o${id}`, has_reply: 0, reply_id: 0, replylist: [], reply_total: 0, gallery_data: null, video_data: null, status: 'shown', ...over
  };
}
const flush = () => new Promise((r) => setTimeout(r, 0));

function setup(me = { openid: 'me', guest: false }) {
  const handlers: LiveHandlers[] = [];
  const api = {
    list: jest.fn(async (_g: number, o: { before?: number; time?: number } = {}) => {
      const start = o.before ? o.before - 1 : 120;
      const items = Array.from({ length: Math.min(50, start) }, (_, i) => comment(start - i));
      return { items, total: 120, has_more: items.length && items[items.length - 1].id > 1 ? 1 : 0 };
    }),
    post: jest.fn(async (b: { content: string; reply_id?: number }) => comment(500, { content: b.content, openid: 'me', reply_id: b.reply_id ?? 0 })),
    destroy: jest.fn(async (id: number) => ({ id })),
    replyList: jest.fn(async (ids: number[], limit = 20, offset = 0) =>
      ids.map((id) => ({ id, total: 30, items: Array.from({ length: Math.min(limit, 30 - offset) }, (_, i) => comment(1000 + offset + i, { reply_id: id })) }))),
    blockCheck: jest.fn(async () => ({ gallery_id: G, blocked: 0, block_all: 0, openid: 'me' }))
  };
  const watch = jest.fn((_g: number, h: LiveHandlers) => {
    handlers.push(h);
    return () => handlers.splice(handlers.indexOf(h), 1);
  });
  const store = new CommentsStore({ galleryId: G, api, watch, me: () => me });
  return { store, api, handlers, watch };
}

describe('comment rules', () => {
  it('reads every type from its JSON and skips what cannot be read', () => {
    expect(viewOf({ type: 'text', content: '<b>x</b>' })).toEqual({ kind: 'text', text: '<b>x</b>' });
    expect(viewOf({ type: 'gift', content: '{"name":"Rose","image":"/r.png","count":2,"price":150}' })).toEqual({ kind: 'gift', name: 'Rose', image: '/r.png', count: 2, price: 150 });
    expect(viewOf({ type: 'emotion', content: '{"image":"/e.png","name":"smile"}' })).toEqual({ kind: 'emotion', image: '/e.png', name: 'smile' });
    expect(viewOf({ type: 'vote', content: '{"vote_id":3,"question_title":"Best?"}' })).toEqual({ kind: 'vote', voteId: 3, title: 'Best?' });
    expect(viewOf({ type: 'file', content: '{"file":"/f.pdf","name":"f.pdf","size":9}' })).toEqual({ kind: 'file', file: '/f.pdf', name: 'f.pdf', size: 9 });
    expect(viewOf({ type: 'redpackage', content: '{"id":4,"content":"Go"}' })).toEqual({ kind: 'redpackage', id: 4, text: 'Go' });
    expect(viewOf({ type: 'image', content: '{"image":"/i.jpg"}' })).toEqual({ kind: 'image', image: '/i.jpg' });
    expect(viewOf({ type: 'gift', content: 'not json' })).toBeNull();
    expect(viewOf({ type: 'gift', content: '{"name":"x"}' })).toBeNull();
    expect(viewOf({ type: 'image', content: '[1]' })).toBeNull();
    expect(viewOf({ type: 'unknown', content: '{}' })).toBeNull();
  });
  it('shows cents as yuan with two decimals', () => {
    expect([yuan(0), yuan(5), yuan(150), yuan(12345)]).toEqual(['0.00', '0.05', '1.50', '123.45']);
  });
  it('offers no reply on organiser, pinned or question comments', () => {
    expect(canReply(comment(1))).toBe(true);
    expect(canReply(comment(1, { master: 1 }))).toBe(false);
    expect(canReply(comment(1, { istop: 1 }))).toBe(false);
    expect(canReply(comment(1, { type: 'question' }))).toBe(false);
  });
  it('checks the draft: empty, and 140 letters counted as characters', () => {
    expect(draftProblem('   ')).toEqual({ key: 'comments.empty_input' });
    expect(draftProblem('😀'.repeat(140))).toBeNull();
    expect(draftProblem('a'.repeat(141))).toEqual({ key: 'comments.tooLong', params: { n: 140 } });
    expect(postErrorKey(ErrorCode.COMMENT_REPEAT)).toBe('comments.repeat');
    expect(postErrorKey(ErrorCode.COMMENT_SILENCED)).toBe('comments.silenced');
    expect(postErrorKey(ErrorCode.COMMENT_ALL_SILENCED)).toBe('comments.allSilenced');
    expect(postErrorKey(500)).toBe('comments.postError');
    expect(postErrorKey(undefined)).toBe('comments.postError');
  });
});

describe('CommentsStore', () => {
  it('loads 50 a page, newest first, and loads more before the last id', async () => {
    const { store, api } = setup();
    await store.load();
    expect(store.items).toHaveLength(50);
    expect(store.items[0].id).toBe(120);
    expect(store.total).toBe(120);
    expect(store.hasMore).toBe(true);
    await store.loadMore();
    expect(api.list).toHaveBeenLastCalledWith(G, { before: 71, pagesize: 50 });
    expect(store.items).toHaveLength(100);
    await store.loadMore();
    expect(store.items).toHaveLength(120);
    expect(store.hasMore).toBe(false);
    await store.loadMore();
    expect(api.list).toHaveBeenCalledTimes(3);
  });

  it("shows inline replies, then 'more' loads 20 from where they end", async () => {
    const { store, api } = setup();
    const root = comment(9, { replylist: [1, 2, 3].map((i) => ({ id: 900 + i, nick_name: 'r', content: 'x', type: 'text', openid: 'o', createtime: 1 })), reply_total: 30 });
    expect(store.replies(root)).toHaveLength(3);
    expect(store.repliesLeft(root)).toBe(27);
    await store.loadReplies(root);
    expect(api.replyList).toHaveBeenCalledWith([9], 20, 3);
    expect(store.replies(root)).toHaveLength(23);
    await store.loadReplies(root);
    expect(api.replyList).toHaveBeenLastCalledWith([9], 20, 23);
    expect(store.repliesLeft(root)).toBe(0);
  });

  it('marks only the visitor’s own comments as theirs, never a guest’s', () => {
    expect(setup().store.isMine(comment(1, { openid: 'me' }))).toBe(true);
    expect(setup().store.isMine(comment(1))).toBe(false);
    expect(setup({ openid: '', guest: true }).store.isMine(comment(1, { openid: '' }))).toBe(false);
  });

  it('deletes a comment and drops it from the list', async () => {
    const { store, api } = setup();
    await store.load();
    await store.remove(120);
    expect(api.destroy).toHaveBeenCalledWith(120);
    expect(store.items[0].id).toBe(119);
    expect(store.total).toBe(119);
  });

  it('deleting a reply takes it out of its root and its count', async () => {
    const { store } = setup();
    await store.load();
    const root = { ...store.items[0], replylist: [{ id: 901, nick_name: 'me', content: 'x', type: 'text', openid: 'me', createtime: 1 }], reply_total: 1 };
    store.items = [root, ...store.items.slice(1)];
    await store.remove(901);
    expect(store.items[0].replylist).toEqual([]);
    expect(store.items[0].reply_total).toBe(0);
    expect(store.items).toHaveLength(50);
    expect(store.total).toBe(120);
  });

  it('refuses an empty or too long draft without posting, and clears after a send', async () => {
    const { store, api } = setup();
    await store.load();
    store.setDraft('  ');
    expect(await store.send()).toBe(false);
    expect(store.notice).toEqual({ key: 'comments.empty_input' });
    store.setDraft('x'.repeat(141));
    expect(await store.send()).toBe(false);
    expect(store.notice).toEqual({ key: 'comments.tooLong', params: { n: 140 } });
    expect(api.post).not.toHaveBeenCalled();
    store.setDraft('hello');
    expect(await store.send()).toBe(true);
    expect(api.post).toHaveBeenCalledWith({ content: 'hello', galleryid: G });
    expect(store.draft).toBe('');
    expect(store.items[0]).toMatchObject({ id: 500, content: 'hello' });
    expect(store.total).toBe(121);
  });

  it.each([
    [ErrorCode.COMMENT_REPEAT, 'comments.repeat'],
    [ErrorCode.COMMENT_SILENCED, 'comments.silenced'],
    [ErrorCode.COMMENT_ALL_SILENCED, 'comments.allSilenced'],
    [500, 'comments.postError']
  ])('maps a refused post (code %s) to %s and keeps the draft', async (code, key) => {
    const { store, api } = setup();
    api.post.mockRejectedValueOnce(new ApiError(code === 500 ? 500 : 200, code, { code, msg: 'x' }, 'x'));
    store.setDraft('again');
    expect(await store.send()).toBe(false);
    expect(store.notice?.key).toBe(key);
    expect(store.draft).toBe('again');
  });

  it('a reply posts with reply_id and joins its root', async () => {
    const { store, api } = setup();
    await store.load();
    const root = store.items[1];
    store.setReplyTo(root);
    store.setDraft('re');
    await store.send();
    expect(api.post).toHaveBeenCalledWith({ content: 're', galleryid: G, reply_id: root.id });
    expect(store.items[1].replylist.map((r) => r.content)).toEqual(['re']);
    expect(store.items[1].reply_total).toBe(1);
    expect(store.replyTo).toBeNull();
  });

  it('follows the block check and the live block messages', async () => {
    const { store, api, handlers } = setup();
    api.blockCheck.mockResolvedValueOnce({ gallery_id: G, blocked: 1, block_all: 0, openid: 'me' });
    await store.load();
    await flush();
    expect(store.silencedKey).toBe('comments.silenced');
    const stop = store.watch();
    handlers[0].comment_block_change!({ openid: 'someone', blocked: false }, G);
    expect(store.blocked).toBe(true);
    handlers[0].comment_block_change!({ openid: 'me', blocked: false }, G);
    expect(store.silencedKey).toBeNull();
    handlers[0].comment_block_all!({ block_all: 1 }, G);
    expect(store.silencedKey).toBe('comments.allSilenced');
    store.setDraft('hi');
    expect(await store.send()).toBe(false);
    expect(store.notice).toEqual({ key: 'comments.allSilenced' });
    expect(api.post).not.toHaveBeenCalled();
    stop();
    expect(handlers).toHaveLength(0);
  });

  it('a live text message brings the newest comments in', async () => {
    const { store, api, handlers } = setup();
    await store.load();
    store.watch();
    api.list.mockResolvedValueOnce({ items: [comment(121), ...store.items.slice(0, 49)], total: 121, has_more: 1 });
    handlers[0].text!({ id: 121, content: 'c121', nickname: 'n', photo: '' }, G);
    await flush();
    expect(store.items[0].id).toBe(121);
    expect(store.items).toHaveLength(51);
    expect(store.total).toBe(121);
  });
});

describe('PopupCommentsStore', () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());

  it('asks every 10 s for 2 minutes of comments, shows one every 3 s, at most 3, each for 8.5 s', async () => {
    let now = 2_000_000;
    const items = [1, 2, 3, 4, 5].map((i) => comment(i, { createtime: now - 10 * (6 - i) }));
    const stale = comment(99, { createtime: now - 500 });
    const broken = comment(98, { type: 'gift', content: 'x', createtime: now });
    const list = jest.fn(async () => ({ items: [broken, ...[...items].reverse(), stale], total: 7, has_more: 0 }));
    const s = new PopupCommentsStore({ galleryId: G, api: { list }, now: () => now, setTimeout: (f, ms) => setTimeout(f, ms), clearTimeout: (t) => clearTimeout(t) });
    s.start();
    await Promise.resolve();
    await Promise.resolve();
    expect(list).toHaveBeenCalledWith(G, { time: now - POPUP.FRESH_S });
    const ids = () => s.visible.map((v) => v.comment.id);
    expect(ids()).toEqual([]);
    jest.advanceTimersByTime(3000);
    expect(ids()).toEqual([1]);
    jest.advanceTimersByTime(6000);
    expect(ids()).toEqual([1, 2, 3]);
    jest.advanceTimersByTime(1000); // 10 s: the refresh asks again; nothing new is queued twice
    expect(list).toHaveBeenCalledTimes(2);
    jest.advanceTimersByTime(1500); // 11.5 s: the first faded (shown at 3 s)
    expect(ids()).toEqual([2, 3]);
    jest.advanceTimersByTime(500); // 12 s
    expect(ids()).toEqual([2, 3, 4]);
    jest.advanceTimersByTime(3000); // 15 s
    expect(ids()).toEqual([3, 4, 5]);
    jest.advanceTimersByTime(30_000);
    expect(ids()).toEqual([]);
    now += 1;
    s.stop();
    jest.advanceTimersByTime(60_000);
    expect(list).toHaveBeenCalledTimes(5);
  });
});

describe('bullet-screen history', () => {
  it('reads GET /api/v2/comments/history page by page', async () => {
    const history = jest.fn(async (_g: number, page = 1) => ({ items: [{ id: page, type: 'text', content: `h${page}`, nickname: 'n', photo: '' }], total: 3 }));
    const source = danmakuHistoryOf(G, { history });
    expect(await source(2)).toEqual({ items: [{ id: 2, content: 'h2' }], total: 3 });
    expect(history).toHaveBeenCalledWith(G, 2);
  });
});
