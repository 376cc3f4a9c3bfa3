import Taro from '@tarojs/taro';
import { StatsStore, type StatsTransport } from '../../src/stores/stats/StatsStore';
import { ApiError } from '../../src/api/client';
import { validateStatBatch, type StatBatch } from '../../types/api/stats';
import { uuid4 } from '../../src/utils/uuid';
import { isWeapp } from './helpers';

function transport(send: StatsTransport['send'] = () => Promise.resolve({ counted: 1, duplicate: false })) {
  const sent: StatBatch[] = [];
  const beacons: StatBatch[] = [];
  const t: StatsTransport = {
    send: jest.fn((b: StatBatch) => {
      sent.push(JSON.parse(JSON.stringify(b)) as StatBatch);
      return send(b);
    }),
    beacon: jest.fn((b: StatBatch) => {
      beacons.push(JSON.parse(JSON.stringify(b)) as StatBatch);
      return true;
    })
  };
  return { t, sent, beacons };
}

let ids = 0;
const nextId = () => `00000000-0000-4000-8000-${String(++ids).padStart(12, '0')}`;
const flushPromises = async () => {
  for (let i = 0; i < 5; i++) await Promise.resolve();
};

describe('StatsStore', () => {
  let appHide: Array<() => void>;
  beforeEach(() => {
    jest.useFakeTimers();
    appHide = [];
    if (isWeapp) {
      jest.spyOn(Taro, 'onAppHide').mockImplementation(((fn: () => void) => void appHide.push(fn)) as never);
      jest.spyOn(Taro, 'offAppHide').mockImplementation((() => undefined) as never);
    }
  });
  afterEach(() => {
    jest.useRealTimers();
    jest.restoreAllMocks();
  });

  const leave = () => {
    if (isWeapp) appHide.forEach((fn) => fn());
    else window.dispatchEvent(new Event('pagehide'));
  };

  it('sends queued events as one batch every 5 s, nothing when idle', async () => {
    const { t, sent } = transport();
    const stats = new StatsStore(t, nextId);
    stats.pageView('demo2026');
    stats.imageView('demo2026', 42);
    stats.track({ type: 'event', linkid: 'demo2026', value: 'share' });
    jest.advanceTimersByTime(4999);
    expect(t.send).not.toHaveBeenCalled();
    jest.advanceTimersByTime(1);
    await flushPromises();
    expect(sent).toHaveLength(1);
    expect(sent[0].events).toEqual([
      { type: 'page', linkid: 'demo2026', value: 'gallery' },
      { type: 'event', linkid: 'demo2026', value: 'imageview', extra: '42' },
      { type: 'event', linkid: 'demo2026', value: 'share' }
    ]);
    expect(validateStatBatch(sent[0])).toBeNull();
    jest.advanceTimersByTime(15000);
    await flushPromises();
    expect(sent).toHaveLength(1);
    stats.pageView('carpet26');
    jest.advanceTimersByTime(5000);
    await flushPromises();
    expect(sent).toHaveLength(2);
    expect(sent[1].batch_id).not.toBe(sent[0].batch_id);
    stats.stop();
  });

  it('splits more than 100 events into batches of 100', async () => {
    const { t, sent } = transport();
    const stats = new StatsStore(t, nextId);
    for (let i = 0; i < 230; i++) stats.imageView('demo2026', i);
    jest.advanceTimersByTime(5000);
    await flushPromises();
    await flushPromises();
    expect(sent.map((b) => b.events.length)).toEqual([100, 100, 30]);
    expect(new Set(sent.map((b) => b.batch_id)).size).toBe(3);
    stats.stop();
  });

  it('sends a batch that failed on the network again with the same id', async () => {
    let fail = true;
    const { t, sent } = transport(() => (fail ? Promise.reject(new Error('offline')) : Promise.resolve({})));
    const stats = new StatsStore(t, nextId);
    stats.pageView('demo2026');
    jest.advanceTimersByTime(5000);
    await flushPromises();
    stats.pageView('demo2026');
    fail = false;
    jest.advanceTimersByTime(5000);
    await flushPromises();
    expect(sent.map((b) => b.events.length)).toEqual([1, 1, 1]);
    expect(sent[1].batch_id).toBe(sent[0].batch_id);
    expect(sent[2].batch_id).not.toBe(sent[0].batch_id);
    expect(stats.pending).toBeNull();
    stats.stop();
  });

  it('drops a batch the server rejects', async () => {
    const { t, sent } = transport(() => Promise.reject(new ApiError(400, 400, null, 'bad')));
    const stats = new StatsStore(t, nextId);
    stats.pageView('demo2026');
    jest.advanceTimersByTime(5000);
    await flushPromises();
    jest.advanceTimersByTime(5000);
    await flushPromises();
    expect(sent).toHaveLength(1);
    expect(stats.pending).toBeNull();
    stats.stop();
  });

  it('beacons everything when the visitor leaves, the pending batch with its own id', async () => {
    const { t, sent, beacons } = transport(() => Promise.reject(new Error('offline')));
    const stats = new StatsStore(t, nextId);
    stats.pageView('demo2026');
    jest.advanceTimersByTime(5000);
    await flushPromises();
    stats.imageView('demo2026', 7);
    leave();
    expect(beacons).toHaveLength(2);
    expect(beacons[0].batch_id).toBe(sent[0].batch_id);
    expect(beacons[1].events).toEqual([{ type: 'event', linkid: 'demo2026', value: 'imageview', extra: '7' }]);
    expect(stats.queue).toHaveLength(0);
    expect(stats.pending).toBeNull();
    // Nothing is left for the timer.
    jest.advanceTimersByTime(5000);
    await flushPromises();
    expect(sent).toHaveLength(1);
    stats.stop();
  });

  it('makes version-4 UUIDs the server accepts', () => {
    const seen = new Set<string>();
    for (let i = 0; i < 50; i++) seen.add(uuid4());
    expect(seen.size).toBe(50);
    for (const id of seen) expect(validateStatBatch({ batch_id: id, events: [{ type: 'page', linkid: 'demo2026', value: 'gallery' }] })).toBeNull();
  });
});

