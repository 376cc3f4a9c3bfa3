// Red packet stores of the client (issue 15 Deliver 4): the send form's checks in cents, the
// send flow precreate → pay → poll → create, the open status flow, the 30-day got cache, the
// delays (fake timers) and the phone sign-up.
jest.mock('@tarojs/taro', () => ({ __esModule: true, default: {} }));

import { ApiError } from '../../src/api/client';
import { checkSend, centsToYuan, yuanToCents, packetView, liveDelayMs, checkSignup, GOT_CACHE_MAX_AGE_MS } from '../../src/stores/redpackets/redPacketRules';
import { GotCache, GOT_CACHE_KEY } from '../../src/stores/redpackets/GotCache';
import { RedPacketSendStore, type SendDeps } from '../../src/stores/redpackets/RedPacketSendStore';
import { RedPacketOpenStore, type OpenDeps } from '../../src/stores/redpackets/RedPacketOpenStore';
import { PhoneSignupStore } from '../../src/stores/redpackets/PhoneSignupStore';
import { RedPacketEntry } from '../../src/stores/redpackets/entry';
import type { AskResult, GrabResult, PrecreateResult, RedPacket, RedPacketDetail } from '../../types/api/redpackets';
import type { LiveHandlers } from '../../types/live';

function memoryStorage() {
  const m = new Map<string, unknown>();
  return {
    m,
    read: <T>(k: string, f: T) => (m.has(k) ? (m.get(k) as T) : f),
    write: (k: string, v: unknown) => void m.set(k, JSON.parse(JSON.stringify(v))),
    remove: (k: string) => void m.delete(k)
  };
}

const packet = (extra: Partial<RedPacket> = {}): RedPacket => ({
  id: 5, galleryid: 7, amount: 1000, number: 2, goted: 0, type: 'luck', nickname: 'Ann', photo: '', posttype: 'now', posttime: 1000,
  notice: '', noticestep: 0, access_type: 'other', status: 'open', content: 'Hi', postname: 'Ann', postphoto: '', createtime: 1000, expires_at: 99999, my_amount: null, ...extra
});
const detail = (p: RedPacket): RedPacketDetail => ({ packet: p, items: [{ nickname: 'Bo', photo: '', amount: 600, best: 1, createtime: 1, openid: 'o1' }], total: 1, page: 1, page_size: 20 });

describe('send form rules (integer cents)', () => {
  test.each([
    ['1', '1.005', 'redpacket.amountInvalid'],
    ['1', 'abc', 'redpacket.amountInvalid'],
    ['1', '-5', 'redpacket.amountInvalid'],
    ['1', '0', 'redpacket.amountInvalid'],
    ['1', '200.01', 'redpacket.max200'],
    ['1', '201', 'redpacket.max200'],
    ['3', '2.99', 'redpacket.shareMin'],
    ['123456', '10', 'redpacket.numberInvalid'],
    ['12a', '10', 'redpacket.numberInvalid'],
    ['0', '10', 'redpacket.numberInvalid'],
    ['', '10', 'redpacket.numberInvalid']
  ])('quantity %p, amount %p → %p', (n, a, error) => {
    expect(checkSend(n, a)).toEqual({ ok: false, error });
  });

  test('valid amounts in cents, no floating point', () => {
    expect(checkSend('3', '3')).toEqual({ ok: true, cents: 300, number: 3 });
    expect(checkSend('2', '200')).toEqual({ ok: true, cents: 20000, number: 2 });
    expect(checkSend('1', '0.1')).toEqual({ ok: false, error: 'redpacket.shareMin' });
    expect(yuanToCents('19.99')).toBe(1999);
    expect(yuanToCents('0.07')).toBe(7);
    expect(yuanToCents('1.10')).toBe(110);
    expect(centsToYuan(1999)).toBe('19.99');
    expect(centsToYuan(7)).toBe('0.07');
    expect(centsToYuan(20000)).toBe('200.00');
  });

  test('phone sign-up rules', () => {
    expect(checkSignup('1381234567', 'A', '1234')).toEqual({ ok: false, error: 'redpacket.phoneInvalid' });
    expect(checkSignup('138123456789', 'A', '1234')).toEqual({ ok: false, error: 'redpacket.phoneInvalid' });
    expect(checkSignup('13812345678', ' ', '1234')).toEqual({ ok: false, error: 'redpacket.nameRequired' });
    expect(checkSignup('13812345678', 'A', '123')).toEqual({ ok: false, error: 'redpacket.captchaInvalid' });
    expect(checkSignup('13812345678', 'A', '12345')).toEqual({ ok: false, error: 'redpacket.captchaInvalid' });
    expect(checkSignup('13812345678', 'A', 'ab12')).toEqual({ ok: true });
  });

  test('status → view', () => {
    expect(packetView('')).toBe('loading');
    expect(packetView('end')).toBe('tooSlow');
    expect(packetView('close')).toBe('tooSlow');
    expect(packetView('done')).toBe('details');
    expect(packetView('open')).toBe('open');
    expect(packetView('wait')).toBe('open');
  });

  test('live delay is 1 to 5 s', () => {
    expect(liveDelayMs(() => 0)).toBe(1000);
    expect(liveDelayMs(() => 1)).toBe(5000);
    expect(liveDelayMs(() => 0.5)).toBe(3000);
  });
});

