/** The form and its field types (spec part 1 §3 form field types), spread into PAGE_COMPONENT_DEFINITIONS. */
import { formDefinition } from './form';
import { formInputDefinition } from './form_input';
import { formPhoneDefinition } from './form_phone';
import { formTextareaDefinition } from './form_textarea';
import { formDateDefinition } from './form_date';
import { formTimeDefinition } from './form_time';
import { formRadioDefinition } from './form_radio';
import { formCheckboxDefinition } from './form_checkbox';
import { formSelectDefinition } from './form_select';
import { formInviteDefinition } from './form_invite';
import { formPasswordDefinition } from './form_password';
import { formPayDefinition } from './form_pay';

export const FORM_FIELD_DEFINITIONS = {
  form_input: formInputDefinition,
  form_phone: formPhoneDefinition,
  form_textarea: formTextareaDefinition,
  form_date: formDateDefinition,
  form_time: formTimeDefinition,
  form_radio: formRadioDefinition,
  form_checkbox: formCheckboxDefinition,
  form_select: formSelectDefinition,
  form_invite: formInviteDefinition,
  form_password: formPasswordDefinition,
  form_pay: formPayDefinition
} as const;

export type FormFieldType = keyof typeof FORM_FIELD_DEFINITIONS;
export const FORM_FIELD_TYPES = Object.keys(FORM_FIELD_DEFINITIONS) as FormFieldType[];

export const FORM_DEFINITIONS = { form: formDefinition, ...FORM_FIELD_DEFINITIONS } as const;
