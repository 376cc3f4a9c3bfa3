// Session redirect (spec part 3 §8, code 200302): the session answer carrying a redirect is the session
// (the mini-program keeps its token; a browser's cookie carries it) and the app goes to the redirect, once; the platform opens an app path in the app.
import Taro from '@tarojs/taro';
import { SessionStore } from '../../src/stores/session/SessionStore';
import { fetchSession } from '../../src/api/session';
import { followRedirect } from '../../src/platform/navigate';

const weapp = process.env.TARO_ENV_JEST === 'weapp';
const data = (redirect: string | null) => ({
  user: { openid: 'g1', nickname: '', photo: '', is_mock: true },
  // The server gives the token only to the mini-program (H5: the session cookie).
  ...(weapp ? { token: 'tok-redirect' } : {}),
  redirect,
  sysinfo: { env: 'mobile', is_pc: false, web_appid: '', srv_time: 1 }
});

describe('session redirect (200302)', () => {
  afterEach(() => jest.restoreAllMocks());

  it('keeps the session of a 200302 answer and follows its redirect once, without asking again', async () => {
    const request = jest.spyOn(Taro, 'request').mockImplementation((async () => ({ statusCode: 200, data: { code: 200302, data: data('/g/moved01'), msg: 'Go to the redirect address' } })) as never);
    const follow = jest.fn(() => true);
    const s = new SessionStore(fetchSession, Math.random, follow);
    await s.start();
    s.stop();
    // One request: a server's answer is not retried.
    expect(request).toHaveBeenCalledTimes(1);
    expect(s.ready).toBe(true);
    expect(s.redirect).toBe('/g/moved01');
    expect(Taro.getStorageSync('token')).toBe(weapp ? 'tok-redirect' : '');
    expect(follow).toHaveBeenCalledWith('/g/moved01');
    // The 59-minute refresh carries the same redirect: the app is not sent there again.
    await s.refresh();
    expect(follow).toHaveBeenCalledTimes(1);
  });

  it('does not follow a normal answer without a redirect, and fails on a 200302 without a session', async () => {
    jest.spyOn(Taro, 'request').mockImplementation((async () => ({ statusCode: 200, data: { code: 200, data: data(null), msg: 'ok' } })) as never);
    const follow = jest.fn(() => true);
    const s = new SessionStore(fetchSession, Math.random, follow);
    await s.start();
    s.stop();
    expect(follow).not.toHaveBeenCalled();
    jest.spyOn(Taro, 'request').mockImplementation((async () => ({ statusCode: 200, data: { code: 200302, data: null, msg: 'x' } })) as never);
    await expect(fetchSession()).rejects.toMatchObject({ code: 200302 });
  });

  it('opens an app path in the app, replacing the page', () => {
    const redirect = jest.spyOn(Taro, 'redirectTo').mockImplementation((async () => undefined) as never);
    expect(followRedirect('/g/moved01')).toBe(true);
    expect(redirect).toHaveBeenCalledWith({ url: weapp ? '/pages/gallery/index?link_id=moved01&route=gallery' : '/g/moved01' });
    expect(followRedirect('javascript:alert(1)')).toBe(false);
    expect(followRedirect('//evil.example/x')).toBe(false);
    expect(redirect).toHaveBeenCalledTimes(1);
  });
});
