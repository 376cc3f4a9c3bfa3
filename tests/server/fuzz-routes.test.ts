/**
 * Every declared route (types/api) with generated bad input (issue 11 item 2):
 * values derived from each call's request schemas, mixed with wrong types,
 * overflowing, negative and NaN numbers, lists for scalars, control characters,
 * very long text, malformed percent-encoding, broken JSON, wrong content types and
 * broken multipart forms, as a visitor without a session, a guest, a logged-in
 * user and the organiser. No answer is a 5xx, and every error is the JSON envelope.
 * Fields that take any JSON (a form's json_data, an organiser's pagedata) get deep, large and odd
 * JSON (fuzz-inputs.ts openJson: nesting past MAX_JSON_DEPTH up to 100,000 levels, fc.letrec shapes,
 * values around the size limits), besides page-like and form-like values that reach the checks.
 *
 * FUZZ_SEED=<n> replays a run (fast-check prints the seed of a failure).
 *
 * The one exception to the envelope: a payment provider's notification is answered in
 * that provider's protocol (WeChat Pay reads `{code: 'FAIL', message}`), still never a 5xx.
 */
import crypto from 'node:crypto';
import fc from 'fast-check';
import sharp from 'sharp';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { BACKENDS, startTestServer, insertGallery, type TestServer } from './helpers';
import { newUser, insertGoods } from './pay-fixture';
import { declaredCalls, plausible, objectOf, badJson, queryOf, paramsOf, fillPath, sweepPath, sweepQueries, sweepBodies, jsonText, openJson, deepMarker, RAW_BODIES, CONTENT_TYPES, type Badness, type Hints, type Schema } from './fuzz-inputs';
import { PAGE_COMPONENT_DEFINITIONS } from '../../types/page/definitions';
import { encodeForm, multipartBody } from './fuzz-multipart';
import type { ApiCall } from '../../types/api/contract';
import type { ImageSign } from '../../types/api/upload';

const TOKEN = 'organiser-fuzz-token';
/** Generated requests per route and backend (about 60 routes); FUZZ_RUNS=<n> for a longer hunt. */
const RUNS = process.env.FUZZ_RUNS ? Number(process.env.FUZZ_RUNS) : 8;
const SEED = process.env.FUZZ_SEED ? Number(process.env.FUZZ_SEED) : undefined;

const CALLS = declaredCalls();

/** Body fields that take any JSON: an object schema that names no fields (OpenObject, page data), or no schema at all. */
function openFields(call: ApiCall): string[] {
  const props = (call.schema as { body?: Schema }).body?.properties ?? {};
  const open = (f: Schema) => !f.properties && !f.anyOf && !f.enum && !('const' in f) && (f.type === undefined || [f.type].flat().includes('object'));
  return Object.entries(props)
    .filter(([, f]) => open(f))
    .map(([name]) => name);
}
const OPEN_CALLS = CALLS.filter((c) => openFields(c).length);
/** Generated bodies per call with open JSON fields (a few calls): more than the general runs. */
const OPEN_RUNS = RUNS * 5;

const jpeg = (seed: number) =>
  sharp({ create: { width: 64 + seed, height: 48, channels: 3, background: { r: seed * 40, g: 90, b: 160 } } })
    .jpeg()
    .toBuffer();

interface Fixture {
  /** The gallery whose page holds the form `reg`. */
  gallery: number;
  hints: Hints;
  tokens: Record<'guest' | 'user' | 'organiser', string>;
  policy: ImageSign;
  clashKeys: string[];
  files: fc.Arbitrary<Buffer>;
}

/** What makes an answer wrong: a 5xx, or an error that is not the `{code, data, msg}` JSON envelope. */
function answerProblem(call: ApiCall, req: InjectOptions, res: LightMyRequestResponse): string | null {
  if (res.statusCode >= 500) return 'a server error';
  if (res.statusCode < 400 || call.produces === 'provider answer') return null;
  const accept = String((req.headers as Record<string, string> | undefined)?.accept ?? '');
  const type = String(res.headers['content-type'] ?? '');
  if (/text\/html/.test(type) && accept.includes('text/html') && /html/.test(call.produces ?? '')) return null;
  if (!type.startsWith('application/json')) return `an error answered as ${type || 'no content type'}`;
  let body: unknown;
  try {
    body = JSON.parse(res.body);
  } catch {
    return 'an error whose body is not JSON';
  }
  const e = body as { code?: unknown; msg?: unknown };
  if (!e || typeof e.code !== 'number' || typeof e.msg !== 'string' || !('data' in e)) return 'an error that is not the envelope';
  return null;
}

