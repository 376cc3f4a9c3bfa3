// The red packet modals (issue 15 Deliver 4) in H5 and (TARO_ENV_JEST=weapp) the mini-program:
// the send modal's checks and its pay step, the open modal's status views and the detail with
// the best-luck mark, the phone sign-up, and the plus button behind use_package.
import { act } from '@testing-library/react';
import Taro from '@tarojs/taro';
import SendModal from '../../src/components/redpacket/SendModal';
import OpenModal from '../../src/components/redpacket/OpenModal';
import DetailModal from '../../src/components/redpacket/DetailModal';
import PhoneModal from '../../src/components/redpacket/PhoneModal';
import RedPacketPlusButton from '../../src/components/redpacket/RedPacketPlusButton';
import { RedPacketSendStore } from '../../src/stores/redpackets/RedPacketSendStore';
import { RedPacketOpenStore } from '../../src/stores/redpackets/RedPacketOpenStore';
import { PhoneSignupStore } from '../../src/stores/redpackets/PhoneSignupStore';
import { GotCache } from '../../src/stores/redpackets/GotCache';
import { redPacketEntry } from '../../src/stores/redpackets/entry';
import type { RedPacket, RedPacketDetail } from '../../types/api/redpackets';
import type { LiveEventMap, LiveHandlers } from '../../types/live';
import { byTestId, renderWith } from './helpers';

const packet = (extra: Partial<RedPacket> = {}): RedPacket => ({
  id: 5, galleryid: 7, amount: 1000, number: 2, goted: 2, type: 'luck', nickname: 'Ann', photo: '', posttype: 'now', posttime: 1000,
  notice: '', noticestep: 0, access_type: 'other', status: 'open', content: 'Cheers', postname: 'Ann', postphoto: '', createtime: 1000, expires_at: 99999, my_amount: null, ...extra
});
const detail = (p: RedPacket): RedPacketDetail => ({
  packet: p,
  items: [
    { nickname: 'Bo', photo: '', amount: 600, best: 1, createtime: 1, openid: 'o1' },
    { nickname: 'Cy', photo: '', amount: 400, best: 0, createtime: 2, openid: 'o2' }
  ],
  total: 2, page: 1, page_size: 20
});

// taro-ui's AtSegmentedControl sizes its text with Taro.pxTransform, which the app's runtime
// initialises from config/index.ts (designWidth 750); the test renderer has no app, so the same here.
beforeAll(() => Taro.initPxTransform({ designWidth: 750, deviceRatio: { 640: 2.34 / 2, 750: 1, 375: 2, 828: 1.81 / 2 } } as Parameters<typeof Taro.initPxTransform>[0]));

function memory() {
  const m = new Map<string, unknown>();
  return new GotCache({ read: <T,>(k: string, f: T) => (m.has(k) ? (m.get(k) as T) : f), write: (k, v) => void m.set(k, v), remove: (k) => void m.delete(k), now: () => 0 });
}

async function mount(ui: JSX.Element) {
  const view = renderWith(ui);
  await act(() => new Promise((r) => setTimeout(r, 0)));
  const el = view.container.ownerDocument.body;
  const q = (id: string) => byTestId(el, id)[0];
  const type = (id: string, value: string) => act(() => void q(id).dispatchEvent(new CustomEvent('input', { detail: { value }, bubbles: true })));
  const tap = async (id: string) => {
    await act(async () => {
      q(id).click();
      await Promise.resolve();
    });
    await act(async () => undefined);
  };
  return { el, q, type, tap };
}

describe('send modal', () => {
  function store() {
    const alerts: string[] = [];
    const api = {
      precreate: jest.fn(async () => ({ tradeid: 'RP1', order_id: 11, amount: 300, provider: 'sandbox', wxpay: null, sandbox_url: '/sandbox/pay/RP1' })),
      create: jest.fn(async () => ({ packet: packet(), replayed: false }))
    };
    const platformPay = jest.fn(async () => ({ result: 'opened' as const }));
    const s = new RedPacketSendStore({
      galleryId: 7, api, platformPay, channel: () => 'jsapi', alert: (t) => void alerts.push(t), toast: () => undefined,
      getCharge: jest.fn(async () => ({ id: 11, status: 1 }) as never), sleep: async () => undefined
    });
    s.show();
    return { s, api, platformPay, alerts };
  }

  it('refuses over 200 yuan with max 200, then pays and creates', async () => {
    const { s, api, platformPay } = store();
    const { q, type, tap } = await mount(<SendModal store={s} />);
    type('redpacket-number', '3');
    type('redpacket-amount', '300');
    await tap('redpacket-send-button');
    expect(q('redpacket-send-error').textContent).toBe('max 200');
    expect(api.precreate).not.toHaveBeenCalled();
    type('redpacket-amount', '3');
    expect(q('redpacket-total').textContent).toBe('¥3.00');
    // Past the send button's debounce.
    (s as unknown as { lastTap: number }).lastTap = -Infinity;
    await tap('redpacket-send-button');
    expect(api.precreate).toHaveBeenCalledWith({ amount: '3.00', galleryid: 7, number: '3', channel: 'jsapi' });
    expect(q('redpacket-pay').textContent).toBe('Pay ¥3.00');
    await tap('redpacket-pay');
    expect(platformPay).toHaveBeenCalledTimes(1);
    expect(api.create).toHaveBeenCalledWith(expect.objectContaining({ number: '3', amount: '3.00', type: 'luck', tradeid: 'RP1', galleryid: 7 }));
  });

  it('a share under 1 yuan is refused; the type is chosen on the segmented control', async () => {
    const { s } = store();
    const { q, type, tap } = await mount(<SendModal store={s} />);
    const normal = q('redpacket-type').querySelectorAll('.at-segmented-control__item')[1] as HTMLElement;
    await act(async () => normal.click());
    expect(s.type).toBe('normal');
    expect(q('redpacket-type').getAttribute('data-value')).toBe('normal');
    type('redpacket-number', '5');
    type('redpacket-amount', '4.99');
    await tap('redpacket-send-button');
    expect(q('redpacket-send-error').textContent).toBe('Each red packet must be at least 1 yuan');
  });
});

