/** `form_date`: a date picker from 1900 to the current year (spec part 2 §5); the value is YYYY-MM-DD. */
import * as T from 'typebox';
import { defineComponent, Props } from './kit';
import { fieldBase } from './formField';

export const FormDatePropsSchema = Props({
  ...fieldBase()
});
export type FormDateProps = T.Static<typeof FormDatePropsSchema>;

export const formDateDefinition = defineComponent('form_date', FormDatePropsSchema);
