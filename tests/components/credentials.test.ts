// Issue 26, Tokens: in a browser the session lives in the server's HttpOnly cookie, so the app keeps
// no token where a script could read it (localStorage) and sends none; a token an older version kept
// is sent until the first session answer, then deleted. The mini-program keeps its token and sends
// `Authorization: Bearer` (and `?token=` on the live socket) as before.
import Taro from '@tarojs/taro';
import { SessionStore } from '../../src/stores/session/SessionStore';
import { request, ApiError } from '../../src/api/client';
import { authHeader, hasSession, sessionToken, socketCredential } from '../../src/api/credentials';
import { isWeapp } from './helpers';

const answer = (token?: string) => ({
  user: { openid: 'g1', nickname: '', photo: '', is_mock: true },
  ...(token ? { token } : {}),
  redirect: null,
  sysinfo: { env: 'mobile' as const, is_pc: false, web_appid: '', srv_time: 1 }
});

/** The headers of the API client's next request. */
async function sentHeaders(): Promise<Record<string, string>> {
  const spy = jest.spyOn(Taro, 'request').mockImplementation((async () => ({ statusCode: 200, data: { code: 200, data: {}, msg: 'ok' } })) as never);
  await request('GET', '/api/v2/userinfo');
  const header = (spy.mock.calls[0][0] as { header: Record<string, string> }).header;
  spy.mockRestore();
  return header;
}

describe(isWeapp ? 'the mini-program keeps its token' : 'a browser keeps no token', () => {
  beforeAll(() => window.localStorage.clear());
  afterEach(() => jest.restoreAllMocks());

  if (!isWeapp) {
    it("sends a token an older version kept until the first session answer, then deletes it; the cookie carries the session", async () => {
      Taro.setStorageSync('token', 'tok-old');
      expect(hasSession()).toBe(false);
      expect(socketCredential()).toBeNull();
      expect(await sentHeaders()).toEqual({ Authorization: 'Bearer tok-old', 'X-Client': 'h5' });

      const s = new SessionStore(jest.fn().mockResolvedValue(answer()));
      await s.start();
      s.stop();
      expect(window.localStorage.getItem('token')).toBeNull();
      expect(sessionToken()).toBe('');
      expect(authHeader()).toEqual({});
      expect(hasSession()).toBe(true);
      // The live socket connects, with no token in its URL (a same-origin socket carries the cookie).
      expect(socketCredential()).toBe('');
      expect(await sentHeaders()).toEqual({ 'X-Client': 'h5' });
    });

    it('has no session after a 429 until the next answer', async () => {
      const limited = new ApiError(429, 429, { code: 429, data: { retry_after: 30 }, msg: 'Too many' }, '429');
      const s = new SessionStore(jest.fn().mockRejectedValue(limited), () => 0);
      await s.start();
      s.stop();
      expect(hasSession()).toBe(false);
      expect(socketCredential()).toBeNull();
    });
  } else {
    it("keeps the answer's token and sends it as the header and in the socket's URL", async () => {
      expect(hasSession()).toBe(false);
      expect(socketCredential()).toBeNull();
      const s = new SessionStore(jest.fn().mockResolvedValue(answer('tok-mp')));
      await s.start();
      s.stop();
      expect(Taro.getStorageSync('token')).toBe('tok-mp');
      expect(hasSession()).toBe(true);
      expect(socketCredential()).toBe('tok-mp');
      expect(await sentHeaders()).toEqual({ Authorization: 'Bearer tok-mp', 'X-Client': 'weapp' });
    });

    it('forgets the token after a 429', async () => {
      const limited = new ApiError(429, 429, { code: 429, data: { retry_after: 30 }, msg: 'Too many' }, '429');
      const s = new SessionStore(jest.fn().mockRejectedValue(limited), () => 0);
      await s.start();
      s.stop();
      expect(Taro.getStorageSync('token')).toBe('');
      expect(hasSession()).toBe(false);
    });
  }
});