describe('GotCache', () => {
  test('remembers got packets and is cleared 30 days after it began', () => {
    const s = memoryStorage();
    let now = 1_000_000;
    const c = new GotCache({ ...s, now: () => now });
    expect(c.has(5)).toBe(false);
    c.add(5);
    now += 10 * 24 * 3600 * 1000;
    c.add(6);
    expect(c.has(5)).toBe(true);
    expect(c.has(6)).toBe(true);
    now = 1_000_000 + GOT_CACHE_MAX_AGE_MS;
    expect(c.has(5)).toBe(true);
    now += 1;
    expect(c.has(6)).toBe(false);
    expect(s.m.has(GOT_CACHE_KEY)).toBe(false);
  });
});

function sendSetup(over: Partial<SendDeps> = {}, charges: Array<0 | 1> = [0, 1]) {
  const alerts: string[] = [];
  const calls: string[] = [];
  const pre: PrecreateResult = { tradeid: 'RP1', order_id: 11, amount: 300, provider: 'sandbox', wxpay: null, sandbox_url: '/sandbox/pay/RP1' };
  const api = {
    precreate: jest.fn(async (b: { amount: string; number?: string }) => {
      calls.push(`precreate ${b.amount} ${b.number}`);
      return pre;
    }),
    create: jest.fn(async (b: { amount: string; number: string; tradeid: string }) => {
      calls.push(`create ${b.amount} ${b.number} ${b.tradeid}`);
      return { packet: packet({ amount: 300, number: 3 }), replayed: false };
    })
  };
  const statuses = [...charges];
  let now = 10_000;
  const store = new RedPacketSendStore({
    galleryId: 7,
    api: api as unknown as SendDeps['api'],
    getCharge: jest.fn(async () => ({ id: 11, status: statuses.length > 1 ? statuses.shift()! : statuses[0] }) as never),
    platformPay: jest.fn(async () => ({ result: 'opened' as const })),
    channel: () => 'jsapi',
    alert: (t) => void alerts.push(t),
    toast: () => undefined,
    sleep: async () => undefined,
    now: () => now,
    ...over
  });
  return { store, api, alerts, calls, tick: (ms: number) => (now += ms) };
}

describe('RedPacketSendStore', () => {
  test('precreate → pay in the confirm tap → poll → create, amounts as yuan from cents', async () => {
    const { store, calls } = sendSetup();
    store.show();
    store.setNumber('3');
    store.setAmount('3');
    expect(await store.send()).toBe(true);
    expect(store.phase).toBe('confirm');
    const made = await store.pay();
    expect(made?.id).toBe(5);
    expect(calls).toEqual(['precreate 3.00 3', 'create 3.00 3 RP1']);
    expect(store.open).toBe(false);
  });

  test('invalid input never reaches the server; letters are dropped from the quantity', async () => {
    const { store, api } = sendSetup();
    store.setNumber('1a2');
    expect(store.number).toBe('12');
    store.setAmount('1.005');
    expect(await store.send()).toBe(false);
    expect(store.error).toBe('redpacket.amountInvalid');
    expect(api.precreate).not.toHaveBeenCalled();
  });

  test('the send button is debounced', async () => {
    const { store, api, tick } = sendSetup();
    store.setNumber('1');
    store.setAmount('500');
    await store.send();
    expect(store.error).toBe('redpacket.max200');
    store.setAmount('5');
    expect(await store.send()).toBe(false);
    tick(1000);
    expect(await store.send()).toBe(true);
    expect(api.precreate).toHaveBeenCalledTimes(1);
  });

  test("a payment failure shows the provider's errMsg; a create failure the server's message", async () => {
    const { store, alerts } = sendSetup({ platformPay: async () => ({ result: 'failed', errMsg: 'requestPayment:fail no money' }) });
    store.show();
    store.setNumber('1');
    store.setAmount('1');
    await store.send();
    expect(await store.pay()).toBeNull();
    expect(alerts).toEqual(['requestPayment:fail no money']);

    const b = sendSetup();
    b.api.create.mockRejectedValueOnce(new ApiError(200, 201406, null, 'The payment is not complete'));
    b.store.show();
    b.store.setNumber('1');
    b.store.setAmount('1');
    await b.store.send();
    expect(await b.store.pay()).toBeNull();
    expect(b.alerts).toEqual(['The payment is not complete']);
    expect(b.store.paidAwaitingCreate).toBe(true);
    // The retry creates without paying again.
    expect((await b.store.pay())?.id).toBe(5);
    expect(b.api.create).toHaveBeenCalledTimes(2);
  });
});

