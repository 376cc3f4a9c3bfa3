// The steps a paid send shares (src/stores/pay/paidFlow.ts; the gift and red-packet send stores):
// a precreate's answer as a prepay, the platform's pay step started in the tap whatever it throws,
// and the wait for the charge: refused, paid, unpaid after the polls, abandoned.
import { awaitPayment, payQr, precreatedPrepay, startPlatformPay } from '../../src/stores/pay/paidFlow';
import type { PlatformPayOutcome } from '../../src/platform/pay';
import type { PrePayResult } from '../../types/api/pay';

const precreated = { order_id: 9, tradeid: 'LG9', amount: 660, provider: 'sandbox', wxpay: null, sandbox_url: '/sandbox/pay/LG9' };

function polling(statuses: Array<0 | 1 | 'error'>, pollLimit = 4) {
  const asked: number[] = [];
  const slept: number[] = [];
  const deps = {
    getCharge: jest.fn(async (id: number) => {
      asked.push(id);
      const s = statuses.length > 1 ? statuses.shift()! : statuses[0];
      if (s === 'error') throw new Error('network');
      return { status: s };
    }),
    sleep: async (ms: number) => void slept.push(ms),
    pollMs: 2000,
    pollLimit
  };
  return { deps, asked, slept };
}

describe('paidFlow', () => {
  it("turns a precreate's answer into the prepay the platform step takes, and its QR", () => {
    const p = precreatedPrepay({ ...precreated, code_url: 'weixin://x' }, 'native');
    expect(p).toEqual({ id: 9, out_trade_no: 'LG9', amount: 660, status: 0, provider: 'sandbox', channel: 'native', code_url: 'weixin://x', sandbox_url: '/sandbox/pay/LG9' });
    expect(payQr(p)).toEqual({ codeUrl: 'weixin://x', sandboxUrl: '/sandbox/pay/LG9' });
    const jsapi = { appId: 'a', timeStamp: '1', nonceStr: 'n', package: 'prepay_id=1', signType: 'RSA' as const, paySign: 's' };
    const wechat = precreatedPrepay({ ...precreated, provider: 'wechat', wxpay: jsapi, sandbox_url: undefined, code_url: 'weixin://y' }, 'jsapi');
    expect(wechat.jsapi).toEqual(jsapi);
    expect(payQr(wechat)).toEqual({ codeUrl: 'weixin://y', sandboxUrl: null });
  });

  it('starts the platform step at once; a synchronous throw or a rejection is a failed outcome with its message', async () => {
    const prepay = precreatedPrepay(precreated, 'jsapi');
    const calls: PrePayResult[] = [];
    const step = startPlatformPay((r) => {
      calls.push(r);
      return Promise.resolve({ result: 'done' });
    }, prepay);
    expect(calls).toEqual([prepay]);
    await expect(step).resolves.toEqual({ result: 'done' });
    const thrown = startPlatformPay(() => {
      throw new Error('no bridge');
    }, prepay);
    await expect(thrown).resolves.toEqual({ result: 'failed', errMsg: 'no bridge' });
    await expect(startPlatformPay(() => Promise.reject(new Error('requestPayment:fail')), prepay)).resolves.toEqual({ result: 'failed', errMsg: 'requestPayment:fail' });
  });

  it('a failed or cancelled step is refused without waiting or polling', async () => {
    for (const outcome of [{ result: 'failed', errMsg: 'no money' }, { result: 'cancelled' }] as PlatformPayOutcome[]) {
      const { deps, asked } = polling([1]);
      const waiting = jest.fn();
      expect(await awaitPayment(deps, Promise.resolve(outcome), 9, { abandoned: () => false, waiting })).toEqual({ kind: 'refused', outcome });
      expect(waiting).not.toHaveBeenCalled();
      expect(asked).toEqual([]);
    }
  });

  it('polls until paid (an error answer is asked again), pollMs apart; a few quick checks after done, the limit after a QR', async () => {
    const qr = polling([0, 'error', 1]);
    const waiting = jest.fn();
    expect(await awaitPayment(qr.deps, Promise.resolve({ result: 'qr' }), 9, { abandoned: () => false, waiting })).toEqual({ kind: 'paid' });
    expect(waiting).toHaveBeenCalledWith({ result: 'qr' });
    expect(qr.asked).toEqual([9, 9, 9]);
    expect(qr.slept).toEqual([2000, 2000]);
    const done = polling([0], 90);
    expect(await awaitPayment(done.deps, Promise.resolve({ result: 'done' }), 9, { abandoned: () => false, waiting })).toEqual({ kind: 'unpaid' });
    expect(done.asked).toHaveLength(5);
    expect(done.slept).toHaveLength(4);
    const opened = polling([0], 7);
    expect(await awaitPayment(opened.deps, Promise.resolve({ result: 'opened' }), 9, { abandoned: () => false, waiting })).toEqual({ kind: 'unpaid' });
    expect(opened.asked).toHaveLength(7);
  });

  it('stops when the store moves on: after the step, between polls, and after a paid answer', async () => {
    const early = polling([1]);
    const waiting = jest.fn();
    expect(await awaitPayment(early.deps, Promise.resolve({ result: 'qr' }), 9, { abandoned: () => true, waiting })).toEqual({ kind: 'abandoned' });
    expect(waiting).not.toHaveBeenCalled();
    let gone = false;
    const mid = polling([0]);
    mid.deps.sleep = async () => void (gone = true);
    expect(await awaitPayment(mid.deps, Promise.resolve({ result: 'qr' }), 9, { abandoned: () => gone, waiting })).toEqual({ kind: 'abandoned' });
    expect(mid.asked).toEqual([9]);
    let paidThenGone = false;
    const late = polling([1]);
    late.deps.getCharge.mockImplementation(async () => {
      paidThenGone = true;
      return { status: 1 };
    });
    expect(await awaitPayment(late.deps, Promise.resolve({ result: 'qr' }), 9, { abandoned: () => paidThenGone, waiting })).toEqual({ kind: 'abandoned' });
  });
});
