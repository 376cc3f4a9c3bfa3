import type { ComponentWrapper } from './wrapper';
import { PHOTO_DEFAULTS, type PhotoProps } from './photo';
import { NAVIGATOR_DEFAULTS, type NavigatorProps } from './navigator';
import { SLIDEHEAD_DEFAULTS, type SlideheadProps } from './slidehead';
import { TIPS_DEFAULTS, type TipsProps } from './tips';
import { PENDENT_DEFAULTS, type PendentProps } from './pendent';
import { GALLERY_LIST_DEFAULTS, type GalleryListProps } from './gallery';
import { GALLERY_GROUP_DEFAULTS, type GalleryGroupProps } from './gallerygroup';
import { FORMOCR_DEFAULTS, type FormocrProps } from './formocr';

export type { ComponentWrapper } from './wrapper';
export type { Link, LinkType } from './link';

/** Props of every page-component type that has a renderer. Adding a type here forces a renderer (src/page-components/registry.ts). */
export interface PageComponentPropsMap {
  photo: PhotoProps;
  navigator: NavigatorProps;
  slidehead: SlideheadProps;
  tips: TipsProps;
  pendent: PendentProps;
  gallery: GalleryListProps;
  gallerygroup: GalleryGroupProps;
  /** Alias of gallerygroup (spec part 2 §1: 'gallerygroup or groupgallery'). */
  groupgallery: GalleryGroupProps;
  formocr: FormocrProps;
}

export type PageComponentType = keyof PageComponentPropsMap;

export const PAGE_COMPONENT_DEFAULTS: { [K in PageComponentType]: PageComponentPropsMap[K] } = {
  photo: PHOTO_DEFAULTS,
  navigator: NAVIGATOR_DEFAULTS,
  slidehead: SLIDEHEAD_DEFAULTS,
  tips: TIPS_DEFAULTS,
  pendent: PENDENT_DEFAULTS,
  gallery: GALLERY_LIST_DEFAULTS,
  gallerygroup: GALLERY_GROUP_DEFAULTS,
  groupgallery: GALLERY_GROUP_DEFAULTS,
  formocr: FORMOCR_DEFAULTS
};

/** One configured component as stored in a gallery's pagedata. Unknown types are kept and render nothing. */
export interface PageComponent<T extends string = string> {
  id: string;
  type: T;
  props?: Record<string, unknown>;
  wrapper?: ComponentWrapper;
}

/** A gallery's `pagedata`: its components, top to bottom. */
export interface PageData {
  components: PageComponent[];
}

export function isKnownComponentType(type: string): type is PageComponentType {
  return Object.prototype.hasOwnProperty.call(PAGE_COMPONENT_DEFAULTS, type);
}

/** Props with defaults filled in for a known type. */
export function componentProps<K extends PageComponentType>(type: K, props: Record<string, unknown> | undefined): PageComponentPropsMap[K] {
  return { ...PAGE_COMPONENT_DEFAULTS[type], ...(props ?? {}) } as PageComponentPropsMap[K];
}

/** Server-side check of pagedata written by organisers: shape only, unknown types allowed. */
export function validatePageData(value: unknown): string | null {
  if (value === null) return null;
  if (typeof value !== 'object' || !Array.isArray((value as PageData).components)) return 'pagedata.components must be an array';
  for (const [i, c] of (value as PageData).components.entries()) {
    if (!c || typeof c !== 'object') return `pagedata.components[${i}] must be an object`;
    if (typeof c.id !== 'string' || !c.id) return `pagedata.components[${i}].id must be a non-empty string`;
    if (typeof c.type !== 'string' || !c.type) return `pagedata.components[${i}].type must be a non-empty string`;
    if (c.props !== undefined && (typeof c.props !== 'object' || c.props === null)) return `pagedata.components[${i}].props must be an object`;
  }
  return null;
}
