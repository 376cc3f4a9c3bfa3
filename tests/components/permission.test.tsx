import { act } from '@testing-library/react';
import PermissionGate from '../../src/components/permission';
import { PermissionStore } from '../../src/stores/permission/PermissionStore';
import { GalleryStore } from '../../src/stores/gallery/GalleryStore';
import { ClockStore } from '../../src/stores/session/ClockStore';
import { ApiError } from '../../src/api/client';
import type { PermissionApi } from '../../src/api/permission';
import { openUrl } from '../../src/platform/navigate';
import { imageUrl } from '../../src/utils/image';
import type { GateKind, IsPassResponse, PermissibilityResponse } from '../../types/api/permission';
import type { AccessType } from '../../types/api/gallery';
import { ErrorCode } from '../../types/envelope';
import { byTestId, makeGallery, makeRoot, renderWith } from './helpers';

jest.mock('../../src/platform/navigate', () => ({ ...jest.requireActual('../../src/platform/navigate'), openUrl: jest.fn() }));

const GID = 1_000_123;
const LINK = 'vip2026a';

function pass(kind: GateKind, access_type: AccessType, ispass: boolean): IsPassResponse {
  return { gallery_id: GID, kind, access_type, ispass, expires_at: ispass ? 1_900_000_000 : null, image_ticket: ispass ? '1900000000.abcdefghijklmnopqrstuv' : null };
}

/** A server with one closed 'watermark' gate of `type`; it opens when `opens` resolves. */
function fakeApi(type: 'password' | 'phone', over: Partial<PermissionApi> = {}) {
  let open = false;
  const api = {
    isPass: jest.fn(async (kind: GateKind) => (kind === 'pgdata' ? pass('pgdata', 'free', true) : pass('watermark', type, open))),
    checkPassword: jest.fn(async (_k: GateKind, _id: number, pw: string) => {
      if (pw !== '2026') throw new ApiError(200, ErrorCode.WRONG_PASSWORD, { code: ErrorCode.WRONG_PASSWORD, data: null, msg: 'Wrong password' }, 'Wrong password');
      open = true;
      return pass('watermark', 'password', true);
    }),
    sendCode: jest.fn(async () => ({ resend_after: 60, expires_in: 300 })),
    validateCode: jest.fn(async () => {
      open = true;
      return { gallery_id: GID, passes: [pass('watermark', 'phone', true)] };
    }),
    ...over
  };
  return api as jest.Mocked<PermissionApi>;
}

function captchaError(key?: string) {
  return new ApiError(200, ErrorCode.CAPTCHA_ERROR, { code: ErrorCode.CAPTCHA_ERROR, data: key ? { key } : null, msg: 'Invalid verification code' }, 'Invalid verification code');
}

const tooMany = (retry_after?: number) =>
  new ApiError(429, 429, { code: 429, data: retry_after ? { retry_after } : null, msg: 'Too many password attempts, please try again later' }, '429');

async function setup(type: 'password' | 'phone', over: Partial<PermissionApi> = {}, requireLogin = jest.fn(async () => true), language: 'en-US' | 'zh-CN' = 'en-US') {
  const api = fakeApi(type, over);
  const store = new PermissionStore({ api, requireLogin, loadGallery: async () => ({ gallery: makeGallery({ id: GID, link_id: LINK, name: 'VIP Lounge' }), children: [] }) });
  const root = makeRoot(language);
  const view = renderWith(<PermissionGate store={store} />, root);
  await act(() => store.load(GID));
  // Let Taro's H5 input elements render their inner <input> before values change.
  await act(() => new Promise((r) => setTimeout(r, 0)));
  const el = view.container;
  const q = (id: string) => byTestId(el, id)[0];
  const type_ = (id: string, value: string) => act(() => void q(id).dispatchEvent(new CustomEvent('input', { detail: { value }, bubbles: true })));
  const tap = async (id: string) => {
    await act(async () => {
      q(id).click();
      await Promise.resolve();
    });
    await act(async () => undefined);
  };
  return { api, store, el, q, type: type_, tap, requireLogin };
}

beforeEach(() => jest.mocked(openUrl).mockClear());

describe('permission page: password gate', () => {
  it('shows the password form for a password-gated gallery', async () => {
    const { q } = await setup('password');
    expect(q('permission-password-form')).toBeTruthy();
    expect(q('permission-phone-form')).toBeUndefined();
    expect(q('permission-gate').getAttribute('data-kind')).toBe('watermark');
    expect(q('permission-submit').getAttribute('data-disabled')).toBe('true');
  });

  it("a wrong password shows 'Wrong password' and stays on the page", async () => {
    const { q, type, tap, api } = await setup('password');
    type('permission-password', 'nope');
    await tap('permission-submit');
    expect(api.checkPassword).toHaveBeenCalledWith('watermark', GID, 'nope');
    expect(q('permission-error').textContent).toBe('Wrong password');
    expect(openUrl).not.toHaveBeenCalled();
  });

  it('the Chinese page says 密码错误', async () => {
    const { q, type, tap } = await setup('password', {}, undefined, 'zh-CN');
    type('permission-password', 'nope');
    await tap('permission-submit');
    expect(q('permission-error').textContent).toBe('密码错误');
  });

  it('the rate limit answer says when to try again', async () => {
    const { q, type, tap } = await setup('password', { checkPassword: jest.fn().mockRejectedValue(tooMany(42)) });
    type('permission-password', 'x');
    await tap('permission-submit');
    expect(q('permission-error').textContent).toBe('Too many attempts. Please try again in 42 seconds');
    const s2 = await setup('password', { checkPassword: jest.fn().mockRejectedValue(tooMany()) });
    s2.type('permission-password', 'x');
    await s2.tap('permission-submit');
    expect(s2.q('permission-error').textContent).toBe('Too many attempts. Please try again later');
  });

  it('the right password opens the gallery (and its /original form), with the image ticket', async () => {
    const { type, tap, api } = await setup('password');
    type('permission-password', '2026');
    await tap('permission-submit');
    expect(api.checkPassword).toHaveBeenCalledWith('watermark', GID, '2026');
    expect(openUrl).toHaveBeenCalledWith(`/g/${LINK}`, { replace: true });
    expect(imageUrl('ab', 'wx_750_n', GID)).toContain('&p=1900000000.abcdefghijklmnopqrstuv');

    const api2 = fakeApi('password');
    const store = new PermissionStore({ api: api2, loadGallery: async () => ({ gallery: makeGallery({ id: GID, link_id: LINK }), children: [] }) });
    renderWith(<PermissionGate store={store} original="1" />);
    await act(() => store.load(GID));
    await act(() => new Promise((r) => setTimeout(r, 0)));
    act(() => store.setPassword('2026'));
    await act(() => store.submitPassword());
    expect(openUrl).toHaveBeenLastCalledWith(`/g/${LINK}/original/1`, { replace: true });
  });
});

