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

export const PAGE_COMPONENT_DEFINITIONS = {
  photo: photoDefinition,
  navigator: navigatorDefinition,
  slidehead: slideheadDefinition,
  tips: tipsDefinition,
  pendent: pendentDefinition,
  gallery: galleryListDefinition,
  gallerygroup: galleryGroupDefinition,
  /** Alias of gallerygroup (spec part 2 §1: 'gallerygroup or groupgallery'). */
  groupgallery: galleryGroupDefinition
} as const;
