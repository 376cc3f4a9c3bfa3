import type { ComponentType } from 'react';
import type { PageComponentType } from '../../types/page';
import type { PageComponentRenderProps } from './types';
import SlideHead from './slidehead';
import Tips from './tips';
import Pendent from './pendent';
import Navigator from './navigator';
import GalleryList from './gallery';
import GalleryGroup from './gallerygroup';
import PhotoArea from './photo';
import RichTextBlock from './richtext';
import ImageBlock, { ImageBottom } from './image';
import Collapse from './collapse';
import EmptyContainer from './empty';
import ActInfo from './eventinfo/ActInfo';
import ActFlow from './eventinfo/ActFlow';
import Guests from './eventinfo/Guests';
import Contact from './eventinfo/Contact';
import FormOcr from './formocr';
import ButtonGroup from './buttongroup';
import Tab from './tab';
import Guide from './guide';
import { Hot, HotPic } from './hot';
import CarouselBlock from './carousel';
import IframeBlock from './iframe';
import CodeBlock from './code';
import { CommentListPageBlock, CommentSendBlock } from './comments';
import { LAZY_FORM_RENDERERS } from './form/lazy';

/**
 * One renderer per page-component type. Typed over every key of
 * PageComponentPropsMap, so a type added there without a renderer fails tsc.
 */
export const registry: { [K in PageComponentType]: ComponentType<PageComponentRenderProps<K>> } = {
  slidehead: SlideHead,
  tips: Tips,
  pendent: Pendent,
  navigator: Navigator,
  gallery: GalleryList,
  gallerygroup: GalleryGroup,
  groupgallery: GalleryGroup,
  photo: PhotoArea,
  richtext: RichTextBlock,
  liverich: RichTextBlock,
  image: ImageBlock,
  image_bottom: ImageBottom,
  collapse: Collapse,
  empty: EmptyContainer,
  actinfo: ActInfo,
  actflow: ActFlow,
  guests: Guests,
  contact: Contact,
  formocr: FormOcr,
  buttongroup: ButtonGroup,
  tab: Tab,
  guide: Guide,
  hot: Hot,
  hot_pic: HotPic,
  carousel: CarouselBlock,
  iframe: IframeBlock,
  code: CodeBlock,
  commentsend: CommentSendBlock,
  commentlist: CommentListPageBlock,
  ...LAZY_FORM_RENDERERS
};

/**
 * Types rendered without a wrapper: `navigator` shows nothing where it stands and
 * `pendent` floats over the page, so colours and margins would only leave an
 * empty strip. `guide` covers the whole screen; `code` shows nothing.
 */
export const UNWRAPPED_TYPES: ReadonlySet<PageComponentType> = new Set<PageComponentType>(['navigator', 'pendent', 'image_bottom', 'guide', 'code']);
