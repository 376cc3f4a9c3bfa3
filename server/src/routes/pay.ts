import type { FastifyInstance } from 'fastify';
import { ok, route } from '../http';
import type { Services } from '../services';
import { payCalls } from '../../../types/api/pay';

/** Pay calls (types/api/pay.ts): goods, orders, prepay, charge polling, paid lists, provider notifications, the hosted sandbox page. */
export default async function payRoutes(app: FastifyInstance, s: Services) {
  route(app, payCalls.preDownImg, ({ viewer, body }) => s.pay.orderPhotos(viewer, body, 'download'));
  route(app, payCalls.payToImage, ({ viewer, body }) => s.pay.orderPhotos(viewer, body, 'remove_watermark'));
  route(app, payCalls.getDownImgList, ({ viewer, query }) => s.pay.downImgList(viewer, query.gallery_id, query.page ?? 1));
  route(app, payCalls.payedImages, ({ viewer, query }) => s.pay.payedImages(viewer, query.page ?? 1, query.page_size));
  route(app, payCalls.goods, ({ query }) => s.pay.goods(query));
  route(app, payCalls.getCharge, ({ viewer, query }) => s.pay.charge(viewer, query));
  route(app, payCalls.makePrePay, ({ viewer, body }) => s.pay.prePay(viewer, body));
  route(app, payCalls.makePayUseCharge, ({ viewer, body }) => s.pay.payCharge(viewer, body));

  // A notification's signature is over the RAW body bytes: its own parser, in its own scope.
  await app.register(async (raw) => {
    raw.removeAllContentTypeParsers();
    raw.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: 64 * 1024 }, (_req, b, done) => done(null, b));
    route(raw, payCalls.notify, async ({ params, req, reply }) => {
      const answer = await s.pay.notify(params.provider, req.headers, Buffer.isBuffer(req.body) ? req.body : Buffer.alloc(0));
      if (answer.status !== 200) req.log.warn({ reason: 'message' in answer.body ? answer.body.message : '' }, 'payment notification refused');
      return reply.status(answer.status).send(answer.body);
    });
  });

  // The hosted pay page (the sandbox's); 404 when the provider hosts none.
  route(app, payCalls.sandboxPage, async ({ params, reply }) => {
    const html = await s.pay.hostedPage(params.no);
    return reply.header('cache-control', 'no-store').type('text/html; charset=utf-8').send(html);
  });
  await app.register(async (form) => {
    // The page's form posts urlencoded with no fields; nothing in the body is read.
    form.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_req, _b, done) => done(null, {}));
    route(form, payCalls.sandboxConfirm, async ({ params, req, reply }) => {
      const { html, ...answer } = await s.pay.confirmHosted(params.no);
      if ((req.headers.accept ?? '').includes('text/html')) return reply.type('text/html; charset=utf-8').send(html);
      return reply.send(ok(answer));
    });
  });
}
