/** `form_phone`: a phone number with its 4-digit SMS code and country (default +86), verified on the fourth digit (spec part 2 §3, §5). */
import * as T from 'typebox';
import { defineComponent, Props } from './kit';
import { fieldBase, Whitelist } from './formField';

export const FormPhonePropsSchema = Props({
  ...fieldBase(),
  /** Phones accepted (empty: any); others are refused with 200202. */
  whitelist: Whitelist()
});
export type FormPhoneProps = T.Static<typeof FormPhonePropsSchema>;

export const formPhoneDefinition = defineComponent('form_phone', FormPhonePropsSchema);
