// The comment sheet and the send bar (spec part 3 §2 items 1–2, §4, §5, §6; part 1 §2) in H5 and
// (TARO_ENV_JEST=weapp) the mini-program: the list with load more, tags, own-comment delete, the
// reply rules and 'more', typed contents (unreadable skipped, gift price in yuan), XSS inert, the
// bullet-screen switch shared with the viewer, guests asked to log in, the send bar's checks and
// refusals, the block state, and the viewer's comment button with its count.
import { act, fireEvent } from '@testing-library/react';
import { runInAction } from 'mobx';
import CommentSheet from '../../src/components/comments/CommentSheet';
import { CommentsStore } from '../../src/stores/comments/CommentsStore';
import { getDanmakuSwitch } from '../../src/stores/danmaku/factory';
import { ApiError } from '../../src/api/client';
import type { Comment } from '../../types/api/comments';
import { ErrorCode } from '../../types/envelope';
import type { LiveHandlers } from '../../types/live';
import PopupComments from '../../src/components/comments/PopupComments';
import { commentApi } from '../../src/api/comments';
import { byTestId, makeRoot, renderWith } from './helpers';

jest.mock('../../src/api/comments');

const G = 1_000_001;
const XSS = '<img src=x onerror="window.__xss=1"><script>window.__xss=2</script>';

function comment(id: number, over: Partial<Comment> = {}): Comment {
  return {
    id, type: 'text', content: `comment ${id}`, galleryid: G, nickname: `n${id}`, photo: '', createtime: 1_700_000_000 + id, istop: 0, master: 0,
    openid: `o${id}`, has_reply: 0, reply_id: 0, replylist: [], reply_total: 0, gallery_data: null, video_data: null, status: 'shown', ...over
  };
}
const reply = (id: number) => ({ id, nick_name: `r${id}`, content: `reply ${id}`, type: 'text', openid: `o${id}`, createtime: 1 });

const flush = () => act(async () => void (await new Promise((r) => setTimeout(r, 0))));

function setup(opts: { guest?: boolean; items?: Comment[]; total?: number; hasMore?: boolean } = {}) {
  const root = makeRoot('en-US');
  runInAction(() => (root.session.user = { openid: opts.guest ? 'g1' : 'me', nickname: 'Me', photo: '', is_mock: !!opts.guest } as never));
  const items = opts.items ?? [comment(3), comment(2), comment(1)];
  const handlers: LiveHandlers[] = [];
  const api = {
    list: jest.fn(async (_g: number, o: { before?: number } = {}) =>
      o.before ? { items: [comment(o.before - 100)], total: items.length + 1, has_more: 0 } : { items, total: opts.total ?? items.length, has_more: opts.hasMore ? 1 : 0 }),
    post: jest.fn(async (b: { content: string }) => comment(99, { content: b.content, openid: 'me', nickname: 'Me' })),
    destroy: jest.fn(async (id: number) => ({ id })),
    replyList: jest.fn(async (ids: number[], limit = 20, offset = 0) => ids.map((id) => ({ id, total: 25, items: Array.from({ length: Math.min(limit, 25 - offset) }, (_, i) => comment(500 + offset + i, { reply_id: id })) }))),
    blockCheck: jest.fn(async () => ({ gallery_id: G, blocked: 0, block_all: 0, openid: 'me' }))
  };
  const store = new CommentsStore({
    galleryId: G,
    api,
    watch: (_g, h) => (handlers.push(h), () => void handlers.splice(handlers.indexOf(h), 1)),
    me: () => ({ openid: root.session.user?.openid ?? '', guest: root.session.isGuest })
  });
  const r = renderWith(<CommentSheet store={store} />, root);
  const q = (id: string) => byTestId(r.container, id);
  const tap = (el: HTMLElement) => act(() => void fireEvent.click(el));
  const open = async () => {
    act(() => store.openSheet());
    await flush();
  };
  const type = (value: string) => {
    const el = q('comment-send-input')[0];
    const target = (el.querySelector('input') as HTMLElement | null) ?? el;
    act(() => void target.dispatchEvent(new CustomEvent('input', { detail: { value }, bubbles: true })));
  };
  return { ...r, store, api, handlers, q, tap, open, type };
}

