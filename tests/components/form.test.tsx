// The form and its field components (issue 14 Deliver 5) in H5 and (TARO_ENV_JEST=weapp) the
// mini-program: every type with its defaults and with full props, the phone-code flow, the
// disabled submit's 3 s warning, submit and its error toasts, the pay field's '请先验证手机号', and
// the pay field paid per verified phone (a phone paid on any account shows paid; otherwise it pays for that phone).
import { act, fireEvent, waitFor } from '@testing-library/react';
import Taro from '@tarojs/taro';
import { runInAction } from 'mobx';
import { PageRenderer } from '../../src/page-components/PageRenderer';
import { formApi } from '../../src/api/form';
import { payApi } from '../../src/api/pay';
import { getPaymentStores, setPaymentStores } from '../../src/stores/pay/paymentStores';
import { ApiError } from '../../src/api/client';
import { openUrl } from '../../src/platform/navigate';
import { postFormJson } from '../../src/platform/formPost';
import type { PageComponent } from '../../types/page';
import { FORM_FIELD_TYPES } from '../../types/page/formDefinitions';
import { byTestId, makeGallery, makeRoot, renderWith } from './helpers';

jest.mock('../../src/api/form', () => ({ formApi: { sendValidate: jest.fn(), validateCodeV2: jest.fn(), validation: jest.fn(), paper: jest.fn() } }));
jest.mock('../../src/api/pay', () => ({ ...jest.requireActual('../../src/api/pay'), payApi: { ...jest.requireActual('../../src/api/pay').payApi, goods: jest.fn() } }));
jest.mock('../../src/platform/navigate', () => ({ ...jest.requireActual('../../src/platform/navigate'), openUrl: jest.fn() }));
jest.mock('../../src/platform/formPost', () => ({ postFormJson: jest.fn() }));

const api = jest.mocked(formApi);
const gallery = makeGallery({ id: 42, link_id: 'evt12345', parent_link_id: 'top12345' });
const page = (components: PageComponent[]) => <PageRenderer pagedata={{ components }} context={{ gallery, children: [] }} />;
const text = (el: Element | undefined) => (el?.textContent ?? '').replace(/\s+/g, ' ').trim();
let toast: jest.SpyInstance;

const FULL: PageComponent = {
  id: 'reg',
  type: 'form',
  props: {
    title: 'Registration',
    submit_text: 'Sign up',
    children: [
      { id: 'name', type: 'form_input', props: { field: 'Name', required: true, max: 10, placeholder: 'Your name' } },
      { id: 'mobile', type: 'form_phone', props: { field: 'Mobile', required: true } },
      { id: 'note', type: 'form_textarea', props: { field: 'Note', max: 5 } },
      { id: 'born', type: 'form_date', props: { field: 'Birthday' } },
      { id: 'at', type: 'form_time', props: { field: 'Arrival' } },
      { id: 'size', type: 'form_radio', props: { field: 'Size', options: ['S', 'M', 'L'] } },
      { id: 'meals', type: 'form_checkbox', props: { field: 'Meals', options: ['Lunch', 'Dinner'] } },
      { id: 'city', type: 'form_select', props: { field: 'City', options: ['Beijing', 'Shanghai'] } },
      { id: 'invite', type: 'form_invite', props: { field: 'Invite' } },
      { id: 'pw', type: 'form_password', props: { field: 'Password' } },
      { id: 'fee', type: 'form_pay', props: { field: 'Fee', goods_id: 7 } }
    ]
  }
};

function loggedIn(root = makeRoot('en-US')) {
  act(() => {
    runInAction(() => (root.session.user = { id: 9, openid: 'o_9', nickname: 'Li', photo: '', is_mock: false, token: 't' } as never));
  });
  return root;
}

/** The native input inside a field (AtInput / AtTextarea render one). */
function inputOf(container: HTMLElement, field: string, nth = 0): HTMLElement {
  const el = container.querySelector(`[data-field="${field}"]`)!;
  // The Taro element of each AtInput / AtTextarea (its own native input, once rendered, is inside it).
  const custom = el.querySelectorAll('taro-input-core, taro-textarea-core');
  const inputs = custom.length ? custom : el.querySelectorAll('input, textarea');
  const target = inputs[nth] as HTMLElement;
  expect(target).toBeTruthy();
  return target;
}
function type(target: HTMLElement, value: string) {
  act(() => {
    target.dispatchEvent(new CustomEvent('input', { detail: { value }, bubbles: true }));
  });
}
const flush = () => act(async () => void (await new Promise((r) => setTimeout(r, 0))));

