/**
 * Every page-component type that has a definition, one line each. A type added here
 * gets its props type and defaults (types/page/index.ts), server validation on save
 * (validate.ts) and needs a renderer (src/page-components/registry.ts fails tsc without one).
 */
import { photoDefinition } from './photo';
import { navigatorDefinition } from './navigator';
import { slideheadDefinition } from './slidehead';
import { tipsDefinition } from './tips';
import { pendentDefinition } from './pendent';
import { galleryListDefinition } from './gallery';
import { galleryGroupDefinition } from './gallerygroup';
import { richTextDefinition } from './richtext';
import { imageBlockDefinition } from './image';
import { collapseDefinition } from './collapse';
import { emptyDefinition } from './empty';
import { formocrDefinition } from './formocr';
import { actFlowDefinition, actInfoDefinition, contactDefinition, guestsDefinition } from './eventinfo';
import { buttonGroupDefinition } from './buttongroup';
import { tabDefinition } from './tab';
import { guideDefinition } from './guide';
import { hotDefinition, hotPicDefinition } from './hot';
import { carouselDefinition } from './carousel';
import { iframeDefinition } from './iframe';
import { codeDefinition } from './code';
import { commentSendDefinition } from './commentsend';
import { commentListDefinition } from './commentlist';
import { FORM_DEFINITIONS } from './formDefinitions';

export const PAGE_COMPONENT_DEFINITIONS = {
  photo: photoDefinition,
  navigator: navigatorDefinition,
  slidehead: slideheadDefinition,
  tips: tipsDefinition,
  pendent: pendentDefinition,
  gallery: galleryListDefinition,
  gallerygroup: galleryGroupDefinition,
  /** Alias of gallerygroup (spec part 2 §1: 'gallerygroup or groupgallery'). */
  groupgallery: galleryGroupDefinition,
  richtext: richTextDefinition,
  /** The live variant of richtext (same props). */
  liverich: richTextDefinition,
  image: imageBlockDefinition,
  /** The image block docked to the bottom of the screen (same props). */
  image_bottom: imageBlockDefinition,
  collapse: collapseDefinition,
  empty: emptyDefinition,
  actinfo: actInfoDefinition,
  actflow: actFlowDefinition,
  guests: guestsDefinition,
  contact: contactDefinition,
  formocr: formocrDefinition,
  buttongroup: buttonGroupDefinition,
  tab: tabDefinition,
  guide: guideDefinition,
  hot: hotDefinition,
  hot_pic: hotPicDefinition,
  carousel: carouselDefinition,
  iframe: iframeDefinition,
  code: codeDefinition,
  commentsend: commentSendDefinition,
  commentlist: commentListDefinition,
  ...FORM_DEFINITIONS
} as const;