describe('stats on leaving (platform)', () => {
  afterEach(() => jest.restoreAllMocks());

  it(isWeapp ? 'the mini-program sends a request with the token header' : 'browsers send a same-origin text/plain beacon (the session cookie goes with it) with no token', async () => {
    const { beaconStats } = await import('../../src/api/stats');
    const { sessionArrived } = await import('../../src/api/credentials');
    window.localStorage.clear();
    // The mini-program keeps the answer's token; a browser's session answer deletes a token an older version kept.
    Taro.setStorageSync('token', 'tok-old');
    sessionArrived(isWeapp ? 'tok123' : undefined);
    const batch: StatBatch = { batch_id: nextId(), events: [{ type: 'page', linkid: 'demo2026', value: 'gallery' }] };
    if (isWeapp) {
      const request = jest.spyOn(Taro, 'request').mockImplementation((() => Promise.resolve({ statusCode: 200, data: {} })) as never);
      expect(beaconStats(batch)).toBe(true);
      const opts = request.mock.calls[0][0] as { url: string; method: string; header: Record<string, string>; data: string };
      expect(opts.url).toMatch(/\/api\/v2\/trigger\/story$/);
      expect(opts.method).toBe('POST');
      expect(opts.header.Authorization).toBe('Bearer tok123');
      expect(JSON.parse(opts.data)).toMatchObject(batch);
    } else {
      const calls: Array<[string, Blob]> = [];
      Object.defineProperty(navigator, 'sendBeacon', { configurable: true, value: (url: string, data: Blob) => (calls.push([url, data]), true) });
      expect(beaconStats(batch)).toBe(true);
      expect(calls[0][0]).toBe('/api/v2/trigger/story');
      expect(calls[0][1].type).toBe('text/plain;charset=utf-8');
      const text = await new Promise<string>((resolve) => {
        const r = new FileReader();
        r.onload = () => resolve(String(r.result));
        r.readAsText(calls[0][1]);
      });
      expect(JSON.parse(text)).toEqual(batch);
      expect(validateStatBatch(JSON.parse(text))).toBeNull();
    }
  });
});