/** Renders and waits for the form's code (a lazy chunk: registry → form/lazy.tsx) and its fields. */
async function mount(ui: Parameters<typeof renderWith>[0], root: Parameters<typeof renderWith>[1]) {
  const r = renderWith(ui, root);
  // The first test loads the chunk (taro-ui's form parts): on a loaded machine that takes more than waitFor's default 1 s.
  await waitFor(() => expect(byTestId(r.container, 'form-submit').length).toBeGreaterThan(0), { timeout: 20000 });
  await act(async () => {
    for (let i = 0; i < 5; i++) await Promise.resolve();
  });
  return r;
}

beforeEach(() => {
  for (const f of Object.values(api)) f.mockReset();
  jest.mocked(payApi.goods).mockReset().mockResolvedValue({ id: 7, gallery_id: 42, name: 'Entry', price: 990, kind: 'download' });
  jest.mocked(openUrl).mockReset();
  jest.mocked(postFormJson).mockReset();
  toast = jest.spyOn(Taro, 'showToast').mockClear().mockResolvedValue({} as never);
  // Each test's own PayStore (the app keeps one), so a spy on it stays in its test.
  setPaymentStores(null);
});
const toasts = () => toast.mock.calls.map((c) => (c[0] as { title: string }).title);

describe('form: every field type', () => {
  it('with defaults: each type renders its own label inside a form, the submit button, nothing outside a form', async () => {
    const children = FORM_FIELD_TYPES.map((type) => ({ id: `f_${type}`, type }));
    const { container } = await mount(page([{ id: 'f', type: 'form', props: { children } }, { id: 'alone', type: 'form_input' }]), makeRoot('en-US'));
    expect(byTestId(container, 'form')).toHaveLength(1);
    // form_pay without a good shows nothing to pay.
    // Each field type's renderer resolves on its own (lazy.tsx): on a loaded machine not all in the same tick.
    await waitFor(() => expect(byTestId(container, 'form-field').map((e) => e.dataset.type)).toEqual(FORM_FIELD_TYPES.filter((t) => t !== 'form_pay')), { timeout: 20000 });
    expect(text(container.querySelector('[data-field="f_form_phone"] .form-field__label') ?? undefined)).toBe('Mobile');
    expect(text(container.querySelector('[data-field="f_form_invite"] .form-field__label') ?? undefined)).toBe('Invite code');
    expect(text(byTestId(container, 'form-submit')[0])).toBe('Submit');
    // Nothing is required by default: submit is enabled.
    expect(byTestId(container, 'form-submit')[0].dataset.enabled).toBe('1');
    expect(container.querySelector('[data-field="alone"]')).toBeNull();
  });

  it('with full props: title, labels with required marks, options, the price as ¥ with 2 decimals; Chinese texts', async () => {
    const { container } = await mount(page([FULL]), makeRoot('zh-CN'));
    await flush();
    expect(container.textContent).toContain('Registration');
    expect(text(byTestId(container, 'form-submit')[0])).toBe('Sign up');
    expect(byTestId(container, 'form-field').map((e) => e.dataset.field)).toEqual(['name', 'mobile', 'note', 'born', 'at', 'size', 'meals', 'city', 'invite', 'pw', 'fee']);
    expect(container.querySelectorAll('.form-field__required')).toHaveLength(2);
    expect(container.querySelector('[data-field="size"]')!.textContent).toContain('M');
    expect(container.querySelector('[data-field="meals"]')!.textContent).toContain('Dinner');
    expect(text(byTestId(container, 'form-pay-price')[0])).toBe('¥9.90');
    expect(text(byTestId(container, 'form-phone-send')[0])).toBe('获取验证码');
    expect(byTestId(container, 'form-submit')[0].dataset.enabled).toBe('0');
  });
});

