/** `form_radio`: one choice of a list, as radio buttons. */
import * as T from 'typebox';
import { defineComponent, Props } from './kit';
import { fieldBase, Options } from './formField';

export const FormRadioPropsSchema = Props({
  ...fieldBase(),
  options: Options()
});
export type FormRadioProps = T.Static<typeof FormRadioPropsSchema>;

export const formRadioDefinition = defineComponent('form_radio', FormRadioPropsSchema);
