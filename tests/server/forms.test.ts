// Forms against the real server (issue 14 Deliver 5): the phone-code flow through the sandbox
// SMS provider (the code read from its log line), the phone validation, the paper post with
// every rule of types/formRules.ts, each error code (200001, 200202, 200208, 200209, 200210),
// repeated submits, a paid field through the sandbox payment, and the organiser's read-back.
import { BACKENDS, insertGallery, startTestServer, type TestServer } from './helpers';
import { insertGoods, newUser } from './pay-fixture';
import { SandboxSmsProvider } from '../../server/src/providers/sms';
import { ErrorCode } from '../../types/envelope';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseGalleryArgs, runGalleryCommand } from '../../server/src/cli/gallery';

const ORGANISER = 'forms-organiser';

export const FORM_PAGE = (goodsId = 0) => ({
  components: [
    {
      id: 'reg',
      type: 'form',
      props: {
        title: 'Registration',
        children: [
          { id: 'name', type: 'form_input', props: { field: 'Name', required: true, max: 10 } },
          { id: 'mobile', type: 'form_phone', props: { field: 'Mobile', required: true } },
          { id: 'note', type: 'form_textarea', props: { field: 'Note', max: 20 } },
          { id: 'born', type: 'form_date', props: { field: 'Birthday' } },
          { id: 'at', type: 'form_time', props: { field: 'Arrival' } },
          { id: 'size', type: 'form_radio', props: { field: 'Size', options: ['S', 'M', 'L'] } },
          { id: 'meals', type: 'form_checkbox', props: { field: 'Meals', options: ['Lunch', 'Dinner'] } },
          { id: 'city', type: 'form_select', props: { field: 'City', options: ['Beijing', 'Shanghai'] } },
          { id: 'invite', type: 'form_invite', props: { field: 'Invite', whitelist: ['RUN2026'] } },
          { id: 'pw', type: 'form_password', props: { field: 'Password', whitelist: ['secret'] } },
          ...(goodsId ? [{ id: 'fee', type: 'form_pay', props: { field: 'Fee', required: true, goods_id: goodsId } }] : [])
        ]
      }
    }
  ]
});

