/** `form_input`: a one-line text field (spec part 2 §1). */
import * as T from 'typebox';
import { defineComponent, Props } from './kit';
import { fieldBase, Whitelist } from './formField';

export const FormInputPropsSchema = Props({
  ...fieldBase(),
  /** Most characters (the input stops there). */
  max: T.Integer({ minimum: 1, maximum: 200, default: 50 }),
  whitelist: Whitelist()
});
export type FormInputProps = T.Static<typeof FormInputPropsSchema>;

export const formInputDefinition = defineComponent('form_input', FormInputPropsSchema);
