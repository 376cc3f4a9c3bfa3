// The shared 'WeChat authorization' dialog running the real login, in H5 (the
// desktop popup with the sandbox page and its language toggle) and, with
// TARO_ENV_JEST=weapp, the mini-program (Taro.login → mp login → profile sheet).
// Every call goes through Taro.request to a fake server below.
import Taro from '@tarojs/taro';
import { act, fireEvent, waitFor } from '@testing-library/react';
import type { LoginPath } from '../../types/api/auth';
import { byTestId, isWeapp } from './helpers';
import { listOf, setup, viewerMocks } from './viewer-helpers';

jest.mock('../../src/api/viewer');
jest.mock('../../src/platform/preload');
jest.mock('../../src/api/originals');
const { love: loveMock } = viewerMocks();

interface Call {
  method: string;
  path: string;
  data: Record<string, unknown> | undefined;
}

/** A fake server: the session upgrades when a login reaches it (mp login, or `approve()` for the OAuth page). */
function fakeServer(path: LoginPath, opts: { isPc?: boolean; sandbox?: boolean } = {}) {
  const user = { openid: 'guest1', nickname: '', photo: '', is_mock: true };
  const calls: Call[] = [];
  const answer = (data: unknown, statusCode = 200) => ({ statusCode, data: { code: statusCode === 200 ? 200 : statusCode, data, msg: '' }, header: {}, errMsg: 'request:ok' });
  jest.spyOn(Taro, 'request').mockImplementation((async (o: { url: string; method?: string; data?: Record<string, unknown> }) => {
    const p = o.url.replace(/^https?:\/\/[^/]+/, '');
    calls.push({ method: o.method ?? 'GET', path: p, data: o.data });
    if (p === '/session.js') {
      const sysinfo = { env: isWeapp ? 'weapp' : 'pc', is_pc: !!opts.isPc, web_appid: '', srv_time: 1, login: { providers: ['sandbox'], sandbox: opts.sandbox ?? true, path } };
      return answer({ user: { ...user }, token: 'tok', redirect: null, sysinfo });
    }
    if (p === '/api/v2/auth/mp/login') {
      if (o.data?.code !== 'wx-code-1') return answer(null, 400);
      Object.assign(user, { openid: 'o_real', is_mock: false });
      return answer({ token: 'tok', user: { ...user }, provider: 'mp' });
    }
    if (p === '/api/v2/auth/oauth/start') {
      const q = new URLSearchParams({ state: 's1', lang: String(o.data?.lang), redirect: String(o.data?.redirect) });
      return answer({ url: `/sandbox/oauth/authorize?${q}`, expires_in: 600 });
    }
    if (p === '/api/v2/userinfo/profile') {
      Object.assign(user, { nickname: o.data?.nickname ?? user.nickname });
      return answer({ ...user });
    }
    return answer(null, 404);
  }) as never);
  return {
    calls,
    user,
    /** What the provider page does in the browser: the callback upgrades the session. */
    approve: () => Object.assign(user, { openid: 'o_real', nickname: 'Sandbox user', is_mock: false }),
    authCalls: () => calls.filter((c) => c.path.startsWith('/api/v2/auth/'))
  };
}

async function tapHeart(path: LoginPath, opts: { isPc?: boolean; sandbox?: boolean } = {}) {
  const server = fakeServer(path, opts);
  const { list } = await listOf(20);
  const s = setup();
  await act(() => s.root.session.start());
  s.root.session.stop();
  act(() => s.viewer.open(list, 0));
  fireEvent.click(s.one('viewer-like'));
  await waitFor(() => expect(s.one('login-prompt')).toBeDefined());
  return { ...s, server, photo: list.items[0] };
}

beforeEach(() => {
  loveMock.mockImplementation(async (b) => ({ id: b.id, loved: b.love === 1, love: b.love === 1 ? 1 : 0 }));
});
afterEach(() => jest.restoreAllMocks());

