import Form from './index';
import FormPhone from './FormPhone';
import FormPay from './FormPay';
import { FormCheckbox, FormDate, FormInput, FormInvite, FormPassword, FormRadio, FormSelect, FormTextarea, FormTime } from './fields';

/** The form and its field renderers, spread into the registry (one per type of types/page/formDefinitions.ts). */
export const FORM_RENDERERS = {
  form: Form,
  form_input: FormInput,
  form_phone: FormPhone,
  form_textarea: FormTextarea,
  form_date: FormDate,
  form_time: FormTime,
  form_radio: FormRadio,
  form_checkbox: FormCheckbox,
  form_select: FormSelect,
  form_invite: FormInvite,
  form_password: FormPassword,
  form_pay: FormPay
};
