/**
 * Red packets (issue 15 Deliver 4): the send form's rules with nothing debited, the paid-order
 * flow and replays, ask / get / list / detail, the live message, and the phone sign-up.
 * The concurrency suites are redpackets-grab.test.ts; refunds and payouts redpackets-money.test.ts.
 */
import { BACKENDS, startTestServer, type TestServer } from './helpers';
import { bulkUsers, packetGallery, paidTrade, rp, sendPacket, type RpUser } from './redpacket-fixture';
import { newUser } from './pay-fixture';
import { splitShares, parseAmountCents } from '../../server/src/services/redpackets/split';
import { SandboxSmsProvider } from '../../server/src/providers/sms';
import { RedPacketError, RED_PACKET_MAX_TOTAL_CENTS, RED_PACKET_MESSAGES, RED_PACKET_MIN_SHARE_CENTS } from '../../types/api/redpackets';
import type { LiveMessage } from '../../types/live';

jest.setTimeout(120_000);

describe('splitting a packet into cents', () => {
  it('luck: random shares, each at least 1 yuan (the spec), summing exactly', () => {
    const check = (total: number, number: number, shares: number[]) => {
      expect([total, number, shares.length]).toEqual([total, number, number]);
      expect([total, number, shares.reduce((a, b) => a + b, 0)]).toEqual([total, number, total]);
      expect([total, number, Math.min(...shares) >= RED_PACKET_MIN_SHARE_CENTS]).toEqual([total, number, true]);
    };
    // The finding: a 5-yuan, 5-share packet paid 22, 26 and 42 cents. Every share is exactly 1 yuan.
    for (let i = 0; i < 200; i++) expect(splitShares(500, 5, 'luck')).toEqual([100, 100, 100, 100, 100]);
    for (let i = 0; i < 300; i++) check(1000, 9, splitShares(1000, 9, 'luck'));
    for (let i = 0; i < 1000; i++) {
      const number = 1 + ((i * 37) % 200);
      const total = number * 100 + ((i * 7919) % (RED_PACKET_MAX_TOTAL_CENTS - number * 100 + 1));
      check(total, number, splitShares(total, number, 'luck'));
    }
    // The draw at its bounds (always the least, always the most) keeps both rules too.
    for (const rand of [(min: number) => min, (_: number, max: number) => max]) {
      for (const [total, number] of [[500, 5], [1000, 9], [20_000, 7], [20_000, 200], [10_099, 100]]) check(total, number, splitShares(total, number, 'luck', rand));
    }
    // A total under number × 1 yuan is never split (create refuses it with SHARE_MIN first).
    expect(() => splitShares(499, 5, 'luck')).toThrow('at least 100 cents');
    expect(() => splitShares(899, 9, 'normal')).toThrow('at least 100 cents');
    // The draw is not always the mean.
    const spread = new Set(Array.from({ length: 20 }, () => splitShares(1000, 5, 'luck')[0]));
    expect(spread.size).toBeGreaterThan(1);
  });

  it('normal: even shares, the cents that do not divide going one each to the first', () => {
    expect(splitShares(1000, 10, 'normal')).toEqual(Array(10).fill(100));
    expect(splitShares(1003, 10, 'normal')).toEqual([101, 101, 101, 100, 100, 100, 100, 100, 100, 100]);
  });

  it('reads yuan into cents exactly', () => {
    expect(parseAmountCents('12.5')).toBe(1250);
    expect(parseAmountCents('0.07')).toBe(7);
    expect(parseAmountCents('200')).toBe(20_000);
    expect(parseAmountCents('19.99')).toBe(1999);
  });
});

