import { observer } from 'mobx-react';
import AtInput from 'taro-ui/lib/components/input';
import AtTextarea from 'taro-ui/lib/components/textarea';
import AtRadio from 'taro-ui/lib/components/radio';
import AtCheckbox from 'taro-ui/lib/components/checkbox';
import { FORM_FIRST_YEAR } from '../../../types/formRules';
import { DatePicker } from '../../platform/date-picker';
import { Select } from '../../platform/select';
import { t } from '../../i18n';
import type { PageComponentRenderProps } from '../types';
import { useFormField } from './context';
import FieldShell from './FieldShell';

const text = (v: unknown) => (typeof v === 'string' ? v : '');

/** form_input, form_invite and form_password: taro-ui's AtInput (a password hides what is typed). */
const TextField = observer(function TextField({ id, kind }: { id: string; kind: 'text' | 'password' }) {
  const f = useFormField(id);
  if (!f) return null;
  const { form, field } = f;
  const max = (field.props as { max?: number }).max ?? 100;
  return (
    <FieldShell form={form} field={field}>
      <AtInput
        name={`${form.opts.formId}-${id}`}
        type={kind}
        border={false}
        maxLength={max}
        placeholder={field.props.placeholder || t('form.inputPlaceholder')}
        value={text(form.values[id])}
        onChange={(v: unknown) => form.setValue(id, String(v ?? ''))}
      />
    </FieldShell>
  );
});

export const FormInput = observer(({ id }: PageComponentRenderProps<'form_input'>) => <TextField id={id} kind="text" />);
export const FormInvite = observer(({ id }: PageComponentRenderProps<'form_invite'>) => <TextField id={id} kind="text" />);
export const FormPassword = observer(({ id }: PageComponentRenderProps<'form_password'>) => <TextField id={id} kind="password" />);

/** form_textarea: taro-ui's AtTextarea with its counter; text past the max is cut (spec part 2 §5). */
export const FormTextarea = observer(({ id }: PageComponentRenderProps<'form_textarea'>) => {
  const f = useFormField(id);
  if (!f) return null;
  const { form, field } = f;
  const max = (field.props as { max: number }).max;
  return (
    <FieldShell form={form} field={field}>
      <AtTextarea
        value={text(form.values[id])}
        maxLength={max}
        count
        placeholder={field.props.placeholder || t('form.inputPlaceholder')}
        onChange={(v: unknown) => form.setValue(id, String(v ?? ''))}
      />
    </FieldShell>
  );
});

/** form_date (1900 to this year) and form_time: the platform's picker. */
const DateField = observer(function DateField({ id, mode }: { id: string; mode: 'date' | 'time' }) {
  const f = useFormField(id);
  if (!f) return null;
  const { form, field } = f;
  const year = new Date().getFullYear();
  return (
    <FieldShell form={form} field={field}>
      <DatePicker
        mode={mode}
        className="form-field__picker"
        testId="form-picker"
        label={form.label(field)}
        value={text(form.values[id])}
        start={mode === 'date' ? `${FORM_FIRST_YEAR}-01-01` : undefined}
        end={mode === 'date' ? `${year}-12-31` : undefined}
        placeholder={field.props.placeholder || t('form.choose')}
        onChange={(v) => form.setValue(id, v)}
      />
    </FieldShell>
  );
});
export const FormDate = observer(({ id }: PageComponentRenderProps<'form_date'>) => <DateField id={id} mode="date" />);
export const FormTime = observer(({ id }: PageComponentRenderProps<'form_time'>) => <DateField id={id} mode="time" />);

/** form_radio: taro-ui's AtRadio. */
export const FormRadio = observer(({ id, props }: PageComponentRenderProps<'form_radio'>) => {
  const f = useFormField(id);
  if (!f) return null;
  const { form, field } = f;
  return (
    <FieldShell form={form} field={field}>
      <AtRadio options={props.options.map((o) => ({ label: o, value: o }))} value={text(form.values[id])} onClick={(v: string) => form.setValue(id, v)} />
    </FieldShell>
  );
});

/** form_checkbox: taro-ui's AtCheckbox; the value is the list of ticked options (spec part 2 §5). */
export const FormCheckbox = observer(({ id, props }: PageComponentRenderProps<'form_checkbox'>) => {
  const f = useFormField(id);
  if (!f) return null;
  const { form, field } = f;
  const ticked = Array.isArray(form.values[id]) ? (form.values[id] as string[]) : [];
  return (
    <FieldShell form={form} field={field}>
      <AtCheckbox options={props.options.map((o) => ({ label: o, value: o }))} selectedList={ticked} onChange={(list: string[]) => form.setChecked(id, list)} />
    </FieldShell>
  );
});

/** form_select: a picker of the options (the platform's select: a native one in browsers, Taro's Picker in the mini-program). */
export const FormSelect = observer(({ id, props }: PageComponentRenderProps<'form_select'>) => {
  const f = useFormField(id);
  if (!f) return null;
  const { form, field } = f;
  const options = [{ value: '', label: field.props.placeholder || t('form.choose') }, ...props.options.map((o) => ({ value: o, label: o }))];
  return (
    <FieldShell form={form} field={field}>
      <Select className="form-field__select" testId="form-select" label="" value={text(form.values[id])} options={options} onChange={(v) => form.setValue(id, v)} />
    </FieldShell>
  );
});