beforeEach(() => {
  delete (window as { __xss?: number }).__xss;
});

describe('comment sheet', () => {
  it('renders nothing until opened, then lists the comments with the count', async () => {
    const s = setup({ total: 3 });
    expect(s.q('comment-sheet')).toHaveLength(0);
    await s.open();
    expect(s.q('comment-sheet')).toHaveLength(1);
    expect(s.container.textContent).toContain('All comments');
    expect(s.q('comment-sheet-count')[0].textContent).toBe('3 comments');
    expect(s.q('comment').map((e) => e.getAttribute('data-id'))).toEqual(['3', '2', '1']);
    expect(s.api.list).toHaveBeenCalledWith(G, { pagesize: 50 });
  });

  it('loads more with the last id, and closes with the ×', async () => {
    const s = setup({ hasMore: true });
    await s.open();
    s.tap(s.q('comment-load-more')[0]);
    await flush();
    expect(s.api.list).toHaveBeenLastCalledWith(G, { before: 1, pagesize: 50 });
    expect(s.q('comment')).toHaveLength(4);
    expect(s.q('comment-load-more')).toHaveLength(0);
    s.tap(s.q('comment-sheet-close')[0]);
    expect(s.q('comment-sheet')).toHaveLength(0);
    expect(s.store.sheetOpen).toBe(false);
  });

  it('tags organiser and pinned comments, offers Delete only on your own, and no Reply on organiser, pinned or question', async () => {
    const s = setup({
      items: [comment(5, { master: 1, nickname: 'Host' }), comment(4, { istop: 1 }), comment(3, { type: 'question' }), comment(2, { openid: 'me' }), comment(1)]
    });
    await s.open();
    const rows = s.q('comment');
    const has = (row: HTMLElement, id: string) => byTestId(row, id).length > 0;
    expect(has(rows[0], 'comment-organiser')).toBe(true);
    expect(rows[0].textContent).toContain('Host');
    expect(has(rows[1], 'comment-top')).toBe(true);
    expect(rows.map((r) => has(r, 'comment-reply'))).toEqual([false, false, false, true, true]);
    expect(rows.map((r) => has(r, 'comment-delete'))).toEqual([false, false, false, true, false]);
    s.tap(byTestId(rows[3], 'comment-delete')[0]);
    await flush();
    expect(s.api.destroy).toHaveBeenCalledWith(2);
    expect(s.q('comment').map((e) => e.getAttribute('data-id'))).toEqual(['5', '4', '3', '1']);
  });

  it("shows three replies, then 'more' loads 20", async () => {
    const s = setup({ items: [comment(1, { replylist: [reply(11), reply(12), reply(13)], reply_total: 25 })] });
    await s.open();
    expect(s.q('comment-reply-line')).toHaveLength(3);
    expect(s.q('comment-more-replies')[0].textContent).toBe('22 more replies');
    s.tap(s.q('comment-more-replies')[0]);
    await flush();
    expect(s.api.replyList).toHaveBeenCalledWith([1], 20, 3);
    expect(s.q('comment-reply-line')).toHaveLength(23);
    expect(s.q('comment-more-replies')[0].textContent).toBe('2 more replies');
  });

  it('renders typed contents, skips unreadable ones and shows gift prices in yuan', async () => {
    const s = setup({
      items: [
        comment(6, { type: 'gift', content: JSON.stringify({ name: 'Rose', image: '/rose.png', count: 2, price: 1250 }) }),
        comment(5, { type: 'emotion', content: JSON.stringify({ image: '/smile.png', name: 'smile' }) }),
        comment(4, { type: 'vote', content: JSON.stringify({ vote_id: 1, question_title: 'Best dress?' }) }),
        comment(3, { type: 'gift', content: '{broken' }),
        comment(2, { type: 'image', content: JSON.stringify({ image: '/p.jpg' }) }),
        comment(1, { type: 'html', content: '<p><b>Welcome</b></p>' })
      ]
    });
    await s.open();
    expect(s.q('comment').map((e) => e.getAttribute('data-id'))).toEqual(['6', '5', '4', '2', '1']);
    expect(s.q('comment-gift')[0].textContent).toContain('Rose × 2');
    expect(s.q('comment-gift-price')[0].textContent).toBe('¥12.50');
    expect(s.q('comment-emotion')).toHaveLength(1);
    expect(s.q('comment-vote')[0].textContent).toContain('Best dress?');
    expect(s.q('comment-image')).toHaveLength(1);
    // Organiser html goes to the platform's rich content: the mini-program's rich-text nodes, or the H5 block's HTML.
    const rt = s.q('comment')[4].querySelector('taro-rich-text-core') as (HTMLElement & { nodes?: unknown }) | null;
    expect(rt ? rt.nodes : s.q('comment')[4].querySelector('.comment__html')?.innerHTML.replace(/<!---->/g, '')).toBe('<p><b>Welcome</b></p>');
  });

  it('shows markup in a comment and a nickname as text', async () => {
    const s = setup({ items: [comment(1, { content: XSS, nickname: XSS })] });
    await s.open();
    await flush();
    expect(s.q('comment-text')[0].textContent).toBe(XSS);
    expect(s.q('comment-name')[0].textContent).toBe(XSS);
    expect(s.container.querySelector('script')).toBeNull();
    expect(s.container.querySelector('img[src="x"]')).toBeNull();
    expect((window as { __xss?: number }).__xss).toBeUndefined();
  });

  it('turns the device’s bullet-screen switch (shared with the viewer)', async () => {
    const s = setup();
    await s.open();
    const before = getDanmakuSwitch().on;
    s.tap(s.q('comment-sheet-danmaku')[0]);
    expect(getDanmakuSwitch().on).toBe(!before);
    expect(s.q('comment-sheet-danmaku')[0].textContent).toBe(before ? 'Live comments: off' : 'Live comments: on');
    s.tap(s.q('comment-sheet-danmaku')[0]);
    expect(getDanmakuSwitch().on).toBe(before);
  });

  it('a live text message brings a new comment into the open sheet', async () => {
    const s = setup();
    await s.open();
    s.api.list.mockResolvedValueOnce({ items: [comment(4, { content: 'from another phone' }), comment(3), comment(2), comment(1)], total: 4, has_more: 0 });
    act(() => s.handlers[0].text!({ id: 4, content: 'from another phone', nickname: 'x', photo: '' }, G));
    await flush();
    expect(s.q('comment')[0].textContent).toContain('from another phone');
    expect(s.q('comment-sheet-count')[0].textContent).toBe('4 comments');
  });
});

