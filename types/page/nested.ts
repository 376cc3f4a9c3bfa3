/**
 * Components inside a component (`collapse` items, `empty`): a list of `{id, type, props?, wrapper?}`.
 * The list's own schema checks only that it is a list of objects; each entry is checked as a
 * component of the page, by its type's definition (types/page/validate.ts descends into it).
 */
import * as T from 'typebox';
import type { PageComponent } from './index';

/** Most components in one nested list. */
export const NESTED_COMPONENTS_MAX = 50;

export const NestedComponents = () =>
  T.Array(T.Unsafe<PageComponent>({ type: 'object' }), { maxItems: NESTED_COMPONENTS_MAX, default: [], errorMessage: 'must be a list of components' });
