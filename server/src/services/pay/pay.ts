import type { Db } from '../../db';
import { badRequest, notFound } from '../../errors';
import { requireRealUser, requireUser, type Viewer } from '../../viewer';
import type { RateLimiter } from '../shared/rateLimit';
import type { GateAccess } from '../gates/gateAccess';
import { splitIds } from '../../../../types/api/schema';
import {
  DOWN_IMG_PAGE_SIZE,
  PAYED_IMAGES_PAGE_SIZE,
  type Charge,
  type DownImgList,
  type MakePayUseChargeRequest,
  type MakePrePayRequest,
  type PagedPaidImages,
  type PayChannel,
  type PayGoods,
  type PayOrder,
  type PreDownImgRequest,
  type PrePayResult
} from '../../../../types/api/pay';
import { NotifyError } from '../../providers/pay/provider';
import { SettleRefused, type GoodsRow, type OrderBook, type OrderPurpose } from './orders';
import type { SettleResult } from './settlement';
import { paidImages } from './payImages';
import type { FormPayers } from './formOrders';
import { startPeriodic } from '../shared/periodic';

/** How often a process closes expired unpaid orders (app.ts starts the sweep). */
export const ORDER_SWEEP_MS = 10 * 60_000;
/** Payment requests per user and minute (orders and prepays, counted apart). */
const PAY_LIMIT = { limit: 30, windowS: 60 };
const PAY_LIMIT_MSG = 'Too many payment requests, please wait a minute';
/** Guests (is_mock) log in before paying: 401, which the client turns into the authorisation prompt. */
const LOGIN_TO_PAY = 'Log in with WeChat before paying';

const presentGoods = (g: GoodsRow): PayGoods => ({ id: g.id, gallery_id: g.gallery_id, name: g.name, price: g.price_cents, kind: g.kind });

/** A provider's answer to its notification: 200 SUCCESS, or 4xx FAIL with the order unchanged. */
export interface NotifyAnswer {
  status: number;
  body: { code: 'SUCCESS' } | { code: 'FAIL'; message: string };
}

/** The sandbox page's order, as it shows it. */
export interface HostedPage {
  html: string;
}

/**
 * What visitors do with money: goods, orders, prepay, charge polling, paid lists, and what
 * providers report (notifications, the hosted sandbox page). Who may do what is checked here;
 * the order state machine is the OrderBook.
 */
export class PayService {
  constructor(
    private db: Db,
    private orders: OrderBook,
    private limits: RateLimiter,
    private gates: GateAccess,
    /** makePrePay's `form`: the phone a form's pay order is for, from the server's verification record. */
    private formPayers: FormPayers
  ) {}

  /**
   * predownimg (`download`: any good of the gallery) and pay-to-image (`remove_watermark` goods
   * only); a gated gallery's photos need its passes (200202).
   */
  async orderPhotos(viewer: Viewer, b: PreDownImgRequest, purpose: OrderPurpose): Promise<PayOrder> {
    await this.gates.assertPass(viewer, b.gallery_id);
    const user = requireRealUser(viewer, LOGIN_TO_PAY);
    await this.limits.enforce(`pay:order:${user.id}`, PAY_LIMIT, PAY_LIMIT_MSG);
    const ids = typeof b.imgids === 'string' ? splitIds(b.imgids) : b.imgids;
    // Only ids and the good are read: any price, amount, paid flag or owner field in the body is ignored.
    return this.orders.createPhotoOrder(user.id, b.gallery_id, b.goods_id, ids, purpose);
  }

  /** getdownimglist: the visitor's paid photos of a gallery (none for a visitor without a session); 200202 without its passes. */
  async downImgList(viewer: Viewer, galleryId: number, page: number): Promise<DownImgList> {
    await this.gates.assertPass(viewer, galleryId);
    const isPayDown = await this.orders.galleryPayDown(galleryId);
    const list = await paidImages(this.db, viewer.userId, galleryId, page, DOWN_IMG_PAGE_SIZE);
    return { ...list, is_pay_down: isPayDown };
  }

  /** payedimages: every paid photo of the visitor, newest payment first. */
  payedImages(viewer: Viewer, page: number, pageSize = PAYED_IMAGES_PAGE_SIZE): Promise<PagedPaidImages> {
    const user = requireUser(viewer);
    return paidImages(this.db, user.id, null, page, pageSize);
  }

  /** One good by id, or a gallery's goods. */
  async goods(q: { id?: number; gallery_id?: number }): Promise<PayGoods | PayGoods[]> {
    if (q.id) return presentGoods(await this.orders.goods(q.id));
    if (!q.gallery_id) throw badRequest('id or gallery_id is required');
    return (await this.orders.galleryGoods(q.gallery_id)).map(presentGoods);
  }

