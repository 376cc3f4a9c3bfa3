// The page's comment components (spec part 2 §1 `commentsend`, `commentlist`; part 3 §2 items 1–2,
// §6, §9), in H5 and (TARO_ENV_JEST=weapp) the mini-program, rendered through the page renderer as
// an organiser's page would have them: the plain list in the page (tags, three replies then 'more',
// load more, delete own), the send bar fixed at the bottom (guests' login line, checks, the post
// appearing in the list, muted and block_all), the pendants standing on it 66 px up, Reply going to
// the page's bar or to the sheet, and nothing at all for a gallery without comments.
import { act, fireEvent } from '@testing-library/react';
import { runInAction } from 'mobx';
import { PageRenderer } from '../../src/page-components/PageRenderer';
import { commentApi } from '../../src/api/comments';
import { pageComments } from '../../src/stores/comments/factory';
import { PageStoreContext, StoreContext } from '../../src/stores/RootStore';
import { DEFAULT_CONFIG } from '../../types/api/gallery';
import type { Comment } from '../../types/api/comments';
import type { LiveHandlers } from '../../types/live';
import type { PageData } from '../../types/page';
import { byTestId, makeGallery, makeRoot, renderWith, setWindowWidth } from './helpers';

jest.mock('../../src/api/comments');
jest.mock('../../src/api/gallery');

const G = 1_000_001;

function comment(id: number, over: Partial<Comment> = {}): Comment {
  return {
    id, type: 'text', content: `comment ${id}`, galleryid: G, nickname: `n${id}`, photo: '', createtime: 1_700_000_000 + id, istop: 0, master: 0,
    openid: `o${id}`, has_reply: 0, reply_id: 0, replylist: [], reply_total: 0, gallery_data: null, video_data: null, status: 'shown', ...over
  };
}
const reply = (id: number) => ({ id, nick_name: `r${id}`, content: `reply ${id}`, type: 'text', openid: `o${id}`, createtime: 1 });

const flush = () => act(async () => void (await new Promise((r) => setTimeout(r, 0))));

const LIST = { id: 'cl', type: 'commentlist' };
const SEND = { id: 'cs', type: 'commentsend' };
const PENDANTS = { id: 'p', type: 'pendent', props: { buttons: [{ type: 'top' }, { type: 'refresh', hidden: true }] } };

async function setup(components: PageData['components'], opts: { guest?: boolean; useComment?: number; items?: Comment[]; hasMore?: boolean; blocked?: number } = {}) {
  const items = opts.items ?? [comment(3), comment(2, { openid: 'me' }), comment(1)];
  jest.mocked(commentApi.list).mockReset().mockImplementation(async (_g, o = {}) =>
    o.before ? { items: [comment(o.before - 100)], total: items.length + 1, has_more: 0 } : { items, total: items.length, has_more: opts.hasMore ? 1 : 0 }
  );
  jest.mocked(commentApi.post).mockReset().mockImplementation(async (b) => comment(99, { content: b.content, openid: 'me', nickname: 'Me' }));
  jest.mocked(commentApi.destroy).mockReset().mockImplementation(async (id) => ({ id }));
  jest.mocked(commentApi.replyList).mockReset().mockImplementation(async (ids, limit = 20, offset = 0) =>
    ids.map((id) => ({ id, total: 25, items: Array.from({ length: Math.min(limit, 25 - offset) }, (_, i) => comment(500 + offset + i, { reply_id: id })) }))
  );
  jest.mocked(commentApi.blockCheck).mockReset().mockResolvedValue({ gallery_id: G, blocked: opts.blocked ?? 0, block_all: 0, openid: 'me' });

  // A phone: the pendants stand in the bottom bar (desktops put them in the right gutter).
  setWindowWidth(390);
  const root = makeRoot('en-US');
  runInAction(() => (root.session.user = { openid: opts.guest ? 'g1' : 'me', nickname: 'Me', photo: '', is_mock: !!opts.guest } as never));
  const handlers: LiveHandlers[] = [];
  jest.spyOn(root.live, 'watch').mockImplementation((_g, h) => (handlers.push(h), () => void handlers.splice(handlers.indexOf(h), 1)));
  const login = jest.spyOn(root.loginPrompt, 'requireLogin').mockResolvedValue(false);
  const gallery = makeGallery({ config: { ...DEFAULT_CONFIG, use_comment: opts.useComment ?? 1 } });
  const ctx = { gallery, children: [], navShown: true, navTabs: 2 };
  const r = renderWith(<PageRenderer pagedata={{ components }} context={ctx} />, root);
  await flush();
  await flush();
  const q = (id: string) => byTestId(r.container, id);
  const tap = async (el: HTMLElement) => {
    act(() => void fireEvent.click(el));
    await flush();
  };
  const type = (value: string) => {
    const el = q('comment-send-input')[0];
    // Taro's H5 input (once hydrated) reads its native input's value; the mini-program's reads the event's detail.
    const inner = el.querySelector('input');
    if (inner) inner.value = value;
    const target = (inner as HTMLElement | null) ?? el;
    act(() => void target.dispatchEvent(new CustomEvent('input', { detail: { value }, bubbles: true })));
  };
  const rerender = async (next: PageData['components']) => {
    r.rerender(
      <StoreContext.Provider value={root}>
        <PageStoreContext.Provider value={r.page}>
          <PageRenderer pagedata={{ components: next }} context={ctx} />
        </PageStoreContext.Provider>
      </StoreContext.Provider>
    );
    await flush();
    await flush();
  };
  return { ...r, q, tap, type, handlers, login, rerender, store: () => pageComments(r.page, G, root) };
}