describe('send bar', () => {
  async function composing(opts: Parameters<typeof setup>[0] = {}) {
    const s = setup(opts);
    await s.open();
    s.tap(s.q('comment-send-open')[0]);
    return s;
  }

  it('refuses an empty and an over-140 comment, posts, then clears', async () => {
    const s = await composing();
    s.tap(s.q('comment-send-button')[0]);
    expect(s.q('comment-send-notice')[0].textContent).toBe('Please input the comment');
    s.type('x'.repeat(141));
    s.tap(s.q('comment-send-button')[0]);
    expect(s.q('comment-send-notice')[0].textContent).toBe('Comment should not be longer than 140 letters');
    expect(s.api.post).not.toHaveBeenCalled();
    s.type('Great photos!');
    s.tap(s.q('comment-send-button')[0]);
    await flush();
    expect(s.api.post).toHaveBeenCalledWith({ content: 'Great photos!', galleryid: G });
    expect(s.store.draft).toBe('');
    expect(s.q('comment-send-notice')).toHaveLength(0);
    expect(s.q('comment')[0].textContent).toContain('Great photos!');
  });

  it.each([
    [ErrorCode.COMMENT_REPEAT, 'Error: Same with last commment'],
    [ErrorCode.COMMENT_SILENCED, 'You are being silenced'],
    [ErrorCode.COMMENT_ALL_SILENCED, 'All Silenced'],
    [500, 'Post Comment Error']
  ])('shows a refused post (code %s) as “%s”', async (code, text) => {
    const s = await composing();
    s.api.post.mockRejectedValueOnce(new ApiError(code === 500 ? 500 : 200, code, { code, msg: 'x' }, 'x'));
    s.type('hello');
    s.tap(s.q('comment-send-button')[0]);
    await flush();
    expect(s.container.textContent).toContain(text);
  });

  it('is blocked while muted or block_all, following the live messages', async () => {
    const s = await composing();
    expect(s.q('comment-send-input')).toHaveLength(1);
    act(() => s.handlers[0].comment_block_all!({ block_all: 1 }, G));
    expect(s.q('comment-send-input')).toHaveLength(0);
    expect(s.q('comment-send-blocked')[0].textContent).toBe('All Silenced');
    act(() => s.handlers[0].comment_block_all!({ block_all: 0 }, G));
    act(() => s.handlers[0].comment_block_change!({ openid: 'me', blocked: true }, G));
    expect(s.q('comment-send-blocked')[0].textContent).toBe('You are being silenced');
    act(() => s.handlers[0].comment_block_change!({ openid: 'me', blocked: false }, G));
    expect(s.q('comment-send-input')).toHaveLength(1);
  });

  it('replies to a comment with reply_id', async () => {
    const s = setup();
    await s.open();
    s.tap(byTestId(s.q('comment')[1], 'comment-reply')[0]);
    expect(s.q('comment-send-replying')[0].textContent).toContain('Reply to n2');
    s.type('thanks');
    s.tap(s.q('comment-send-button')[0]);
    await flush();
    expect(s.api.post).toHaveBeenCalledWith({ content: 'thanks', galleryid: G, reply_id: 2 });
  });

  it('has no input for a guest: the send icon asks for login', async () => {
    const s = setup({ guest: true });
    const login = jest.spyOn(s.root.loginPrompt, 'requireLogin').mockResolvedValue(false);
    await s.open();
    expect(s.q('comment-delete')).toHaveLength(0);
    s.tap(s.q('comment-send-open')[0]);
    await flush();
    expect(login).toHaveBeenCalledWith('comment');
    expect(s.q('comment-send-input')).toHaveLength(0);
    expect(s.api.post).not.toHaveBeenCalled();
  });
});

describe('popup comments', () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());

  it('brings fresh comments up one every 3 s as text, and they fade after 8.5 s', async () => {
    const root = makeRoot('en-US');
    const now = root.clock.now();
    jest.mocked(commentApi.list).mockResolvedValue({ items: [comment(2, { content: XSS, nickname: XSS, createtime: now - 5 }), comment(1, { createtime: now - 10 })], total: 2, has_more: 0 });
    const r = renderWith(<PopupComments galleryId={G} />, root);
    await act(async () => {
      await Promise.resolve();
      await Promise.resolve();
    });
    expect(commentApi.list).toHaveBeenCalledWith(G, { time: now - 120 });
    const popups = () => byTestId(r.container, 'comment-popup');
    expect(popups()).toHaveLength(0);
    act(() => void jest.advanceTimersByTime(3000));
    expect(popups().map((p) => p.textContent)).toEqual(['n1: comment 1']);
    act(() => void jest.advanceTimersByTime(3000));
    expect(popups()[1].textContent).toBe(`${XSS}: ${XSS}`);
    expect(r.container.querySelector('script, img[src="x"]')).toBeNull();
    act(() => void jest.advanceTimersByTime(8500));
    expect(popups()).toHaveLength(0);
    r.unmount();
  });
});
