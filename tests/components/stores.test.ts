import Taro from '@tarojs/taro';
import { PhotoListStore } from '../../src/stores/photos/PhotoListStore';
import { SessionStore } from '../../src/stores/session/SessionStore';
import { SettingsStore } from '../../src/stores/settings/SettingsStore';
import { GalleryStore } from '../../src/stores/gallery/GalleryStore';
import { ClockStore } from '../../src/stores/session/ClockStore';
import { request, withRetry, ApiError } from '../../src/api/client';
import { i18n } from '../../src/i18n';
import type { Photo, PhotoListResult } from '../../types/api/photo';

const photo = (id: number): Photo => ({
  id, hash: 'h'.repeat(64), galleryid: 1, width: 3, height: 2, size: 1, origin: '', show_mark: 0, love: 0,
  shoottime: 1000 - id, createtime: 0, tags: [], check: 1, trash: 0
});

function pager(total: number) {
  const calls: number[] = [];
  const load = jest.fn(async (_g: number, q: { offset?: number }): Promise<PhotoListResult> => {
    const offset = q.offset ?? 0;
    calls.push(offset);
    const items = Array.from({ length: Math.max(0, Math.min(20, total - offset)) }, (_, i) => photo(offset + i + 1));
    const next = offset + items.length;
    return { items, total, pagedata: { offset, page_size: 20, next_offset: next, has_more: next < total, sorttype: 'shoottime', order: 'desc' } };
  });
  return { load, calls };
}

