import type { Watermark } from '../watermark';
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
  /** Big-screen carousel settings (spec part 3 §3); each one optional, see src/stores/carouselConfig.ts for defaults. */
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

export interface ViewDetail {
  gallery_id: number;
  uv: number;
  view: number;
}

/** A gallery or page as the client sees it (spec part 1 §3). Times are Unix seconds. */
export interface Gallery {
  id: number;
  orderid: number;
  link_id: string;
  url_labeling: string | null;
  prefix: string;
  name: string;
  desc: string;
  cover: string | null;
  watermarks: Watermark | null;
  useglobal: number;
  galleryaddress: string;
  start_time: number | null;
  end_time: number | null;
  /** Stored status; the shown status is derived from the times when both are set. */
  status: GalleryStatus;
  tags: string[];
  /** Pay-good id; above 0 means paid download. */
  is_pay_down: number;
  image_total: number;
  imagecount: number;
  imageviews: number;
  view_detail: ViewDetail;
  privacy: number;
  access_type: AccessType;
  avchatroom: string;
  /** 0 for a top page, otherwise the parent gallery id. */
  parent: number;
  parent_link_id: string | null;
  pagedata: PageData | null;
  config: GalleryConfig;
  h5_share_title: string;
  h5_share_text: string;
  h5_share_image: string;
  h5_share_link: string;
}

/** GET /api/v2/gallery/link/{link_id} (also /gti/{label}, /id/{id}): the page and its sub-galleries. */
export interface GalleryDetail {
  gallery: Gallery;
  children: Gallery[];
}
