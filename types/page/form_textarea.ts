/** `form_textarea`: free text over several lines, cut to its max (spec part 2 §5). */
import * as T from 'typebox';
import { defineComponent, Props } from './kit';
import { fieldBase } from './formField';

export const FormTextareaPropsSchema = Props({
  ...fieldBase(),
  /** Most characters; longer text is cut to it (spec part 2 §5). */
  max: T.Integer({ minimum: 1, maximum: 2000, default: 200 })
});
export type FormTextareaProps = T.Static<typeof FormTextareaPropsSchema>;

export const formTextareaDefinition = defineComponent('form_textarea', FormTextareaPropsSchema);
