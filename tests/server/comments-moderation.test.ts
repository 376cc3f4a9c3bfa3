/**
 * Comment moderation (issue 15 Deliver 2, 3, 5, 7): the content check's pass / reject / hold
 * (the word-list sandbox), held comments kept off lists and the live channel until an organiser
 * approves, mute and block-all enforced on the server and pushed live, pin / delete / organiser
 * posts through the organiser API, and the same through the CLI.
 */
import { BACKENDS, startTestServer, type TestServer } from './helpers';
import { ORGANISER, auth, commentGallery, get, liveOf, post, visitor } from './comments-fixture';
import { ErrorCode } from '../../types/envelope';
import { parseGalleryArgs, runGalleryCommand } from '../../server/src/cli/gallery';
import type { LiveConn } from './live-client';

describe.each(BACKENDS)('comment moderation (%s)', (backend) => {
  let s: TestServer;
  const sockets: LiveConn[] = [];
  const watch = async (g: number) => {
    const w = await visitor(s, 'Watcher');
    const c = await liveOf(s, g, w.token);
    sockets.push(c);
    return c;
  };
  beforeAll(async () => {
    s = await startTestServer(backend, { ORGANIZER_TOKEN: ORGANISER, CONTENT_REJECT_WORDS: 'badword', CONTENT_REVIEW_WORDS: 'checkme' });
  });
  afterAll(async () => {
    for (const c of sockets) c.ws.terminate();
    await s.close();
  });

  it('rejects a comment the content check refuses (nothing stored) and holds one it doubts until approved', async () => {
    const g = await commentGallery(s);
    const a = await visitor(s, 'Alice');
    const live = await watch(g);
    // Width, case and spaces do not hide a word.
    const rejected = await post(s, '/api/comment/post', { galleryid: g, content: 'so ＢＡＤ word' }, a.headers);
    expect(rejected).toMatchObject({ code: ErrorCode.COMMENT_REJECTED, status: 422, data: { label: 'word: badword' } });
    expect((await s.db.query<{ n: number }>('SELECT count(*)::int AS n FROM comments WHERE gallery_id = $1', [g])).rows[0].n).toBe(0);

    const held = await post(s, '/api/comment/post', { galleryid: g, content: 'please checkme' }, a.headers);
    expect(held).toMatchObject({ code: 200, data: { status: 'held', content: 'please checkme' } });
    const shown = await post(s, '/api/comment/post', { galleryid: g, content: 'plain' }, a.headers);
    // The live room gets the shown one first: the held one was never published.
    expect((await live.next((f) => f.type === 'text', 'text')).data).toMatchObject({ id: shown.data.id, content: 'plain' });
    expect((await get(s, `/api/comment/list?galleryid=${g}`)).data.items.map((c: { id: number }) => c.id)).toEqual([shown.data.id]);
    expect((await get(s, `/api/v2/comments/history?galleryid=${g}`)).data.total).toBe(1);
    // Its author sees it as held.
    expect((await get(s, `/api/comment/my?galleryid=${g}`, a.headers)).data.map((c: { id: number; status: string }) => [c.id, c.status])).toEqual([
      [shown.data.id, 'shown'],
      [held.data.id, 'held']
    ]);
    expect((await get(s, `/api/comment/my?galleryid=${g}`)).data).toEqual([]);

    const queue = await get(s, `/api/v2/organizer/galleries/${g}/comments`, auth);
    expect(queue.data).toMatchObject({ total: 1, items: [{ id: held.data.id, status: 'held', user_id: a.id, check_label: 'word: checkme' }] });
    expect((await get(s, `/api/v2/organizer/galleries/${g}/comments`, a.headers)).code).toBe(403);
    const approved = await post(s, `/api/v2/organizer/comments/${held.data.id}/review`, { action: 'approve' }, auth);
    expect(approved.data).toMatchObject({ id: held.data.id, status: 'shown' });
    expect((await live.next((f) => f.type === 'text', 'text')).data).toMatchObject({ id: held.data.id, content: 'please checkme' });
    expect((await get(s, `/api/comment/list?galleryid=${g}`)).data.total).toBe(2);
    expect((await post(s, `/api/v2/organizer/comments/${held.data.id}/review`, { action: 'reject' }, auth)).code).toBe(409);

    const other = await post(s, '/api/comment/post', { galleryid: g, content: 'checkme again' }, a.headers);
    expect((await post(s, `/api/v2/organizer/comments/${other.data.id}/review`, { action: 'reject' }, auth)).data.status).toBe('rejected');
    expect((await get(s, `/api/comment/my?galleryid=${g}`, a.headers)).data.map((c: { id: number }) => c.id)).not.toContain(other.data.id);
    expect((await get(s, `/api/v2/organizer/galleries/${g}/comments?status=rejected`, auth)).data.total).toBe(1);
  });

  it('mutes a visitor: refused on the server, answered by the block checks, pushed live by openid; unmute lifts it', async () => {
    const g = await commentGallery(s);
    const a = await visitor(s, 'Alice');
    const live = await watch(g);
    const muted = await post(s, `/api/v2/organizer/galleries/${g}/comments/mute`, { openid: a.openid, muted: 1 }, auth);
    expect(muted.data).toEqual({ openid: a.openid, blocked: true });
    expect(await live.next((f) => f.type === 'comment_block_change', 'comment_block_change')).toEqual({ type: 'comment_block_change', room: g, data: { openid: a.openid, blocked: true } });
    expect(await post(s, '/api/comment/post', { galleryid: g, content: 'hello' }, a.headers)).toMatchObject({ code: ErrorCode.COMMENT_SILENCED, msg: 'You are being silenced' });
    expect((await get(s, `/api/v2/comments/block?galleryid=${g}`, a.headers)).data).toEqual({ gallery_id: g, blocked: 1, block_all: 0, openid: a.openid });
    expect((await get(s, `/api/v2/block/${g}/selfinfo`, a.headers)).data).toMatchObject({ blocked: 1 });
    expect((await get(s, `/api/v2/organizer/galleries/${g}/comments/mutes`, auth)).data).toEqual([expect.objectContaining({ openid: a.openid, nickname: 'Alice' })]);
    // Others still comment.
    expect((await post(s, '/api/comment/post', { galleryid: g, content: 'hello' }, (await visitor(s)).headers)).code).toBe(200);
    await post(s, `/api/v2/organizer/galleries/${g}/comments/mute`, { openid: a.openid, muted: 0 }, auth);
    expect((await live.next((f) => f.type === 'comment_block_change', 'unmute')).data).toEqual({ openid: a.openid, blocked: false });
    expect((await post(s, '/api/comment/post', { galleryid: g, content: 'hello' }, a.headers)).code).toBe(200);
    expect((await post(s, `/api/v2/organizer/galleries/${g}/comments/mute`, { openid: 'nobody', muted: 1 }, auth)).code).toBe(404);
  });

  it('block-all closes comments for everyone, on the server and live, through both organiser calls', async () => {
    const g = await commentGallery(s);
    const a = await visitor(s);
    const live = await watch(g);
    expect((await post(s, `/api/v2/organizer/galleries/${g}/comments/block_all`, { block_all: 1 }, auth)).data).toEqual({ block_all: 1 });
    expect(await live.next((f) => f.type === 'comment_block_all', 'comment_block_all')).toEqual({ type: 'comment_block_all', room: g, data: { block_all: 1 } });
    expect(await post(s, '/api/v2/comments/add', { gallery_id: g, content: 'hi' }, a.headers)).toMatchObject({ code: ErrorCode.COMMENT_ALL_SILENCED, msg: 'All Silenced' });
    expect((await get(s, `/api/v2/block/${g}/selfinfo`, a.headers)).data).toMatchObject({ blocked: 0, block_all: 1 });
    expect((await get(s, `/api/v2/gallery/show?id=${g}`)).data).toEqual({ id: g, use_comment: 1, block_all: 1 });
    // The gallery's config call sets the same flag and pushes the same message.
    await post(s, `/api/v2/organizer/galleries/${g}/config`, { block_all: 0 }, auth);
    expect((await live.next((f) => f.type === 'comment_block_all', 'reopened')).data).toEqual({ block_all: 0 });
    expect((await post(s, '/api/v2/comments/add', { gallery_id: g, content: 'hi' }, a.headers)).code).toBe(200);
  });

  it('organiser posts (master, pinned), pins and deletes; visitors cannot reply to pinned or organiser comments', async () => {
    const g = await commentGallery(s);
    const a = await visitor(s, 'Alice');
    const live = await watch(g);
    const notice = await post(s, `/api/v2/organizer/galleries/${g}/comments`, { content: 'Welcome!', top: 1, nickname: 'Host' }, auth);
    expect(notice.data).toMatchObject({ master: 1, istop: 1, nickname: 'Host', openid: '', status: 'shown' });
    expect((await live.next((f) => f.type === 'text', 'organiser text')).data).toMatchObject({ id: notice.data.id, nickname: 'Host' });
    const html = await post(s, `/api/v2/organizer/galleries/${g}/comments`, { type: 'html', content: '<b>Bold</b><script>alert(1)</script><img src=x onerror=alert(1)>' }, auth);
    expect(html.data.content).toBe('<b>Bold</b><img src="x" />');
    const visitorComment = (await post(s, '/api/comment/post', { galleryid: g, content: 'Nice' }, a.headers)).data;
    expect((await post(s, '/api/v2/comments/add', { gallery_id: g, content: 'Re', reply_id: notice.data.id }, a.headers)).msg).toBe('This comment takes no replies');
    const pinned = await post(s, `/api/v2/organizer/comments/${visitorComment.id}/pin`, { top: 1 }, auth);
    expect(pinned.data).toMatchObject({ id: visitorComment.id, istop: 1 });
    expect((await get(s, `/api/comment/gallery/top?galleryid=${g}`)).data.map((c: { id: number }) => c.id)).toEqual([visitorComment.id, notice.data.id]);
    const page = await get(s, `/api/v2/comments/${g}/list`);
    expect(page.data.items.map((c: { id: number }) => c.id)).toEqual([visitorComment.id, notice.data.id, html.data.id]);
    expect((await post(s, '/api/v2/comments/add', { gallery_id: g, content: 'Re', reply_id: visitorComment.id }, (await visitor(s)).headers)).code).toBe(400);
    // The organiser may answer anything.
    const answer = await post(s, `/api/v2/organizer/galleries/${g}/comments`, { content: 'Thanks', reply_id: visitorComment.id }, auth);
    expect(answer.data).toMatchObject({ reply_id: visitorComment.id, master: 1 });
    expect((await post(s, `/api/v2/organizer/comments/${answer.data.id}/pin`, { top: 1 }, auth)).code).toBe(400);
    expect((await post(s, `/api/v2/organizer/comments/${visitorComment.id}/delete`, {}, auth)).data).toEqual({ id: visitorComment.id });
    expect((await get(s, `/api/comment/gallery/top?galleryid=${g}`)).data.map((c: { id: number }) => c.id)).toEqual([notice.data.id]);
    expect((await post(s, `/api/v2/organizer/comments/${visitorComment.id}/delete`, {}, auth)).code).toBe(404);
    expect((await post(s, `/api/v2/organizer/comments/${notice.data.id}/delete`, {})).code).toBe(401);
    expect((await post(s, `/api/v2/organizer/galleries/${g}/comments`, { type: 'vote', content: '{"vote_id": "x"}' }, auth)).code).toBe(400);
  });

  it('the CLI lists the review queue, approves, pins, mutes and closes comments (npm run gallery -- comments)', async () => {
    const g = await commentGallery(s);
    const a = await visitor(s, 'Alice');
    if (!s.app.server.listening) await s.app.listen({ port: 0, host: '127.0.0.1' });
    const server = `http://127.0.0.1:${(s.app.server.address() as { port: number }).port}`;
    const run = async (args: string[]) => {
      const lines: string[] = [];
      const code = await runGalleryCommand(parseGalleryArgs([...args, '--server', server, '--token', ORGANISER], {}), (l) => lines.push(l));
      return { code, lines };
    };
    const held = (await post(s, '/api/comment/post', { galleryid: g, content: 'checkme please' }, a.headers)).data;
    const queue = await run(['comments', 'list', String(g)]);
    expect(queue.lines[0]).toBe(`#${held.id}  held     text     Alice (${a.openid}): checkme please  [word: checkme]`);
    expect((await run(['comments', 'approve', String(held.id)])).lines[0]).toMatch(/^Approved #\d+ {2}shown/);
    expect((await run(['comments', 'pin', String(held.id)])).lines[0]).toContain('[top]');
    expect((await run(['comments', 'mute', String(g), a.openid])).lines).toEqual([`${a.openid} is muted`]);
    expect((await run(['comments', 'mutes', String(g)])).lines[0]).toMatch(new RegExp(`^${a.openid}  Alice  since `));
    expect((await run(['comments', 'block-all', String(g), 'on'])).lines).toEqual(['Comments are closed for everyone (block_all 1)']);
    expect((await get(s, `/api/v2/block/${g}/selfinfo`, a.headers)).data).toMatchObject({ blocked: 1, block_all: 1 });
    expect((await run(['comments', 'post', String(g), '--text', 'From the desk', '--top'])).lines[0]).toMatch(/\[top\] \[organiser\] Organiser: From the desk$/);
    expect((await run(['comments', 'gift', String(g), '--name', 'Rose', '--image', 'https://cdn.example/r.png', '--price', '1.50', '--cooldown', '30'])).lines).toEqual([
      expect.stringMatching(/^Gift \d+: Rose, ¥1\.50 \(150 cents\), cooldown 30 s$/)
    ]);
    expect((await run(['comments', 'delete', String(held.id)])).lines).toEqual([`Deleted comment ${held.id}`]);
    expect(() => parseGalleryArgs(['comments', 'mute', String(g)], {})).toThrow("the visitor's openid is needed");
    expect(() => parseGalleryArgs(['comments', 'block-all', String(g), 'maybe'], {})).toThrow('on or off');
    expect(() => parseGalleryArgs(['comments', 'shout'], {})).toThrow('unknown action');
    await expect(run(['comments', 'list', String(g), '--token', 'wrong'])).rejects.toThrow(/token/i);
  });
});