function describeRequest(req: InjectOptions): string {
  const p = req.payload;
  const body = p === undefined ? '' : ` ${JSON.stringify((Buffer.isBuffer(p) ? p.toString('latin1') : String(p)).slice(0, 600))}`;
  return `${req.method} ${req.url} ${JSON.stringify(req.headers)}${body}`;
}

/** One generated request for a call: one part (path, query or body) bad, every part a little bad, or none. */
function requestFor(call: ApiCall, fx: Fixture): fc.Arbitrary<InjectOptions> {
  const target = fc.constantFrom<'params' | 'query' | 'body' | 'mixed' | 'none'>('params', 'query', 'body', 'body', 'mixed', 'none');
  const identity = fc.constantFrom<keyof Fixture['tokens'] | 'none' | 'junk'>('none', 'guest', 'user', 'user', 'user', 'organiser', 'organiser', 'junk');
  const accept = fc.constantFrom(undefined, 'application/json', '*/*', 'text/html,application/xhtml+xml', 'image/avif,image/webp', 'image/*;q=NaN,,;', 'x'.repeat(2000));
  // Other headers the server reads: odd values, printable only (Node's parser refuses control characters before routing).
  const extra = fc.option(
    fc.record({
      name: fc.constantFrom('host', 'user-agent', 'if-none-match', 'x-client', 'x-forwarded-for', 'content-length', 'authorization'),
      value: fc.constantFrom('', '*', 'W/"x", "y"', '::1', 'weapp', 'Basic Zm9vOmJhcg==', 'Bearer', '[::1]:99999', 'MicroMessenger/8.0 wxwork', 'a'.repeat(4000), '%E0%A4%A', '999999999999999999')
    }),
    { freq: 3 }
  );
  const ip = fc.tuple(fc.integer({ min: 1, max: 250 }), fc.integer({ min: 0, max: 255 }), fc.integer({ min: 1, max: 254 })).map(([a, b, c]) => `10.${a}.${b}.${c}`);
  return target.chain((t) => {
    const badness = (part: string): Badness => (t === part ? 'one' : t === 'mixed' ? 'mixed' : 'good');
    return fc.record({
      params: paramsOf(call.path, call.schema.params as Schema | undefined, fx.hints, badness('params')),
      query: queryOf(call.schema.query as Schema | undefined, fx.hints, badness('query')),
      body: bodyFor(call, fx, badness('body')),
      identity,
      accept,
      extra,
      ip
    });
  }).map((r) => {
    const headers: Record<string, string> = {};
    if (r.identity === 'junk') headers.authorization = 'Bearer x'.padEnd(300, 'y');
    else if (r.identity !== 'none') headers.authorization = `Bearer ${fx.tokens[r.identity]}`;
    if (r.accept) headers.accept = r.accept;
    if (r.body.contentType) headers['content-type'] = r.body.contentType;
    if (r.extra) headers[r.extra.name] = r.extra.value;
    const url = fillPath(call.path, r.params) + (r.query ? `?${r.query}` : '');
    const req: InjectOptions = { method: call.method, url, headers, remoteAddress: r.ip, ...(r.body.payload !== undefined ? { payload: r.body.payload } : {}) };
    // How fast-check prints a counterexample: bodies shortened, bytes as text.
    return Object.assign(req, { [fc.toStringMethod]: () => describeRequest(req) });
  });
}

/** The request body: a multipart form for streamed uploads, JSON (or not) for other POSTs, none for GETs. */
function bodyFor(call: ApiCall, fx: Fixture, badness: Badness): fc.Arbitrary<{ payload?: string | Buffer; contentType?: string }> {
  const s = call.schema as { body?: Schema; headers?: Schema };
  if (s.headers) {
    const fields = fc.record({
      key: fc.oneof(fc.constantFrom(...fx.clashKeys), fc.constant('uploads/elsewhere/x')),
      OSSAccessKeyId: fc.constant(fx.policy.accessid),
      policy: fc.constant(fx.policy.policy),
      Signature: fc.constant(fx.policy.signature),
      success_action_status: fc.constantFrom('201', '204', '200', 'x')
    });
    return multipartBody(fields, fx.files, badness !== 'good').map((m) => ({ payload: m.payload, contentType: m.contentType }));
  }
  if (call.method !== 'POST') return fc.constant({});
  const json = jsonText;
  const objects = s.body?.properties ? objectOf(s.body, fx.hints, badness) : s.body ? plausible(s.body) : fc.constant({});
  const asJson = objects.map((o) => ({ payload: json(o), contentType: 'application/json' }));
  if (badness === 'good') return asJson;
  return fc.oneof(
    { weight: 6, arbitrary: asJson },
    { weight: 1, arbitrary: badJson().map((v) => ({ payload: json(v), contentType: 'application/json' })) },
    { weight: 2, arbitrary: fc.record({ payload: fc.constantFrom(...RAW_BODIES), contentType: fc.constantFrom(...CONTENT_TYPES) }) },
    { weight: 1, arbitrary: fc.record({ payload: objects.map(json), contentType: fc.constantFrom(...CONTENT_TYPES) }) }
  );
}

