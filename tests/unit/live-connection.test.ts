jest.mock('@tarojs/taro', () => ({ __esModule: true, default: { getStorageSync: () => '', request: jest.fn() } }));

import { LiveConnection, LIVE_HEARTBEAT_MS, LIVE_IDLE_CLOSE_MS, LIVE_STABLE_MS, liveUrl } from '../../src/api/live';
import type { SocketHandlers } from '../../src/platform/socket';
import type { LiveHandlers } from '../../types/live';

/** A socket the test drives: what the client sent, and the server's side. */
class FakeSocket {
  sent: Array<Record<string, unknown>> = [];
  closed = false;
  constructor(
    public url: string,
    public h: SocketHandlers
  ) {}
  send(text: string) {
    this.sent.push(JSON.parse(text));
  }
  close() {
    this.closed = true;
  }
  open() {
    this.h.onOpen();
  }
  receive(frame: unknown) {
    this.h.onMessage(typeof frame === 'string' ? frame : JSON.stringify(frame));
  }
  drop() {
    this.h.onClose(1006, '');
  }
  types() {
    return this.sent.map((f) => f.type);
  }
}

function setup(token: string | null | (() => string | null) = 'tok') {
  const sockets: FakeSocket[] = [];
  let foreground: () => void = () => undefined;
  const conn = new LiveConnection({
    open: (url, h) => {
      const s = new FakeSocket(url, h);
      sockets.push(s);
      return s;
    },
    token: typeof token === 'function' ? token : () => token,
    url: (g, t) => `ws://test/api/v2/live?token=${t}&gallery=${g}`,
    random: () => 0.5,
    onForeground: (cb) => {
      foreground = cb;
      return () => undefined;
    }
  });
  const last = () => sockets[sockets.length - 1];
  return { conn, sockets, last, foreground: () => foreground() };
}

/** Let the current socket fail and the retry timer fire: returns the delay it waited. */
function failAndRetry(env: ReturnType<typeof setup>): number {
  const before = env.sockets.length;
  env.last().drop();
  let waited = 0;
  while (env.sockets.length === before && waited < 60_000) {
    jest.advanceTimersByTime(100);
    waited += 100;
  }
  return waited;
}

beforeEach(() => jest.useFakeTimers());
afterEach(() => jest.useRealTimers());

