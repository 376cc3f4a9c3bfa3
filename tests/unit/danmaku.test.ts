// The bullet-screen core (spec part 3 §4, §9): durations, sizes and colours, lanes that never
// let a message run into the one before, the 16 ms tick, history paging (at most 3 pages, one
// message every 1–3 s), `text` and `question` live messages, and off stopping and clearing.
// Fake timers throughout: the clock only moves when a test moves it.
jest.mock('../../src/platform/storage', () => ({ readStored: (_k: string, f: unknown) => f, writeStored: jest.fn() }));

import type { LiveHandlers } from '../../types/live';
import {
  DANMAKU,
  DANMAKU_COLORS,
  DANMAKU_SIZES,
  bulletText,
  durationMs,
  estimateWidth,
  historyGapMs,
  laneCount,
  laneFree,
  pickColor,
  pickSize,
  speedOf
} from '../../src/stores/danmaku/danmakuRules';
import { DanmakuEngine } from '../../src/stores/danmaku/DanmakuEngine';
import { HistoryFeed, type DanmakuHistoryPage } from '../../src/stores/danmaku/HistoryFeed';
import { DanmakuStore } from '../../src/stores/danmaku/DanmakuStore';
import { DanmakuSwitch } from '../../src/stores/danmaku/DanmakuSwitch';

/** A random source that returns the given values in turn (then the last one). */
const seq = (...values: number[]) => {
  let i = 0;
  return () => values[Math.min(i++, values.length - 1)];
};
const STAGE = { width: 375, height: 300, scale: 0.5 };

beforeEach(() => {
  jest.useFakeTimers({ now: 1_000_000 });
});
afterEach(() => {
  jest.useRealTimers();
});

describe('rules', () => {
  it('short text lasts 5000 ms plus 0–2 s at random; over 20 characters max(5000, length × 200)', () => {
    expect(durationMs('hello', () => 0)).toBe(5000);
    expect(durationMs('hello', () => 0.5)).toBe(6000);
    expect(durationMs('hello', () => 0.99999)).toBe(7000);
    // Exactly 20 characters is still short.
    expect(durationMs('a'.repeat(20), () => 0)).toBe(5000);
    // 21 characters: 4200 ms, so the 5 s minimum holds.
    expect(durationMs('a'.repeat(21), () => 0.9)).toBe(5000);
    expect(durationMs('a'.repeat(26), () => 0.9)).toBe(5200);
    expect(durationMs('b'.repeat(60), () => 0)).toBe(12000);
    // Characters, not UTF-16 units: 21 emoji are 21 characters.
    expect(durationMs('😀'.repeat(30), () => 0)).toBe(6000);
    expect(durationMs('弹'.repeat(10), () => 0)).toBe(5000);
  });

  it('sizes 24, 36, 48, 56, 64 and colours from the fixed set, picked at random', () => {
    expect(DANMAKU_SIZES).toEqual([24, 36, 48, 56, 64]);
    expect([0, 0.2, 0.4, 0.6, 0.8, 0.9999].map((r) => pickSize(() => r))).toEqual([24, 36, 48, 56, 64, 64]);
    const colors = new Set(Array.from({ length: 70 }, (_, i) => pickColor(() => i / 70)));
    expect([...colors].sort()).toEqual([...DANMAKU_COLORS].sort());
  });

  it('history gaps are 1 to 3 s; the tick is 16 ms; at most 3 history pages; the switch key is danSwitch', () => {
    expect(historyGapMs(() => 0)).toBe(1000);
    expect(historyGapMs(() => 0.5)).toBe(2000);
    expect(historyGapMs(() => 0.99999)).toBe(3000);
    expect(DANMAKU.TICK_MS).toBe(16);
    expect(DANMAKU.HISTORY_PAGES).toBe(3);
    expect(DANMAKU.STORAGE_KEY).toBe('danSwitch');
  });

  it('text is one trimmed line, cut at 140 characters; non-strings and blanks give nothing', () => {
    expect(bulletText('  hi\nthere\t\u0007you  ')).toBe('hi there you');
    expect(bulletText('<img src=x onerror=alert(1)>')).toBe('<img src=x onerror=alert(1)>');
    expect(Array.from(bulletText('字'.repeat(300)))).toHaveLength(140);
    expect(bulletText('字'.repeat(300)).endsWith('…')).toBe(true);
    expect(bulletText('   ')).toBe('');
    expect(bulletText(42)).toBe('');
    expect(bulletText({ text: 'x' })).toBe('');
  });

  it('estimates widths without layout: wide characters one em, others 0.6 em', () => {
    expect(estimateWidth('弹幕', 48)).toBe(96);
    expect(estimateWidth('abcde', 40)).toBe(120);
  });

  it('a lane takes the next message only when the last one is fully in with a gap, and a faster one would not catch it', () => {
    const W = 375;
    const prev = { start: 0, duration: 5000, width: 100 };
    const slow = { start: 0, duration: 7000, width: 100 };
    expect(laneFree(null, slow, 0, W, 20)).toBe(true);
    // prev moves (375 + 100) / 5000 = 0.095 px/ms: its tail + 20 px gap is in after 1264 ms.
    expect(laneFree(prev, slow, 1200, W, 20)).toBe(false);
    expect(laneFree(prev, slow, 1300, W, 20)).toBe(true);
    // A much faster message (short duration, long text) entering then would catch prev before it leaves.
    const fast = { start: 0, duration: 5000, width: 1500 };
    expect(speedOf(fast, W)).toBeGreaterThan(speedOf(prev, W));
    expect(laneFree(prev, fast, 1300, W, 20)).toBe(false);
    expect(laneFree(prev, fast, 4500, W, 20)).toBe(true);
    expect(laneFree(prev, fast, 5000, W, 20)).toBe(true);
  });

  it('lanes fill the stage: one lane is 1.3 × the largest size', () => {
    // 64 × 1.3 × 0.5 = 41.6 px a lane.
    expect(laneCount({ width: 375, height: 300, scale: 0.5 })).toBe(7);
    expect(laneCount({ width: 375, height: 10, scale: 0.5 })).toBe(1);
  });
});