describe.each(BACKENDS)('forms on %s', (backend) => {
  let s: TestServer;
  let gallery: number;
  let paid: number;
  let goods: number;
  const log: string[] = [];
  let ipSeq = 1;

  beforeAll(async () => {
    s = await startTestServer(backend, { ORGANIZER_TOKEN: ORGANISER }, undefined, (c) => ({ ...c, sms: new SandboxSmsProvider((l) => log.push(l)) }));
    gallery = await insertGallery(s.db, { link_id: 'formtst1', name: 'Forms' });
    paid = await insertGallery(s.db, { link_id: 'formpay1', name: 'Paid form' });
    goods = await insertGoods(s, paid, 990, 'download');
    for (const [id, page] of [[gallery, FORM_PAGE()], [paid, FORM_PAGE(goods)]] as const) {
      const r = await s.app.inject({ method: 'POST', url: `/api/v2/organizer/galleries/${id}/page`, payload: { pagedata: page }, headers: { authorization: `Bearer ${ORGANISER}` } });
      expect(r.json().code).toBe(200);
    }
  });
  afterAll(() => s.close());

  const post = (url: string, payload: unknown, token?: string, ip = `10.20.0.${ipSeq}`) =>
    s.app.inject({ method: 'POST', url, payload: payload as object, headers: token ? { authorization: `Bearer ${token}` } : {}, remoteAddress: ip });
  const lastCode = () => /code (\d{4})$/.exec(log[log.length - 1] ?? '')?.[1];

  async function verify(token: string, phone: string, g = gallery): Promise<void> {
    ipSeq++;
    const sent = await post('/api/common/sendsms', { phone, type: 'form', country: '86', gallery_id: g, action: 'reg' }, token);
    expect(sent.json()).toMatchObject({ code: 200, data: { resend_after: 60 } });
    const code = lastCode()!;
    expect(log[log.length - 1]).toContain(`${phone.slice(0, 3)}****${phone.slice(-4)}`);
    const ok = await post('/api/common/validatecode', { phone, country: '86', code, gallery_id: g, action: 'reg' }, token);
    expect(ok.json()).toEqual({ code: 200, data: { status: 1, phone, country: '86', paid: [] }, msg: 'ok' });
  }

  const good = (phone: string) => ({
    name: 'Li Lei',
    mobile: { phone, code: '0000', country: '86' },
    note: 'Vegetarian',
    born: '1990-05-17',
    at: '09:30',
    size: 'M',
    meals: ['Lunch', 'Dinner'],
    city: 'Shanghai',
    invite: 'RUN2026',
    pw: 'secret'
  });
  const paper = (token: string, json_data: unknown, parent = 'formtst1', g = gallery) => post(`/api/v2/policy/records/${g}/paper`, { action: 'reg', parent, json_data }, token);

  it('a guest is sent to log in (401) for the code and the submit of a form with a phone field', async () => {
    const guest = await newUser(s, false);
    expect((await post('/api/common/sendsms', { phone: '13800000001', type: 'form', gallery_id: gallery, action: 'reg' }, guest.token)).json().code).toBe(401);
    expect((await post('/api/common/validatecode', { phone: '13800000001', code: '1234', gallery_id: gallery, action: 'reg' }, guest.token)).json().code).toBe(401);
    expect((await paper(guest.token, good('13800000001'))).json().code).toBe(401);
  });

  it('sending needs a phone number of the country; a wrong code fails (200210), is used up and the right one then passes', async () => {
    const u = await newUser(s);
    expect((await post('/api/common/sendsms', { phone: '', type: 'form', gallery_id: gallery, action: 'reg' }, u.token)).json().code).toBe(400);
    expect((await post('/api/common/sendsms', { phone: '23800000002', type: 'form', gallery_id: gallery, action: 'reg' }, u.token)).json().code).toBe(400);
    expect((await post('/api/common/sendsms', { phone: '13800000002', type: 'form', gallery_id: gallery, action: 'nope' }, u.token)).json().code).toBe(404);
    ipSeq++;
    expect((await post('/api/common/sendsms', { phone: '13800000002', type: 'form', gallery_id: gallery, action: 'reg' }, u.token)).json().code).toBe(200);
    // Resend within 60 s is refused.
    expect((await post('/api/common/sendsms', { phone: '13800000002', type: 'form', gallery_id: gallery, action: 'reg' }, u.token)).json().code).toBe(429);
    const code = lastCode()!;
    const wrong = String((Number(code) + 1) % 10000).padStart(4, '0');
    const bad = await post('/api/common/validatecode', { phone: '13800000002', code: wrong, gallery_id: gallery, action: 'reg' }, u.token);
    expect(bad.json()).toMatchObject({ code: ErrorCode.CAPTCHA_ERROR, data: { key: 'PhoneCodeError' } });
    const right = await post('/api/common/validatecode', { phone: '13800000002', code, gallery_id: gallery, action: 'reg' }, u.token);
    expect(right.json().data).toEqual({ status: 1, phone: '13800000002', country: '86', paid: [] });
    // Used once.
    expect((await post('/api/common/validatecode', { phone: '13800000002', code, gallery_id: gallery, action: 'reg' }, u.token)).json().code).toBe(ErrorCode.CAPTCHA_ERROR);
  });

  it('a form code opens no phone gate, and a gate code verifies no form', async () => {
    const u = await newUser(s);
    ipSeq++;
    await post('/api/common/sendsms', { phone: '13800000003', type: 'form', gallery_id: gallery, action: 'reg' }, u.token);
    const code = lastCode()!;
    const gate = await post('/api/v2/policy/sms/validation', { phone: '13800000003', code }, u.token);
    expect(gate.json().code).toBe(ErrorCode.CAPTCHA_ERROR);
    expect((await post('/api/common/validatecode', { phone: '13800000003', code, gallery_id: gallery, action: 'reg' }, u.token)).json().code).toBe(200);
  });

  it('validation refuses (200202) until the phone is verified, then names the phone; submit stores every field', async () => {
    const u = await newUser(s);
    const v1 = await post(`/api/v2/policy/records/${gallery}/validation`, { action: 'reg' }, u.token);
    expect(v1.json().code).toBe(ErrorCode.NO_PERMISSION);
    // Submitting a phone that was not verified: 200202.
    expect((await paper(u.token, good('13800000004'))).json().code).toBe(ErrorCode.NO_PERMISSION);
    await verify(u.token, '13800000004');
    const v2 = await post(`/api/v2/policy/records/${gallery}/validation`, { action: 'reg' }, u.token);
    expect(v2.json().data).toEqual({ phones: [{ phone: '13800000004', country: '86' }] });
    const r = await paper(u.token, good('13800000004'));
    expect(r.json()).toMatchObject({ code: 200, data: { redirect: 'formtst1', replaced: false } });
    const { rows } = await s.db.query<{ fields: unknown }>('SELECT fields FROM form_submissions WHERE id = $1', [r.json().data.id]);
    const fields = typeof rows[0].fields === 'string' ? JSON.parse(rows[0].fields) : rows[0].fields;
    expect(fields).toContainEqual({ id: 'mobile', type: 'form_phone', field: 'Mobile', value: '13800000004 (+86)' });
    expect(fields).toContainEqual({ id: 'meals', type: 'form_checkbox', field: 'Meals', value: ['Lunch', 'Dinner'] });
    // A repeated submit replaces the same row: one submission per visitor and form.
    const again = await paper(u.token, { ...good('13800000004'), size: 'L' });
    expect(again.json().data).toMatchObject({ id: r.json().data.id, replaced: true });
    const count = await s.db.query<{ n: string }>('SELECT count(*) AS n FROM form_submissions WHERE user_id = $1', [u.id]);
    expect(Number(count.rows[0].n)).toBe(1);
  });

  it('each refusal has its code, and nothing is stored', async () => {
    const u = await newUser(s);
    await verify(u.token, '13800000005');
    const before = async () => Number((await s.db.query<{ n: string }>('SELECT count(*) AS n FROM form_submissions WHERE user_id = $1', [u.id])).rows[0].n);
    const cases: Array<[Record<string, unknown>, number, string?]> = [
      [{ invite: 'WRONG' }, ErrorCode.WRONG_INVITE_CODE],
      [{ pw: 'guess' }, ErrorCode.WRONG_PASSWORD],
      [{ name: '' }, 400, 'name'],
      [{ name: 'x'.repeat(11) }, 400, 'name'],
      [{ note: 'y'.repeat(21) }, 400, 'note'],
      [{ born: '1899-12-31' }, 400, 'born'],
      [{ born: `${new Date().getUTCFullYear() + 1}-01-01` }, 400, 'born'],
      [{ born: '2001-02-30' }, 400, 'born'],
      [{ at: '24:00' }, 400, 'at'],
      [{ size: 'XL' }, 400, 'size'],
      [{ meals: 'Lunch' }, 400, 'meals'],
      [{ meals: ['Lunch', 'Lunch'] }, 400, 'meals'],
      [{ city: 'Paris' }, 400, 'city'],
      [{ extra: 'x' }, 400, 'extra'],
      [{ mobile: { phone: '13800000005', code: '12', country: '86' } }, 400, 'mobile']
    ];
    for (const [change, code, field] of cases) {
      const r = await paper(u.token, { ...good('13800000005'), ...change });
      expect({ change, code: r.statusCode < 500 && r.json().code }).toEqual({ change, code });
      if (field) expect(r.json().data.field).toBe(field);
    }
    expect((await paper(u.token, good('13800000005'), 'nosuchpg')).json().code).toBe(ErrorCode.NO_REDIRECT);
    expect((await paper(u.token, 'not an object' as never)).statusCode).toBe(400);
    expect(await before()).toBe(0);
    // Optional fields may be left out.
    const min = await paper(u.token, { name: 'Han', mobile: { phone: '13800000005', code: '0000', country: '86' } });
    expect(min.json().code).toBe(200);
  });

  it('a paid field: 200202 "no payment record" until the good is paid through the sandbox for the verified phone, then accepted', async () => {
    const u = await newUser(s);
    await verify(u.token, '13800000006', paid);
    const refused = await paper(u.token, good('13800000006'), 'formpay1', paid);
    expect(refused.json()).toMatchObject({ code: ErrorCode.NO_PERMISSION, msg: 'no payment record for this phone number' });
    // The pay field's order names the form and the phone verified in it (tests/server/forms-pay.test.ts: per phone, not per account).
    const body = { goods_id: goods, channel: 'native', form: { gallery_id: paid, action: 'reg', phone: '13800000006', country: '86' } };
    const pre = await post('/api/v2/pay/prepay', body, u.token);
    expect(pre.json()).toMatchObject({ code: 200, data: { amount: 990 } });
    // Paying twice makes one order (idempotent).
    expect((await post('/api/v2/pay/prepay', body, u.token)).json().data.id).toBe(pre.json().data.id);
    const no = (await s.db.query<{ out_trade_no: string }>('SELECT out_trade_no FROM orders WHERE id = $1', [pre.json().data.id])).rows[0].out_trade_no;
    expect((await post(`/sandbox/pay/${no}/confirm`, {}, u.token)).statusCode).toBe(200);
    expect((await paper(u.token, good('13800000006'), 'formpay1', paid)).json().code).toBe(200);
  });

  it('the organiser reads submissions back and exports CSV; without the token: refused', async () => {
    const auth = { authorization: `Bearer ${ORGANISER}` };
    const list = await s.app.inject({ method: 'GET', url: `/api/v2/organizer/galleries/${gallery}/forms/submissions?form=reg`, headers: auth });
    expect(list.json().code).toBe(200);
    expect(list.json().data.total).toBeGreaterThanOrEqual(2);
    expect(list.json().data.items[0].fields.map((f: { field: string }) => f.field)).toContain('Mobile');
    const csv = await s.app.inject({ method: 'GET', url: `/api/v2/organizer/galleries/${gallery}/forms/submissions.csv`, headers: auth });
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toContain('text/csv');
    const lines = csv.body.replace(/^\uFEFF/, '').trim().split('\r\n');
    expect(lines[0]).toBe('"id","form","submitted_at","updated_at","user_id","nickname","redirect","Name","Mobile","Note","Birthday","Arrival","Size","Meals","City","Invite","Password"');
    expect(lines.some((l) => l.includes('"13800000004 (+86)"') && l.includes('"Lunch; Dinner"') && l.includes('"L"'))).toBe(true);
    expect((await s.app.inject({ method: 'GET', url: `/api/v2/organizer/galleries/${gallery}/forms/submissions.csv` })).json().code).toBe(401);
    expect((await s.app.inject({ method: 'GET', url: `/api/v2/organizer/galleries/999999/forms/submissions`, headers: auth })).json().code).toBe(404);
  });

  it('the CLI lists submissions and writes the CSV (npm run gallery -- submissions)', async () => {
    await s.app.listen({ port: 0, host: '127.0.0.1' });
    const addr = s.app.server.address() as { port: number };
    const server = `http://127.0.0.1:${addr.port}`;
    const run = async (args: string[]) => {
      const lines: string[] = [];
      const code = await runGalleryCommand(parseGalleryArgs([...args, '--server', server, '--token', ORGANISER], {}), (l) => lines.push(l));
      return { code, lines };
    };
    const list = await run(['submissions', 'formtst1', '--form', 'reg']);
    expect(list.code).toBe(0);
    expect(list.lines).toContain('    Mobile: 13800000004 (+86)');
    expect(list.lines[list.lines.length - 1]).toMatch(/^\d+ of \d+ \(page 1, 50 a page\)$/);
    const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'forms-csv-')), 'out.csv');
    const csv = await run(['submissions', String(gallery), '--csv', file]);
    expect(csv.code).toBe(0);
    expect(csv.lines[0]).toMatch(/^Wrote \d+ submissions to /);
    expect(fs.readFileSync(file, 'utf8')).toContain('"Lunch; Dinner"');
    await expect(run(['submissions', 'formtst1', '--token', 'wrong'])).rejects.toThrow(/token/i);
    expect(() => parseGalleryArgs(['submissions'], {})).toThrow('a gallery id or link is needed');
  });
});