describe('open modal and detail', () => {
  function store(over: Partial<ConstructorParameters<typeof RedPacketOpenStore>[0]> = {}) {
    const api = {
      ask: jest.fn(async () => ({ status: 'welcome' as const, msg: '', packet: packet() })),
      get: jest.fn(async () => ({ status: 'done' as const, msg: '', amount: 420, won: true, packet: packet({ my_amount: 420 }) })),
      list: jest.fn(async () => [packet()]),
      detail: jest.fn(async () => detail(packet({ my_amount: 420 })))
    };
    return { api, s: new RedPacketOpenStore({ galleryId: 7, api, got: memory(), watch: () => () => undefined, sleep: async () => undefined, alert: () => undefined, ...over }) };
  }

  it('Open → the amount → View details with the best-luck mark', async () => {
    const { s } = store();
    const { q, tap, el } = await mount(
      <>
        <OpenModal store={s} />
        <DetailModal store={s} />
      </>
    );
    await act(() => s.show(packet()));
    expect(q('redpacket-open-wish').textContent).toBe('Cheers');
    await tap('redpacket-open-button');
    expect(q('redpacket-my-amount').textContent).toBe('¥4.20');
    await tap('redpacket-view-details');
    const rows = byTestId(el, 'redpacket-recipient');
    expect(rows.map((r) => r.getAttribute('data-best'))).toEqual(['1', '0']);
    expect(rows[0].textContent).toContain('Best luck');
    expect(q('redpacket-detail-mine').textContent).toBe('¥4.20');
  });

  it("a packet's late live message leaves its open modal and the amount shown alone", async () => {
    let live: LiveHandlers['redpackage'];
    const timers: Array<() => void> = [];
    const { s } = store({
      watch: (_g: number, h: LiveHandlers) => ((live = h.redpackage), () => undefined),
      setTimeout: ((fn: () => void) => (timers.push(fn), timers.length)) as never
    });
    const { q, tap } = await mount(<OpenModal store={s} />);
    s.start();
    // The sender's own packet opens when it is paid; its live message is still on its way.
    await act(() => s.show(packet()));
    live!({ ...packet(), galleryid: 7 } as unknown as LiveEventMap['redpackage'], 7);
    await tap('redpacket-open-button');
    expect(q('redpacket-my-amount').textContent).toBe('¥4.20');
    await act(async () => timers.forEach((fn) => fn()));
    expect(q('redpacket-my-amount').textContent).toBe('¥4.20');
    s.stop();
  });

  it('end shows the too-slow view', async () => {
    const { s } = store();
    const { q } = await mount(<OpenModal store={s} />);
    await act(() => s.show(packet({ status: 'end' })));
    expect(q('redpacket-too-slow').textContent).toBe('Too slow! All red packets are gone');
    expect(q('redpacket-open-button')).toBeUndefined();
  });
});

describe('phone sign-up modal', () => {
  it('checks phone, name and captcha, then binds', async () => {
    const api = { sendPhoneCode: jest.fn(async () => ({}) as never), bindPhone: jest.fn(async () => ({ phone: '13812345678', name: 'Ann', galleryid: 7 })) };
    const s = new PhoneSignupStore({ galleryId: 7, api, toast: () => undefined });
    const bound = s.request();
    const { q, type, tap } = await mount(<PhoneModal store={s} />);
    type('redpacket-phone-number', '1381234567');
    await tap('redpacket-phone-submit');
    expect(q('redpacket-phone-error').textContent).toBe('Please input the right mobile phone number');
    type('redpacket-phone-number', '13812345678');
    await tap('redpacket-phone-send');
    expect(api.sendPhoneCode).toHaveBeenCalledWith('13812345678', 7);
    expect(q('redpacket-phone-send').textContent).toBe('Resend in 60 s');
    await tap('redpacket-phone-submit');
    expect(q('redpacket-phone-error').textContent).toBe('Please input name');
    type('redpacket-phone-name', 'Ann');
    type('redpacket-phone-code', '123');
    await tap('redpacket-phone-submit');
    expect(q('redpacket-phone-error').textContent).toBe('Please input the right captcha');
    type('redpacket-phone-code', '1234');
    await tap('redpacket-phone-submit');
    await expect(bound).resolves.toBe(true);
    s.dispose();
  });
});

describe('plus button', () => {
  it('shows only with use_package 1; outside WeChat the tap asks for no send modal', async () => {
    const off = await mount(<RedPacketPlusButton gallery={{ id: 9001, config: { use_package: 0 } }} />);
    expect(off.q('redpacket-plus')).toBeUndefined();
    const on = await mount(<RedPacketPlusButton gallery={{ id: 9002, config: { use_package: 1 } }} />);
    expect(on.q('redpacket-plus')).toBeTruthy();
    await on.tap('redpacket-plus');
    // jsdom's user agent is not WeChat (and not the mini-program in the H5 run): an alert, no send request.
    expect(redPacketEntry(9002).sendWanted).toBe(process.env.TARO_ENV_JEST === 'weapp');
  });
});
