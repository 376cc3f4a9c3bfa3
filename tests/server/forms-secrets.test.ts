// Issue 26 finding 2: a form's whitelists (phones, invite codes, passwords, accepted input values)
// are never sent to visitors. Every read that carries a page to a visitor (the gallery detail by
// link, label or id, a parent's children, the batch, the H5 document's boot data), before and past a
// page gate, has none of them; the organiser's own read keeps them, and submissions are still
// checked against them on the server.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { BACKENDS, insertGallery, startTestServer, type TestServer } from './helpers';
import { newUser } from './pay-fixture';
import { SandboxSmsProvider } from '../../server/src/providers/sms';
import { ErrorCode } from '../../types/envelope';

const ORGANISER = 'forms-secrets-organiser';
const PHONE_OK = '13912345678';
const PHONE_OTHER = '13800000077';
const INVITE = 'INVITE-7Q2X';
const PASSWORD = 'pw-Zk81m';
const MEMBER = 'member-4471';
const NESTED_INVITE = 'NESTED-9K3';
const SECRETS = [PHONE_OK, INVITE, PASSWORD, MEMBER, NESTED_INVITE];

const INDEX = '<!DOCTYPE html><html><head><meta charset="utf-8"><title></title><script defer="defer" src="/js/app.12345678.js"></script></head><body><div id="app"></div></body></html>';

/** The form's fields, each with its list. */
const FIELDS = [
  { id: 'member', type: 'form_input', props: { field: 'Member no', required: true, whitelist: [MEMBER] } },
  { id: 'mobile', type: 'form_phone', props: { field: 'Mobile', required: true, whitelist: [PHONE_OK] } },
  { id: 'invite', type: 'form_invite', props: { field: 'Invite', required: true, whitelist: [INVITE] } },
  { id: 'pw', type: 'form_password', props: { field: 'Password', required: true, whitelist: [PASSWORD] } }
];

const PAGE = {
  components: [
    { id: 'reg', type: 'form', props: { title: 'Members only', children: FIELDS } },
    {
      id: 'fold',
      type: 'collapse',
      props: {
        items: [
          {
            title: 'More',
            children: [{ id: 'late', type: 'form', props: { children: [{ id: 'code2', type: 'form_invite', props: { field: 'Late invite', whitelist: [NESTED_INVITE] } }] } }]
          }
        ]
      }
    }
  ]
};

