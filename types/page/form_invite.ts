/** `form_invite`: an invite code; a guest logs in first (spec part 1 §5). */
import * as T from 'typebox';
import { defineComponent, Props } from './kit';
import { fieldBase, Whitelist } from './formField';

export const FormInvitePropsSchema = Props({
  ...fieldBase(),
  /** Invite codes accepted (empty: any); a wrong one is refused with 200208. */
  whitelist: Whitelist()
});
export type FormInviteProps = T.Static<typeof FormInvitePropsSchema>;

export const formInviteDefinition = defineComponent('form_invite', FormInvitePropsSchema);
