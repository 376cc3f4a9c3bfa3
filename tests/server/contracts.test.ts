/**
 * Declared calls (types/api/contract.ts) as the server registers them: Fastify
 * checks the input by the call's schemas and answers a readable 400 naming the
 * field; the answer is serialised by the response schema (fields it does not
 * name are not sent).
 */
import * as T from 'typebox';
import Fastify from 'fastify';
import { BACKENDS, startTestServer, insertGallery, insertPhotos, type TestServer } from './helpers';
import { defineCall } from '../../types/api/contract';
import { Id, IdCsv, splitIds } from '../../types/api/schema';
import { requireDeclaredRoutes, route, schemaOptions } from '../../server/src/http';
import { viewerOf } from '../../server/src/viewer';

describe.each(BACKENDS)('declared calls on %s', (backend) => {
  let s: TestServer;
  let gallery: number;
  beforeAll(async () => {
    s = await startTestServer(backend);
    gallery = await insertGallery(s.db, { link_id: 'contract1', name: 'Contract' });
    await insertPhotos(s.db, gallery, 3);
  });
  afterAll(() => s.close());

  const get = (url: string) => s.app.inject({ method: 'GET', url });

  it('names the field of a bad query value, with the schema text', async () => {
    const cases: Array<[string, string]> = [
      ['?offset=abc', 'offset must be an integer from 0 to 10000000'],
      ['?offset=1e3', 'offset must be an integer from 0 to 10000000'],
      ['?order=up', 'order must be asc or desc'],
      ['?sorttype=name', 'sorttype must be one of shoottime, createtime, love, id (optionally prefixed with -)'],
      ['?page_size=1000', 'page_size must be an integer from 0 to 100'],
      ['?after=x_1', 'after must be {sort value}_{photo id}']
    ];
    for (const [q, msg] of cases) {
      const r = await get(`/api/v2/images/${gallery}/list${q}`);
      expect({ q, status: r.statusCode, body: r.json() }).toEqual({ q, status: 400, body: { code: 400, data: null, msg } });
    }
  });

  it('names a bad path parameter', async () => {
    const r = await get('/api/v2/gallery/link/no');
    expect(r.json()).toEqual({ code: 400, data: null, msg: 'link_id must be 6 to 9 letters or digits' });
  });

  it('refuses an upload that is not multipart by its declared headers, naming the header', async () => {
    for (const url of ['/oss/upload', '/api/v2/userinfo/avatar']) {
      const r = await s.app.inject({ method: 'POST', url, payload: { file: 'x' } });
      expect(r.json()).toEqual({ code: 400, data: null, msg: 'content-type must be multipart/form-data' });
    }
  });

  it('serialises the answer by its schema', async () => {
    const r = await get(`/api/v2/images/${gallery}/list?page_size=2`);
    expect(r.statusCode).toBe(200);
    const body = r.json();
    expect(Object.keys(body)).toEqual(['code', 'data', 'msg']);
    expect(body.data.items).toHaveLength(2);
    expect(Object.keys(body.data.items[0]).sort()).toEqual(
      ['check', 'createtime', 'galleryid', 'hash', 'height', 'id', 'love', 'origin', 'shoottime', 'show_mark', 'size', 'tags', 'trash', 'width'].sort()
    );
  });
});

describe('route()', () => {
  const echo = defineCall('POST', '/echo/:id', {
    params: T.Object({ id: Id() }),
    body: T.Object({ ids: IdCsv(3), note: T.Optional(T.String({ maxLength: 5 })) }),
    response: T.Object({ id: T.Integer(), ids: T.Array(T.Integer()), viewer: T.Boolean() })
  });

  async function app() {
    const a = Fastify({ ajv: schemaOptions.ajv, schemaErrorFormatter: schemaOptions.schemaErrorFormatter });
    a.addHook('preHandler', async (req) => {
      req.viewer = viewerOf(null, req.ip, undefined);
    });
    a.setErrorHandler((err: { message: string }, _req, reply) => reply.status(400).send({ code: 400, data: null, msg: err.message }));
    route(a, echo, ({ params, body, viewer }) => ({ id: params.id, ids: splitIds(body.ids), viewer: viewer.isGuest, secret: 'dropped' } as never));
    await a.ready();
    return a;
  }

  it('hands typed input and the viewer to the handler and drops fields the schema does not name', async () => {
    const a = await app();
    const r = await a.inject({ method: 'POST', url: '/echo/7', payload: { ids: '3, 1,3' } });
    expect(r.json()).toEqual({ code: 200, data: { id: 7, ids: [3, 1], viewer: true }, msg: 'ok' });
    await a.close();
  });

  it('names a missing body field even when no body was sent', async () => {
    const a = await app();
    expect((await a.inject({ method: 'POST', url: '/echo/7' })).json().msg).toBe('ids is required');
    expect((await a.inject({ method: 'POST', url: '/echo/0', payload: { ids: '1' } })).json().msg).toBe('id must be a positive integer');
    expect((await a.inject({ method: 'POST', url: '/echo/7', payload: { ids: '1,2,3,4' } })).json().msg).toBe('ids must be a comma-separated list of at most 3 ids');
    expect((await a.inject({ method: 'POST', url: '/echo/7', payload: { ids: '1', note: 'too long' } })).json().msg).toMatch(/^note /);
    await a.close();
  });
});

describe('requireDeclaredRoutes()', () => {
  it('names a route added without a declared call, and passes declared ones and the listed infrastructure', async () => {
    const a = Fastify({ ajv: schemaOptions.ajv, schemaErrorFormatter: schemaOptions.schemaErrorFormatter });
    const check = requireDeclaredRoutes(a, ['GET /static/*', 'HEAD /static/*']);
    route(a, defineCall('GET', '/declared', { query: T.Object({}) , response: T.Object({}) }), () => ({}));
    a.get('/static/*', async () => 'file');
    expect(() => check()).not.toThrow();
    a.post('/stray', async () => 'nope');
    expect(() => check()).toThrow(/declared call.*POST \/stray/);
    // A declared call says what its request may carry, even when that is nothing.
    expect(() => route(a, defineCall('GET', '/bare', { response: T.Object({}) }), () => ({}))).toThrow(/needs a request schema/);
    await a.close();
  });
});
