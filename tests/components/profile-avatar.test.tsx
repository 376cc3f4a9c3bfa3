// The fill-in profile sheet's avatar. Mini-program (TARO_ENV_JEST=weapp): the
// chooseAvatar temporary file is uploaded with Taro.uploadFile (the platform
// boundary, mocked here) and the profile post carries the returned URL. Browsers
// have no chooseAvatar and never show the sheet: the upload refuses loudly there.
import Taro from '@tarojs/taro';
import { act, fireEvent, waitFor } from '@testing-library/react';
import LoginPrompt from '../../src/components/login-prompt';
import { uploadAvatar } from '../../src/api/avatar';
import { isLocalAvatar } from '../../src/utils/avatar';
import { byTestId, isWeapp, makeRoot, renderWith } from './helpers';

const AVATAR_URL = 'http://localhost:8080/avatars/' + 'ab'.repeat(32) + '.jpg';
const TEMP_FILE = 'http://tmp/avatar_9f8e7d.jpeg';

interface Call {
  path: string;
  data: Record<string, unknown> | undefined;
}

/** A fake server behind Taro.request (session, mp login, profile) and Taro.uploadFile (the avatar). */
function fakeServer(upload: { status: number; body: unknown }) {
  const user = { openid: 'guest1', nickname: '', photo: '', is_mock: true };
  const calls: Call[] = [];
  const answer = (data: unknown, statusCode = 200) => ({ statusCode, data: { code: statusCode, data, msg: '' }, header: {}, errMsg: 'request:ok' });
  jest.spyOn(Taro, 'request').mockImplementation((async (o: { url: string; data?: Record<string, unknown> }) => {
    const p = o.url.replace(/^https?:\/\/[^/]+/, '');
    calls.push({ path: p, data: o.data });
    if (p === '/session.js') {
      const sysinfo = { env: 'weapp', is_pc: false, web_appid: '', srv_time: 1, login: { providers: ['mp'], sandbox: false, path: 'mp' } };
      return answer({ user: { ...user }, token: 'tok', redirect: null, sysinfo });
    }
    if (p === '/api/v2/auth/mp/login') {
      Object.assign(user, { openid: 'o_real', is_mock: false });
      return answer({ token: 'tok', user: { ...user }, provider: 'mp' });
    }
    if (p === '/api/v2/userinfo/profile') {
      Object.assign(user, { nickname: o.data?.nickname ?? user.nickname, photo: o.data?.avatar ?? user.photo });
      return answer({ ...user });
    }
    return answer(null, 404);
  }) as never);
  const uploadFile = jest
    .spyOn(Taro, 'uploadFile')
    .mockImplementation((async () => ({ statusCode: upload.status, data: JSON.stringify(upload.body), errMsg: 'uploadFile:ok' })) as never);
  return { calls, user, uploadFile, profileCalls: () => calls.filter((c) => c.path === '/api/v2/userinfo/profile') };
}

/** Log in through the prompt and reach the profile sheet; choose an avatar and type a nickname. */
async function fillProfile(nickname: string) {
  const root = makeRoot('en-US');
  const r = renderWith(<LoginPrompt />, root);
  const one = (id: string) => byTestId(r.container, id)[0];
  await act(() => root.session.start());
  root.session.stop();
  let loggedIn: Promise<boolean> = Promise.resolve(false);
  act(() => void (loggedIn = root.loginPrompt.requireLogin('like')));
  await waitFor(() => expect(one('login-prompt-ok')).toBeDefined());
  await act(async () => {
    fireEvent.click(one('login-prompt-ok'));
    expect(await loggedIn).toBe(true);
  });
  await waitFor(() => expect(one('login-profile')).toBeDefined());
  // WeChat's chooseAvatar answers a temporary local file.
  act(() => void one('login-profile-avatar').dispatchEvent(new CustomEvent('chooseavatar', { detail: { avatarUrl: TEMP_FILE }, bubbles: true })));
  await waitFor(() => expect(one('login-profile-avatar').querySelector('[src]')?.getAttribute('src')).toBe(TEMP_FILE));
  const input = await waitFor(() => {
    const el = one('login-profile-nickname').querySelector('input');
    expect(el).not.toBeNull();
    return el!;
  });
  fireEvent.input(input, { target: { value: nickname }, detail: { value: nickname } });
  await waitFor(() => expect((one('login-profile-nickname').querySelector('input') as HTMLInputElement).value).toBe(nickname));
  return { root, one };
}

