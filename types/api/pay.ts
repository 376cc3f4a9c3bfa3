/**
 * Payment contracts (spec part 1 §4 payment, §7 pay calls; part 2 §2 pay component, §4, §7).
 * Money is integer cents everywhere; prices, amounts and paid flags come from the server only.
 * Paths the spec does not give are ours and listed in PAY_PATHS.
 */
import * as T from 'typebox';
import { defineCall } from './contract';
import { Id, IdCsv, IdList, NullableInteger, Line, PageNo } from './schema';
import { FormPayRefSchema } from './form';
import { OrderFrom, OrderFromId } from './orderPage';

/** Every pay call's path. The spec gives getdownimglist, predownimg and payedimages; the rest are ours. */
export const PAY_PATHS = {
  /** GET {page, gallery_id} → PagedPaidImages (spec part 1 §7). */
  getDownImgList: '/api/v2/pay/getdownimglist',
  /** POST PreDownImgRequest → PayOrder, or code 200201 with data = already-paid photo ids (spec part 1 §7). */
  preDownImg: '/api/v2/pay/predownimg',
  /** POST PayToImageRequest → PayOrder / 200201 (ours: the viewer's pay-to-remove-watermark call). */
  payToImage: '/api/v2/pay/paytoimage',
  /** GET {page, page_size ≤ 30} → PagedPaidImages (spec part 1 §7). */
  payedImages: '/api/v2/user/payedimages',
  /** GET {gallery_id} → PayGoods[] or {id} → PayGoods (ours: getPayGood). */
  getPayGood: '/api/v2/pay/goods',
  /** GET {id} (charge id) or {goods_id} (latest own charge of that goods) → Charge (ours: getCharge, polled). */
  getCharge: '/api/v2/pay/charge',
  /** POST MakePrePayRequest → PrePayResult (ours: makePrePay). */
  makePrePay: '/api/v2/pay/prepay',
  /** POST MakePayUseChargeRequest → PrePayResult (ours: makePayUseCharge, pay an existing unpaid charge again). */
  makePayUseCharge: '/api/v2/pay/usecharge',
  /** POST, a provider's signed notification (raw body): `{notify}{provider}`; WeChat Pay API v3 answers {code:'SUCCESS'} or 4xx {code:'FAIL', message}. */
  notify: '/api/v2/pay/notify/',
  /** WeChat Pay's notify_url path. */
  wechatNotify: '/api/v2/pay/notify/wechat',
  /** GET, HTML: the sandbox provider's pay page ('Sandbox payment — no money moves'). Append the out_trade_no. */
  sandboxPage: '/sandbox/pay/',
  /** POST `/sandbox/pay/{out_trade_no}/confirm`: settles the sandbox order (same settle path as a WeChat notification). */
  sandboxConfirmSuffix: '/confirm'
} as const;

/** Spec part 2: charge status 0 unpaid, 1 paid. */
export const ChargeStatus = {
  UNPAID: 0,
  PAID: 1
} as const;
export type ChargeStatusValue = (typeof ChargeStatus)[keyof typeof ChargeStatus];

const oneOf = <V extends string | number>(values: readonly V[], o: T.TSchemaOptions = {}) =>
  T.Unsafe<V>({ type: typeof values[0] === 'number' ? 'integer' : 'string', enum: [...values], ...o });

/** A paid order's refund of its whole payment (Charge.refund). */
export type OrderRefund = 'pending' | 'done';

/** Order life cycle on the server: created → paid (exactly once) or created → closed. */
export type OrderState = 'created' | 'paid' | 'closed';
/**
 * The provider an order was made with ('wechat', 'sandbox', or any provider added later: the
 * database keeps the name as text, with no list of names).
 */
export type PayProvider = 'wechat' | 'sandbox' | (string & {});
/** jsapi: WeChat browser; native: QR code (desktop and other browsers); mp: mini-program requestPayment. */
export type PayChannel = 'jsapi' | 'native' | 'mp';
export const PAY_CHANNELS: readonly PayChannel[] = ['jsapi', 'native', 'mp'];

/**
 * What a good buys: for each photo of an order (remove_watermark, download), or once per visitor
 * without photos: `service`, an event's photo-service offer on the order page (types/api/orderPage.ts).
 */
export type PayGoodsKind = 'remove_watermark' | 'download' | 'service';
/** Goods bought per photo (a gallery's is_pay_down must be one of these). */
export const PHOTO_GOODS_KINDS: readonly PayGoodsKind[] = ['remove_watermark', 'download'];

/** Spec: pay goods: id, price in cents. gallery.is_pay_down holds the id of the gallery's pay good (> 0: paid download). */
export const PayGoodsSchema = T.Object({
  id: T.Integer(),
  gallery_id: NullableInteger(),
  name: T.String(),
  /** Price in cents (per photo for photo goods). Show as ¥ (price / 100).toFixed(2). */
  price: T.Integer(),
  kind: oneOf<PayGoodsKind>(['remove_watermark', 'download', 'service'])
});
export type PayGoods = T.Static<typeof PayGoodsSchema>;