describe.each(BACKENDS)('red packets (%s)', (backend) => {
  let s: TestServer;
  let gallery: number;
  let sender: RpUser;
  let others: RpUser[];
  const smsLog: string[] = [];
  const live: LiveMessage[] = [];

  beforeAll(async () => {
    s = await startTestServer(backend, {}, undefined, (c) => ({ ...c, sms: new SandboxSmsProvider((l) => smsLog.push(l)) }));
    gallery = await packetGallery(s.db);
    [sender, ...others] = await bulkUsers(s.db, 6);
    s.services.bus.subscribe((m) => live.push(m));
  });
  afterAll(() => s?.close());

  const counts = async () => {
    const { rows } = await s.db.query<{ orders: number; packets: number; shares: number; payouts: number }>(
      `SELECT (SELECT count(*) FROM orders WHERE purpose = 'redpacket') AS orders, (SELECT count(*) FROM red_packets) AS packets,
              (SELECT count(*) FROM red_packet_shares) AS shares, (SELECT count(*) FROM red_packet_payouts) AS payouts`
    );
    return rows[0];
  };

  it.each([
    ['over 200 yuan', '200.01', undefined, RedPacketError.AMOUNT_MAX, 'max 200'],
    ['a share under 1 yuan', '5', '6', RedPacketError.SHARE_MIN, RED_PACKET_MESSAGES.SHARE_MIN],
    ['a total under 1 yuan', '0.99', undefined, RedPacketError.SHARE_MIN, RED_PACKET_MESSAGES.SHARE_MIN],
    ['negative', '-5', undefined, RedPacketError.AMOUNT_INVALID, RED_PACKET_MESSAGES.AMOUNT_INVALID],
    ['1.005', '1.005', undefined, RedPacketError.AMOUNT_INVALID, RED_PACKET_MESSAGES.AMOUNT_INVALID],
    ['letters', '12a', undefined, RedPacketError.AMOUNT_INVALID, RED_PACKET_MESSAGES.AMOUNT_INVALID],
    ['zero', '0', undefined, RedPacketError.AMOUNT_INVALID, RED_PACKET_MESSAGES.AMOUNT_INVALID],
    ['a 6-digit quantity', '100', '100000', RedPacketError.NUMBER_INVALID, RED_PACKET_MESSAGES.NUMBER_INVALID],
    ['a zero quantity', '100', '00', RedPacketError.NUMBER_INVALID, RED_PACKET_MESSAGES.NUMBER_INVALID],
    ['a quantity with letters', '100', '1x', RedPacketError.NUMBER_INVALID, RED_PACKET_MESSAGES.NUMBER_INVALID]
  ])('precreate refuses %s with its code, and nothing is ordered', async (_what, amount, number, code, msg) => {
    const before = await counts();
    const a = await rp(s.app, 'POST', '/api/v2/redpackage/precreate', sender.token, { amount, galleryid: gallery, ...(number ? { number } : {}) });
    expect([a.status, a.code, a.msg]).toEqual([400, code, msg]);
    expect(await counts()).toEqual(before);
  });

  it('accepts a JSON number amount as its digits, and refuses 1.005 sent as a number', async () => {
    const bad = await rp(s.app, 'POST', '/api/v2/redpackage/precreate', sender.token, { amount: 1.005, galleryid: gallery });
    expect(bad.code).toBe(RedPacketError.AMOUNT_INVALID);
    const ok = await rp(s.app, 'POST', '/api/v2/redpackage/precreate', sender.token, { amount: 12, galleryid: gallery, number: 3 });
    expect(ok.code).toBe(200);
    expect(ok.data.amount).toBe(1200);
    expect(ok.data.tradeid).toMatch(/^LG/);
    expect(ok.data.sandbox_url).toContain(ok.data.tradeid);
    expect(ok.data.wxpay.package).toMatch(/^prepay_id=/);
  });

  it('create refuses bad shares and unpaid, foreign or mismatched trades, with nothing created', async () => {
    const before = await counts();
    const pre = await rp(s.app, 'POST', '/api/v2/redpackage/precreate', sender.token, { amount: '10', galleryid: gallery });
    const body = { number: '5', amount: '10', type: 'luck', content: 'hi', tradeid: pre.data.tradeid, galleryid: gallery };
    expect((await rp(s.app, 'POST', '/api/v2/redpackage/create', sender.token, body)).code).toBe(RedPacketError.TRADE_UNPAID);
    await s.app.inject({ method: 'POST', url: `/sandbox/pay/${pre.data.tradeid}/confirm`, headers: { accept: 'application/json' } });
    expect((await rp(s.app, 'POST', '/api/v2/redpackage/create', sender.token, { ...body, number: '11' })).code).toBe(RedPacketError.SHARE_MIN);
    expect((await rp(s.app, 'POST', '/api/v2/redpackage/create', sender.token, { ...body, number: '123456' })).code).toBe(RedPacketError.NUMBER_INVALID);
    expect((await rp(s.app, 'POST', '/api/v2/redpackage/create', sender.token, { ...body, amount: '9' })).code).toBe(RedPacketError.TRADE_AMOUNT);
    expect((await rp(s.app, 'POST', '/api/v2/redpackage/create', others[0].token, body)).code).toBe(RedPacketError.TRADE_UNKNOWN);
    expect((await rp(s.app, 'POST', '/api/v2/redpackage/create', sender.token, { ...body, tradeid: 'LGnope' })).code).toBe(RedPacketError.TRADE_UNKNOWN);
    const after = await counts();
    expect({ packets: after.packets, shares: after.shares }).toEqual({ packets: before.packets, shares: before.shares });
    // The paid order is still good for a valid create.
    const made = await rp(s.app, 'POST', '/api/v2/redpackage/create', sender.token, body);
    expect(made.code).toBe(200);
    expect(made.data.replayed).toBe(false);
  });

  it('a replayed create, one after another or all at once, creates nothing more', async () => {
    const tradeid = await paidTrade(s.app, sender.token, gallery, '20');
    const body = { number: '4', amount: '20', type: 'normal', content: 'again', tradeid, galleryid: gallery };
    const first = await rp(s.app, 'POST', '/api/v2/redpackage/create', sender.token, body);
    expect(first.data.replayed).toBe(false);
    const replays = await Promise.all(Array.from({ length: 8 }, () => rp(s.app, 'POST', '/api/v2/redpackage/create', sender.token, body)));
    for (const r of replays) expect([r.code, r.data.replayed, r.data.packet.id]).toEqual([200, true, first.data.packet.id]);
    const { rows } = await s.db.query<{ n: number; shares: number; sum: number }>(
      `SELECT count(DISTINCT p.id) AS n, count(s.*) AS shares, sum(s.amount_cents) AS sum FROM red_packets p JOIN red_packet_shares s ON s.packet_id = p.id WHERE p.trade_no = $1`,
      [tradeid]
    );
    expect(rows[0]).toEqual({ n: 1, shares: 4, sum: 2000 });
    const { rows: even } = await s.db.query<{ amount_cents: number }>('SELECT amount_cents FROM red_packet_shares WHERE packet_id = $1', [first.data.packet.id]);
    expect(even.map((r) => r.amount_cents)).toEqual([500, 500, 500, 500]);
  });

  it('ask, get, list and detail: welcome, one share each, done, end, and the best-luck mark once all are taken', async () => {
    live.length = 0;
    const p = await sendPacket(s.app, sender.token, gallery, { amount: '3', number: '3', type: 'luck' });
    await new Promise((r) => setImmediate(r));
    const msg = live.find((m) => m.type === 'redpackage');
    expect(msg).toMatchObject({ room: gallery, data: { id: p.id, galleryid: gallery, amount: 300, number: 3, type: 'luck', posttype: 'now' } });

    const ask = await rp(s.app, 'POST', '/api/v3/redpackage/ask', others[0].token, { id: p.id });
    expect([ask.code, ask.data.status, ask.data.packet.status]).toEqual([200, 'welcome', 'open']);
    const got = [];
    for (const u of others.slice(0, 3)) got.push(await rp(s.app, 'POST', '/api/v3/redpackage/get', u.token, { id: p.id }));
    for (const g of got) expect([g.data.status, g.data.won]).toEqual(['done', true]);
    expect(got.reduce((a, g) => a + g.data.amount, 0)).toBe(300);
    const again = await rp(s.app, 'POST', '/api/v3/redpackage/get', others[0].token, { id: p.id });
    expect([again.data.status, again.data.won, again.data.amount]).toEqual(['done', false, got[0].data.amount]);
    const late = await rp(s.app, 'POST', '/api/v3/redpackage/get', others[3].token, { id: p.id });
    expect([late.data.status, late.data.won, late.data.amount]).toEqual(['end', false, null]);
    const lateAsk = await rp(s.app, 'POST', '/api/v3/redpackage/ask', others[3].token, { id: p.id });
    expect(lateAsk.data.status).toBe('end');
    expect(lateAsk.data.detail.items).toHaveLength(3);
    const doneAsk = await rp(s.app, 'POST', '/api/v3/redpackage/ask', others[1].token, { id: p.id });
    expect([doneAsk.data.status, doneAsk.data.packet.my_amount]).toEqual(['done', got[1].data.amount]);

    const detail = await rp(s.app, 'GET', `/api/v2/redpackage/detail?id=${p.id}&page=1`, others[3].token);
    expect(detail.data.total).toBe(3);
    expect(detail.data.items.filter((i: { best: number }) => i.best === 1)).toHaveLength(1);
    const best = detail.data.items.find((i: { best: number }) => i.best === 1);
    expect(best.amount).toBe(Math.max(...got.map((g) => g.data.amount)));
    expect(detail.data.items.map((i: { openid: string }) => i.openid).sort()).toEqual(others.slice(0, 3).map((u) => u.openid).sort());

    const list = await rp(s.app, 'GET', `/api/v2/redpackage/list?galleryid=${gallery}`, others[0].token);
    expect(list.data.find((x: { id: number }) => x.id === p.id)).toMatchObject({ status: 'done', goted: 3, number: 3 });
    const listLate = await rp(s.app, 'GET', `/api/v2/redpackage/list?galleryid=${gallery}`, others[3].token);
    expect(listLate.data.find((x: { id: number }) => x.id === p.id).status).toBe('end');
    // Guests get no list and cannot open a packet (401: the login prompt).
    const guest = await newUser(s, false);
    expect((await rp(s.app, 'GET', `/api/v2/redpackage/list?galleryid=${gallery}`, guest.token)).data).toEqual([]);
    expect((await rp(s.app, 'POST', '/api/v3/redpackage/get', guest.token, { id: p.id })).status).toBe(401);
  });

  it('refuses red packets where use_package is off; asks there answer forbidden', async () => {
    const off = await packetGallery(s.db, 0);
    const a = await rp(s.app, 'POST', '/api/v2/redpackage/precreate', sender.token, { amount: '5', galleryid: off });
    expect([a.status, a.code]).toEqual([403, RedPacketError.DISABLED]);
    const p = await sendPacket(s.app, sender.token, gallery, { amount: '2', number: '2' });
    await s.db.query(`UPDATE galleries SET config = '{"use_package": 0}' WHERE id = $1`, [gallery]);
    s.services.galleries.invalidate(gallery);
    const ask = await rp(s.app, 'POST', '/api/v3/redpackage/ask', others[4].token, { id: p.id });
    expect([ask.data.status, ask.data.msg]).toEqual(['forbidden', "Current red packet can't be open"]);
    const get = await rp(s.app, 'POST', '/api/v3/redpackage/get', others[4].token, { id: p.id });
    expect([get.data.status, get.data.won]).toEqual(['forbidden', false]);
    await s.db.query(`UPDATE galleries SET config = '{"use_package": 1}' WHERE id = $1`, [gallery]);
    s.services.galleries.invalidate(gallery);
  });

  it('phone sign-up: the spec rules, the SMS code, and limit packets open only after it', async () => {
    const u = others[4];
    const p = await sendPacket(s.app, sender.token, gallery, { amount: '2', number: '2', access_type: 'limit' });
    expect((await rp(s.app, 'POST', '/api/v3/redpackage/ask', u.token, { id: p.id })).data.status).toBe('phone');
    expect((await rp(s.app, 'POST', '/api/v3/redpackage/get', u.token, { id: p.id })).data.status).toBe('phone');

    const bind = (b: Record<string, unknown>) =>
      rp(s.app, 'POST', '/api/v2/wxuser/bindphone', u.token, { phone: '13800001111', galleryid: gallery, content: '', code: '1234', nickname: 'Li', ...b });
    expect(await bind({ phone: '1380000111' }).then((a) => [a.status, a.code, a.msg])).toEqual([400, RedPacketError.PHONE_INVALID, 'Please input the right mobile phone number']);
    expect((await bind({ phone: '138000011112' })).code).toBe(RedPacketError.PHONE_INVALID);
    expect((await bind({ phone: '1380000111a' })).code).toBe(RedPacketError.PHONE_INVALID);
    expect(await bind({ nickname: '   ' }).then((a) => [a.code, a.msg])).toEqual([RedPacketError.NAME_REQUIRED, 'Please input name']);
    expect(await bind({ code: '123' }).then((a) => [a.code, a.msg])).toEqual([RedPacketError.CAPTCHA_INVALID, 'Please input the right captcha']);
    expect((await bind({ code: '12345' })).code).toBe(RedPacketError.CAPTCHA_INVALID);
    const missingGallery = await rp(s.app, 'POST', '/api/v2/wxuser/bindphone', u.token, { phone: '13800001111', code: '1234', nickname: 'Li' });
    expect(missingGallery.status).toBe(400);

    const sent = await rp(s.app, 'POST', '/api/common/sendsms', u.token, { phone: '13800001111', type: 'bindphone', gallery_id: gallery });
    expect(sent.code).toBe(200);
    const code = /code (\d{4})/.exec(smsLog.at(-1) ?? '')![1];
    const wrong = code === '0000' ? '1111' : '0000';
    expect(await bind({ code: wrong }).then((a) => [a.code, a.msg])).toEqual([200210, 'Captcha error']);
    expect((await rp(s.app, 'POST', '/api/v3/redpackage/ask', u.token, { id: p.id })).data.status).toBe('phone');
    const ok = await bind({ code, nickname: ' Li Lei ' });
    expect([ok.code, ok.data]).toEqual([200, { phone: '13800001111', name: 'Li Lei', galleryid: gallery }]);
    expect((await bind({ code })).code).toBe(200210); // a code is used once
    expect((await rp(s.app, 'POST', '/api/v3/redpackage/ask', u.token, { id: p.id })).data.status).toBe('welcome');
    expect((await rp(s.app, 'POST', '/api/v3/redpackage/get', u.token, { id: p.id })).data.won).toBe(true);
  });
});