describe('live connection', () => {
  it('opens one socket for the first gallery and joins further galleries on it', () => {
    const env = setup();
    env.conn.watch(1, {});
    expect(env.conn.status).toBe('connecting');
    expect(env.last().url).toBe('ws://test/api/v2/live?token=tok&gallery=1');
    env.conn.watch(2, {});
    env.last().open();
    expect(env.conn.status).toBe('open');
    expect(env.last().sent).toEqual([{ type: 'join', gallery: 2 }]);
    env.conn.watch(3, {});
    expect(env.last().sent).toContainEqual({ type: 'join', gallery: 3 });
    expect(env.sockets).toHaveLength(1);
  });

  it('leaves a room when its last watcher stops, and closes the socket when nothing is watched', () => {
    const env = setup();
    const stopA = env.conn.watch(1, {});
    const stopB = env.conn.watch(1, {});
    const stop2 = env.conn.watch(2, {});
    env.last().open();
    stopA();
    expect(env.last().types()).not.toContain('leave');
    stopB();
    expect(env.last().sent).toContainEqual({ type: 'leave', gallery: 1 });
    stop2();
    jest.advanceTimersByTime(LIVE_IDLE_CLOSE_MS);
    expect(env.last().closed).toBe(true);
    expect(env.conn.status).toBe('idle');
  });

  it('waits for a session before connecting', () => {
    const env = setup(null);
    env.conn.watch(1, {});
    expect(env.sockets).toHaveLength(0);
    expect(env.conn.status).toBe('idle');
  });

  it("connects a browser's session (the cookie carries it) with no token in the URL; the mini-program's token goes in the query", () => {
    const env = setup('');
    env.conn.watch(1, {});
    expect(env.sockets).toHaveLength(1);
    expect(liveUrl(7, '')).toBe('ws://localhost/api/v2/live?gallery=7');
    expect(liveUrl(7, 'a+b')).toBe('ws://localhost/api/v2/live?token=a%2Bb&gallery=7');
  });

  it('connects once a late session arrives (resume), and only when rooms are watched and no socket is up', () => {
    let token: string | null = null;
    const env = setup(() => token);
    env.conn.resume();
    expect(env.sockets).toHaveLength(0);
    env.conn.watch(1, {});
    env.conn.resume(); // still no token
    expect(env.sockets).toHaveLength(0);
    token = 'late';
    env.conn.resume();
    expect(env.sockets).toHaveLength(1);
    expect(env.last().url).toBe('ws://test/api/v2/live?token=late&gallery=1');
    env.conn.resume(); // a socket is already on its way
    expect(env.sockets).toHaveLength(1);
  });

  it('pings twice per heartbeat window and stays open while pongs come back', () => {
    const env = setup();
    env.conn.watch(1, {});
    env.last().open();
    for (let i = 0; i < 4; i++) {
      jest.advanceTimersByTime(LIVE_HEARTBEAT_MS / 2);
      env.last().receive({ type: 'pong', t: Date.now() });
    }
    expect(env.last().types().filter((t) => t === 'ping')).toHaveLength(4);
    expect(env.conn.status).toBe('open');
    expect(env.sockets).toHaveLength(1);
  });

  it('treats a missed pong as a dead socket and reconnects, rejoining its rooms', () => {
    const env = setup();
    env.conn.watch(1, {});
    env.conn.watch(2, {});
    env.last().open();
    jest.advanceTimersByTime(LIVE_HEARTBEAT_MS / 2);
    expect(env.last().types()).toContain('ping');
    jest.advanceTimersByTime(LIVE_HEARTBEAT_MS / 2);
    expect(env.sockets[0].closed).toBe(true);
    expect(env.conn.status).toBe('closed');
    jest.advanceTimersByTime(1000);
    expect(env.sockets).toHaveLength(2);
    env.last().open();
    expect(env.last().url).toContain('gallery=1');
    expect(env.last().sent).toEqual([{ type: 'join', gallery: 2 }]);
  });

  it('backs off 1 s, 2 s, 4 s … up to 30 s, and from 1 s again after a stable connection', () => {
    const env = setup();
    env.conn.watch(1, {});
    const waits = [1, 2, 3, 4, 5, 6, 7].map(() => failAndRetry(env));
    expect(waits).toEqual([1000, 2000, 4000, 8000, 16000, 30000, 30000]);
    env.last().open();
    for (let i = 0; i < LIVE_STABLE_MS / (LIVE_HEARTBEAT_MS / 2); i++) {
      jest.advanceTimersByTime(LIVE_HEARTBEAT_MS / 2);
      env.last().receive({ type: 'pong', t: 0 });
    }
    expect(env.conn.status).toBe('open');
    expect(failAndRetry(env)).toBe(1000);
  });

  it('reconnects at once when the app comes back to the foreground', () => {
    const env = setup();
    env.conn.watch(1, {});
    failAndRetry(env);
    env.last().drop();
    expect(env.conn.status).toBe('closed');
    env.foreground();
    expect(env.sockets).toHaveLength(3);
    expect(env.conn.status).toBe('connecting');
  });

  it('hands each message to the handlers of its room by type; unknown and malformed frames are ignored', () => {
    const env = setup();
    const added: number[] = [];
    const deleted: number[][] = [];
    const h1: LiveHandlers = { image_add: (d) => added.push(d.id), image_delete: (d) => deleted.push(d.ids) };
    const h2: LiveHandlers = { image_add: () => added.push(-1) };
    env.conn.watch(1, h1);
    env.conn.watch(2, h2);
    env.last().open();
    env.last().receive({ type: 'hello', room: 1, srv_time: 1 });
    env.last().receive({ type: 'image_add', room: 1, data: { galleryid: 1, id: 42, shoottime: 5 } });
    env.last().receive({ type: 'image_delete', room: 1, data: { galleryid: 1, ids: [3, 4] } });
    env.last().receive({ type: 'surprise', room: 1, data: {} });
    env.last().receive('not json');
    env.last().receive({ type: 'image_add', room: 9, data: { galleryid: 9, id: 1, shoottime: 5 } });
    expect(added).toEqual([42]);
    expect(deleted).toEqual([[3, 4]]);
  });

  it('takes a batch frame as its messages, in order, each to its own room', () => {
    const env = setup();
    const seen: string[] = [];
    env.conn.watch(1, { image_add: (d) => seen.push(`1:add:${d.id}`), image_hide: (d) => seen.push(`1:hide:${d.ids}`) });
    env.conn.watch(2, { image_add: (d) => seen.push(`2:add:${d.id}`) });
    env.last().open();
    env.last().receive([
      { type: 'image_add', room: 1, data: { galleryid: 1, id: 7, shoottime: 5 } },
      { type: 'image_add', room: 2, data: { galleryid: 2, id: 8, shoottime: 5 } },
      'garbage',
      { type: 'image_hide', room: 1, data: { galleryid: 1, ids: [7] } }
    ]);
    expect(seen).toEqual(['1:add:7', '2:add:8', '1:hide:7']);
  });

  it("takes 'left' (the pass of a gated room ended) as the end of that room, keeps the page's handlers, and joins again when watched again", () => {
    const env = setup();
    const added: number[] = [];
    env.conn.watch(1, {});
    env.conn.watch(2, { image_add: (d) => added.push(d.id) });
    env.last().open();
    expect(env.last().sent).toEqual([{ type: 'join', gallery: 2 }]);
    env.last().receive({ type: 'left', room: 2, reason: 'gate' });
    expect(env.last().closed).toBe(false);
    // A watcher added later (the visitor passed the gate again) joins the room again.
    env.conn.watch(2, { image_add: (d) => added.push(-d.id) });
    expect(env.last().sent).toEqual([
      { type: 'join', gallery: 2 },
      { type: 'join', gallery: 2 }
    ]);
    env.last().receive({ type: 'image_add', room: 2, data: { galleryid: 2, id: 5, shoottime: 1 } });
    expect(added).toEqual([5, -5]);
    // A room still joined is not joined twice.
    env.conn.watch(1, {});
    expect(env.last().sent.filter((f) => f.type === 'join')).toHaveLength(2);
  });
});