describe('commentlist: the comments as a plain list in the page', () => {
  it('lists the gallery’s comments in the page (no sheet), 50 a page, with the count', async () => {
    const s = await setup([LIST]);
    expect(s.q('comment-list-plain')).toHaveLength(1);
    // In the page's flow: inside its wrapper, and no bottom sheet.
    expect(s.q('component-wrapper')[0].getAttribute('data-type')).toBe('commentlist');
    expect(s.q('component-wrapper')[0].contains(s.q('comment-list-plain')[0])).toBe(true);
    expect(s.q('comment-sheet')).toHaveLength(0);
    expect(s.q('comment').map((e) => e.getAttribute('data-id'))).toEqual(['3', '2', '1']);
    expect(s.q('comment-list-count')[0].textContent).toBe('3 comments');
    expect(commentApi.list).toHaveBeenCalledWith(G, { pagesize: 50 });
  });

  it('loads more with the last id', async () => {
    const s = await setup([LIST], { hasMore: true });
    await s.tap(s.q('comment-load-more')[0]);
    expect(commentApi.list).toHaveBeenLastCalledWith(G, { before: 1, pagesize: 50 });
    expect(s.q('comment').map((e) => e.getAttribute('data-id'))).toEqual(['3', '2', '1', '-99']);
    expect(s.q('comment-load-more')).toHaveLength(0);
  });

  it("tags the organiser and pinned comments, shows three replies then 'more' (20), and deletes only your own", async () => {
    const s = await setup([LIST], {
      items: [comment(5, { master: 1, nickname: 'Party hosts', istop: 1 }), comment(4, { replylist: [reply(41), reply(42), reply(43)], reply_total: 25 }), comment(2, { openid: 'me' })]
    });
    const rows = s.q('comment');
    expect(byTestId(rows[0], 'comment-organiser')).toHaveLength(1);
    expect(byTestId(rows[0], 'comment-top')).toHaveLength(1);
    expect(byTestId(rows[0], 'comment-name')[0].textContent).toBe('Party hosts');
    expect(byTestId(rows[1], 'comment-organiser')).toHaveLength(0);
    expect(byTestId(rows[1], 'comment-reply-line')).toHaveLength(3);
    expect(byTestId(rows[1], 'comment-more-replies')[0].textContent).toBe('22 more replies');
    await s.tap(byTestId(rows[1], 'comment-more-replies')[0]);
    expect(commentApi.replyList).toHaveBeenCalledWith([4], 20, 3);
    expect(byTestId(s.q('comment')[1], 'comment-reply-line')).toHaveLength(23);
    expect(s.q('comment').map((r) => byTestId(r, 'comment-delete').length)).toEqual([0, 0, 1]);
    await s.tap(byTestId(s.q('comment')[2], 'comment-delete')[0]);
    expect(commentApi.destroy).toHaveBeenCalledWith(2);
    expect(s.q('comment').map((e) => e.getAttribute('data-id'))).toEqual(['5', '4']);
  });

  it('Reply opens the comment sheet’s send bar when the page has no send bar of its own', async () => {
    const s = await setup([LIST]);
    await s.tap(byTestId(s.q('comment')[0], 'comment-reply')[0]);
    expect(s.store().sheetOpen).toBe(true);
    expect(s.store().composing).toBe(true);
    expect(s.store().replyTo?.id).toBe(3);
  });

  it('a live text message brings a new comment into the list', async () => {
    const s = await setup([LIST]);
    jest.mocked(commentApi.list).mockResolvedValueOnce({ items: [comment(4, { content: 'from another phone' }), comment(3), comment(2), comment(1)], total: 4, has_more: 0 });
    act(() => s.handlers[0].text!({ id: 4, content: 'from another phone', nickname: 'x', photo: '' }, G));
    await flush();
    expect(s.q('comment')[0].textContent).toContain('from another phone');
    expect(s.q('comment-list-count')[0].textContent).toBe('4 comments');
  });
});