/** The fixture gallery's page: a form (id `reg`) any visitor may submit. */
const FORM_PAGE = {
  components: [
    {
      id: 'reg',
      type: 'form',
      props: { title: 'Fuzz', children: [{ id: 'name', type: 'form_input', props: { field: 'Name' } }, { id: 'note', type: 'form_textarea', props: { field: 'Note' } }] }
    }
  ]
};

/** Page data an organiser might save: components of every defined type (and an unknown one) with any props, or the form page. */
function pageLike(): fc.Arbitrary<unknown> {
  const component = fc.record(
    {
      id: fc.oneof(fc.string({ minLength: 1, maxLength: 8 }), fc.constant('reg')),
      type: fc.constantFrom(...Object.keys(PAGE_COMPONENT_DEFINITIONS), 'future_type'),
      props: openJson(),
      wrapper: openJson()
    },
    { requiredKeys: ['id', 'type'] }
  );
  return fc.oneof(fc.record({ components: fc.array(component, { maxLength: 6 }) }), fc.constant(FORM_PAGE), openJson());
}

describe.each(BACKENDS)('every declared route with bad input on %s', (backend) => {
  let s: TestServer;
  let fx: Fixture;

  beforeAll(async () => {
    s = await startTestServer(backend, { ORGANIZER_TOKEN: TOKEN, UPLOAD_MAX_BYTES: '200000', PUBLIC_URL: 'https://photos.example' });
    const gallery = await insertGallery(s.db, { link_id: 'fuzzgal1', name: 'Fuzz', config: { original_photo: 1, use_comment: 1 } });
    const child = await insertGallery(s.db, { link_id: 'fuzzkid1', name: 'Fuzz child', parent: gallery });
    const goods = await insertGoods(s, gallery, 100);
    const organiser = { authorization: `Bearer ${TOKEN}` };
    const policy = (await s.app.inject({ method: 'GET', url: `/api/v2/common/imagesign?gallery_id=${gallery}`, headers: organiser })).json().data as ImageSign;

    // Two real photos, through the upload host and the registration.
    const photos: Array<{ id: number; hash: string }> = [];
    for (const n of [1, 2]) {
      const bytes = await jpeg(n);
      const key = `${policy.dir}${crypto.createHash('sha256').update(bytes).digest('hex')}.jpg`;
      const fields = { key, OSSAccessKeyId: policy.accessid, policy: policy.policy, Signature: policy.signature };
      const payload = encodeForm([...Object.entries(fields).map(([name, value]) => ({ name, value })), { name: 'file', value: bytes, filename: 'p.jpg', type: 'image/jpeg' }], 'fixtureB');
      const up = await s.app.inject({ method: 'POST', url: '/oss/upload', payload, headers: { 'content-type': 'multipart/form-data; boundary=fixtureB' } });
      expect(up.statusCode).toBe(204);
      const reg = await s.app.inject({ method: 'POST', url: '/api/v2/images/upload', headers: organiser, payload: { gallery_id: gallery, hash: key, tags: ['a', 'b'] } });
      expect(reg.statusCode).toBe(200);
      photos.push(reg.json().data.photo);
    }
    // A form on the gallery's page, so a submission's json_data reaches the form's checks.
    const setPage = await s.app.inject({ method: 'POST', url: `/api/v2/organizer/galleries/${gallery}/page`, headers: organiser, payload: { pagedata: FORM_PAGE } });
    expect(setPage.json().code).toBe(200);
    const guest = (await s.app.inject({ method: 'GET', url: '/session.js' })).json().data.token as string;
    const user = await newUser(s);
    const signed = (await s.app.inject({ method: 'GET', url: `/api/v2/images/original/${photos[0].id}`, headers: { authorization: `Bearer ${user.token}` } })).json().data as { url: string };
    const sq = new URL(signed.url, 'http://x').searchParams;

    // Comments (types/api/comments.ts): one comment, a gift and an emotion to aim at.
    const comment = (await s.app.inject({ method: 'POST', url: '/api/comment/post', headers: { authorization: `Bearer ${user.token}` }, payload: { galleryid: gallery, content: 'Fuzz comment' } })).json().data as { id: number };
    const gift = (await s.app.inject({ method: 'POST', url: `/api/v2/organizer/galleries/${gallery}/gifts`, headers: organiser, payload: { name: 'Rose', image: '/r.png', price: 0, cooldown: 1 } })).json().data as { id: number };
    const emotion = (await s.app.inject({ method: 'POST', url: `/api/v2/organizer/galleries/${gallery}/emotions`, headers: organiser, payload: { name: 'Cats', images: ['/c.gif'] } })).json().data as { id: number };
    const ids = fc.constantFrom(gallery, child, ...photos.map((p) => p.id), 0, 1);
    const hash = photos[0].hash;
    const clashKeys = ['K', 'K/x', 'K/x/y', 'K/', 'L.jpg', 'L.jpg/z', ''].map((k) => `${policy.dir}${k}`);
    fx = {
      gallery,
      policy,
      clashKeys,
      tokens: { guest, user: user.token, organiser: TOKEN },
      files: fc.oneof(fc.constantFrom(await jpeg(3), await jpeg(4), Buffer.from('not an image'), Buffer.alloc(0)), fc.uint8Array({ maxLength: 64 }).map((a) => Buffer.from(a))),
      hints: {
        id: ids,
        galleryid: ids,
        gallery: ids,
        gallery_id: ids,
        parentid: ids,
        parent: fc.oneof(ids, fc.constantFrom('fuzzgal1', 'fuzzkid1')),
        goods_id: fc.constant(goods),
        link_id: fc.constantFrom('fuzzgal1', 'fuzzkid1'),
        link: fc.constantFrom('fuzzgal1', 'fuzzkid1'),
        spec: fc.constantFrom(`${hash}!wx_375_240`, `${hash}!original`, hash, `${hash}!wx_1920_n`, `${photos[1].hash}!wx_250_160`),
        url: fc.constantFrom(`/img/${hash}!wx_375_240`, `/img/${hash}!wx_375_240?g=${gallery}`, `https://photos.example/img/${hash}`, '/img/%E0%A4%A', '/img/%'),
        hash: fc.constantFrom(...clashKeys),
        ids: fc.constantFrom(photos.map((p) => p.id).join(','), String(photos[0].id), photos.map((p) => p.id)),
        imgids: fc.constantFrom(photos.map((p) => p.id).join(','), photos.map((p) => p.id)),
        imageid: fc.constantFrom(photos.map((p) => p.id).join(',')),
        g: fc.constant(gallery),
        u: fc.constant(sq.get('u')),
        e: fc.constant(sq.get('e')),
        s: fc.constant(sq.get('s')),
        code: fc.oneof(fc.nat().map((n) => `sandbox:Fuzz:${n}`), fc.constant('1234')),
        provider: fc.constantFrom('wechat', 'qr', 'sandbox'),
        action: fc.constantFrom('hide', 'show', 'delete', 'check', 'uncheck', 'reg'),
        pagedata: pageLike(),
        json_data: fc.oneof(fc.record({ name: fc.oneof(fc.string(), openJson()), note: fc.oneof(fc.string(), openJson()) }, { requiredKeys: [] }), openJson()),
        openid: fc.constant(user.openid),
        file: fc.constant(`${'a'.repeat(64)}.jpg`),
        tags: fc.constantFrom('a', 'a,b', ['a', 'b']),
        orderid: ids,
        comment_id: fc.constantFrom(comment.id, 1),
        reply_id: fc.constantFrom(comment.id, 0),
        gift_id: fc.constant(gift.id),
        emotion_id: fc.constant(emotion.id),
        content: fc.constantFrom('Hello', ' ', 'x'.repeat(141), JSON.stringify({ id: gift.id, count: 2 }), JSON.stringify({ id: emotion.id, image: '/c.gif' }), '{"vote_id": 1, "question_title": "Q"}', '<b>hi</b>')
      }
    };
  });
  afterAll(() => s?.close());

  it('walks every declared call, and each is registered', () => {
    expect(CALLS.length).toBeGreaterThan(40);
    const missing = CALLS.filter((c) => !s.app.hasRoute({ method: c.method, url: c.path })).map((c) => `${c.method} ${c.path}`);
    expect(missing).toEqual([]);
  });

  it('answers a control character, an overflowing number or a repeated value in any field of any call without a 5xx', async () => {
    const problems: string[] = [];
    for (const call of CALLS) {
      const schema = call.schema as { params?: Schema; query?: Schema; body?: Schema; headers?: Schema };
      if (schema.headers) continue;
      const path = sweepPath(call.path, schema.params, fx.hints);
      const who = /organizer|imagesign|images\/upload$/.test(call.path) ? 'organiser' : 'user';
      const headers = { authorization: `Bearer ${fx.tokens[who]}` };
      const requests: InjectOptions[] = [
        ...sweepQueries(schema.query, fx.hints).map((q) => ({ method: call.method, url: `${path}?${q}`, headers })),
        ...sweepBodies(schema.body, fx.hints).map((b) => ({ method: call.method, url: path, headers, payload: b as Record<string, unknown> }))
      ];
      for (const req of requests) {
        const res = await s.app.inject({ ...req, remoteAddress: `10.200.${problems.length}.${requests.indexOf(req) % 250}` });
        const problem = answerProblem(call, req, res);
        if (problem) problems.push(`${problem}: ${describeRequest(req)} → ${res.statusCode} ${res.body.slice(0, 200)}`);
      }
    }
    expect(problems).toEqual([]);
  });

  it('finds the calls whose bodies take any JSON: a form submission, an organiser page', () => {
    const names = OPEN_CALLS.map((c) => `${c.method} ${c.path} ${openFields(c).join(',')}`);
    expect(names).toEqual(expect.arrayContaining(['POST /api/v2/policy/records/:id/paper json_data', 'POST /api/v2/organizer/galleries/:id/page pagedata']));
  });

  it.each(OPEN_CALLS.map((c) => [`${c.method} ${c.path}`, c] as const))('%s answers deep, large and odd JSON in its open fields without a 5xx', async (_name, call) => {
    const schema = call.schema as { params?: Schema; body?: Schema };
    const open = openFields(call);
    const hints: Hints = { ...fx.hints, id: fc.constant(fx.gallery) };
    const token = fx.tokens[/organizer/.test(call.path) ? 'organiser' : 'user'];
    // Mostly aimed at the fixture's form (its gallery, form id and a real parent page), so the open JSON reaches the checks.
    const props = schema.body?.properties ?? {};
    const aim = Object.fromEntries(Object.entries({ action: 'reg', parent: 'fuzzgal1' }).filter(([name]) => name in props));
    const input = fc.record({
      params: paramsOf(call.path, schema.params, hints, 'good'),
      base: objectOf(schema.body!, hints, 'good'),
      aimed: fc.constantFrom(true, true, true, false),
      open: fc.tuple(...open.map((name) => fc.oneof({ weight: 3, arbitrary: openJson() }, { weight: 1, arbitrary: hints[name] ?? openJson() })))
    });
    type Input = { params: Record<string, string>; base: Record<string, unknown>; aimed: boolean; open: unknown[] };
    // Always tried first: every open field nested 100,000 levels deep (lists, objects, both in turn).
    const good = fc.sample(input, { numRuns: 1, seed: 7 })[0];
    const deep = (['list', 'object', 'mixed'] as const).map((kind): [Input] => [{ ...good, aimed: true, open: open.map(() => deepMarker(kind, 100_000)) }]);
    await fc.assert(
      fc.asyncProperty(input, async ({ params, base, aimed, open: values }) => {
        const body = { ...base, ...(aimed ? aim : {}), ...Object.fromEntries(open.map((name, i) => [name, values[i]])) };
        const req: InjectOptions = {
          method: call.method,
          url: fillPath(call.path, aimed && 'id' in params ? { ...params, id: String(fx.gallery) } : params),
          headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
          payload: jsonText(body)
        };
        const res = await s.app.inject(req);
        const problem = answerProblem(call, req, res);
        if (problem) throw new Error(`${problem}: ${describeRequest(req)} → ${res.statusCode} ${res.body.slice(0, 300)}`);
      }),
      { numRuns: OPEN_RUNS, seed: SEED, endOnFailure: false, examples: deep }
    );
  });

  it.each(CALLS.map((c) => [`${c.method} ${c.path}`, c] as const))('%s answers bad input with a 4xx envelope', async (_name, call) => {
    await fc.assert(
      fc.asyncProperty(requestFor(call, fx), async (req) => {
        const res = await s.app.inject(req);
        const problem = answerProblem(call, req, res);
        if (problem) throw new Error(`${problem}: ${describeRequest(req)} → ${res.statusCode} ${res.body.slice(0, 300)}`);
      }),
      { numRuns: RUNS, seed: SEED, endOnFailure: false }
    );
  });
});
