/**
 * Deeply nested JSON (issue 26 finding 10): a body nested far past MAX_JSON_DEPTH is refused by the
 * body parser with 400 and the stable code JSON_TOO_DEEP before any handler walks it (a form
 * submission's json_data, an organiser's page data, and every other JSON body); nothing is written
 * and the server keeps answering. The page check refuses deep page data from the command line too.
 */
import { BACKENDS, insertGallery, startTestServer, type TestServer } from './helpers';
import { newUser } from './pay-fixture';
import { ErrorCode } from '../../types/envelope';
import { MAX_JSON_DEPTH, jsonTextTooDeep, jsonValueTooDeep } from '../../types/jsonDepth';
import { checkPageData } from '../../types/page/validate';
import { viewerOf } from '../../server/src/viewer';

const ORGANISER = 'depth-organiser';
const FORM = { components: [{ id: 'reg', type: 'form', props: { title: 'Registration', children: [{ id: 'name', type: 'form_input', props: { field: 'Name' } }] } }] };

/** `[[[…]]]` nested `depth` levels (a list, or objects `{"a":…}`), as text. */
const nested = (depth: number, kind: 'list' | 'object' = 'list') =>
  kind === 'list' ? `${'['.repeat(depth)}${']'.repeat(depth)}` : `${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}`;

describe.each(BACKENDS)('deeply nested JSON bodies on %s', (backend) => {
  let s: TestServer;
  let gallery: number;
  let token: string;
  const auth = { authorization: `Bearer ${ORGANISER}` };

  beforeAll(async () => {
    s = await startTestServer(backend, { ORGANIZER_TOKEN: ORGANISER, SEED_DEMO: '0' });
    gallery = await insertGallery(s.db, { link_id: 'deepjs01', name: 'Deep' });
    const saved = await s.app.inject({ method: 'POST', url: `/api/v2/organizer/galleries/${gallery}/page`, payload: { pagedata: FORM }, headers: auth });
    expect(saved.json().code).toBe(200);
    token = (await newUser(s)).token;
  });
  afterAll(() => s.close());

  const raw = (url: string, body: string, headers: Record<string, string>) =>
    s.app.inject({ method: 'POST', url, payload: body, headers: { ...headers, 'content-type': 'application/json' } });
  const submissions = async () => (await s.db.query<{ n: number }>('SELECT count(*)::int AS n FROM form_submissions WHERE gallery_id = $1', [gallery])).rows[0].n;
  const page = async () => (await s.db.query<{ pagedata: unknown }>('SELECT pagedata FROM galleries WHERE id = $1', [gallery])).rows[0].pagedata;
  const refusedDeep = (res: { statusCode: number; json: () => unknown }) => {
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ code: ErrorCode.JSON_TOO_DEEP, data: { max_depth: MAX_JSON_DEPTH }, msg: `JSON must nest at most ${MAX_JSON_DEPTH} levels deep` });
  };

  it('a form submission nested 100,000 levels deep answers 400 JSON_TOO_DEEP and stores nothing', async () => {
    for (const kind of ['list', 'object'] as const) {
      const body = `{"action":"reg","parent":"deepjs01","json_data":{"name":${nested(100_000, kind)}}}`;
      refusedDeep(await raw(`/api/v2/policy/records/${gallery}/paper`, body, { authorization: `Bearer ${token}` }));
    }
    expect(await submissions()).toBe(0);
    // The server still answers, and a plain submission is stored.
    const ok = await raw(`/api/v2/policy/records/${gallery}/paper`, JSON.stringify({ action: 'reg', parent: 'deepjs01', json_data: { name: 'Ann' } }), { authorization: `Bearer ${token}` });
    expect(ok.json().code).toBe(200);
    expect(await submissions()).toBe(1);
  });

  it('the form service refuses deep json_data itself, before measuring it (a caller other than the body parser)', async () => {
    const viewer = viewerOf(await s.services.sessions.resolve(token), '10.9.0.1', token);
    const json_data = { name: JSON.parse(nested(100_000)) };
    await expect(s.services.forms.paper(viewer, gallery, { action: 'reg', parent: 'deepjs01', json_data })).rejects.toMatchObject({ code: ErrorCode.JSON_TOO_DEEP, status: 400 });
  });

  it("an organiser's page data nested 100,000 levels deep answers 400 JSON_TOO_DEEP and the page is unchanged", async () => {
    const before = await page();
    for (const kind of ['list', 'object'] as const) {
      const body = `{"pagedata":{"components":[{"id":"x","type":"text","props":{"text":${nested(100_000, kind)}}}]}}`;
      refusedDeep(await raw(`/api/v2/organizer/galleries/${gallery}/page`, body, auth));
    }
    expect(await page()).toEqual(before);
    const health = await s.app.inject({ method: 'GET', url: '/api/v2/gallery/link/deepjs01' });
    expect(health.statusCode).toBe(200);
  });

  it('the limit is exact: MAX_JSON_DEPTH levels are read, one more is refused (brackets inside strings do not count)', async () => {
    const url = `/api/v2/organizer/galleries/${gallery}/page`;
    // {"pagedata":{…, "extra": …}} is 2 levels around `extra`'s value.
    const at = (depth: number) => `{"pagedata":{"components":[],"note":"[[{{\\"","extra":${nested(depth - 2)}}}`;
    const within = await raw(url, at(MAX_JSON_DEPTH), auth);
    expect(within.statusCode).toBe(400);
    expect(within.json().data).toMatchObject({ key: 'PageDataInvalid', errors: [{ path: 'pagedata.note', message: 'unknown field' }, { path: 'pagedata.extra', message: 'unknown field' }] });
    refusedDeep(await raw(url, at(MAX_JSON_DEPTH + 1), auth));
  });
});

describe('the depth checks themselves', () => {
  it('count nesting iteratively, outside strings, and stop at the limit', () => {
    expect(jsonTextTooDeep(nested(3), 3)).toBe(false);
    expect(jsonTextTooDeep(nested(4), 3)).toBe(true);
    expect(jsonTextTooDeep('["[[[[", "\\"[[[["]', 1)).toBe(false);
    expect(jsonTextTooDeep(nested(1_000_000), MAX_JSON_DEPTH)).toBe(true);
    expect(jsonValueTooDeep(JSON.parse(nested(3, 'object')), 3)).toBe(false);
    expect(jsonValueTooDeep(JSON.parse(nested(4, 'object')), 3)).toBe(true);
    expect(jsonValueTooDeep(JSON.parse(nested(100_000)), MAX_JSON_DEPTH)).toBe(true);
    expect(jsonValueTooDeep('text', 0)).toBe(false);
  });

  it('the page check refuses deep page data before it measures it (the command line reads pages from files)', () => {
    const deep = { components: [{ id: 'x', type: 'text', props: { text: JSON.parse(nested(100_000)) } }] };
    expect(checkPageData(deep)).toEqual([{ path: 'pagedata', message: `must nest at most ${MAX_JSON_DEPTH} levels deep` }]);
  });
});
