// Issue 12, Speed 3: the session call the H5 document starts beside the scripts (types/boot.ts)
// is the app's first session answer, taken once; and the server's first screen gives way to the
// app only once its banner has arrived and painted (or failed, or after a second).
import Taro from '@tarojs/taro';
import { SessionStore } from '../../src/stores/session/SessionStore';
import { EARLY_SESSION_WAIT_MS, fetchSession } from '../../src/api/session';
import { BOOT_BANNER_WAIT_MS, dismissBootSkeleton } from '../../src/platform/boot';
import { BOOT_SESSION_GLOBAL } from '../../types/boot';

const h5 = (process.env.TARO_ENV_JEST || 'h5') === 'h5';
const win = globalThis as unknown as Record<string, unknown>;
const session = (token: string, redirect: string | null = null) => ({
  user: { openid: 'g1', nickname: '', photo: '', is_mock: true },
  token,
  redirect,
  sysinfo: { env: 'mobile', is_pc: false, web_appid: '', srv_time: 1 }
});
const answered = (status: number, body: unknown) => (win[BOOT_SESSION_GLOBAL] = Promise.resolve({ status, body }));

describe("the document's session call", () => {
  afterEach(() => {
    delete win[BOOT_SESSION_GLOBAL];
    jest.restoreAllMocks();
  });

  it('is the first session answer (H5), taken once; the next call asks the server', async () => {
    answered(200, { code: 200, data: session('tok-early'), msg: 'ok' });
    const request = jest.spyOn(Taro, 'request').mockImplementation((async () => ({ statusCode: 200, data: { code: 200, data: session('tok-own'), msg: 'ok' } })) as never);
    const s = new SessionStore(fetchSession);
    await s.start();
    s.stop();
    // (A browser keeps no token: the answer's cookie carries its session.)
    expect(Taro.getStorageSync('token')).toBe(h5 ? '' : 'tok-own');
    expect(request).toHaveBeenCalledTimes(h5 ? 0 : 1);
    await s.refresh();
    expect(request).toHaveBeenCalledTimes(h5 ? 1 : 2);
    expect(Taro.getStorageSync('token')).toBe(h5 ? '' : 'tok-own');
  });

  it("hands on the server's refusals as the app's own call would: a 429 waits, a redirect is followed", async () => {
    // (The mini-program has no document: it asks the server, which answers normally here.)
    const request = jest.spyOn(Taro, 'request').mockImplementation((async () => ({ statusCode: 200, data: { code: 200, data: session('tok-own'), msg: 'ok' } })) as never);
    answered(429, { code: 429, data: { retry_after: 30 }, msg: 'Too many new visitors' });
    const waiting = new SessionStore(fetchSession, () => 0);
    await waiting.start();
    waiting.stop();
    expect(waiting.waiting).toBe(h5);
    delete win[BOOT_SESSION_GLOBAL];
    answered(200, { code: 200302, data: session('tok-moved', '/g/moved01'), msg: 'Go to the redirect address' });
    const follow = jest.fn(() => true);
    const moved = new SessionStore(fetchSession, Math.random, follow);
    await moved.start();
    moved.stop();
    expect(follow).toHaveBeenCalledTimes(h5 ? 1 : 0);
    expect(request).toHaveBeenCalledTimes(h5 ? 0 : 2);
  });

  it('is asked again when it hangs', async () => {
    jest.useFakeTimers();
    try {
      const request = jest.spyOn(Taro, 'request').mockImplementation((async () => ({ statusCode: 200, data: { code: 200, data: session('tok-own'), msg: 'ok' } })) as never);
      win[BOOT_SESSION_GLOBAL] = new Promise(() => undefined);
      const answer = fetchSession();
      await jest.advanceTimersByTimeAsync(EARLY_SESSION_WAIT_MS);
      expect((await answer).token).toBe('tok-own');
      expect(request).toHaveBeenCalledTimes(1);
    } finally {
      jest.useRealTimers();
    }
  });

  it('is asked again when it failed or the server erred', async () => {
    const request = jest.spyOn(Taro, 'request').mockImplementation((async () => ({ statusCode: 200, data: { code: 200, data: session('tok-own'), msg: 'ok' } })) as never);
    win[BOOT_SESSION_GLOBAL] = Promise.resolve(null);
    expect((await fetchSession()).token).toBe('tok-own');
    answered(502, '<html>Bad gateway</html>');
    expect((await fetchSession()).token).toBe('tok-own');
    expect(request).toHaveBeenCalledTimes(2);
  });
});

describe('the first screen giving way', () => {
  const skeleton = (withBanner: boolean) => {
    document.body.innerHTML = `<div id="boot-skeleton">${withBanner ? '<picture><img class="bs-banner" src="/img/x!wx_750_n"></picture>' : ''}</div>`;
    const img = document.querySelector('img');
    if (img) Object.defineProperty(img, 'complete', { configurable: true, value: false });
    return img;
  };
  const present = () => !!document.getElementById('boot-skeleton');
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => {
    jest.useRealTimers();
    document.body.innerHTML = '';
  });

  it('goes at once without a banner', () => {
    skeleton(false);
    dismissBootSkeleton();
    expect(present()).toBe(!h5);
  });

  it('stays until its banner has arrived and a frame has passed', () => {
    const img = skeleton(true)!;
    dismissBootSkeleton();
    jest.advanceTimersByTime(BOOT_BANNER_WAIT_MS / 2);
    expect(present()).toBe(true);
    img.dispatchEvent(new Event('load'));
    expect(present()).toBe(true);
    jest.advanceTimersByTime(50);
    expect(present()).toBe(!h5);
  });

  it("a banner that fails or lingers doesn't hold it", () => {
    skeleton(true);
    dismissBootSkeleton();
    document.querySelector('img')!.dispatchEvent(new Event('error'));
    expect(present()).toBe(!h5);
    skeleton(true);
    dismissBootSkeleton();
    jest.advanceTimersByTime(BOOT_BANNER_WAIT_MS - 1);
    expect(present()).toBe(true);
    jest.advanceTimersByTime(1);
    expect(present()).toBe(!h5);
  });
});