afterEach(() => jest.restoreAllMocks());

describe('profile sheet avatar', () => {
  it('tells device files from web images', () => {
    for (const p of [TEMP_FILE, 'wxfile://tmp_a1b2.jpg', 'http://usr/avatar.png', 'blob:http://x/1']) expect(isLocalAvatar(p)).toBe(true);
    for (const p of [AVATAR_URL, 'https://thirdwx.qlogo.cn/mmopen/abc/132']) expect(isLocalAvatar(p)).toBe(false);
  });

  if (isWeapp) {
    beforeEach(() => {
      jest.spyOn(Taro as unknown as { requirePrivacyAuthorize: () => Promise<unknown> }, 'requirePrivacyAuthorize').mockResolvedValue({});
      jest.spyOn(Taro, 'login').mockResolvedValue({ code: 'wx-code-1', errMsg: 'login:ok' } as never);
    });

    it('mini-program: the chosen temporary avatar is uploaded and the profile post carries the returned URL', async () => {
      const server = fakeServer({ status: 200, body: { code: 200, data: { url: AVATAR_URL, user: {} }, msg: 'ok' } });
      const { root, one } = await fillProfile('Ann');
      fireEvent.click(one('login-profile-save'));
      await waitFor(() => expect(root.loginPrompt.isOpen).toBe(false));
      expect(server.uploadFile).toHaveBeenCalledTimes(1);
      expect(server.uploadFile.mock.calls[0][0]).toMatchObject({
        url: 'http://localhost:8080/api/v2/userinfo/avatar',
        filePath: TEMP_FILE,
        name: 'file',
        header: { Authorization: 'Bearer tok', 'X-Client': 'weapp' }
      });
      expect(server.profileCalls().map((c) => c.data)).toEqual([{ nickname: 'Ann', avatar: AVATAR_URL }]);
      expect(root.session.user).toMatchObject({ nickname: 'Ann', photo: AVATAR_URL });
    });

    it('mini-program: a refused upload keeps the sheet open with a message and posts nothing', async () => {
      const server = fakeServer({ status: 400, body: { code: 400, data: null, msg: 'avatar must be a JPEG, PNG or WebP image' } });
      const toast = jest.spyOn(Taro, 'showToast').mockResolvedValue({ errMsg: 'showToast:ok' } as never);
      const { root, one } = await fillProfile('Bo');
      fireEvent.click(one('login-profile-save'));
      await waitFor(() => expect(toast).toHaveBeenCalledWith(expect.objectContaining({ title: 'The avatar could not be uploaded. Please try again' })));
      expect(server.uploadFile).toHaveBeenCalledTimes(1);
      expect(server.profileCalls()).toEqual([]);
      expect(root.loginPrompt.phase).toBe('profile');
      // Skipping still closes the sheet.
      fireEvent.click(one('login-profile-skip'));
      await waitFor(() => expect(root.loginPrompt.isOpen).toBe(false));
    });
  } else {
    it('browser: there is no avatar upload (no chooseAvatar), and it says so', async () => {
      const uploadFile = jest.spyOn(Taro, 'uploadFile');
      await expect(uploadAvatar('blob:http://localhost/1')).rejects.toThrow(/only supported in the mini-program/);
      expect(uploadFile).not.toHaveBeenCalled();
    });
  }
});
