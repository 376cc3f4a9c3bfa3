// The send bar's emotion and gift pickers (issue 15; spec part 3 §3 Gift, Emotion; §9) in H5 and
// (TARO_ENV_JEST=weapp) the mini-program: the icons show for what the gallery has, an emotion tap
// posts it, a gift's price in yuan with two decimals and the total for its quantity, a free gift
// posted at once, a paid one ordered, paid (the provider's errMsg on failure) and posted with its
// trade id, the cooldown's disabled button with the seconds left (also from the server's 201208
// retry_after), and guests sent to log in.
import { act, fireEvent } from '@testing-library/react';
import Taro from '@tarojs/taro';
import SendBar from '../../src/components/comments/SendBar';
import { CommentsStore } from '../../src/stores/comments/CommentsStore';
import { GiftStore, type GiftDeps } from '../../src/stores/comments/GiftStore';
import { ApiError } from '../../src/api/client';
import type { Comment, Gift, GiftOrder } from '../../types/api/comments';
import { ErrorCode } from '../../types/envelope';
import { byTestId, makeRoot, renderWith } from './helpers';

jest.mock('../../src/api/comments');

// taro-ui's AtInputNumber sizes its input with Taro.pxTransform (the app initialises it from config/index.ts).
beforeAll(() => Taro.initPxTransform({ designWidth: 750, deviceRatio: { 640: 2.34 / 2, 750: 1, 375: 2, 828: 1.81 / 2 } } as Parameters<typeof Taro.initPxTransform>[0]));

const G = 1_000_001;
const ROSE: Gift = { id: 1, name: 'Rose', image: 'https://cdn.example/rose.png', price: 0, cooldown: 30 };
const CAR: Gift = { id: 2, name: 'Car', image: 'https://cdn.example/car.png', price: 1999, cooldown: 0 };
const CATS = { id: 7, name: 'Cats', images: ['https://cdn.example/cat1.gif', 'https://cdn.example/cat2.gif'] };

const comment = (id: number, over: Partial<Comment> = {}): Comment => ({
  id, type: 'text', content: '', galleryid: G, nickname: 'Me', photo: '', createtime: 1, istop: 0, master: 0,
  openid: 'me', has_reply: 0, reply_id: 0, replylist: [], reply_total: 0, gallery_data: null, video_data: null, status: 'shown', ...over
});

const order = (count: number): GiftOrder => ({
  tradeid: 'LGTRADE1', order_id: 41, amount: CAR.price * count, gift_id: CAR.id, count, provider: 'sandbox', wxpay: null, sandbox_url: '/sandbox/pay/LGTRADE1'
});

const flush = () => act(async () => {
  for (let i = 0; i < 5; i++) await new Promise((r) => setTimeout(r, 0));
});

function setup(opts: { guest?: boolean; gifts?: Gift[]; emotions?: typeof CATS[]; deps?: Partial<GiftDeps> } = {}) {
  const root = makeRoot('en-US');
  let now = 1_000_000;
  let guest = !!opts.guest;
  const ticks: Array<() => void> = [];
  const comments = new CommentsStore({
    galleryId: G,
    api: { list: jest.fn(), post: jest.fn(), destroy: jest.fn(), replyList: jest.fn(), blockCheck: jest.fn() } as never,
    watch: () => () => undefined,
    me: () => ({ openid: 'me', guest })
  });
  let posted = 100;
  const api = {
    galleryShow: jest.fn(async () => ({ id: G, use_comment: 1, block_all: 0, gift_detail: opts.gifts ?? [ROSE, CAR], emotion_detail: opts.emotions ?? [CATS] })),
    post: jest.fn(async (b: { type?: string; content: string; tradeid?: string }) => comment(++posted, { type: b.type ?? 'text', content: b.type === 'gift' ? JSON.stringify({ ...JSON.parse(b.content), name: 'G', image: 'https://cdn.example/g.png' }) : JSON.stringify({ image: JSON.parse(b.content).image, name: 'Cats' }) })),
    giftPrecreate: jest.fn(async (b: { count: number }) => order(b.count))
  };
  const deps: GiftDeps = {
    galleryId: G,
    api: api as never,
    getCharge: jest.fn(async () => ({ status: 1 }) as never),
    platformPay: jest.fn(async () => ({ result: 'opened' as const })),
    openSandbox: jest.fn(),
    channel: () => 'jsapi',
    guest: () => guest,
    requireLogin: jest.fn(async () => {
      guest = false;
      return true;
    }),
    onPosted: (c) => comments.added(c),
    toast: jest.fn(),
    now: () => now,
    sleep: async () => undefined,
    every: (_ms, fn) => {
      ticks.push(fn);
      return () => void ticks.splice(ticks.indexOf(fn), 1);
    },
    pollMs: 0,
    pollLimit: 3,
    ...opts.deps
  };
  const gifts = new GiftStore(deps);
  const r = renderWith(<SendBar store={comments} guest={guest} onLogin={() => undefined} gifts={gifts} />, root);
  const q = (id: string) => byTestId(r.container, id);
  const tap = async (el: HTMLElement) => {
    act(() => void fireEvent.click(el));
    await flush();
  };
  const later = (ms: number) =>
    act(() => {
      now += ms;
      for (const f of [...ticks]) f();
    });
  return { ...r, comments, gifts, api, deps, q, tap, later, ticks };
}