describe('PhotoListStore', () => {
  it('loads pages of 20 until no more', async () => {
    const { load, calls } = pager(45);
    const s = new PhotoListStore({ galleryId: 1, order: 'desc' }, load);
    await s.loadMore();
    expect(s.items).toHaveLength(20);
    expect(s.state).toBe('more');
    await s.loadMore();
    await s.loadMore();
    expect(s.items).toHaveLength(45);
    expect(s.state).toBe('noMore');
    await s.loadMore();
    expect(calls).toEqual([0, 20, 40]);
  });

  it('ignores a second load while one is running', async () => {
    const { load } = pager(45);
    const s = new PhotoListStore({ galleryId: 1, order: 'desc' }, load);
    await Promise.all([s.loadMore(), s.loadMore()]);
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('is empty for an empty gallery and can be reset to load again', async () => {
    const { load } = pager(0);
    const s = new PhotoListStore({ galleryId: 1, order: 'desc' }, load);
    await s.loadMore();
    expect(s.isEmpty).toBe(true);
    s.reset({ order: 'asc' });
    expect(s.state).toBe('idle');
    await s.loadMore();
    expect(load).toHaveBeenLastCalledWith(1, expect.objectContaining({ offset: 0, order: 'asc' }));
  });

  it('drops an answer that arrives after a reset', async () => {
    let resolve!: (r: PhotoListResult) => void;
    const load = jest.fn(() => new Promise<PhotoListResult>((r) => (resolve = r)));
    const s = new PhotoListStore({ galleryId: 1, order: 'desc' }, load);
    const p = s.loadMore();
    s.reset();
    resolve({ items: [photo(1)], total: 1, pagedata: { offset: 0, page_size: 20, next_offset: 1, has_more: false, sorttype: 'shoottime', order: 'desc' } });
    await p;
    expect(s.items).toHaveLength(0);
  });

  it('reports an error state that a retry clears', async () => {
    const load = jest.fn().mockRejectedValueOnce(new Error('offline')).mockImplementation(pager(5).load);
    const s = new PhotoListStore({ galleryId: 1, order: 'desc' }, load);
    await s.loadMore();
    expect(s.state).toBe('error');
    await s.loadMore();
    expect(s.items).toHaveLength(5);
  });
});

describe('SessionStore', () => {
  /** The mini-program keeps the answer's token; a browser keeps none (the server's HttpOnly cookie carries its session). */
  const weapp = process.env.TARO_ENV_JEST === 'weapp';
  afterEach(() => jest.useRealTimers());
  const session = (token: string) => ({
    user: { openid: 'g1', nickname: '', photo: '', is_mock: true },
    token,
    redirect: null,
    sysinfo: { env: 'pc' as const, is_pc: true, web_appid: '', srv_time: 1 }
  });

  it("is ready after the session call, keeps the mini-program's token and refreshes every 3,540,000 ms", async () => {
    jest.useFakeTimers();
    const load = jest.fn().mockResolvedValue(session('tok1'));
    const s = new SessionStore(load);
    expect(s.ready).toBe(false);
    await s.start();
    expect(s.ready).toBe(true);
    expect(s.isGuest).toBe(true);
    expect(Taro.getStorageSync('token')).toBe(weapp ? 'tok1' : '');
    jest.advanceTimersByTime(3_539_999);
    expect(load).toHaveBeenCalledTimes(1);
    jest.advanceTimersByTime(1);
    expect(load).toHaveBeenCalledTimes(2);
    s.stop();
  });

  it('reports an error when the session call fails', async () => {
    const s = new SessionStore(jest.fn().mockRejectedValue(new Error('down')));
    await expect(s.start()).rejects.toThrow('down');
    expect(s.status).toBe('error');
  });

  it('runs without a session after a 429 (too many new guests from this address) and asks again after retry_after plus jitter', async () => {
    jest.useFakeTimers();
    Taro.setStorageSync('token', 'dead-token');
    const limited = new ApiError(429, 429, { code: 429, data: { retry_after: 40 }, msg: 'Too many new sessions' }, '429 Too many new sessions');
    const load = jest.fn().mockRejectedValueOnce(limited).mockResolvedValueOnce(session('tok2'));
    const s = new SessionStore(load, () => 0.5);
    await s.start();
    // The pages render (ready) as for a visitor without a token.
    expect(s.status).toBe('ready');
    expect(s.waiting).toBe(true);
    expect(s.user).toBeNull();
    expect(s.isGuest).toBe(true);
    expect(Taro.getStorageSync('token')).toBe('');
    // 40 s × (1 + 0.5 × 0.5) = 50 s.
    await jest.advanceTimersByTimeAsync(49_999);
    expect(load).toHaveBeenCalledTimes(1);
    await jest.advanceTimersByTimeAsync(1);
    expect(load).toHaveBeenCalledTimes(2);
    expect(s.waiting).toBe(false);
    expect(s.user).toMatchObject({ openid: 'g1' });
    expect(Taro.getStorageSync('token')).toBe(weapp ? 'tok2' : '');
    s.stop();
  });

  it('clamps the wait after a 429 and keeps asking while the network fails', async () => {
    jest.useFakeTimers();
    const limited = (retry: unknown) => new ApiError(429, 429, { code: 429, data: { retry_after: retry }, msg: '' }, '429');
    const load = jest
      .fn()
      .mockRejectedValueOnce(limited(1))
      .mockRejectedValueOnce(new Error('offline'))
      .mockRejectedValueOnce(limited(100_000))
      .mockResolvedValueOnce(session('tok3'));
    const s = new SessionStore(load, () => 0);
    await s.start();
    await jest.advanceTimersByTimeAsync(4_999);
    expect(load).toHaveBeenCalledTimes(1);
    await jest.advanceTimersByTimeAsync(1); // at least 5 s
    expect(load).toHaveBeenCalledTimes(2);
    await jest.advanceTimersByTimeAsync(300_000); // offline: the longest wait
    expect(load).toHaveBeenCalledTimes(3);
    await jest.advanceTimersByTimeAsync(300_000); // at most 5 minutes
    expect(load).toHaveBeenCalledTimes(4);
    expect(s.user).toMatchObject({ openid: 'g1' });
    s.stop();
  });
});

describe('SettingsStore', () => {
  beforeEach(() => Taro.clearStorageSync());
  it('defaults to system and persists choices on the device', () => {
    const s = new SettingsStore();
    expect([s.language, s.mode, s.order]).toEqual(['system', 'system', 'system']);
    expect(s.effectiveMode()).toBe('waterfall');
    expect(s.effectiveMode('2')).toBe('2');
    expect(s.effectiveOrder).toBe('desc');
    s.set('mode', '4');
    s.set('order', 'asc');
    s.set('language', 'en-US');
    const again = new SettingsStore();
    expect([again.mode, again.order, again.language]).toEqual(['4', 'asc', 'en-US']);
    expect(i18n.locale).toBe('en-US');
  });
  it('follows the gallery locale when the language is system', () => {
    const s = new SettingsStore();
    s.setGalleryLocale('en');
    expect(i18n.locale).toBe('en-US');
    s.setGalleryLocale('zh-CN');
    expect(i18n.locale).toBe('zh-CN');
  });
});

describe('GalleryStore', () => {
  it('marks unknown galleries as not found', async () => {
    const g = new GalleryStore(new ClockStore(), jest.fn().mockRejectedValue(new ApiError(404, 404, null, 'nope')));
    await g.open({ link_id: 'zzzzzz9' });
    expect(g.state).toBe('notFound');
  });

  it('derives the status on the server clock, not the device clock', () => {
    const clock = new ClockStore();
    const now = Math.floor(Date.now() / 1000);
    const g = { status: 'complete' as const, start_time: now + 600, end_time: now + 7200 };
    expect(clock.statusOf(g)).toBe('wait');
    clock.sync(now + 3600); // the device clock is an hour behind the server
    expect(clock.statusOf(g)).toBe('start');
  });
});

describe('request and retry', () => {
  const mockRequest = (impl: (o: Taro.request.Option) => unknown) => jest.spyOn(Taro, 'request').mockImplementation(impl as never);
  afterEach(() => jest.restoreAllMocks());

  it('sends the token and unwraps the envelope', async () => {
    Taro.setStorageSync('token', 'abc');
    const spy = mockRequest(async () => ({ statusCode: 200, data: { code: 200, data: { x: 1 }, msg: 'ok' } }));
    await expect(request('GET', '/api/x')).resolves.toEqual({ x: 1 });
    expect((spy.mock.calls[0][0] as Taro.request.Option).header).toMatchObject({ Authorization: 'Bearer abc' });
  });

  it('throws with status and body on other non-ok answers', async () => {
    mockRequest(async () => ({ statusCode: 400, data: { code: 400, data: null, msg: 'offset must be a non-negative integer' } }));
    await expect(request('GET', '/api/x')).rejects.toMatchObject({ status: 400, code: 400, body: { msg: 'offset must be a non-negative integer' } });
  });

  it('retries three times, 300 ms apart, but not answers of the server', async () => {
    const fn = jest.fn().mockRejectedValueOnce(new Error('net')).mockRejectedValueOnce(new Error('net')).mockResolvedValue(7);
    const t0 = Date.now();
    await expect(withRetry(fn)).resolves.toBe(7);
    expect(fn).toHaveBeenCalledTimes(3);
    expect(Date.now() - t0).toBeGreaterThanOrEqual(590);
    const bad = jest.fn().mockRejectedValue(new ApiError(404, 404, null, 'no'));
    await expect(withRetry(bad)).rejects.toBeInstanceOf(ApiError);
    expect(bad).toHaveBeenCalledTimes(1);
    const down = jest.fn().mockRejectedValue(new Error('net'));
    await expect(withRetry(down)).rejects.toThrow('net');
    expect(down).toHaveBeenCalledTimes(3);
  });
});
