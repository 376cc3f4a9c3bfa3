import type * as T from 'typebox';
import type { ComponentWrapper } from './wrapper';
import { PAGE_COMPONENT_DEFINITIONS } from './definitions';

export type { ComponentWrapper } from './wrapper';
export type { Link, LinkType } from './link';
export { PAGE_COMPONENT_DEFINITIONS } from './definitions';

type Definitions = typeof PAGE_COMPONENT_DEFINITIONS;

/** Props of every page-component type that has a definition (derived from its schema). */
export type PageComponentPropsMap = { [K in keyof Definitions]: T.Static<Definitions[K]['schema']> };

export type PageComponentType = keyof PageComponentPropsMap;

/** Each type's defaults, from its definition's schema. */
export const PAGE_COMPONENT_DEFAULTS = Object.fromEntries(
  Object.entries(PAGE_COMPONENT_DEFINITIONS).map(([type, d]) => [type, d.defaults])
) as { [K in PageComponentType]: PageComponentPropsMap[K] };

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
  return Object.prototype.hasOwnProperty.call(PAGE_COMPONENT_DEFINITIONS, type);
}

/** Props with defaults filled in for a known type. */
export function componentProps<K extends PageComponentType>(type: K, props: Record<string, unknown> | undefined): PageComponentPropsMap[K] {
  return { ...PAGE_COMPONENT_DEFAULTS[type], ...(props ?? {}) } as PageComponentPropsMap[K];
}
