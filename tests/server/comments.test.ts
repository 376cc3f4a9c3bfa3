/**
 * Comments, visitor side (issue 15 Deliver 1, 2, 7): the spec's rules and refusals with their
 * stable codes, replies, deleting one's own, gifts and emotions, the bullet screen's history,
 * the live text / question messages, the per-visitor rate limit, and XSS payloads stored as
 * sent and answered as JSON data.
 */
import { BACKENDS, startTestServer, type TestServer } from './helpers';
import { ORGANISER, auth, commentGallery, get, liveOf, post, visitor } from './comments-fixture';
import { ErrorCode } from '../../types/envelope';
import { COMMENT_RATE_PER_MIN } from '../../types/api/comments';
import type { LiveConn } from './live-client';

describe.each(BACKENDS)('comments (%s)', (backend) => {
  let s: TestServer;
  const sockets: LiveConn[] = [];
  beforeAll(async () => {
    s = await startTestServer(backend, { ORGANIZER_TOKEN: ORGANISER });
  });
  afterAll(async () => {
    for (const c of sockets) c.ws.terminate();
    await s.close();
  });

  it('posts a text comment from the send bar and lists it with the author, newest first', async () => {
    const g = await commentGallery(s);
    const a = await visitor(s, 'Alice');
    const first = await post(s, '/api/comment/post', { galleryid: g, content: '  Hello  ' }, a.headers);
    expect(first).toMatchObject({ code: 200, data: { type: 'text', content: 'Hello', galleryid: g, nickname: 'Alice', openid: a.openid, master: 0, istop: 0, reply_id: 0, status: 'shown' } });
    await post(s, '/api/v2/comments/add', { gallery_id: g, content: 'Second' }, a.headers);
    const list = await get(s, `/api/comment/list?galleryid=${g}`);
    expect(list.data.items.map((c: { content: string }) => c.content)).toEqual(['Second', 'Hello']);
    expect(list.data).toMatchObject({ total: 2, has_more: 0 });
    const more = await get(s, `/api/comment/list?galleryid=${g}&pagesize=1`);
    expect(more.data).toMatchObject({ total: 2, has_more: 1 });
    const older = await get(s, `/api/comment/list?galleryid=${g}&before=${more.data.items[0].id}`);
    expect(older.data.items.map((c: { content: string }) => c.content)).toEqual(['Hello']);
    expect((await get(s, `/api/comment/list?galleryid=${g}&pagesize=51`)).code).toBe(400);
    const page = await get(s, `/api/v2/comments/${g}/list`);
    expect(page.data).toMatchObject({ total: 2, page: 1, page_size: 50 });
  });

  it('refuses guests, closed galleries, empty and over-long text with the spec texts and stable codes', async () => {
    const g = await commentGallery(s);
    const closed = await commentGallery(s, { use_comment: 0 });
    const guest = await visitor(s, 'Guest', false);
    const a = await visitor(s);
    expect((await post(s, '/api/comment/post', { galleryid: g, content: 'hi' }, guest.headers)).code).toBe(401);
    expect((await post(s, '/api/comment/post', { galleryid: g, content: 'hi' })).code).toBe(401);
    expect(await post(s, '/api/comment/post', { galleryid: closed, content: 'hi' }, a.headers)).toMatchObject({ code: ErrorCode.COMMENT_CLOSED, status: 403 });
    expect(await post(s, '/api/comment/post', { galleryid: g, content: ' \n ' }, a.headers)).toMatchObject({ code: ErrorCode.COMMENT_EMPTY, msg: 'Please input the comment' });
    // 140 letters in the send bar (an emoji is one letter), 120 on comments/add.
    const emoji140 = '😀'.repeat(140);
    expect((await post(s, '/api/comment/post', { galleryid: g, content: emoji140 }, a.headers)).code).toBe(200);
    expect(await post(s, '/api/comment/post', { galleryid: g, content: 'x'.repeat(141) }, a.headers)).toMatchObject({
      code: ErrorCode.COMMENT_TOO_LONG,
      msg: 'Comment should not be longer than 140 letters'
    });
    expect(await post(s, '/api/v2/comments/add', { gallery_id: g, content: 'y'.repeat(121) }, a.headers)).toMatchObject({
      code: ErrorCode.COMMENT_TOO_LONG,
      msg: 'Comment should not be longer than 120 letters'
    });
    expect((await post(s, '/api/v2/comments/add', { gallery_id: g, content: 'y'.repeat(120) }, a.headers)).code).toBe(200);
    expect((await post(s, '/api/comment/post', { galleryid: 999999, content: 'hi' }, a.headers)).code).toBe(404);
    expect((await get(s, '/api/comment/list?galleryid=999999')).code).toBe(404);
  });

  it('refuses the same text as the previous comment (CommentRepeat), also for concurrent identical posts', async () => {
    const g = await commentGallery(s);
    const a = await visitor(s);
    expect((await post(s, '/api/comment/post', { galleryid: g, content: 'Same' }, a.headers)).code).toBe(200);
    const again = await post(s, '/api/v2/comments/add', { gallery_id: g, content: ' Same ' }, a.headers);
    expect(again).toMatchObject({ code: ErrorCode.COMMENT_REPEAT, msg: 'Error: Same with last commment', data: { key: 'CommentRepeat' } });
    expect((await post(s, '/api/comment/post', { galleryid: g, content: 'Other' }, a.headers)).code).toBe(200);
    expect((await post(s, '/api/comment/post', { galleryid: g, content: 'Same' }, a.headers)).code).toBe(200);
    // Another visitor may say the same thing.
    const b = await visitor(s, 'Bob');
    expect((await post(s, '/api/comment/post', { galleryid: g, content: 'Same' }, b.headers)).code).toBe(200);
    // Five identical posts at once: one stored.
    const c = await visitor(s, 'Carol');
    const codes = await Promise.all(Array.from({ length: 5 }, () => post(s, '/api/comment/post', { galleryid: g, content: 'Burst' }, c.headers).then((r) => r.code)));
    expect(codes.filter((x) => x === 200)).toHaveLength(1);
    expect(codes.filter((x) => x === ErrorCode.COMMENT_REPEAT)).toHaveLength(4);
    const { rows } = await s.db.query<{ n: number }>("SELECT count(*)::int AS n FROM comments WHERE user_id = $1 AND content = 'Burst'", [c.id]);
    expect(rows[0].n).toBe(1);
  });

  it('deletes only the visitor\'s own comments, with their replies', async () => {
    const g = await commentGallery(s);
    const a = await visitor(s, 'Alice');
    const b = await visitor(s, 'Bob');
    const mine = (await post(s, '/api/comment/post', { galleryid: g, content: 'Mine' }, a.headers)).data;
    await post(s, '/api/v2/comments/add', { gallery_id: g, content: 'A reply', reply_id: mine.id }, b.headers);
    expect(await post(s, '/api/comment/destroy', { id: mine.id }, b.headers)).toMatchObject({ code: 403, msg: 'You can only delete your own comments' });
    expect((await post(s, '/api/v2/comment/del', { id: mine.id })).code).toBe(401);
    expect(await post(s, '/api/v2/comment/del', { id: mine.id }, a.headers)).toMatchObject({ code: 200, data: { id: mine.id } });
    expect((await post(s, '/api/comment/destroy', { id: mine.id }, a.headers)).code).toBe(404);
    const { rows } = await s.db.query<{ n: number }>('SELECT count(*)::int AS n FROM comments WHERE gallery_id = $1', [g]);
    expect(rows[0].n).toBe(0);
  });

  it('keeps replies under their root: three inline, the reply list 20 at a time; no replies to questions', async () => {
    const g = await commentGallery(s);
    const a = await visitor(s, 'Alice');
    const root = (await post(s, '/api/comment/post', { galleryid: g, content: 'Root' }, a.headers)).data;
    const replies: number[] = [];
    for (let i = 0; i < 25; i++) {
      const u = await visitor(s, `R${i}`);
      // Every other reply answers the previous reply: it joins the root.
      const to = i % 2 && replies.length ? replies[replies.length - 1] : root.id;
      const r = await post(s, '/api/v2/comments/add', { gallery_id: g, content: `Reply ${i}`, reply_id: to }, u.headers);
      expect(r.data).toMatchObject({ reply_id: root.id });
      replies.push(r.data.id);
    }
    const list = await get(s, `/api/v2/comments/${g}/list`);
    expect(list.data.total).toBe(1);
    expect(list.data.items[0]).toMatchObject({ id: root.id, has_reply: 1, reply_total: 25 });
    expect(list.data.items[0].replylist.map((r: { nick_name: string; content: string }) => `${r.nick_name}:${r.content}`)).toEqual(['R0:Reply 0', 'R1:Reply 1', 'R2:Reply 2']);
    const page1 = await get(s, `/api/v2/comments/replylist?ids=${root.id}&_limit=20`);
    expect(page1.data).toEqual([expect.objectContaining({ id: root.id, total: 25 })]);
    expect(page1.data[0].items).toHaveLength(20);
    const page2 = await get(s, `/api/v2/comments/replylist?ids=${root.id},999999&_offset=20`);
    expect(page2.data[0].items.map((r: { id: number }) => r.id)).toEqual(replies.slice(20));
    expect((await get(s, `/api/v2/comments/replylist?ids=${root.id}&_limit=21`)).code).toBe(400);
    const q = (await post(s, '/api/v2/comments/add', { gallery_id: g, type: 'question', content: 'A question?' }, a.headers)).data;
    expect(await post(s, '/api/v2/comments/add', { gallery_id: g, content: 'Answer', reply_id: q.id }, (await visitor(s)).headers)).toMatchObject({
      code: 400,
      msg: 'This comment takes no replies'
    });
    expect((await post(s, '/api/v2/comments/add', { gallery_id: g, content: 'Nope', reply_id: 999999 }, a.headers)).code).toBe(404);
  });

  it('publishes shown text and question comments live, and answers them in the bullet screen history', async () => {
    const g = await commentGallery(s);
    const a = await visitor(s, 'Alice');
    const watcher = await visitor(s, 'Watcher');
    const live = await liveOf(s, g, watcher.token);
    sockets.push(live);
    const t = (await post(s, '/api/comment/post', { galleryid: g, content: 'Flying text' }, a.headers)).data;
    expect(await live.next((f) => f.type === 'text', 'text')).toEqual({ type: 'text', room: g, data: { id: t.id, content: 'Flying text', nickname: 'Alice', photo: expect.stringContaining('qlogo') } });
    const q = (await post(s, '/api/v2/comments/add', { gallery_id: g, type: 'question', content: 'Why?' }, a.headers)).data;
    expect(await live.next((f) => f.type === 'question', 'question')).toMatchObject({ room: g, data: { id: q.id, content: 'Why?' } });
    const history = await get(s, `/api/v2/comments/history?galleryid=${g}&kind=danmuku&paging=1&page=1`);
    expect(history.data).toEqual({ total: 2, items: [expect.objectContaining({ id: q.id, type: 'question', content: 'Why?' }), expect.objectContaining({ id: t.id, type: 'text' })] });
    expect((await get(s, `/api/v2/comments/history?galleryid=${g}&kind=other`)).code).toBe(400);
  });

  it('sends free gifts with a cooldown, refuses paid ones without a payment, and checks emotions against the gallery\'s sets', async () => {
    const g = await commentGallery(s);
    const a = await visitor(s);
    const free = (await post(s, `/api/v2/organizer/galleries/${g}/gifts`, { name: 'Rose', image: 'https://cdn.example/rose.png', price: 0, cooldown: 3600 }, auth)).data;
    const paid = (await post(s, `/api/v2/organizer/galleries/${g}/gifts`, { name: 'Car', image: '/img/car.png', price: 999 }, auth)).data;
    expect(paid).toMatchObject({ name: 'Car', price: 999, cooldown: 0 });
    const emo = (await post(s, `/api/v2/organizer/galleries/${g}/emotions`, { name: 'Cats', images: ['https://cdn.example/cat1.gif', 'https://cdn.example/cat2.gif'] }, auth)).data;
    const show = await get(s, `/api/v2/gallery/show?id=${g}&_with=gift_detail,emotion_detail`);
    expect(show.data).toEqual({ id: g, use_comment: 1, block_all: 0, gift_detail: [free, paid], emotion_detail: [emo] });
    expect((await get(s, `/api/v2/gallery/show?id=${g}&_with=gift_detail`)).data.emotion_detail).toBeUndefined();
    expect((await get(s, `/api/v2/comments/gifts?galleryid=${g}`)).data).toEqual([free, paid]);
    expect((await get(s, `/api/v2/comments/emotions?galleryid=${g}`)).data).toEqual([emo]);

    const sent = await post(s, '/api/v2/comments/add', { gallery_id: g, type: 'gift', content: JSON.stringify({ id: free.id, count: 3 }) }, a.headers);
    expect(sent.code).toBe(200);
    expect(JSON.parse(sent.data.content)).toEqual({ id: free.id, name: 'Rose', image: 'https://cdn.example/rose.png', count: 3, price: 0 });
    const again = await post(s, '/api/v2/comments/add', { gallery_id: g, type: 'gift', content: JSON.stringify({ id: free.id }) }, a.headers);
    expect(again).toMatchObject({ code: ErrorCode.GIFT_COOLDOWN, status: 429 });
    expect(again.data.retry_after).toBeGreaterThan(3500);
    expect(await post(s, '/api/v2/comments/add', { gallery_id: g, type: 'gift', content: JSON.stringify({ id: paid.id }) }, a.headers)).toMatchObject({ code: ErrorCode.GIFT_TRADE_REQUIRED, status: 402 });
    expect((await post(s, '/api/v2/comments/add', { gallery_id: g, type: 'gift', content: '{"id": 1, "count": 100}' }, a.headers)).code).toBe(400);
    expect((await post(s, '/api/v2/comments/add', { gallery_id: g, type: 'gift', content: 'not json' }, a.headers)).code).toBe(400);

    const e = await post(s, '/api/v2/comments/add', { gallery_id: g, type: 'emotion', content: JSON.stringify({ id: emo.id, image: 'https://cdn.example/cat2.gif' }) }, a.headers);
    expect(JSON.parse(e.data.content)).toEqual({ image: 'https://cdn.example/cat2.gif', name: 'Cats' });
    expect((await post(s, '/api/v2/comments/add', { gallery_id: g, type: 'emotion', content: JSON.stringify({ image: 'https://evil.example/x.gif' }) }, a.headers)).code).toBe(404);
    expect((await post(s, '/api/v2/comments/add', { gallery_id: g, type: 'emotion', content: JSON.stringify({ image: 'javascript:alert(1)' }) }, a.headers)).code).toBe(400);
  });

  it(`limits a visitor to ${COMMENT_RATE_PER_MIN} posts a minute (429 with retry_after)`, async () => {
    const g = await commentGallery(s);
    const a = await visitor(s);
    // The limit counts in fixed one-minute windows: the clock stands in the middle of one.
    const t = Math.floor(Date.now() / 60_000) * 60_000 + 30_000;
    const clock = jest.spyOn(Date, 'now').mockReturnValue(t);
    try {
      await limited(g, a);
    } finally {
      clock.mockRestore();
    }
  });

  async function limited(g: number, a: Awaited<ReturnType<typeof visitor>>) {
    for (let i = 0; i < COMMENT_RATE_PER_MIN; i++) expect((await post(s, '/api/comment/post', { galleryid: g, content: `n${i}` }, a.headers)).code).toBe(200);
    const over = await post(s, '/api/comment/post', { galleryid: g, content: 'one more' }, a.headers);
    expect(over).toMatchObject({ code: 429, status: 429 });
    expect(over.data.retry_after).toBeGreaterThan(0);
    // Another visitor is not limited by it.
    expect((await post(s, '/api/comment/post', { galleryid: g, content: 'fine' }, (await visitor(s)).headers)).code).toBe(200);
  }

  it('a gated gallery\'s comments need its pass, for reading and posting', async () => {
    const g = await commentGallery(s);
    const a = await visitor(s);
    expect((await post(s, `/api/v2/organizer/galleries/${g}/gates/watermark`, { access_type: 'password', password: 'pw-123' }, auth)).code).toBe(200);
    expect((await post(s, '/api/comment/post', { galleryid: g, content: 'hi' }, a.headers)).code).toBe(ErrorCode.NO_PERMISSION);
    for (const url of [`/api/comment/list?galleryid=${g}`, `/api/v2/comments/${g}/list`, `/api/v2/comments/history?galleryid=${g}`, `/api/v2/gallery/show?id=${g}`]) {
      expect((await get(s, url, a.headers)).code).toBe(ErrorCode.NO_PERMISSION);
    }
    expect((await post(s, '/api/v2/gallery/watermark/visit/check', { id: g, password: 'pw-123' }, a.headers)).data.ispass).toBe(true);
    const c = await post(s, '/api/comment/post', { galleryid: g, content: 'hi' }, a.headers);
    expect(c.code).toBe(200);
    expect((await get(s, `/api/comment/list?galleryid=${g}`, a.headers)).data.total).toBe(1);
    // Its replies too.
    expect((await get(s, `/api/v2/comments/replylist?ids=${c.data.id}`, (await visitor(s)).headers)).code).toBe(ErrorCode.NO_PERMISSION);
  });

  it('stores XSS payloads in comments and nicknames as sent and answers them as JSON data', async () => {
    const g = await commentGallery(s);
    const payload = '<script>alert(1)</script><img src=x onerror=alert(2)>"\'&</title>';
    const nick = '<img src=x onerror=alert(3)>';
    const a = await visitor(s, nick);
    const r = await post(s, '/api/comment/post', { galleryid: g, content: payload }, a.headers);
    expect(r.code).toBe(200);
    expect(r.type).toMatch(/^application\/json/);
    expect(r.data).toMatchObject({ content: payload, nickname: nick });
    const { rows } = await s.db.query<{ content: string; nickname: string }>('SELECT content, nickname FROM comments WHERE id = $1', [r.data.id]);
    expect(rows[0]).toEqual({ content: payload, nickname: nick });
    const list = await get(s, `/api/comment/list?galleryid=${g}`);
    expect(list.type).toMatch(/^application\/json/);
    expect(list.data.items[0]).toMatchObject({ content: payload, nickname: nick });
    const history = await get(s, `/api/v2/comments/history?galleryid=${g}`);
    expect(history.type).toMatch(/^application\/json/);
    expect(history.data.items[0]).toMatchObject({ content: payload, nickname: nick });
    // The server-rendered H5 document (head, boot data, skeleton) of the gallery and of the
    // visitor's pages carries no comment text or nickname: nothing of them reaches the HTML.
    const link = (await s.db.query<{ link_id: string }>('SELECT link_id FROM galleries WHERE id = $1', [g])).rows[0].link_id;
    const INDEX = '<!DOCTYPE html><html><head><meta charset="utf-8"><title></title></head><body><div id="app"></div></body></html>';
    for (const url of [`/g/${link}`, `/page/person/${link}/1/${a.openid}`, `/page/share/${a.openid}/1`]) {
      const { html } = await s.services.h5Document.render(INDEX, url, 'test-nonce');
      expect(html).toContain('<div id="app">');
      for (const bad of ['<script>alert', 'onerror=alert', 'alert(1)', 'alert(3)']) expect(html).not.toContain(bad);
    }
  });
});
