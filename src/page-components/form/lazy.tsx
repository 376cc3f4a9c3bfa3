import type { ComponentType } from 'react';
import { deferred } from '../../components/deferred';
import type { PageComponentRenderProps } from '../types';
import type { FORM_RENDERERS } from './renderers';

type FormType = keyof typeof FORM_RENDERERS;

/** The form code (taro-ui's inputs, textarea, radio, checkbox, button and their sheets) is its own chunk. */
const load = () => import('./renderers');

/**
 * A renderer whose code loads when a form (or a field) first renders: a page without a form
 * never fetches it, and one with a form below the fold (the demo's accordion) not in its first
 * load. In the mini-program the import is a require (bundled), so only the first render waits a tick.
 */
function lazyRenderer<K extends FormType>(type: K): ComponentType<PageComponentRenderProps<K>> {
  type P = PageComponentRenderProps<K>;
  const Loaded = deferred<P>(() => load().then((m): { default: ComponentType<P> } => ({ default: m.FORM_RENDERERS[type] as unknown as ComponentType<P> })));
  return function LazyFormPart(props: PageComponentRenderProps<K>) {
    return <Loaded wanted {...props} />;
  };
}

/** The form and its field types for the registry. */
export const LAZY_FORM_RENDERERS = {
  form: lazyRenderer('form'),
  form_input: lazyRenderer('form_input'),
  form_phone: lazyRenderer('form_phone'),
  form_textarea: lazyRenderer('form_textarea'),
  form_date: lazyRenderer('form_date'),
  form_time: lazyRenderer('form_time'),
  form_radio: lazyRenderer('form_radio'),
  form_checkbox: lazyRenderer('form_checkbox'),
  form_select: lazyRenderer('form_select'),
  form_invite: lazyRenderer('form_invite'),
  form_password: lazyRenderer('form_password'),
  form_pay: lazyRenderer('form_pay')
};