describe('form: rules and flows', () => {
  it('a disabled submit shows the top warning naming the first missing field for 3 s', async () => {
    jest.useFakeTimers();
    try {
      const { container } = await mount(page([FULL]), loggedIn());
      act(() => void fireEvent.click(byTestId(container, 'form-submit')[0]));
      expect(text(byTestId(container, 'form-warning')[0])).toBe('Please input the right Name');
      act(() => void jest.advanceTimersByTime(2999));
      expect(byTestId(container, 'form-warning')).toHaveLength(1);
      act(() => void jest.advanceTimersByTime(1));
      expect(byTestId(container, 'form-warning')).toHaveLength(0);
      expect(api.paper).not.toHaveBeenCalled();
    } finally {
      jest.useRealTimers();
    }
  });

  it('the phone flow: a phone is needed to send; the countdown blocks resend; a wrong code fails and is cleared; the fourth right digit verifies', async () => {
    jest.useFakeTimers();
    try {
      const { container } = await mount(page([FULL]), loggedIn());
      const send = () => act(async () => void fireEvent.click(byTestId(container, 'form-phone-send')[0]));
      await send();
      expect(toasts()).toContain('Please input the Mobile');
      expect(api.sendValidate).not.toHaveBeenCalled();
      api.sendValidate.mockResolvedValue({ resend_after: 60, expires_in: 300 });
      type(inputOf(container, 'mobile', 1), '13800000001');
      await send();
      expect(api.sendValidate).toHaveBeenCalledWith({ phone: '13800000001', type: 'form', country: '86', gallery_id: 42, action: 'reg' });
      expect(toasts()).toContain('Verification code sent');
      expect(text(byTestId(container, 'form-phone-send')[0])).toBe('Resend in 60 s');
      await send();
      expect(api.sendValidate).toHaveBeenCalledTimes(1);
      act(() => void jest.advanceTimersByTime(1000));
      expect(text(byTestId(container, 'form-phone-send')[0])).toBe('Resend in 59 s');
      api.validateCodeV2.mockRejectedValueOnce(new ApiError(200, 200210, null, 'Captcha error'));
      type(inputOf(container, 'mobile', 2), '123');
      expect(api.validateCodeV2).not.toHaveBeenCalled();
      type(inputOf(container, 'mobile', 2), '1234');
      await act(async () => void (await Promise.resolve()));
      await waitFor(() => expect(byTestId(container, 'form-phone-code')[0].dataset.state).toBe('-1'));
      expect(byTestId(container, 'form-phone-error')).toHaveLength(1);
      api.validateCodeV2.mockResolvedValueOnce({ status: 1, phone: '13800000001', country: '86', paid: [] });
      type(inputOf(container, 'mobile', 2), '5678');
      await waitFor(() => expect(byTestId(container, 'form-phone-verified')).toHaveLength(1));
      expect(api.validateCodeV2).toHaveBeenLastCalledWith({ phone: '13800000001', country: '86', code: '5678', gallery_id: 42, action: 'reg' });
      expect(text(byTestId(container, 'form-phone-send')[0])).toBe('Verified');
      await send();
      expect(api.sendValidate).toHaveBeenCalledTimes(1);
    } finally {
      jest.useRealTimers();
    }
  });

  it('a guest is asked to log in before a code is sent', async () => {
    const root = makeRoot('en-US');
    const login = jest.spyOn(root.loginPrompt, 'requireLogin').mockResolvedValue(false);
    const { container } = await mount(page([FULL]), root);
    type(inputOf(container, 'mobile', 1), '13800000001');
    await act(async () => void fireEvent.click(byTestId(container, 'form-phone-send')[0]));
    expect(login).toHaveBeenCalledWith('form_phone');
    expect(api.sendValidate).not.toHaveBeenCalled();
  });

  it('pay needs a verified phone first', async () => {
    const root = loggedIn(makeRoot('zh-CN'));
    const payGoods = jest.spyOn(getPaymentStores(root).pay, 'payGoods');
    const { container } = await mount(page([FULL]), root);
    await flush();
    await act(async () => void fireEvent.click(byTestId(container, 'form-pay-button')[0]));
    expect(toasts()).toContain('请先验证手机号');
    expect(payGoods).not.toHaveBeenCalled();
  });

  /** A form whose pay field is required: submit waits for the payment of the verified phone. */
  const PAID: PageComponent = {
    id: 'entry',
    type: 'form',
    props: {
      children: [
        { id: 'name', type: 'form_input', props: { field: 'Name', required: true } },
        { id: 'mobile', type: 'form_phone', props: { field: 'Mobile', required: true } },
        { id: 'fee', type: 'form_pay', props: { field: 'Fee', required: true, goods_id: 7 } }
      ]
    }
  };

  async function verifyPhone(container: HTMLElement, phone: string, paid: string[]) {
    api.sendValidate.mockResolvedValue({ resend_after: 60, expires_in: 300 });
    api.validateCodeV2.mockResolvedValueOnce({ status: 1, phone, country: '86', paid });
    type(inputOf(container, 'mobile', 1), phone);
    await act(async () => void fireEvent.click(byTestId(container, 'form-phone-send')[0]));
    type(inputOf(container, 'mobile', 2), '1234');
    await waitFor(() => expect(byTestId(container, 'form-phone-verified')).toHaveLength(1));
  }

  it('a verified phone that already paid (on any account) shows the paid state, asks for no payment, and submit opens', async () => {
    const root = loggedIn();
    const payGoods = jest.spyOn(getPaymentStores(root).pay, 'payGoods');
    api.validation.mockResolvedValue({ phones: [{ phone: '13800000001', country: '86' }] });
    api.paper.mockResolvedValue({ id: 1, redirect: 'top12345', replaced: false });
    const { container } = await mount(page([PAID]), root);
    await flush();
    type(inputOf(container, 'name'), 'Han');
    expect(byTestId(container, 'form-pay-button')).toHaveLength(1);
    act(() => void fireEvent.click(byTestId(container, 'form-submit')[0]));
    expect(text(byTestId(container, 'form-warning')[0])).toBe('Please input the right Mobile');
    await verifyPhone(container, '13800000001', ['fee']);
    expect(text(byTestId(container, 'form-pay-paid')[0])).toBe('Paid for 138****0001');
    expect(byTestId(container, 'form-pay-button')).toHaveLength(0);
    expect(byTestId(container, 'form-submit')[0].dataset.enabled).toBe('1');
    await act(async () => void fireEvent.click(byTestId(container, 'form-submit')[0]));
    await waitFor(() => expect(toasts()).toContain('Submitted successfully'));
    expect(payGoods).not.toHaveBeenCalled();
  });

  it('a verified phone that has not paid: submit says no payment record; the pay button pays for that phone, then the paid state', async () => {
    const root = loggedIn();
    const payGoods = jest.spyOn(getPaymentStores(root).pay, 'payGoods').mockResolvedValue(true);
    const { container } = await mount(page([PAID]), root);
    await flush();
    type(inputOf(container, 'name'), 'Han');
    await verifyPhone(container, '13800000002', []);
    expect(byTestId(container, 'form-pay-paid')).toHaveLength(0);
    expect(byTestId(container, 'form-submit')[0].dataset.enabled).toBe('0');
    act(() => void fireEvent.click(byTestId(container, 'form-submit')[0]));
    expect(text(byTestId(container, 'form-warning')[0])).toBe('no payment record for this phone number');
    await act(async () => void fireEvent.click(byTestId(container, 'form-pay-button')[0]));
    expect(payGoods).toHaveBeenCalledWith(7, { gallery_id: 42, action: 'entry', phone: '13800000002', country: '86' });
    await waitFor(() => expect(text(byTestId(container, 'form-pay-paid')[0])).toBe('Paid for 138****0002'));
    expect(byTestId(container, 'form-submit')[0].dataset.enabled).toBe('1');
  });

  it('a payment that does not go through leaves the field unpaid', async () => {
    const root = loggedIn();
    jest.spyOn(getPaymentStores(root).pay, 'payGoods').mockResolvedValue(false);
    const { container } = await mount(page([PAID]), root);
    await flush();
    await verifyPhone(container, '13800000003', []);
    await act(async () => void fireEvent.click(byTestId(container, 'form-pay-button')[0]));
    expect(byTestId(container, 'form-pay-paid')).toHaveLength(0);
    expect(byTestId(container, 'form-pay-button')).toHaveLength(1);
  });

  const SMALL: PageComponent = {
    id: 'mini',
    type: 'form',
    props: {
      children: [
        { id: 'name', type: 'form_input', props: { field: 'Name', required: true } },
        { id: 'note', type: 'form_textarea', props: { field: 'Note', max: 5 } },
        { id: 'meals', type: 'form_checkbox', props: { field: 'Meals', options: ['Lunch', 'Dinner'] } },
        { id: 'code', type: 'form_invite', props: { field: 'Invite' } }
      ]
    }
  };

  it('submit: the textarea is cut to its max, the checkbox sends a list; validation then paper; PostPaperSuccess and /g/{parent}', async () => {
    api.validation.mockResolvedValue({ phones: [] });
    api.paper.mockResolvedValue({ id: 1, redirect: 'top12345', replaced: false });
    const { container } = await mount(page([SMALL]), loggedIn());
    type(inputOf(container, 'name'), 'Han Meimei');
    type(inputOf(container, 'note'), 'abcdefgh');
    type(inputOf(container, 'code'), 'RUN2026');
    const boxes = container.querySelectorAll('[data-field="meals"] .at-checkbox__option');
    act(() => void fireEvent.click(boxes[1]));
    expect(byTestId(container, 'form-submit')[0].dataset.enabled).toBe('1');
    await act(async () => void fireEvent.click(byTestId(container, 'form-submit')[0]));
    await waitFor(() => expect(toasts()).toContain('Submitted successfully'));
    // The toast is read, then the parent page opens.
    expect(jest.mocked(openUrl)).not.toHaveBeenCalled();
    await waitFor(() => expect(jest.mocked(openUrl)).toHaveBeenCalledWith('/g/top12345', { replace: true }), { timeout: 4000 });
    expect(api.validation).toHaveBeenCalledWith(42, 'mini');
    expect(api.paper).toHaveBeenCalledWith(42, { action: 'mini', parent: 'top12345', json_data: { name: 'Han Meimei', note: 'abcde', meals: ['Dinner'], code: 'RUN2026' } });
    expect(toasts()).toContain('Submitted successfully');
  });

  it('a visitor who leaves the page within the toast is not taken to the parent page afterwards', async () => {
    api.validation.mockResolvedValue({ phones: [] });
    api.paper.mockResolvedValue({ id: 1, redirect: 'top12345', replaced: false });
    const { container, unmount } = await mount(page([SMALL]), loggedIn());
    type(inputOf(container, 'name'), 'Han');
    jest.useFakeTimers();
    try {
      await act(async () => void fireEvent.click(byTestId(container, 'form-submit')[0]));
      await waitFor(() => expect(toasts()).toContain('Submitted successfully'));
      unmount();
      act(() => void jest.advanceTimersByTime(10_000));
      expect(jest.mocked(openUrl)).not.toHaveBeenCalled();
    } finally {
      jest.useRealTimers();
    }
  });

  it.each([200001, 200202, 200208, 200209])('a refusal %i: the toast PostPaperError with the code, no redirect', async (code) => {
    api.validation.mockResolvedValue({ phones: [] });
    api.paper.mockRejectedValue(new ApiError(200, code, null, 'refused'));
    const { container } = await mount(page([SMALL]), loggedIn());
    type(inputOf(container, 'name'), 'Han');
    await act(async () => void fireEvent.click(byTestId(container, 'form-submit')[0]));
    await waitFor(() => expect(toasts()).toContain(`Submit failed ${code}`));
    expect(jest.mocked(openUrl)).not.toHaveBeenCalled();
  });

  it("a failing custom request shows the server's text, or 'submit failed'", async () => {
    api.validation.mockResolvedValue({ phones: [] });
    api.paper.mockResolvedValue({ id: 1, redirect: 'top12345', replaced: false });
    const custom = { ...SMALL, props: { ...SMALL.props, custom_url: 'https://crm.example.com/hook' } };
    for (const [answer, shown] of [[{ ok: false, text: 'quota exceeded' }, 'quota exceeded'], [{ ok: false, text: '' }, 'submit failed']] as const) {
      jest.mocked(postFormJson).mockResolvedValueOnce(answer);
      const { container, unmount } = await mount(page([custom]), loggedIn());
      type(inputOf(container, 'name'), 'Han');
      await act(async () => void fireEvent.click(byTestId(container, 'form-submit')[0]));
      await waitFor(() => expect(toasts()).toContain(shown));
      expect(jest.mocked(postFormJson)).toHaveBeenLastCalledWith('https://crm.example.com/hook', { raw: { name: 'Han', note: '', meals: [], code: '' }, unionid: 'o_9' });
      unmount();
    }
    expect(jest.mocked(openUrl)).not.toHaveBeenCalled();
  });
});

