/** `form_password`: a password (hidden while typed). */
import * as T from 'typebox';
import { defineComponent, Props } from './kit';
import { fieldBase, Whitelist } from './formField';

export const FormPasswordPropsSchema = Props({
  ...fieldBase(),
  /** Passwords accepted (empty: any); a wrong one is refused with 200209. */
  whitelist: Whitelist()
});
export type FormPasswordProps = T.Static<typeof FormPasswordPropsSchema>;

export const formPasswordDefinition = defineComponent('form_password', FormPasswordPropsSchema);