describe('login through the WeChat authorisation dialog', () => {
  it('cancel: the caller gets no login, nothing is liked, no login call is made', async () => {
    const { one, root, server } = await tapHeart(isWeapp ? 'mp' : 'sandbox', { isPc: true });
    expect(one('login-prompt').textContent).toContain('WeChat authorization');
    fireEvent.click(one('login-prompt-cancel'));
    await act(async () => undefined);
    expect(root.loginPrompt.isOpen).toBe(false);
    expect(loveMock).not.toHaveBeenCalled();
    expect(server.authCalls()).toEqual([]);
    expect(one('viewer-like').dataset.loved).toBe('false');
  });

  it("path 'none': ok explains that login is not available, and the heart stays grey", async () => {
    const { one, root, server } = await tapHeart('none', { sandbox: false });
    expect(byTestId(document.body, 'login-sandbox')).toHaveLength(0);
    fireEvent.click(one('login-prompt-ok'));
    await waitFor(() => expect(one('login-prompt-text').textContent).toBe('Login is not available on this server.'));
    fireEvent.click(one('login-prompt-close'));
    expect(root.loginPrompt.isOpen).toBe(false);
    expect(server.authCalls()).toEqual([]);
    expect(loveMock).not.toHaveBeenCalled();
  });

  if (isWeapp) {
    // WeChat's privacy authorisation, granted (the H5 runtime under test has no real one).
    beforeEach(() => {
      jest.spyOn(Taro as unknown as { requirePrivacyAuthorize: () => Promise<unknown> }, 'requirePrivacyAuthorize').mockResolvedValue({});
    });

    it('mini-program: ok → Taro.login → mp login with the code → the like goes on → profile sheet posts the nickname', async () => {
      const login = jest.spyOn(Taro, 'login').mockResolvedValue({ code: 'wx-code-1', errMsg: 'login:ok' } as never);
      const { one, root, server, photo } = await tapHeart('mp', { sandbox: false });
      fireEvent.click(one('login-prompt-ok'));
      await waitFor(() => expect(loveMock).toHaveBeenCalledWith(expect.objectContaining({ id: photo.id, love: 1 })));
      expect(login).toHaveBeenCalledTimes(1);
      expect(server.calls.find((c) => c.path === '/api/v2/auth/mp/login')).toMatchObject({ method: 'POST', data: { code: 'wx-code-1' } });
      expect(root.session.isGuest).toBe(false);
      await waitFor(() => expect(one('viewer-like').dataset.loved).toBe('true'));
      // First login on the default nickname: the fill-in profile sheet.
      await waitFor(() => expect(one('login-profile')).toBeDefined());
      // Taro's input renders its inner <input> asynchronously: type into it once it exists.
      const input = await waitFor(() => {
        const el = one('login-profile-nickname').querySelector('input');
        expect(el).not.toBeNull();
        return el!;
      });
      fireEvent.input(input, { target: { value: 'Ann' }, detail: { value: 'Ann' } });
      await waitFor(() => expect((one('login-profile-nickname').querySelector('input') as HTMLInputElement).value).toBe('Ann'));
      fireEvent.click(one('login-profile-save'));
      await waitFor(() => expect(root.loginPrompt.isOpen).toBe(false));
      expect(server.calls.find((c) => c.path === '/api/v2/userinfo/profile')?.data).toMatchObject({ nickname: 'Ann' });
      expect(root.session.user?.nickname).toBe('Ann');
    });

    it('mini-program sandbox: no WeChat call, a sandbox code goes to the mp endpoint', async () => {
      const login = jest.spyOn(Taro, 'login');
      const { one, server } = await tapHeart('mp', { sandbox: true });
      expect(one('login-sandbox').textContent).toBe('Sandbox login (not WeChat)');
      fireEvent.click(one('login-prompt-ok'));
      await waitFor(() => expect(server.calls.some((c) => c.path === '/api/v2/auth/mp/login')).toBe(true));
      expect(String(server.calls.find((c) => c.path === '/api/v2/auth/mp/login')?.data?.code)).toMatch(/^sandbox:[^:]+:\w+$/);
      expect(login).not.toHaveBeenCalled();
    });
  } else {
    it('desktop: ok → popup with the sandbox page and the language toggle → the session turns real → the like goes on', async () => {
      const { one, root, server, photo } = await tapHeart('sandbox', { isPc: true });
      expect(one('login-sandbox').textContent).toBe('Sandbox login (not WeChat)');
      fireEvent.click(one('login-prompt-ok'));
      await waitFor(() => expect(one('login-popup')).toBeDefined());
      expect(byTestId(document.body, 'login-prompt')).toHaveLength(0);
      const frame = () => one('login-popup-frame') as HTMLIFrameElement;
      expect(frame().getAttribute('src')).toContain('lang=en');
      expect(one('login-popup-title').textContent).toBe('Sandbox login (not WeChat)');
      fireEvent.click(one('login-popup-lang-cn'));
      await waitFor(() => expect(frame().getAttribute('src')).toContain('lang=cn'));
      expect(one('login-popup-lang-cn').dataset.on).toBe('true');
      const starts = server.calls.filter((c) => c.path === '/api/v2/auth/oauth/start');
      expect(starts.map((c) => c.data?.provider)).toEqual(['sandbox', 'sandbox']);
      expect(loveMock).not.toHaveBeenCalled();
      server.approve();
      await waitFor(() => expect(loveMock).toHaveBeenCalledWith(expect.objectContaining({ id: photo.id, love: 1 })), { timeout: 5000 });
      expect(root.loginPrompt.isOpen).toBe(false);
      expect(root.session.user).toMatchObject({ is_mock: false, nickname: 'Sandbox user' });
      await waitFor(() => expect(one('viewer-like').dataset.loved).toBe('true'));
    });

    it('desktop: closing the popup cancels the like', async () => {
      const { one, root } = await tapHeart('qr', { isPc: true, sandbox: false });
      fireEvent.click(one('login-prompt-ok'));
      await waitFor(() => expect(one('login-popup')).toBeDefined());
      expect(one('login-popup-title').textContent).toBe('Scan with WeChat to log in');
      fireEvent.click(one('login-popup-close'));
      await act(async () => undefined);
      expect(root.loginPrompt.isOpen).toBe(false);
      expect(loveMock).not.toHaveBeenCalled();
    });
  }
});