describe('engine', () => {
  function engine(random = seq(0)) {
    const e = new DanmakuEngine({ random });
    e.setStage(STAGE);
    e.start();
    return e;
  }

  it('places a message at the next 16 ms tick with its size, colour, lane and duration', () => {
    // Random picks in order: size, duration, colour.
    const e = engine(seq(0, 0.5, 0.3));
    expect(e.push('hello')).toBe(true);
    expect(e.bullets).toHaveLength(0);
    jest.advanceTimersByTime(15);
    expect(e.bullets).toHaveLength(0);
    jest.advanceTimersByTime(1);
    expect(e.bullets).toHaveLength(1);
    const b = e.bullets[0];
    expect(b).toMatchObject({ text: 'hello', kind: 'text', duration: 6000, size: 24, lane: 0, start: 1_000_016 });
    expect(DANMAKU_COLORS).toContain(b.color);
  });

  it('leaves the screen when its time is up, and the clock sleeps when nothing is left', () => {
    const e = engine();
    e.push('bye');
    jest.advanceTimersByTime(16);
    expect(e.bullets).toHaveLength(1);
    // On at 1_000_016 for 5000 ms; ticks every 16 ms from 1_000_000.
    jest.advanceTimersByTime(4990);
    expect(e.bullets).toHaveLength(1);
    jest.advanceTimersByTime(32);
    expect(e.bullets).toHaveLength(0);
    expect(jest.getTimerCount()).toBe(0);
  });

  it('messages arriving together take different lanes; more than the lanes hold wait for a free one', () => {
    const e = engine();
    const lanes = e.lanesCount;
    expect(lanes).toBe(7);
    for (let i = 0; i < lanes + 3; i++) e.push(`message ${i}`);
    jest.advanceTimersByTime(16);
    expect(e.bullets.map((b) => b.lane)).toEqual([0, 1, 2, 3, 4, 5, 6]);
    expect(e.waitingCount).toBe(3);
    // 'message 0' at 24 × 0.5: ~55 px wide; at (375 + 55) / 5000 px/ms its tail and gap are in after ~870 ms.
    jest.advanceTimersByTime(800);
    expect(e.bullets).toHaveLength(lanes);
    jest.advanceTimersByTime(200);
    expect(e.bullets).toHaveLength(lanes + 3);
    expect(e.waitingCount).toBe(0);
    // No two messages in one lane overlap at any tick until all have left.
    for (let t = 0; t < 8000; t += 16) {
      const now = Date.now();
      const byLane = new Map<number, typeof e.bullets>();
      for (const b of e.bullets) byLane.set(b.lane, [...(byLane.get(b.lane) ?? []), b]);
      for (const list of byLane.values()) {
        const spans = list.map((b) => {
          const head = STAGE.width - speedOf(b, STAGE.width) * (now - b.start);
          return [head, head + b.width];
        });
        spans.sort((a, b) => a[0] - b[0]);
        for (let i = 1; i < spans.length; i++) expect(spans[i][0]).toBeGreaterThanOrEqual(spans[i - 1][1]);
      }
      jest.advanceTimersByTime(16);
    }
    expect(e.bullets).toHaveLength(0);
  });

  it('keeps at most 60 waiting, dropping the oldest', () => {
    const e = engine();
    for (let i = 0; i < 100; i++) e.push(`m${i}`);
    expect(e.waitingCount).toBe(DANMAKU.MAX_WAITING);
    jest.advanceTimersByTime(16);
    expect(e.bullets[0].text).toBe('m40');
  });

  it('stop clears the screen and the queue and stops the clock; pushes while stopped are ignored', () => {
    const e = engine();
    e.push('a');
    e.push('b');
    jest.advanceTimersByTime(16);
    e.push('c');
    e.stop();
    expect(e.bullets).toHaveLength(0);
    expect(e.waitingCount).toBe(0);
    expect(jest.getTimerCount()).toBe(0);
    expect(e.push('d')).toBe(false);
    jest.advanceTimersByTime(1000);
    expect(e.bullets).toHaveLength(0);
  });
});

