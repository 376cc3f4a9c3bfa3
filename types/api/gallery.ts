import * as T from 'typebox';
import type { Watermark } from '../watermark';
import { defineCall } from './contract';
import { Count, Empty, LinkId, MAX_ID, NullableInteger, NullableString, Required } from './schema';
import type { PageData } from '../page';

/** Gallery status values (spec part 1 §4). */
export type GalleryStatus =
  | 'wait' | 'start' | 'end' | 'amazing' | 'rollback' | 'play' | 'stop'
  | 'config' | 'complete' | 'directend' | 'needpay' | 'payed';

export type AccessType = 'free' | 'password' | 'phone';

export interface Theme {
  background: string;
  h1: string;
  h2: string;
  component: string;
  main: string;
}

export const DEFAULT_THEME: Theme = {
  background: '#ffffff',
  h1: '#333333',
  h2: '#666666',
  component: '#ffffff',
  main: '#50d3cd'
};

/** Gallery configuration flags (spec part 1 §3 Config). Numbers are 0/1 flags as in the spec. */
export interface GalleryConfig {
  use_global: number;
  use_invite_link: number;
  use_invite_auth: number;
  use_face: number;
  use_comment: number;
  use_package: number;
  active_on: number;
  block_all: number;
  /** Default photo sort, e.g. '-shoottime'. */
  sort: string;
  template: string;
  /** 1 when visitors may have the unwatermarked original. */
  original_photo: number;
  locale: string;
  h5_share_title: string;
  h5_share_text: string;
  h5_share_image: string;
  /** 1 when this gallery's photos may not be shared (spec part 1 §6): share buttons and the WeChat share menu are hidden. */
  share_off?: number;
  theme: Theme;
  /** Big-screen carousel settings (spec part 3 §3); each one optional, see src/stores/carousel/carouselConfig.ts for defaults. */
  carousel?: Partial<CarouselConfig>;
}

/** Carousel config (spec part 3 §3): order, time (seconds), effect, qrcode (0/1), danmuku (0/1). */
export interface CarouselConfig {
  order: 'asc' | 'random';
  time: number;
  effect: 'fade' | 'slide' | 'zoom' | 'flip-card';
  qrcode: number;
  danmuku: number;
}

export const DEFAULT_CONFIG: GalleryConfig = {
  use_global: 0,
  use_invite_link: 0,
  use_invite_auth: 0,
  use_face: 0,
  use_comment: 0,
  use_package: 0,
  active_on: 0,
  block_all: 0,
  sort: '-shoottime',
  template: 'default',
  original_photo: 0,
  locale: 'zh-CN',
  h5_share_title: '',
  h5_share_text: '',
  h5_share_image: '',
  theme: DEFAULT_THEME
};

export const ViewDetailSchema = T.Object({ gallery_id: T.Integer(), uv: T.Integer(), view: T.Integer() });
export type ViewDetail = T.Static<typeof ViewDetailSchema>;

/** A gallery or page as the client sees it (spec part 1 §3). Times are Unix seconds. */
export const GallerySchema = T.Object({
  id: T.Integer(),
  orderid: T.Integer(),
  link_id: T.String(),
  url_labeling: NullableString(),
  prefix: T.String(),
  name: T.String(),
  desc: T.String(),
  cover: NullableString(),
  watermarks: T.Unsafe<Watermark | null>({ type: ['object', 'null'], additionalProperties: true }),
  useglobal: T.Integer(),
  galleryaddress: T.String(),
  start_time: NullableInteger(),
  end_time: NullableInteger(),
  /** Stored status; the shown status is derived from the times when both are set. */
  status: T.Unsafe<GalleryStatus>({ type: 'string' }),
  tags: T.Array(T.String()),
  /** Pay-good id; above 0 means paid download. */
  is_pay_down: T.Integer(),
  image_total: T.Integer(),
  imagecount: T.Integer(),
  imageviews: T.Integer(),
  view_detail: ViewDetailSchema,
  privacy: T.Integer(),
  access_type: T.Unsafe<AccessType>({ type: 'string' }),
  avchatroom: T.String(),
  /** 0 for a top page, otherwise the parent gallery id. */
  parent: T.Integer(),
  parent_link_id: NullableString(),
  /** Organiser-configured page components: passed through as stored. */
  pagedata: T.Unsafe<PageData | null>({}),
  config: T.Unsafe<GalleryConfig>({ type: 'object', additionalProperties: true }),
  h5_share_title: T.String(),
  h5_share_text: T.String(),
  h5_share_image: T.String(),
  h5_share_link: T.String()
});
export type Gallery = T.Static<typeof GallerySchema>;

/** GET /api/v2/gallery/link/{link_id} (also /gti/{label}, /id/{id}): the page and its sub-galleries. */
export const GalleryDetailSchema = T.Object({ gallery: GallerySchema, children: T.Array(GallerySchema) });
export type GalleryDetail = T.Static<typeof GalleryDetailSchema>;

/** How many public events the landing page (`/`) lists at most. */
export const LANDING_EVENTS_MAX = 24;

/** A public event on the landing page: a top-level gallery without any gate. */
export const PublicEventSchema = T.Object({
  link_id: T.String(),
  name: T.String(),
  cover: NullableString(),
  start_time: NullableInteger(),
  end_time: NullableInteger(),
  image_total: T.Integer()
});
export type PublicEvent = T.Static<typeof PublicEventSchema>;

/** GET /api/v2/landing: what the root address shows (issue 12, Experience 7). */
export const LandingSchema = T.Object({
  /** The seeded demo album's link, or null when the demo was not seeded. */
  demo: NullableString(),
  events: T.Array(PublicEventSchema)
});
export type Landing = T.Static<typeof LandingSchema>;

/** The gallery calls (spec part 1 §7). */
export const galleryCalls = {
  byLink: defineCall('GET', '/api/v2/gallery/link/:link_id', { params: T.Object({ link_id: LinkId() }), response: GalleryDetailSchema }),
  /** /gti/{url_labeling} or /gti/{id}. */
  byGti: defineCall('GET', '/api/v2/gallery/gti/:gti', { params: T.Object({ gti: Required(64) }), response: GalleryDetailSchema }),
  /** By numeric id: the legacy WeChat gallery route (/wx/gallery?id=, ids below 1,000,000). */
  byId: defineCall('GET', '/api/v2/gallery/id/:id', { params: T.Object({ id: Count(MAX_ID) }), response: GalleryDetailSchema }),
  /** The home album: the oldest top-level page (the demo event on a fresh install). */
  home: defineCall('GET', '/api/v2/home', { query: Empty(), response: T.Object({ link_id: T.String() }) }),
  /** The landing page: the demo link when seeded and the organiser's public events. */
  landing: defineCall('GET', '/api/v2/landing', { query: Empty(), response: LandingSchema })
};