function openSetup(over: Partial<OpenDeps> = {}) {
  const s = memoryStorage();
  const alerts: string[] = [];
  let handlers: LiveHandlers = {};
  const api = {
    ask: jest.fn(async (): Promise<AskResult> => ({ status: 'welcome', msg: '', packet: packet() })),
    get: jest.fn(async (): Promise<GrabResult> => ({ status: 'done', msg: '', amount: 420, won: true, packet: packet({ my_amount: 420 }) })),
    list: jest.fn(async () => [packet()]),
    detail: jest.fn(async () => detail(packet()))
  };
  const got = new GotCache({ ...s, now: () => 0 });
  const store = new RedPacketOpenStore({
    galleryId: 7,
    api,
    got,
    watch: (_g, h) => {
      handlers = h;
      return () => (handlers = {});
    },
    alert: (t) => void alerts.push(t),
    sleep: async () => undefined,
    random: () => 0.5,
    nowS: () => 2000,
    ...over
  });
  return { store, api, alerts, got, live: () => handlers };
}

describe('RedPacketOpenStore', () => {
  test('status is empty first, then the server’s; welcome → get → done with the amount; later answered locally', async () => {
    const { store, api, got } = openSetup();
    const shown = store.show(packet({ status: undefined as never }));
    expect(store.status).toBe('');
    await shown;
    expect(store.status).toBe('open');
    await store.open();
    expect(api.get).toHaveBeenCalledWith(5);
    expect(store.status).toBe('done');
    expect(store.amount).toBe(420);
    expect(got.has(5)).toBe(true);
    await store.show(packet());
    expect(store.status).toBe('done');
    await store.open();
    expect(api.ask).toHaveBeenCalledTimes(1);
  });

  test('wait alerts; forbidden alerts and marks got; other statuses mark got and show the detail', async () => {
    const a = openSetup();
    a.api.ask.mockResolvedValueOnce({ status: 'wait', msg: '', packet: packet() });
    await a.store.show(packet());
    await a.store.open();
    expect(a.alerts).toEqual(['红包状态异常']);
    expect(a.got.has(5)).toBe(false);

    a.api.ask.mockResolvedValueOnce({ status: 'forbidden', msg: '', packet: packet() });
    await a.store.open();
    expect(a.alerts[1]).toBe('当前红包无法领取');
    expect(a.got.has(5)).toBe(true);

    const b = openSetup();
    b.api.ask.mockResolvedValueOnce({ status: 'end', msg: '', packet: packet({ status: 'end' }), detail: detail(packet({ status: 'end' })) });
    await b.store.show(packet());
    await b.store.open();
    expect(b.store.view).toBe('tooSlow');
    expect(b.store.detailOpen).toBe(true);
    expect(b.store.detail?.items[0].best).toBe(1);
    expect(b.got.has(5)).toBe(true);
  });

  test('phone: the sign-up opens, then ask again', async () => {
    const signUp = jest.fn(async () => true);
    const { store, api } = openSetup({ signUp });
    api.ask.mockResolvedValueOnce({ status: 'phone', msg: '', packet: packet() });
    await store.show(packet());
    await store.open();
    expect(signUp).toHaveBeenCalledTimes(1);
    expect(api.ask).toHaveBeenCalledTimes(2);
    expect(store.status).toBe('done');
  });

  test('a 500 ms open delay and live messages 1–5 s late (fake timers)', async () => {
    jest.useFakeTimers();
    try {
      const { store, api, live } = openSetup({ sleep: (ms) => new Promise((r) => setTimeout(r, ms)), setTimeout: (f, ms) => setTimeout(f, ms), clearTimeout: (t) => clearTimeout(t), random: () => 0.25 });
      store.start();
      live().redpackage!({ id: 5, galleryid: 7, type: 'luck', number: 2, amount: 1000, content: 'Hi', nickname: 'Ann', photo: '', posttype: 'now', posttime: 1000, notice: '', noticestep: 0 }, 7);
      jest.advanceTimersByTime(1999);
      expect(store.current).toBeNull();
      jest.advanceTimersByTime(1);
      expect(store.current?.id).toBe(5);
      await Promise.resolve();
      await Promise.resolve();
      const opening = store.open();
      await Promise.resolve();
      jest.advanceTimersByTime(499);
      await Promise.resolve();
      expect(api.ask).not.toHaveBeenCalled();
      jest.advanceTimersByTime(1);
      await opening;
      expect(api.ask).toHaveBeenCalledTimes(1);
      store.stop();
    } finally {
      jest.useRealTimers();
    }
  });
});

