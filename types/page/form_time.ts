/** `form_time`: a time picker; the value is HH:mm. */
import * as T from 'typebox';
import { defineComponent, Props } from './kit';
import { fieldBase } from './formField';

export const FormTimePropsSchema = Props({
  ...fieldBase()
});
export type FormTimeProps = T.Static<typeof FormTimePropsSchema>;

export const formTimeDefinition = defineComponent('form_time', FormTimePropsSchema);
