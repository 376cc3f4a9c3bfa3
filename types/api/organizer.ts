/**
 * Organiser calls that configure an event (issue 14, Deliver 6): a gallery's config
 * flags, its watermark, and its goods and prices. Every call needs
 * `Authorization: Bearer <ORGANIZER_TOKEN>` (checked in the service). The gallery's
 * page and cover are `organizerCalls.setPage` (types/api/upload.ts), its gates
 * `organizerGateCalls` (types/api/permission.ts).
 */
import * as T from 'typebox';
import { defineCall } from './contract';
import { OrganizerGallerySchema } from './upload';
import { PayGoodsSchema } from './pay';
import { Count, Flag, Id, Line, MAX_ID, NullableInteger, Required, Text } from './schema';
import { WATERMARK_ALIGNS } from '../watermark';

const oneOf = <V extends string>(values: readonly V[]) =>
  T.Unsafe<V>({ type: 'string', enum: [...values], errorMessage: `must be one of ${values.join(', ')}` });

/** A stored image's hash (64 hex digits). */
const Hash = () => T.String({ pattern: '^[0-9a-f]{64}$', errorMessage: 'must be the content hash of a stored image (64 hex digits)' });
const Colour = () =>
  T.String({
    maxLength: 64,
    pattern: '^(#[0-9a-fA-F]{3,8}|rgba?\\(\\s*[\\d.]+%?\\s*,\\s*[\\d.]+%?\\s*,\\s*[\\d.]+%?\\s*(,\\s*[\\d.]+%?\\s*)?\\)|[a-zA-Z]{3,20})$',
    errorMessage: 'must be a colour: #rgb, #rrggbb, rgb(), rgba() or a name'
  });

/** Locales the app has dictionaries for (src/i18n). */
export const CONFIG_LOCALES = ['zh-CN', 'en-US'] as const;
/** A gallery's default photo sort: the field its lists are ordered by, largest (newest) first unless the visitor's order says (types/photoSort.ts). */
export const CONFIG_SORT_PATTERN = '^-?(shoottime|createtime|love|id)$';

/**
 * `POST /api/v2/organizer/galleries/:id/config`: a gallery's settings. A field left out is left as it is.
 * What each one does (README, "Configure an event"):
 * - use_face: face search and its indexing; active_on: the My Photo and Following tabs (with use_face);
 * - original_photo: visitors get originals (no pay to remove the watermark, save and download the original);
 * - sort: the photo list's default order; locale: the app's language when the visitor chose none;
 * - share_off: sharing hidden; h5_share_title / h5_share_text / h5_share_image: what a share and the
 *   page's preview show; theme: the page's colours (background, h1, h2, component, main);
 * - use_comment: visitors may comment; block_all: comments closed for everyone (pushes comment_block_all, like
 *   organiserCommentCalls.blockAll; types/api/comments.ts);
 * - use_package, template: stored and answered in config; nothing reads them yet.
 */
export const ConfigSettingsSchema = T.Object(
  {
    use_face: T.Optional(Flag()),
    active_on: T.Optional(Flag()),
    use_comment: T.Optional(Flag()),
    use_package: T.Optional(Flag()),
    original_photo: T.Optional(Flag()),
    block_all: T.Optional(Flag()),
    share_off: T.Optional(Flag()),
    sort: T.Optional(T.String({ pattern: CONFIG_SORT_PATTERN, errorMessage: 'must be shoottime, createtime, love or id (a leading - is allowed)' })),
    template: T.Optional(T.String({ pattern: '^[A-Za-z0-9_-]{1,32}$', errorMessage: 'must be 1 to 32 letters, digits, _ or -' })),
    locale: T.Optional(oneOf(CONFIG_LOCALES)),
    h5_share_title: T.Optional(Line(100)),
    h5_share_text: T.Optional(Text(300)),
    /** A stored image's hash, or '' for none (the cover or first photo then). */
    h5_share_image: T.Optional(T.String({ pattern: '^([0-9a-f]{64})?$', errorMessage: 'must be the content hash of a stored image, or empty for none' })),
    theme: T.Optional(
      T.Object(
        { background: T.Optional(Colour()), h1: T.Optional(Colour()), h2: T.Optional(Colour()), component: T.Optional(Colour()), main: T.Optional(Colour()) },
        { additionalProperties: false }
      )
    )
  },
  { additionalProperties: false }
);
export type ConfigSettings = T.Static<typeof ConfigSettingsSchema>;

/** A watermark as an organiser sets it: every field in range (the renderer's clamps are for hand-edited rows). */
export const WatermarkInputSchema = T.Object(
  {
    /** The icon: a stored image (upload it first, e.g. as a page asset). */
    icon: Hash(),
    percent: T.Optional(T.Integer({ minimum: 1, maximum: 100, errorMessage: 'must be an integer from 1 to 100' })),
    opacity: T.Optional(T.Integer({ minimum: 0, maximum: 100, errorMessage: 'must be an integer from 0 to 100' })),
    align: T.Optional(oneOf(WATERMARK_ALIGNS)),
    h: T.Optional(T.Integer({ minimum: 0, maximum: 50, errorMessage: 'must be an integer from 0 to 50' })),
    v: T.Optional(T.Integer({ minimum: 0, maximum: 50, errorMessage: 'must be an integer from 0 to 50' })),
    noborder: T.Optional(T.Boolean()),
    adjust: T.Optional(oneOf(['h', 'v'] as const))
  },
  { additionalProperties: false }
);
export type WatermarkInput = T.Static<typeof WatermarkInputSchema>;

