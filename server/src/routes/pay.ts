import { requireUser } from '../viewer';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { badRequest, unauthorized } from '../errors';
import { intParam, ok } from '../http';
import type { Services } from '../services';
import type { SessionUser } from '../services/session/session';
import { PayService } from '../services/pay/pay';
import { paidImages } from '../services/pay/payImages';
import { handleWechatNotify } from '../services/pay/payNotify';
import { createPaymentProvider } from '../providers/pay';
import { sandboxPageHtml, SandboxPayProvider } from '../providers/pay/sandbox';
import {
  DOWN_IMG_PAGE_SIZE,
  MAX_ORDER_PHOTOS,
  PAY_CHANNELS,
  PAY_PATHS,
  PAYED_IMAGES_PAGE_SIZE,
  type DownImgList,
  type PayChannel,
  type PayGoods,
  type PayGoodsKind
} from '../../../types/api/pay';
import type { GoodsRow } from '../services/pay/pay';

const MAX_INT = 2_147_483_647;
type Body = Record<string, unknown> | null;
type Query = Record<string, string | undefined>;

function bodyId(name: string, v: unknown, required = true): number {
  if (v === undefined || v === null || v === '') {
    if (required) throw badRequest(`${name} is required`);
    return 0;
  }
  const n = intParam(name, typeof v === 'number' ? v : String(v), 0, MAX_INT);
  if (n <= 0) throw badRequest(`${name} must be a positive integer`);
  return n;
}

/** imgids: an array of ids or a comma list. */
function photoIds(v: unknown): number[] {
  const list = Array.isArray(v) ? v : typeof v === 'string' ? v.split(',').map((s) => s.trim()).filter(Boolean) : null;
  if (!list || !list.length) throw badRequest('imgids is required');
  if (list.length > MAX_ORDER_PHOTOS) throw badRequest(`at most ${MAX_ORDER_PHOTOS} imgids`);
  return list.map((x) => bodyId('imgids', x));
}

function channelOf(v: unknown): PayChannel {
  if (typeof v !== 'string' || !(PAY_CHANNELS as readonly string[]).includes(v)) throw badRequest(`channel must be one of ${PAY_CHANNELS.join(', ')}`);
  return v as PayChannel;
}

const presentGoods = (g: GoodsRow): PayGoods => ({ id: g.id, gallery_id: g.gallery_id, name: g.name, price: g.price_cents, kind: g.kind });

/** How often a process closes expired unpaid orders. */
const ORDER_SWEEP_MS = 10 * 60_000;