const chargeFields = {
  id: T.Integer(),
  status: oneOf<ChargeStatusValue>([ChargeStatus.UNPAID, ChargeStatus.PAID]),
  out_trade_no: T.String(),
  /** The good bought; null for an order that buys none (a red packet, types/api/redpackets.ts). */
  goods_id: NullableInteger(),
  gallery_id: NullableInteger(),
  /** Amount in cents, computed by the server (goods price × number of photos, or the price for a photo-less good). */
  amount: T.Integer(),
  photo_ids: T.Array(T.Integer()),
  state: oneOf<OrderState>(['created', 'paid', 'closed']),
  created_at: T.Integer(),
  paid_at: NullableInteger(),
  /**
   * A paid order whose whole payment goes back to the payer: 'pending' (asked of the provider),
   * 'done'; null or absent: not refunded. A form's pay order is refunded when its phone had already
   * been paid (FORM_PAY_REFUNDED); a red packet or gift order when it was never used.
   */
  refund: T.Optional(T.Unsafe<OrderRefund | null>({ type: ['string', 'null'], enum: ['pending', 'done', null] }))
};

/** Spec: charge: id, status (0 unpaid, 1 paid). Our charge is an order. */
export const ChargeSchema = T.Object(chargeFields);
export type Charge = T.Static<typeof ChargeSchema>;

/** An order as predownimg / pay-to-image answer it. */
export const PayOrderSchema = T.Object({
  ...chargeFields,
  /** Requested ids that were already paid and so are not in this order. */
  already_paid: T.Array(T.Integer())
});
export type PayOrder = T.Static<typeof PayOrderSchema>;

/** Spec part 1 §7 / part 2: the gallery's link id sent along with pay calls (not used for pricing). */
const LinkRef = () => T.Optional(Line(64));
const Channel = () => oneOf<PayChannel>(PAY_CHANNELS, { errorMessage: `must be one of ${PAY_CHANNELS.join(', ')}` });

/** At most this many photo ids in one order. */
export const MAX_ORDER_PHOTOS = 500;

/**
 * POST /api/v2/pay/predownimg body (spec). imgids: number[] or a comma list.
 * Any price, amount, paid flag or user field the client adds is ignored.
 * Answer: 200 + PayOrder for the unpaid ids (a pending identical order is reused);
 * 200201 (ErrorCode.ALREADY_PAID) + number[] when every requested id is already paid.
 * Guests (is_mock) get 401.
 */
export const PreDownImgRequestSchema = T.Object({
  gallery_id: Id(),
  goods_id: Id(),
  link_id: LinkRef(),
  // A comma string first: ajv's array coercion would wrap it whole into a one-item list.
  imgids: T.Union([IdCsv(MAX_ORDER_PHOTOS), IdList(MAX_ORDER_PHOTOS)], { errorMessage: `must be a list of 1 to ${MAX_ORDER_PHOTOS} photo ids` })
});
export type PreDownImgRequest = T.Static<typeof PreDownImgRequestSchema>;

/** Pay-to-image (spec: gallery id, pay good id, link_id, unpaid ids): same answer as predownimg, for a remove_watermark good. */
export type PayToImageRequest = PreDownImgRequest;

/**
 * POST /api/v2/pay/prepay body: pay an order (`id`), or buy a photo-less good (`goods_id`, `link_id`).
 * A form's pay field (form_pay) also sends `form`: the order is then tied to the phone the visitor
 * verified in that form (not trusted from this body: 200202 'Verify the phone number first' unless
 * the server's verification record has it), and a phone that already paid this good in this gallery,
 * from any account, answers 200201 (nothing to pay). Without `form`: one order per account and good.
 */
export const MakePrePayRequestSchema = T.Object({
  id: T.Optional(Id()),
  goods_id: T.Optional(Id()),
  link_id: LinkRef(),
  channel: Channel(),
  form: T.Optional(FormPayRefSchema),
  /** The order page's order context (types/api/orderPage.ts), kept on a photo-less goods order made without `form`. */
  from: T.Optional(OrderFrom()),
  from_id: T.Optional(OrderFromId())
});
export type MakePrePayRequest = T.Static<typeof MakePrePayRequestSchema>;

/** POST /api/v2/pay/usecharge body: pay an existing unpaid charge again (spec: goods id, link id, charge id). */
export const MakePayUseChargeRequestSchema = T.Object({
  id: Id(),
  goods_id: T.Optional(Id()),
  link_id: LinkRef(),
  channel: Channel()
});
export type MakePayUseChargeRequest = T.Static<typeof MakePayUseChargeRequestSchema>;

/** Parameters for wx.requestPayment / WeixinJSBridge getBrandWCPayRequest (jsapi and mp channels). */
export const JsapiPayParamsSchema = T.Object({
  appId: T.String(),
  timeStamp: T.String(),
  nonceStr: T.String(),
  /** `prepay_id=…` */
  package: T.String(),
  signType: T.Literal('RSA'),
  paySign: T.String()
});
export type JsapiPayParams = T.Static<typeof JsapiPayParamsSchema>;