describe('commentsend: the send bar fixed at the bottom of the page', () => {
  it('sits in its wrapper without a container style, checks and posts; the post shows in the page’s list and the input clears', async () => {
    const s = await setup([LIST, { ...SEND, wrapper: { container: { margin: 10, padding: 8, radius: 4 } } }]);
    const wrapper = s.q('component-wrapper').find((w) => w.getAttribute('data-type') === 'commentsend')!;
    expect(byTestId(wrapper, 'component-container')).toHaveLength(0);
    expect(byTestId(wrapper, 'comment-bar')).toHaveLength(1);
    expect(byTestId(s.q('comment-bar')[0], 'comment-send')).toHaveLength(1);
    await s.tap(s.q('comment-send-button')[0]);
    expect(s.q('comment-send-notice')[0].textContent).toBe('Please input the comment');
    s.type('x'.repeat(141));
    await s.tap(s.q('comment-send-button')[0]);
    expect(s.q('comment-send-notice')[0].textContent).toBe('Comment should not be longer than 140 letters');
    expect(commentApi.post).not.toHaveBeenCalled();
    s.type('See you at the party!');
    await s.tap(s.q('comment-send-button')[0]);
    expect(commentApi.post).toHaveBeenCalledWith({ content: 'See you at the party!', galleryid: G });
    expect(s.q('comment')[0].getAttribute('data-id')).toBe('99');
    expect(s.q('comment-list-count')[0].textContent).toBe('4 comments');
    expect(s.store().draft).toBe('');
  });

  it('guests get the login line instead of the input; a tap asks them to log in', async () => {
    const s = await setup([SEND], { guest: true });
    expect(s.q('comment-send-input')).toHaveLength(0);
    expect(s.q('comment-send-login')[0].textContent).toBe('Log in to comment');
    await s.tap(s.q('comment-send-login')[0]);
    expect(s.login).toHaveBeenCalledWith('comment');
    expect(commentApi.blockCheck).not.toHaveBeenCalled();
  });

  it('a muted visitor sees why instead of the input; block_all arrives live', async () => {
    const muted = await setup([SEND], { blocked: 1 });
    expect(commentApi.blockCheck).toHaveBeenCalledWith(G);
    expect(muted.q('comment-send-blocked')[0].textContent).toBe('You are being silenced');
    expect(muted.q('comment-send-input')).toHaveLength(0);
    muted.unmount();

    const s = await setup([SEND]);
    expect(s.q('comment-send-input')).toHaveLength(1);
    act(() => s.handlers[0].comment_block_all!({ block_all: 1 } as never, G));
    expect(s.q('comment-send-blocked')[0].textContent).toBe('All Silenced');
  });

  it('Reply in the page’s list goes to the page’s send bar', async () => {
    const s = await setup([LIST, SEND]);
    await s.tap(byTestId(s.q('comment')[0], 'comment-reply')[0]);
    expect(s.store().sheetOpen).toBe(false);
    expect(byTestId(s.q('comment-bar')[0], 'comment-send-replying')[0].textContent).toContain('Reply to n3');
    s.type('Count me in');
    await s.tap(s.q('comment-send-button')[0]);
    expect(commentApi.post).toHaveBeenCalledWith({ content: 'Count me in', galleryid: G, reply_id: 3 });
  });

  it('lifts the pendants 66 px onto it while it is on the page (their list opens above them), and lets them down after', async () => {
    const s = await setup([PENDANTS, LIST]);
    const row = () => s.q('pendent')[0];
    expect(s.page.events.commentBar).toBe(false);
    expect(row().getAttribute('data-bottom')).toBe('0');
    expect(row().getAttribute('data-list-bottom')).toBe('49');

    await s.rerender([PENDANTS, LIST, SEND]);
    expect(s.q('comment-bar')).toHaveLength(1);
    expect(s.page.events.commentBar).toBe(true);
    expect(row().getAttribute('data-bottom')).toBe('66');
    expect(row().getAttribute('data-list-bottom')).toBe('115');
    // Still in the tab bar, which stands on the comment bar as well.
    expect(row().className).toContain('pendent--docked');

    await s.rerender([PENDANTS, LIST]);
    expect(s.q('comment-bar')).toHaveLength(0);
    expect(s.page.events.commentBar).toBe(false);
    expect(row().getAttribute('data-bottom')).toBe('0');
  });
});

it('both render nothing, fetch nothing and lift nothing for a gallery without comments (use_comment 0)', async () => {
  const s = await setup([PENDANTS, LIST, SEND], { useComment: 0 });
  expect(s.q('comment-bar')).toHaveLength(0);
  expect(s.q('comment-list-plain')).toHaveLength(0);
  expect(s.q('comment')).toHaveLength(0);
  expect(commentApi.list).not.toHaveBeenCalled();
  expect(s.page.events.commentBar).toBe(false);
  expect(s.q('pendent')[0].getAttribute('data-bottom')).toBe('0');
});