describe('emotion and gift pickers', () => {
  it('shows the icons for what the gallery has, and posts an emotion from its panel into the list', async () => {
    const s = setup();
    await flush();
    expect(s.api.galleryShow).toHaveBeenCalledWith(G, ['gift_detail', 'emotion_detail']);
    await s.tap(s.q('comment-emotion-open')[0]);
    expect(s.q('emotion-panel')).toHaveLength(1);
    expect(s.q('emotion-item')).toHaveLength(2);
    await s.tap(s.q('emotion-item')[1]);
    expect(s.api.post).toHaveBeenCalledWith({ galleryid: G, type: 'emotion', content: JSON.stringify({ id: 7, image: 'https://cdn.example/cat2.gif' }) });
    expect(s.q('emotion-panel')).toHaveLength(0);
    expect(s.comments.items.map((c) => c.type)).toEqual(['emotion']);
    expect(s.comments.total).toBe(1);
  });

  it('hides an icon when the gallery has none of it', async () => {
    const s = setup({ gifts: [], emotions: [CATS] });
    await flush();
    expect(s.q('comment-emotion-open')).toHaveLength(1);
    expect(s.q('comment-gift-open')).toHaveLength(0);
  });

  it('shows prices in yuan with two decimals and the total for the quantity, clamped to 1..99', async () => {
    const s = setup();
    await flush();
    await s.tap(s.q('comment-gift-open')[0]);
    expect(s.q('gift-item-price').map((e) => e.textContent)).toEqual(['Free', '¥19.99']);
    await s.tap(s.q('gift-item')[1]);
    expect(s.q('gift-total')[0].textContent).toBe('Total ¥19.99');
    await s.tap(s.q('gift-count-pick')[2]);
    expect(s.gifts.count).toBe(66);
    expect(s.q('gift-total')[0].textContent).toBe('Total ¥1319.34');
    expect(s.q('gift-send')[0].textContent).toBe('Send ¥1319.34');
    // The stepper: plus at 99 stays 99; a typed 0 or 500 is clamped.
    await s.tap(s.q('gift-count-pick')[3]);
    const plus = s.q('gift-count')[0].querySelectorAll('.at-input-number__btn')[1] as HTMLElement;
    await s.tap(plus);
    expect(s.gifts.count).toBe(99);
    const minus = s.q('gift-count')[0].querySelectorAll('.at-input-number__btn')[0] as HTMLElement;
    await s.tap(minus);
    expect(s.gifts.count).toBe(98);
    act(() => s.gifts.setCount(500));
    expect(s.gifts.count).toBe(99);
    act(() => s.gifts.setCount('x'));
    expect(s.gifts.count).toBe(1);
  });

  it('sends a free gift at once, then disables it with the seconds left until its cooldown ends', async () => {
    const s = setup();
    await flush();
    await s.tap(s.q('comment-gift-open')[0]);
    await s.tap(s.q('gift-count-pick')[1]);
    await s.tap(s.q('gift-send')[0]);
    expect(s.api.giftPrecreate).not.toHaveBeenCalled();
    expect(s.api.post).toHaveBeenCalledWith({ galleryid: G, type: 'gift', content: JSON.stringify({ id: ROSE.id, count: 10 }) });
    expect(s.comments.items.map((c) => c.type)).toEqual(['gift']);
    expect(s.deps.toast).toHaveBeenCalledWith('gifts.sent');

    await s.tap(s.q('comment-gift-open')[0]);
    const button = () => s.q('gift-send')[0];
    expect(button().textContent).toBe('Wait 30 s');
    expect(button().getAttribute('aria-disabled')).toBe('true');
    expect(s.q('gift-item-wait')[0].textContent).toBe('Wait 30 s');
    await s.tap(button());
    expect(s.api.post).toHaveBeenCalledTimes(1);
    s.later(12_000);
    expect(button().textContent).toBe('Wait 18 s');
    s.later(18_000);
    expect(button().textContent).toBe('Send');
    expect(button().getAttribute('aria-disabled')).toBe('false');
    expect(s.ticks).toHaveLength(0); // the countdown stopped
  });

  it("respects the server's 201208 retry_after", async () => {
    const s = setup();
    await flush();
    s.api.post.mockRejectedValueOnce(new ApiError(429, ErrorCode.GIFT_COOLDOWN, { code: ErrorCode.GIFT_COOLDOWN, data: { retry_after: 45 }, msg: 'wait' }, 'wait'));
    await s.tap(s.q('comment-gift-open')[0]);
    await s.tap(s.q('gift-send')[0]);
    expect(s.q('gift-notice')[0].textContent).toBe('Please wait before sending this gift again');
    expect(s.q('gift-send')[0].textContent).toBe('Wait 45 s');
    expect(s.comments.items).toHaveLength(0);
  });

  it('orders a paid gift, pays it in the pay tap, polls the charge and posts it with the trade id', async () => {
    const s = setup();
    await flush();
    await s.tap(s.q('comment-gift-open')[0]);
    await s.tap(s.q('gift-item')[1]);
    await s.tap(s.q('gift-count-pick')[1]);
    await s.tap(s.q('gift-send')[0]);
    expect(s.api.giftPrecreate).toHaveBeenCalledWith({ galleryid: G, gift_id: CAR.id, count: 10, channel: 'jsapi' });
    expect(s.api.post).not.toHaveBeenCalled();
    expect(s.q('gift-send')[0].textContent).toBe('Pay ¥199.90');
    await s.tap(s.q('gift-send')[0]);
    expect(s.deps.platformPay).toHaveBeenCalledWith(expect.objectContaining({ id: 41, out_trade_no: 'LGTRADE1', amount: 19990, channel: 'jsapi' }));
    expect(s.deps.getCharge).toHaveBeenCalledWith(41);
    expect(s.api.post).toHaveBeenCalledWith({ galleryid: G, type: 'gift', content: JSON.stringify({ id: CAR.id, count: 10 }), tradeid: 'LGTRADE1' });
    expect(s.comments.items.map((c) => c.type)).toEqual(['gift']);
    expect(s.q('gift-panel')).toHaveLength(0);
  });

  it("shows the provider's errMsg when the payment fails, and keeps the order for another pay tap", async () => {
    const s = setup({ deps: { platformPay: jest.fn(async () => ({ result: 'failed' as const, errMsg: 'requestPayment:fail insufficient balance' })) } });
    await flush();
    await s.tap(s.q('comment-gift-open')[0]);
    await s.tap(s.q('gift-item')[1]);
    await s.tap(s.q('gift-send')[0]);
    await s.tap(s.q('gift-send')[0]);
    expect(s.q('gift-notice')[0].textContent).toBe('requestPayment:fail insufficient balance');
    expect(s.q('gift-send')[0].textContent).toBe('Pay ¥19.99');
    expect(s.api.post).not.toHaveBeenCalled();
  });

  it('goes back to the pay button with "No payment record found" when the polls find no payment', async () => {
    const s = setup({ deps: { getCharge: jest.fn(async () => ({ status: 0 }) as never), pollLimit: 2 } });
    await flush();
    await s.tap(s.q('comment-gift-open')[0]);
    await s.tap(s.q('gift-item')[1]);
    await s.tap(s.q('gift-send')[0]);
    await s.tap(s.q('gift-send')[0]);
    expect(s.deps.getCharge).toHaveBeenCalledTimes(2);
    expect(s.q('gift-notice')[0].textContent).toBe('No payment record found');
    expect(s.q('gift-send')[0].textContent).toBe('Pay ¥19.99');
    expect(s.api.post).not.toHaveBeenCalled();
  });

  it('shows the QR with the sandbox link in other browsers, and posts once the charge is paid', async () => {
    let paid = false;
    const s = setup({
      deps: {
        channel: () => 'native',
        platformPay: jest.fn(async () => ({ result: 'qr' as const })),
        getCharge: jest.fn(async () => ({ status: paid ? 1 : 0 }) as never),
        pollLimit: 1000,
        sleep: () => new Promise((r) => setTimeout(r, 5))
      }
    });
    await flush();
    await s.tap(s.q('comment-gift-open')[0]);
    await s.tap(s.q('gift-item')[1]);
    await s.tap(s.q('gift-send')[0]);
    expect(s.api.giftPrecreate).toHaveBeenCalledWith(expect.objectContaining({ channel: 'native' }));
    await s.tap(s.q('gift-send')[0]);
    expect(s.q('gift-qr')).toHaveLength(1);
    expect(s.q('gift-send')[0].getAttribute('aria-disabled')).toBe('true');
    await s.tap(s.q('gift-qr-sandbox')[0]);
    expect(s.deps.openSandbox).toHaveBeenCalledWith('/sandbox/pay/LGTRADE1');
    await s.tap(s.q('gift-qr-paid')[0]);
    expect(s.deps.toast).toHaveBeenCalledWith('pay.noRecord');
    paid = true;
    await s.tap(s.q('gift-qr-paid')[0]);
    expect(s.api.post).toHaveBeenCalledTimes(1);
    expect(s.api.post).toHaveBeenCalledWith(expect.objectContaining({ tradeid: 'LGTRADE1' }));
    expect(s.q('gift-qr')).toHaveLength(0);
    expect(s.comments.items.map((c) => c.type)).toEqual(['gift']);
    // The background poll, finding the payment too, posts nothing more.
    await flush();
    await act(() => new Promise((r) => setTimeout(r, 30)));
    expect(s.api.post).toHaveBeenCalledTimes(1);
  });

  it('keeps a paid order when its post fails: the button posts again with the same trade id', async () => {
    const s = setup();
    await flush();
    s.api.post.mockRejectedValueOnce(new ApiError(500, 500, null, 'boom'));
    await s.tap(s.q('comment-gift-open')[0]);
    await s.tap(s.q('gift-item')[1]);
    await s.tap(s.q('gift-send')[0]);
    await s.tap(s.q('gift-send')[0]);
    expect(s.q('gift-send')[0].textContent).toBe('Paid: send the gift');
    expect(s.q('gift-notice')[0].textContent).toBe('Post Comment Error');
    await s.tap(s.q('gift-send')[0]);
    expect(s.deps.platformPay).toHaveBeenCalledTimes(1);
    expect(s.api.post).toHaveBeenCalledTimes(2);
    expect(s.api.post.mock.calls[1][0]).toMatchObject({ tradeid: 'LGTRADE1' });
    expect(s.comments.items).toHaveLength(1);
  });

  it('a refunded trade is dropped: the message says so and the next send orders again', async () => {
    const s = setup();
    await flush();
    s.api.post.mockRejectedValueOnce(new ApiError(409, ErrorCode.GIFT_TRADE_REFUNDED, null, 'refunded'));
    await s.tap(s.q('comment-gift-open')[0]);
    await s.tap(s.q('gift-item')[1]);
    await s.tap(s.q('gift-send')[0]);
    await s.tap(s.q('gift-send')[0]);
    expect(s.q('gift-notice')[0].textContent).toBe('This payment was refunded; pay again to send the gift');
    expect(s.q('gift-send')[0].textContent).toBe('Send ¥19.99');
    await s.tap(s.q('gift-send')[0]);
    expect(s.api.giftPrecreate).toHaveBeenCalledTimes(2);
  });

  it('sends a guest to log in from the icons before a panel opens', async () => {
    const s = setup({ guest: true });
    await flush();
    expect(s.q('comment-send-login')).toHaveLength(1);
    await s.tap(s.q('comment-gift-open')[0]);
    expect(s.deps.requireLogin).toHaveBeenCalledTimes(1);
    expect(s.gifts.panel).toBe('gift');
  });

  it('a guest who cancels the login gets no panel', async () => {
    const s = setup({ guest: true, deps: { requireLogin: jest.fn(async () => false) } });
    await flush();
    await s.tap(s.q('comment-emotion-open')[0]);
    expect(s.gifts.panel).toBeNull();
    expect(s.api.post).not.toHaveBeenCalled();
  });
});