/**
 * makePrePay / makePayUseCharge answer ("success, check or failure"):
 * status 1: already paid, nothing to pay (client: check → success).
 * status 0: pay with `jsapi` (jsapi, mp) or show `code_url` as a QR (native), then poll getCharge.
 * provider 'sandbox': jsapi params are not WeChat's; the client opens `sandbox_url` instead (the code_url of native is that page too).
 */
export const PrePayResultSchema = T.Object({
  id: T.Integer(),
  out_trade_no: T.String(),
  amount: T.Integer(),
  status: oneOf<ChargeStatusValue>([ChargeStatus.UNPAID, ChargeStatus.PAID]),
  provider: T.Unsafe<PayProvider>({ type: 'string' }),
  channel: oneOf<PayChannel>(PAY_CHANNELS),
  jsapi: T.Optional(JsapiPayParamsSchema),
  code_url: T.Optional(T.String()),
  sandbox_url: T.Optional(T.String())
});
export type PrePayResult = T.Static<typeof PrePayResultSchema>;

/** One paid photo (getdownimglist, payedimages). */
export const PaidImageSchema = T.Object({
  /** Photo id. */
  id: T.Integer(),
  gallery_id: T.Integer(),
  hash: T.String(),
  width: T.Integer(),
  height: T.Integer(),
  order_id: T.Integer(),
  /** Unix seconds. */
  paid_at: T.Integer()
});
export type PaidImage = T.Static<typeof PaidImageSchema>;

const pagedFields = { items: T.Array(PaidImageSchema), total: T.Integer(), page: T.Integer(), page_size: T.Integer() };
export const PagedPaidImagesSchema = T.Object(pagedFields);
export type PagedPaidImages = T.Static<typeof PagedPaidImagesSchema>;

/** getdownimglist also says whether the gallery needs payment at all (is_pay_down > 0). */
export const DownImgListSchema = T.Object({
  ...pagedFields,
  /** The gallery's pay good id (gallery.is_pay_down); 0: downloads are free. */
  is_pay_down: T.Integer()
});
export type DownImgList = T.Static<typeof DownImgListSchema>;

/** Spec part 1 §7: payedimages page size. */
export const PAYED_IMAGES_PAGE_SIZE = 30;
/** getdownimglist page size (ours). */
export const DOWN_IMG_PAGE_SIZE = 30;

/** A sandbox order number in the page's path. */
const TradeNo = () => T.String({ pattern: '^[A-Za-z0-9_-]{6,32}$', errorMessage: 'is not a sandbox order number' });

export const payCalls = {
  preDownImg: defineCall('POST', PAY_PATHS.preDownImg, { body: PreDownImgRequestSchema, response: PayOrderSchema }),
  payToImage: defineCall('POST', PAY_PATHS.payToImage, { body: PreDownImgRequestSchema, response: PayOrderSchema }),
  getDownImgList: defineCall('GET', PAY_PATHS.getDownImgList, {
    query: T.Object({ gallery_id: Id(), page: T.Optional(PageNo()) }),
    response: DownImgListSchema
  }),
  payedImages: defineCall('GET', PAY_PATHS.payedImages, {
    query: T.Object({
      page: T.Optional(PageNo()),
      page_size: T.Optional(T.Integer({ minimum: 1, maximum: PAYED_IMAGES_PAGE_SIZE, errorMessage: `must be an integer from 1 to ${PAYED_IMAGES_PAGE_SIZE}` }))
    }),
    response: PagedPaidImagesSchema
  }),
  /** `{id}` → one good; `{gallery_id}` → the gallery's goods. */
  goods: defineCall('GET', PAY_PATHS.getPayGood, {
    query: T.Object({ id: T.Optional(Id()), gallery_id: T.Optional(Id()) }),
    response: T.Union([PayGoodsSchema, T.Array(PayGoodsSchema)])
  }),
  getCharge: defineCall('GET', PAY_PATHS.getCharge, {
    query: T.Object({ id: T.Optional(Id()), goods_id: T.Optional(Id()) }),
    response: ChargeSchema
  }),
  makePrePay: defineCall('POST', PAY_PATHS.makePrePay, { body: MakePrePayRequestSchema, response: PrePayResultSchema }),
  makePayUseCharge: defineCall('POST', PAY_PATHS.makePayUseCharge, { body: MakePayUseChargeRequestSchema, response: PrePayResultSchema }),
  /** A provider's signed notification; the raw body is read by the provider (its own content parser). */
  notify: defineCall('POST', `${PAY_PATHS.notify}:provider`, { params: T.Object({ provider: T.String({ pattern: '^[a-z0-9_-]{1,32}$' }) }) }, 'provider answer'),
  sandboxPage: defineCall('GET', `${PAY_PATHS.sandboxPage}:no`, { params: T.Object({ no: TradeNo() }) }, 'text/html'),
  /** Browsers (Accept: text/html) get the page again; API clients `{id, status: 1, result: 'applied' | 'already' | 'refunded'}` ('refunded': a form order for a phone already paid). */
  sandboxConfirm: defineCall('POST', `${PAY_PATHS.sandboxPage}:no${PAY_PATHS.sandboxConfirmSuffix}`, { params: T.Object({ no: TradeNo() }) }, 'text/html or JSON')
};
