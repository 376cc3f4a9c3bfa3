/** `form_select`: one choice of a list, in a picker. */
import * as T from 'typebox';
import { defineComponent, Props } from './kit';
import { fieldBase, Options } from './formField';

export const FormSelectPropsSchema = Props({
  ...fieldBase(),
  options: Options()
});
export type FormSelectProps = T.Static<typeof FormSelectPropsSchema>;

export const formSelectDefinition = defineComponent('form_select', FormSelectPropsSchema);