describe('PhoneSignupStore', () => {
  test('60 s countdown, 2 s debounce, bindphone; the server message or Something wrong!', async () => {
    jest.useFakeTimers();
    try {
      let now = 0;
      const api = {
        sendPhoneCode: jest.fn(async () => ({}) as never),
        bindPhone: jest.fn(async () => ({ phone: '13812345678', name: 'A', galleryid: 7 }))
      };
      const s = new PhoneSignupStore({ galleryId: 7, api, now: () => now, toast: () => undefined });
      const bound = s.request();
      s.setPhone('138-1234-5678');
      expect(s.phone).toBe('13812345678');
      expect(await s.sendCode()).toBe(true);
      expect(s.countdown).toBe(60);
      now += 1000;
      expect(await s.sendCode()).toBe(false);
      jest.advanceTimersByTime(30_000);
      expect(s.countdown).toBe(30);
      now += 5000;
      expect(await s.sendCode()).toBe(false);
      jest.advanceTimersByTime(30_000);
      expect(s.countdown).toBe(0);
      now += 5000;
      expect(await s.sendCode()).toBe(true);
      expect(api.sendPhoneCode).toHaveBeenCalledTimes(2);

      s.setCode('12');
      expect(await s.submit()).toBe(false);
      expect(s.error).toBe('redpacket.nameRequired');
      s.setName('Ann');
      expect(await s.submit()).toBe(false);
      expect(s.error).toBe('redpacket.captchaInvalid');
      s.setCode('1234');
      api.bindPhone.mockRejectedValueOnce(new Error('network'));
      expect(await s.submit()).toBe(false);
      expect(s.serverError).toBe('出错了！');
      api.bindPhone.mockRejectedValueOnce(new ApiError(200, 201410, null, 'Please input the right mobile phone number'));
      expect(await s.submit()).toBe(false);
      expect(s.serverError).toBe('Please input the right mobile phone number');
      expect(await s.submit()).toBe(true);
      await expect(bound).resolves.toBe(true);
      expect(api.bindPhone).toHaveBeenLastCalledWith({ phone: '13812345678', galleryid: 7, code: '1234', nickname: 'Ann', content: '' });
      s.dispose();
    } finally {
      jest.useRealTimers();
    }
  });
});

describe('RedPacketEntry', () => {
  test('shows with use_package 1; outside WeChat the tap alerts instead', () => {
    const alerts: string[] = [];
    const outside = new RedPacketEntry(() => false, (t) => void alerts.push(t));
    expect(outside.shows({ use_package: 0 })).toBe(false);
    expect(outside.shows({ use_package: 1 })).toBe(true);
    expect(outside.requestSend()).toBe(false);
    expect(alerts).toEqual(['请在微信中发送和领取红包']);
    const inside = new RedPacketEntry(() => true, () => undefined);
    expect(inside.requestSend()).toBe(true);
    expect(inside.takeSend()).toBe(true);
    expect(inside.takeSend()).toBe(false);
  });
});
