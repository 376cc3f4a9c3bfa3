/**
 * `form`: a form (spec part 1 §4, §5, §7; part 2 §1). Its `children` are its fields (form_input,
 * form_phone, …) and any other component shown between them. Submitting runs the phone validation
 * and the paper post (types/api/form.ts), then shows PostPaperSuccess and opens `/g/{redirect}`.
 */
import * as T from 'typebox';
import { defineComponent, Line, LinkIdField, Props, Url } from './kit';
import { NestedComponents } from './nested';

export const FormPropsSchema = Props({
  /** Heading above the fields; empty: none. */
  title: Line(100, { default: '' }),
  /** The submit button's text; empty: the app's own ('Submit'). */
  submit_text: Line(20, { default: '' }),
  /** The page opened after a successful submit (a link id); empty: the page's parent, else the page itself. */
  redirect: T.Union([LinkIdField(), T.Literal('')], { default: '' }),
  /** Optional: an organiser's own endpoint that also receives `{raw, unionid}` (a JSON POST without credentials). */
  custom_url: T.Union([Url(), T.Literal('')], { default: '' }),
  /** The fields, top to bottom. */
  children: NestedComponents()
});
export type FormProps = T.Static<typeof FormPropsSchema>;

export const formDefinition = defineComponent('form', FormPropsSchema, (props) => [{ at: '.children', components: props.children }]);
export const FORM_DEFAULTS: FormProps = formDefinition.defaults;
