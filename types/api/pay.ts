/**
 * Payment contracts (spec part 1 §4 payment, §7 pay calls; part 2 §2 pay component, §4, §7).
 * Money is integer cents everywhere; prices, amounts and paid flags come from the server only.
 * Paths the spec does not give are ours and listed in PAY_PATHS.
 */

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
  /** POST, WeChat Pay API v3 notification (raw JSON body, signed); answers {code:'SUCCESS'} or 4xx {code:'FAIL', message}. */
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

/** Order life cycle on the server: created → paid (exactly once) or created → closed. */
export type OrderState = 'created' | 'paid' | 'closed';
export type PayProvider = 'wechat' | 'sandbox';
/** jsapi: WeChat browser; native: QR code (desktop and other browsers); mp: mini-program requestPayment. */
export type PayChannel = 'jsapi' | 'native' | 'mp';
export const PAY_CHANNELS: readonly PayChannel[] = ['jsapi', 'native', 'mp'];

/** What a good buys for each photo of an order. */
export type PayGoodsKind = 'remove_watermark' | 'download';

/** Spec: pay goods: id, price in cents. gallery.is_pay_down holds the id of the gallery's pay good (> 0: paid download). */
export interface PayGoods {
  id: number;
  gallery_id: number | null;
  name: string;
  /** Price in cents (per photo for photo goods). Show as ¥ (price / 100).toFixed(2). */
  price: number;
  kind: PayGoodsKind;
}

/** Spec: charge: id, status (0 unpaid, 1 paid). Our charge is an order. */
export interface Charge {
  id: number;
  status: ChargeStatusValue;
  out_trade_no: string;
  goods_id: number;
  gallery_id: number | null;
  /** Amount in cents, computed by the server (goods price × number of photos, or the price for a photo-less good). */
  amount: number;
  photo_ids: number[];
  state: OrderState;
  created_at: number;
  paid_at: number | null;
}

/** An order as predownimg / pay-to-image answer it. */
export interface PayOrder extends Charge {
  /** Requested ids that were already paid and so are not in this order. */
  already_paid: number[];
}

/**
 * POST /api/v2/pay/predownimg body (spec). imgids: number[] or a comma list.
 * Any price, amount, paid flag or user field the client adds is ignored.
 * Answer: 200 + PayOrder for the unpaid ids (a pending identical order is reused);
 * 200201 (ErrorCode.ALREADY_PAID) + number[] when every requested id is already paid.
 * Guests (is_mock) get 401.
 */
export interface PreDownImgRequest {
  gallery_id: number;
  goods_id: number;
  link_id?: string;
  imgids: number[] | string;
}

/** Pay-to-image (spec: gallery id, pay good id, link_id, unpaid ids): same answer as predownimg, for a remove_watermark good. */
export type PayToImageRequest = PreDownImgRequest;

/** POST /api/v2/pay/prepay body: pay an order (`id`), or buy a photo-less good (`goods_id`, `link_id`; the pay component). */
export interface MakePrePayRequest {
  id?: number;
  goods_id?: number;
  link_id?: string;
  channel: PayChannel;
}

/** POST /api/v2/pay/usecharge body: pay an existing unpaid charge again (spec: goods id, link id, charge id). */
export interface MakePayUseChargeRequest {
  id: number;
  goods_id?: number;
  link_id?: string;
  channel: PayChannel;
}

/** Parameters for wx.requestPayment / WeixinJSBridge getBrandWCPayRequest (jsapi and mp channels). */
export interface JsapiPayParams {
  appId: string;
  timeStamp: string;
  nonceStr: string;
  /** `prepay_id=…` */
  package: string;
  signType: 'RSA';
  paySign: string;
}

/**
 * makePrePay / makePayUseCharge answer ("success, check or failure"):
 * status 1: already paid, nothing to pay (client: check → success).
 * status 0: pay with `jsapi` (jsapi, mp) or show `code_url` as a QR (native), then poll getCharge.
 * provider 'sandbox': jsapi params are not WeChat's; the client opens `sandbox_url` instead (the code_url of native is that page too).
 */
export interface PrePayResult {
  id: number;
  out_trade_no: string;
  amount: number;
  status: ChargeStatusValue;
  provider: PayProvider;
  channel: PayChannel;
  jsapi?: JsapiPayParams;
  code_url?: string;
  sandbox_url?: string;
}

/** One paid photo (getdownimglist, payedimages). */
export interface PaidImage {
  /** Photo id. */
  id: number;
  gallery_id: number;
  hash: string;
  width: number;
  height: number;
  order_id: number;
  /** Unix seconds. */
  paid_at: number;
}

export interface PagedPaidImages {
  items: PaidImage[];
  total: number;
  page: number;
  page_size: number;
}

/** getdownimglist also says whether the gallery needs payment at all (is_pay_down > 0). */
export interface DownImgList extends PagedPaidImages {
  /** The gallery's pay good id (gallery.is_pay_down); 0: downloads are free. */
  is_pay_down: number;
}

/** Spec part 1 §7: payedimages page size. */
export const PAYED_IMAGES_PAGE_SIZE = 30;
/** getdownimglist page size (ours). */
export const DOWN_IMG_PAGE_SIZE = 30;
/** At most this many photo ids in one order. */
export const MAX_ORDER_PHOTOS = 500;