describe('permission page: phone gate', () => {
  afterEach(() => jest.useRealTimers());

  it('asks a guest to log in before sending a code', async () => {
    const requireLogin = jest.fn(async () => false);
    const { type, tap, api } = await setup('phone', {}, requireLogin);
    type('permission-phone', '13800000000');
    await tap('permission-send-code');
    expect(requireLogin).toHaveBeenCalledWith('form_phone');
    expect(api.sendCode).not.toHaveBeenCalled();
  });

  it('send code counts 60 s down and then shows its send label again', async () => {
    const { q, type, tap, api, store } = await setup('phone');
    jest.useFakeTimers();
    expect(q('permission-send-code').textContent).toBe('Send code');
    type('permission-phone', '138 0000 0000');
    await tap('permission-send-code');
    expect(api.sendCode).toHaveBeenCalledWith('13800000000', GID);
    expect(q('permission-send-code').textContent).toBe('Resend in 60 s');
    expect(q('permission-send-code').getAttribute('data-disabled')).toBe('true');
    await tap('permission-send-code');
    expect(api.sendCode).toHaveBeenCalledTimes(1);
    act(() => void jest.advanceTimersByTime(59_000));
    expect(q('permission-send-code').textContent).toBe('Resend in 1 s');
    act(() => void jest.advanceTimersByTime(1_000));
    expect(q('permission-send-code').textContent).toBe('Send code');
    expect(store.canSendCode).toBe(true);
  });

  it('checks the phone and the 4-digit captcha before asking the server', async () => {
    const { q, type, tap, api, store } = await setup('phone');
    type('permission-phone', '1380000');
    await tap('permission-send-code');
    expect(q('permission-error').textContent).toBe('Please enter a valid mobile number');
    type('permission-phone', '13800000000');
    type('permission-code', '12');
    await act(() => store.submitPhone());
    expect(q('permission-error').textContent).toBe('Please enter a valid verification code');
    expect(api.validateCode).not.toHaveBeenCalled();
  });

  it.each([
    ['PhoneCodeError', 'Wrong verification code. Please check it and try again'],
    ['PhoneCodeErrorWhite', 'Wrong verification code, or this mobile number is not allowed'],
    [undefined, 'Invalid verification code']
  ])('a refused code (%s) says %p', async (key, text) => {
    const { q, type, tap } = await setup('phone', { validateCode: jest.fn().mockRejectedValue(captchaError(key)) });
    type('permission-phone', '13800000000');
    type('permission-code', '1234');
    await tap('permission-submit');
    expect(q('permission-error').textContent).toBe(text);
    expect(openUrl).not.toHaveBeenCalled();
  });

  it('the right code opens the gallery', async () => {
    const { type, tap, api } = await setup('phone');
    type('permission-phone', '13800000000');
    await tap('permission-send-code');
    type('permission-code', '0427');
    await tap('permission-submit');
    expect(api.validateCode).toHaveBeenCalledWith('13800000000', '0427');
    expect(openUrl).toHaveBeenCalledWith(`/g/${LINK}`, { replace: true });
  });
});

describe('gallery page gate check', () => {
  const gated = (state: PermissibilityResponse['state']): PermissibilityResponse => ({
    gallery_id: GID,
    link_id: LINK,
    name: 'VIP Lounge',
    cover: null,
    state,
    kind: state === 'passed' ? null : 'watermark',
    gates: { pgdata: { access_type: 'free', ispass: true }, watermark: { access_type: 'password', ispass: state === 'passed' } }
  });

  it('a gated gallery without the pass is not shown; with it, it is', async () => {
    const load = jest.fn(async () => ({ gallery: makeGallery({ id: GID, link_id: LINK, access_type: 'password' }), children: [] }));
    const closed = new GalleryStore(new ClockStore(), load, jest.fn(async () => gated('password')));
    await closed.open({ link_id: LINK });
    expect(closed.state).toBe('gated');
    expect(closed.gate?.gallery_id).toBe(GID);
    const open = new GalleryStore(new ClockStore(), load, jest.fn(async () => gated('passed')));
    await open.open({ link_id: LINK });
    expect(open.state).toBe('ready');
  });

  it('free galleries are not asked about', async () => {
    const check = jest.fn();
    const g = new GalleryStore(new ClockStore(), jest.fn(async () => ({ gallery: makeGallery(), children: [] })), check);
    await g.open({ link_id: 'abc123' });
    expect(g.state).toBe('ready');
    expect(check).not.toHaveBeenCalled();
  });
});