describe('history', () => {
  function feed(pages: DanmakuHistoryPage[], random = seq(0)) {
    const load = jest.fn(async (page: number) => {
      const p = pages[page - 1];
      if (!p) throw new Error(`page ${page} was not expected`);
      return p;
    });
    const emitted: string[] = [];
    const f = new HistoryFeed({ load, emit: (i) => emitted.push(i.content), setTimeout, clearTimeout, random });
    return { f, load, emitted };
  }
  const items = (from: number, n: number) => Array.from({ length: n }, (_, i) => ({ id: from + i, content: `h${from + i}` }));
  const flush = async () => {
    for (let i = 0; i < 10; i++) await Promise.resolve();
  };
  /** Let `ms` pass in 1 ms steps, settling the page answers as they come. */
  const pass = async (ms: number) => {
    for (let i = 0; i < ms; i++) {
      jest.advanceTimersByTime(1);
      await flush();
    }
  };

  it('emits one message every 1–3 s, fetching the next page when one runs out, never more than 3 pages', async () => {
    const total = 100;
    const { f, load, emitted } = feed([0, 1, 2, 3].map((p) => ({ items: items(p * 2 + 1, 2), total })), seq(0, 0.99999));
    f.start();
    await flush();
    expect(load).toHaveBeenCalledTimes(1);
    expect(emitted).toEqual(['h1']);
    // The first gap: 1 s (random 0).
    await pass(999);
    expect(emitted).toEqual(['h1']);
    await pass(1);
    expect(emitted).toEqual(['h1', 'h2']);
    // Then 3 s gaps (random 0.99999).
    await pass(2999);
    expect(emitted).toHaveLength(2);
    await pass(1);
    expect(load).toHaveBeenCalledTimes(2);
    expect(emitted).toEqual(['h1', 'h2', 'h3']);
    await pass(3000 * 10);
    expect(load.mock.calls.map((c) => c[0])).toEqual([1, 2, 3]);
    expect(emitted).toEqual(['h1', 'h2', 'h3', 'h4', 'h5', 'h6']);
    expect(jest.getTimerCount()).toBe(0);
  });

  it('stops at the total and at an empty page', async () => {
    const two = feed([{ items: items(1, 3), total: 3 }]);
    two.f.start();
    await pass(20_000);
    expect(two.load).toHaveBeenCalledTimes(1);
    expect(two.emitted).toEqual(['h1', 'h2', 'h3']);

    const empty = feed([{ items: items(1, 1), total: 50 }, { items: [], total: 50 }]);
    empty.f.start();
    await pass(20_000);
    expect(empty.load).toHaveBeenCalledTimes(2);
    expect(empty.emitted).toEqual(['h1']);
  });

  it('a failing page ends the history quietly; stop drops what is left and a late answer', async () => {
    const failing = feed([]);
    failing.f.start();
    await pass(10_000);
    expect(failing.emitted).toEqual([]);

    let resolve!: (p: DanmakuHistoryPage) => void;
    const load = jest.fn(() => new Promise<DanmakuHistoryPage>((r) => (resolve = r)));
    const emitted: string[] = [];
    const f = new HistoryFeed({ load, emit: (i) => emitted.push(i.content), setTimeout, clearTimeout, random: () => 0 });
    f.start();
    f.stop();
    resolve({ items: items(1, 5), total: 5 });
    await pass(10_000);
    expect(emitted).toEqual([]);
  });
});

