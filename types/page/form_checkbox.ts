/** `form_checkbox`: any choices of a list; the value is the list of the ones ticked (spec part 2 §5). */
import * as T from 'typebox';
import { defineComponent, Props } from './kit';
import { fieldBase, Options } from './formField';

export const FormCheckboxPropsSchema = Props({
  ...fieldBase(),
  options: Options()
});
export type FormCheckboxProps = T.Static<typeof FormCheckboxPropsSchema>;

export const formCheckboxDefinition = defineComponent('form_checkbox', FormCheckboxPropsSchema);