  /** getCharge: an own order by id, or the latest own order of a good (polled while paying). */
  async charge(viewer: Viewer, q: { id?: number; goods_id?: number }): Promise<Charge> {
    if (!q.id && !q.goods_id) throw badRequest('id or goods_id is required');
    const user = requireUser(viewer);
    const order = q.id ? await this.orders.ownOrder(user.id, q.id) : await this.orders.latestOrderOfGoods(user.id, q.goods_id!);
    return this.orders.charge(order);
  }

  /**
   * makePrePay: pay an own order, or buy a photo-less good: with `form` (a form's pay field) for the
   * phone the visitor verified in that form, else once per account (the order page's offers).
   */
  async prePay(viewer: Viewer, b: MakePrePayRequest): Promise<PrePayResult> {
    if (!b.id && !b.goods_id) throw badRequest('id or goods_id is required');
    const user = requireRealUser(viewer, LOGIN_TO_PAY);
    let id = b.id;
    if (!id && b.form) {
      const payer = await this.formPayers.payer(viewer, b.form, b.goods_id!);
      id = (await this.orders.createFormGoodsOrder(user.id, b.goods_id!, payer)).id;
    }
    id ||= (await this.orders.createGoodsOrder(user.id, b.goods_id!, { from: b.from, from_id: b.from_id })).id;
    return this.prepayOwn(user.id, user.openid, id, b.channel);
  }

  /**
   * makePayUseCharge: pay an existing unpaid charge again (after '付费失败，请重新支付'). There is
   * no stored balance in the spec (no top-up, no balance field): "charge" is its word for an order.
   */
  payCharge(viewer: Viewer, b: MakePayUseChargeRequest): Promise<PrePayResult> {
    const user = requireRealUser(viewer, LOGIN_TO_PAY);
    return this.prepayOwn(user.id, user.openid, b.id, b.channel);
  }

  private async prepayOwn(userId: number, openid: string, orderId: number, channel: PayChannel): Promise<PrePayResult> {
    const order = await this.orders.ownOrder(userId, orderId);
    const description = await this.orders.describe(order);
    await this.limits.enforce(`pay:prepay:${userId}`, PAY_LIMIT, PAY_LIMIT_MSG);
    return this.orders.prepay(order, channel, openid, description);
  }

  /**
   * A provider's signed notification (raw body): verified by the provider, then settled
   * (order exists, amount equals ours, applied once). 200 SUCCESS for a valid or already-applied
   * one; 4xx FAIL otherwise, the order unchanged. 404 when this server's provider is another one
   * or receives no notifications.
   */
  async notify(providerName: string, headers: Record<string, string | string[] | undefined>, raw: Buffer): Promise<NotifyAnswer> {
    const provider = this.orders.provider;
    if (provider.name !== providerName || !provider.notifications) {
      return { status: 404, body: { code: 'FAIL', message: `Payment provider ${providerName} is not configured` } };
    }
    try {
      const p = provider.notifications.verify(headers, raw);
      await this.orders.settle(p.out_trade_no, { transaction_id: p.transaction_id, amount: p.amount }, provider.name);
      return { status: 200, body: { code: 'SUCCESS' } };
    } catch (err) {
      if (err instanceof NotifyError || err instanceof SettleRefused) return { status: err.status, body: { code: 'FAIL', message: err.message } };
      throw err;
    }
  }

  /** The hosted pay page of an order (the sandbox's); 404 when the provider hosts none. */
  async hostedPage(outTradeNo: string): Promise<string> {
    const { page, order } = await this.hostedOrder(outTradeNo);
    return page.html({ out_trade_no: order.out_trade_no, amount_cents: order.amount_cents, description: await this.orders.describe(order), state: order.status });
  }

  /** The hosted page's Pay button: settles the order through the same settle a notification uses. */
  async confirmHosted(outTradeNo: string): Promise<{ id: number; status: number; result: SettleResult; html: string }> {
    const { page, order } = await this.hostedOrder(outTradeNo);
    if (order.status === 'closed') throw badRequest('This order is closed; start a new payment');
    const provider = this.orders.provider.name;
    const result = await this.orders.settle(order.out_trade_no, { transaction_id: `${provider}_${order.out_trade_no}`, amount: order.amount_cents }, provider);
    const html = page.html({ out_trade_no: order.out_trade_no, amount_cents: order.amount_cents, description: await this.orders.describe(order), state: 'paid' });
    return { id: order.id, status: 1, result, html };
  }

  private async hostedOrder(outTradeNo: string) {
    const page = this.orders.provider.hostedPage;
    if (!page) throw notFound('This server hosts no pay page');
    const found = await this.orders.orderByTradeNo(outTradeNo);
    if (!found || found.provider !== this.orders.provider.name) throw badRequest('Unknown sandbox order');
    return { page, order: await this.orders.closeExpired(found) };
  }

  /** Closes expired unpaid orders every `everyMs`, one sweep at a time (they are also closed on access); returns the stop. */
  startSweeping(everyMs: number, warn: (msg: string, err?: unknown) => void): () => Promise<void> {
    return startPeriodic(() => this.orders.sweepExpired(), { everyMs, onError: (err) => warn('closing expired orders failed', err) });
  }
}