describe.each(BACKENDS)('form secrets on %s', (backend) => {
  const h5Dir = fs.mkdtempSync(path.join(os.tmpdir(), 'lg-h5-forms-'));
  const sent: string[] = [];
  const ids = { top: 0, gallery: 0 };
  let s: TestServer;
  let ipSeq = 1;

  const auth = (token?: string): Record<string, string> => (token ? { authorization: `Bearer ${token}` } : {});
  const get = (url: string, token?: string) => s.app.inject({ method: 'GET', url, headers: auth(token) });
  const post = (url: string, payload: unknown, token?: string) =>
    s.app.inject({ method: 'POST', url, payload: payload as object, headers: auth(token), remoteAddress: `10.26.2.${ipSeq}` });

  beforeAll(async () => {
    fs.writeFileSync(path.join(h5Dir, 'index.html'), INDEX);
    s = await startTestServer(backend, { ORGANIZER_TOKEN: ORGANISER, H5_DIR: h5Dir }, undefined, (c) => ({ ...c, sms: new SandboxSmsProvider((l) => sent.push(l)) }));
    ids.top = await insertGallery(s.db, { link_id: 'fsectop1', name: 'Top' });
    ids.gallery = await insertGallery(s.db, { link_id: 'fsecret1', name: 'Forms', parent: ids.top, url_labeling: 'fsec-label' });
    for (const id of [ids.top, ids.gallery]) expect((await post(`/api/v2/organizer/galleries/${id}/page`, { pagedata: PAGE }, ORGANISER)).json().code).toBe(200);
  });
  afterAll(async () => {
    await s.close();
    fs.rmSync(h5Dir, { recursive: true, force: true });
  });

  /** Every answer that carries the page to this visitor, as the text sent. */
  async function visitorAnswers(token?: string): Promise<Record<string, string>> {
    const urls = [
      '/api/v2/gallery/link/fsecret1',
      '/api/v2/gallery/gti/fsec-label',
      `/api/v2/gallery/id/${ids.gallery}`,
      '/api/v2/gallery/link/fsectop1',
      `/api/v2/gallery/batch?ids=${ids.gallery},${ids.top}`,
      '/g/fsecret1'
    ];
    const out: Record<string, string> = {};
    for (const url of urls) {
      const r = await get(url, token);
      expect({ url, status: r.statusCode }).toEqual({ url, status: 200 });
      out[url] = r.body;
    }
    return out;
  }

  function expectNoSecrets(answers: Record<string, string>) {
    for (const [url, body] of Object.entries(answers)) {
      // The forms are there (their fields and labels), their lists are not.
      expect({ url, form: body.includes('form_invite') && body.includes('Late invite') }).toEqual({ url, form: true });
      expect({ url, leaked: SECRETS.filter((x) => body.includes(x)), whitelist: body.includes('whitelist') }).toEqual({ url, leaked: [], whitelist: false });
    }
  }

  it('a guest without a session, a guest session and a logged-in visitor get the forms without any whitelist', async () => {
    expectNoSecrets(await visitorAnswers());
    expectNoSecrets(await visitorAnswers((await newUser(s, false)).token));
    expectNoSecrets(await visitorAnswers((await newUser(s)).token));
  });

  it('past a page gate too', async () => {
    const gate = await post(`/api/v2/organizer/galleries/${ids.gallery}/gates/pgdata`, { access_type: 'password', password: 'gate-pw' }, ORGANISER);
    expect(gate.json().code).toBe(200);
    try {
      const u = await newUser(s);
      ipSeq++;
      expect((await post('/api/v2/gallerypgdata/permisson/visit/check', { id: ids.gallery, password: 'gate-pw' }, u.token)).json()).toMatchObject({ code: 200, data: { ispass: true } });
      const detail = await get('/api/v2/gallery/link/fsecret1', u.token);
      expect(detail.json().data.gallery.pagedata.components[0].props.children).toHaveLength(4);
      expectNoSecrets({ detail: detail.body, parent: (await get('/api/v2/gallery/link/fsectop1', u.token)).body, batch: (await get(`/api/v2/gallery/batch?ids=${ids.gallery}`, u.token)).body });
    } finally {
      expect((await post(`/api/v2/organizer/galleries/${ids.gallery}/gates/pgdata/clear`, {}, ORGANISER)).json().code).toBe(200);
    }
  });

  it("the organiser's own read keeps every whitelist", async () => {
    const list = await get('/api/v2/organizer/galleries', ORGANISER);
    expect(list.json().code).toBe(200);
    for (const x of SECRETS) expect(list.body).toContain(x);
  });

  it('submissions are still checked against the whitelists on the server', async () => {
    const u = await newUser(s);
    ipSeq++;
    const send = (phone: string) => post('/api/common/sendsms', { phone, type: 'form', country: '86', gallery_id: ids.gallery, action: 'reg' }, u.token);
    // A phone off the list gets no code.
    expect((await send(PHONE_OTHER)).json().code).toBe(ErrorCode.NO_PERMISSION);
    expect((await send(PHONE_OK)).json().code).toBe(200);
    const code = /code (\d{4})$/.exec(sent[sent.length - 1] ?? '')![1];
    expect((await post('/api/common/validatecode', { phone: PHONE_OK, country: '86', code, gallery_id: ids.gallery, action: 'reg' }, u.token)).json().code).toBe(200);
    const good = { member: MEMBER, mobile: { phone: PHONE_OK, code: '0000', country: '86' }, invite: INVITE, pw: PASSWORD };
    const paper = (json_data: unknown) => post(`/api/v2/policy/records/${ids.gallery}/paper`, { action: 'reg', parent: 'fsecret1', json_data }, u.token);
    const refused: Array<[Record<string, unknown>, number, string]> = [
      [{ member: 'member-0000' }, ErrorCode.NO_PERMISSION, 'member'],
      [{ invite: 'INVITE-0000' }, ErrorCode.WRONG_INVITE_CODE, 'invite'],
      [{ pw: 'guess' }, ErrorCode.WRONG_PASSWORD, 'pw']
    ];
    for (const [change, want, field] of refused) {
      const r = (await paper({ ...good, ...change })).json();
      expect({ change, code: r.code, field: r.data?.field }).toEqual({ change, code: want, field });
    }
    expect((await paper(good)).json().code).toBe(200);
  });
});