describe('store and switch', () => {
  function setup(history: DanmakuHistoryPage = { items: [], total: 0 }) {
    const handlers: LiveHandlers[] = [];
    const unwatch = jest.fn();
    const watch = jest.fn((_g: number, h: LiveHandlers) => {
      handlers.push(h);
      return unwatch;
    });
    const loadHistory = jest.fn(async () => history);
    const store = new DanmakuStore({ galleryId: 7, watch, loadHistory, random: () => 0 });
    store.setStage(STAGE);
    return { store, watch, unwatch, handlers, loadHistory };
  }
  const live = (h: LiveHandlers, type: 'text' | 'question', id: number, content: string) =>
    h[type]!({ id, content, nickname: 'n', photo: '' }, 7);

  it('on: listens to text and question live messages of its gallery and shows each once', async () => {
    const { store, watch, handlers } = setup();
    store.setOn(true);
    expect(watch).toHaveBeenCalledWith(7, expect.objectContaining({ text: expect.any(Function), question: expect.any(Function) }));
    live(handlers[0], 'text', 1, 'hello');
    live(handlers[0], 'question', 2, 'why?');
    live(handlers[0], 'text', 1, 'hello');
    jest.advanceTimersByTime(16);
    expect(store.bullets.map((b) => [b.text, b.kind])).toEqual([
      ['hello', 'text'],
      ['why?', 'question']
    ]);
  });

  it('on: plays the history; a live message already shown from history is not shown again', async () => {
    const { store, handlers, loadHistory } = setup({ items: [{ id: 5, content: 'old one' }], total: 1 });
    store.start();
    for (let i = 0; i < 10; i++) await Promise.resolve();
    expect(loadHistory).toHaveBeenCalledWith(1);
    live(handlers[0], 'text', 5, 'old one');
    jest.advanceTimersByTime(16);
    expect(store.bullets.map((b) => b.text)).toEqual(['old one']);
  });

  it('off: stops listening and the history, and clears the screen', async () => {
    const { store, unwatch, handlers } = setup({ items: [{ id: 1, content: 'a' }, { id: 2, content: 'b' }], total: 2 });
    store.setOn(true);
    for (let i = 0; i < 10; i++) await Promise.resolve();
    live(handlers[0], 'text', 9, 'live');
    jest.advanceTimersByTime(16);
    expect(store.bullets).toHaveLength(2);
    store.setOn(false);
    expect(store.on).toBe(false);
    expect(unwatch).toHaveBeenCalledTimes(1);
    expect(store.bullets).toHaveLength(0);
    live(handlers[0], 'text', 10, 'late');
    jest.advanceTimersByTime(10_000);
    expect(store.bullets).toHaveLength(0);
    expect(jest.getTimerCount()).toBe(0);
  });

  it('the switch is on by default and remembers its choice under danSwitch', () => {
    const stored = new Map<string, unknown>();
    const storage = { read: (k: string, f: boolean) => (stored.has(k) ? stored.get(k) : f), write: (k: string, v: unknown) => stored.set(k, v) };
    const sw = new DanmakuSwitch(storage);
    expect(sw.on).toBe(true);
    sw.toggle();
    expect(stored.get('danSwitch')).toBe(false);
    expect(new DanmakuSwitch(storage).on).toBe(false);
    stored.set('danSwitch', '1');
    expect(new DanmakuSwitch(storage).on).toBe(true);
    stored.set('danSwitch', 0);
    expect(new DanmakuSwitch(storage).on).toBe(false);
  });
});