/** Pay calls (types/api/pay.ts): goods, orders, prepay, charge polling, paid lists, the WeChat notification, the sandbox page. */
export default async function payRoutes(app: FastifyInstance, ctx: Services) {
  const pay = new PayService(ctx.db, createPaymentProvider(ctx.config), (msg, err) => app.log.warn({ err }, msg));
  // Unpaid orders past their time are closed with the provider (also on access, in getCharge).
  const sweep = setInterval(() => void pay.sweepExpired().catch((err) => app.log.warn({ err }, 'closing expired orders failed')), ORDER_SWEEP_MS);
  sweep.unref();
  app.addHook('onClose', async () => clearInterval(sweep));
  const body = (req: { body: unknown }) => (req.body && typeof req.body === 'object' ? (req.body as Record<string, unknown>) : {});

  /** Guests (is_mock) log in before paying: 401, which the client turns into the authorisation prompt. */
  async function requirePayer(req: FastifyRequest): Promise<SessionUser> {
    const user = requireUser(req.viewer);
    if (user.is_mock) throw unauthorized('Log in with WeChat before paying');
    return user;
  }

  async function photoOrder(req: FastifyRequest<{ Body: Body }>, kind?: PayGoodsKind) {
    const b = body(req);
    const galleryId = bodyId('gallery_id', b.gallery_id);
    const goodsId = bodyId('goods_id', b.goods_id);
    const ids = photoIds(b.imgids);
    const user = await requirePayer(req);
    await ctx.limits.enforce(`pay:order:${user.id}`, { limit: 30, windowS: 60 }, 'Too many payment requests, please wait a minute');
    // Only ids and the good are read: any price, amount, paid flag or owner field in the body is ignored.
    return ok(await pay.createPhotoOrder(user.id, galleryId, goodsId, ids, kind));
  }

  app.post<{ Body: Body }>(PAY_PATHS.preDownImg, (req) => photoOrder(req));
  app.post<{ Body: Body }>(PAY_PATHS.payToImage, (req) => photoOrder(req, 'remove_watermark'));

  app.get<{ Querystring: Query }>(PAY_PATHS.getDownImgList, async (req) => {
    const galleryId = intParam('gallery_id', req.query.gallery_id, 0, MAX_INT);
    if (!galleryId) throw badRequest('gallery_id is required');
    const page = Math.max(1, intParam('page', req.query.page, 1, 100_000));
    const isPayDown = await pay.galleryPayDown(galleryId);
    const user = req.viewer.user;
    const list = await paidImages(ctx.db, user ? user.id : null, galleryId, page, DOWN_IMG_PAGE_SIZE);
    const data: DownImgList = { ...list, is_pay_down: isPayDown };
    return ok(data);
  });

  app.get<{ Querystring: Query }>(PAY_PATHS.payedImages, async (req) => {
    const page = Math.max(1, intParam('page', req.query.page, 1, 100_000));
    const size = Math.max(1, intParam('page_size', req.query.page_size, PAYED_IMAGES_PAGE_SIZE, PAYED_IMAGES_PAGE_SIZE));
    const user = requireUser(req.viewer);
    return ok(await paidImages(ctx.db, user.id, null, page, size));
  });

  app.get<{ Querystring: Query }>(PAY_PATHS.getPayGood, async (req) => {
    const id = intParam('id', req.query.id, 0, MAX_INT);
    if (id) return ok(presentGoods(await pay.goods(id)));
    const galleryId = intParam('gallery_id', req.query.gallery_id, 0, MAX_INT);
    if (!galleryId) throw badRequest('id or gallery_id is required');
    return ok((await pay.galleryGoods(galleryId)).map(presentGoods));
  });

  app.get<{ Querystring: Query }>(PAY_PATHS.getCharge, async (req) => {
    const id = intParam('id', req.query.id, 0, MAX_INT);
    const goodsId = intParam('goods_id', req.query.goods_id, 0, MAX_INT);
    if (!id && !goodsId) throw badRequest('id or goods_id is required');
    const user = requireUser(req.viewer);
    const order = id ? await pay.ownOrder(user.id, id) : await pay.latestOrderOfGoods(user.id, goodsId);
    return ok(await pay.charge(order));
  });

  async function prepay(user: SessionUser, orderId: number, channel: PayChannel) {
    const order = await pay.ownOrder(user.id, orderId);
    const goods = await pay.goods(order.goods_id);
    await ctx.limits.enforce(`pay:prepay:${user.id}`, { limit: 30, windowS: 60 }, 'Too many payment requests, please wait a minute');
    return ok(await pay.prepay(order, channel, user.openid, goods.name));
  }

  app.post<{ Body: Body }>(PAY_PATHS.makePrePay, async (req) => {
    const b = body(req);
    const channel = channelOf(b.channel);
    const orderId = bodyId('id', b.id, false);
    const goodsId = bodyId('goods_id', b.goods_id, false);
    if (!orderId && !goodsId) throw badRequest('id or goods_id is required');
    const user = await requirePayer(req);
    const id = orderId || (await pay.createGoodsOrder(user.id, goodsId)).id;
    return prepay(user, id, channel);
  });

  // There is no stored balance in the spec (no top-up, no balance field): "charge" is its word for an
  // order, so makePayUseCharge pays an existing unpaid charge again (after '付费失败，请重新支付').
  app.post<{ Body: Body }>(PAY_PATHS.makePayUseCharge, async (req) => {
    const b = body(req);
    const channel = channelOf(b.channel);
    const orderId = bodyId('id', b.id);
    const user = await requirePayer(req);
    return prepay(user, orderId, channel);
  });

  // The notification needs the RAW body bytes for its signature: its own parser, in its own scope.
  await app.register(async (raw) => {
    raw.removeAllContentTypeParsers();
    raw.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: 64 * 1024 }, (_req, b, done) => done(null, b));
    raw.post(PAY_PATHS.wechatNotify, async (req, reply) => {
      const rawBody = Buffer.isBuffer(req.body) ? req.body : Buffer.alloc(0);
      const answer = await handleWechatNotify(pay, req.headers, rawBody);
      if (answer.status !== 200) req.log.warn({ reason: 'message' in answer.body ? answer.body.message : '' }, 'WeChat Pay notification refused');
      return reply.status(answer.status).send(answer.body);
    });
  });

  // The sandbox provider's pay page; absent (404) when real credentials are configured.
  const sandbox = pay.provider instanceof SandboxPayProvider ? pay.provider : null;
  if (!sandbox) return;
  const sandboxOrder = async (no: string) => {
    const order = /^[A-Za-z0-9_-]{6,32}$/.test(no) ? await pay.orderByTradeNo(no) : null;
    if (!order || order.provider !== 'sandbox') throw badRequest('Unknown sandbox order');
    return { order: await pay.closeExpired(order), goods: await pay.goods(order.goods_id) };
  };
  app.get<{ Params: { no: string } }>(`${PAY_PATHS.sandboxPage}:no`, async (req, reply) => {
    const { order, goods } = await sandboxOrder(req.params.no);
    reply.header('cache-control', 'no-store').type('text/html; charset=utf-8');
    return sandboxPageHtml({ out_trade_no: order.out_trade_no, amount_cents: order.amount_cents, description: goods.name, state: order.status });
  });
  await app.register(async (form) => {
    // The page's form posts urlencoded with no fields; nothing in the body is read.
    form.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_req, _b, done) => done(null, {}));
    form.post<{ Params: { no: string } }>(`${PAY_PATHS.sandboxPage}:no${PAY_PATHS.sandboxConfirmSuffix}`, async (req, reply) => {
      const { order, goods } = await sandboxOrder(req.params.no);
      if (order.status === 'closed') throw badRequest('This order is closed; start a new payment');
      const result = await pay.settle(order.out_trade_no, { transaction_id: `sandbox_${order.out_trade_no}`, amount: order.amount_cents }, 'sandbox');
      if ((req.headers.accept ?? '').includes('text/html')) {
        reply.type('text/html; charset=utf-8');
        return sandboxPageHtml({ out_trade_no: order.out_trade_no, amount_cents: order.amount_cents, description: goods.name, state: 'paid' });
      }
      return ok({ id: order.id, status: 1, result });
    });
  });
}