/** A good's description (the order page shows it under the offer's name). */
export const GOODS_DESCRIPTION_MAX = 500;
/** Highest price of one good, in cents (¥100,000). */
export const MAX_PRICE_CENTS = 10_000_000;
const Price = () => T.Integer({ minimum: 1, maximum: MAX_PRICE_CENTS, errorMessage: `must be a price in cents from 1 to ${MAX_PRICE_CENTS}` });

/** A good as its organiser sees it: `withdrawn_at` (Unix seconds) when a service offer was withdrawn, else null. */
export const OrganizerGoodSchema = T.Object({ ...PayGoodsSchema.properties, withdrawn_at: NullableInteger() });
export type OrganizerGood = T.Static<typeof OrganizerGoodSchema>;

/** A gallery's goods and which one is its paid download / pay-to-remove-watermark good (`is_pay_down`, 0: none). */
export const OrganizerGoodsSchema = T.Object({ gallery_id: T.Integer(), is_pay_down: T.Integer(), goods: T.Array(OrganizerGoodSchema) });
export type OrganizerGoods = T.Static<typeof OrganizerGoodsSchema>;

const GalleryParam = () => T.Object({ id: Count(MAX_ID) });

export const organizerSettingsCalls = {
  /** A gallery's settings (ConfigSettingsSchema); use_face on queues its photos for face indexing. */
  setConfig: defineCall('POST', '/api/v2/organizer/galleries/:id/config', { params: GalleryParam(), body: ConfigSettingsSchema, response: OrganizerGallerySchema }),
  /** Set a gallery's watermark; renders follow at once (the render cache is keyed by it). */
  setWatermark: defineCall('POST', '/api/v2/organizer/galleries/:id/watermark', { params: GalleryParam(), body: WatermarkInputSchema, response: OrganizerGallerySchema }),
  /** Remove a gallery's watermark. */
  clearWatermark: defineCall('POST', '/api/v2/organizer/galleries/:id/watermark/clear', { params: GalleryParam(), response: OrganizerGallerySchema }),
  /** A gallery's goods. */
  goods: defineCall('GET', '/api/v2/organizer/galleries/:id/goods', { params: GalleryParam(), response: OrganizerGoodsSchema }),
  /**
   * Add a good to a gallery: `price` in integer cents; `kind` remove_watermark (per photo, the
   * viewer's pay-to-remove-watermark), download (per photo, paid downloads) or service (an offer of
   * the event's photo service on the order / preorder page, bought once per visitor; `description`
   * says what it is). `pay_down` 1 makes a photo good the gallery's good (is_pay_down): its photos are then paid.
   */
  addGoods: defineCall('POST', '/api/v2/organizer/galleries/:id/goods', {
    params: GalleryParam(),
    body: T.Object(
      {
        name: Required(100),
        price: Price(),
        kind: oneOf(['remove_watermark', 'download', 'service'] as const),
        description: T.Optional(Text(GOODS_DESCRIPTION_MAX)),
        pay_down: T.Optional(Flag())
      },
      { additionalProperties: false }
    ),
    response: OrganizerGoodsSchema
  }),
  /** Change a good's name, price or description. Orders already made keep the amount they were made with. */
  updateGoods: defineCall('POST', '/api/v2/organizer/goods/:goods_id', {
    params: T.Object({ goods_id: Id() }),
    body: T.Object({ name: T.Optional(Required(100)), price: T.Optional(Price()), description: T.Optional(Text(GOODS_DESCRIPTION_MAX)) }, { additionalProperties: false }),
    response: PayGoodsSchema
  }),
  /**
   * Withdraw a service offer: it leaves the order page (but for visitors who paid it, who keep it as
   * paid), and a prepay or usecharge for it answers 201900 (410). Withdrawing again changes nothing.
   * Only service goods (201901, 400): photo goods stop being sold with `paydown 0`.
   */
  withdrawGoods: defineCall('POST', '/api/v2/organizer/goods/:goods_id/withdraw', { params: T.Object({ goods_id: Id() }), response: OrganizerGoodSchema }),
  /** Offer a withdrawn service offer again (an offer on sale already: unchanged). Only service goods (201901). */
  restoreGoods: defineCall('POST', '/api/v2/organizer/goods/:goods_id/restore', { params: T.Object({ goods_id: Id() }), response: OrganizerGoodSchema }),
  /** Which good the gallery's photos are paid with (`goods_id` 0: free again). */
  setPayDown: defineCall('POST', '/api/v2/organizer/galleries/:id/paydown', {
    params: GalleryParam(),
    body: T.Object({ goods_id: Count(MAX_ID) }, { additionalProperties: false }),
    response: OrganizerGoodsSchema
  })
};

