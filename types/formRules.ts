/**
 * The form rules both sides apply (spec part 1 §4, §5; part 2 §5): which components of a form
 * are its fields, when a field counts as filled (submit is enabled only when every required
 * field is), and what a submitted value must be. The app uses them to enable submit and name
 * the first field missing; the server checks every submission with the same functions against
 * the form as saved in the gallery's pagedata, so neither side is looser than the other.
 */
import { componentProps, PAGE_COMPONENT_DEFINITIONS, type PageComponent, type PageComponentPropsMap } from './page';
import { FORM_FIELD_DEFINITIONS, type FormFieldType } from './page/formDefinitions';
import type { ComponentDefinition } from './page/kit';

/** 4-digit SMS code (part 2 §9), 60 s resend wait, default country +86 (sent without the plus). */
export const FORM_CODE_LENGTH = 4;
export const FORM_DEFAULT_COUNTRY = '86';
/** The date picker's first year (part 2 §5: 1900 to the current year). */
export const FORM_FIRST_YEAR = 1900;
/** Longest invite code or password. */
export const FORM_SECRET_MAX = 100;

export interface PhoneValue {
  phone: string;
  code: string;
  /** Country calling code without the plus ('86'). */
  country: string;
}
/** One field's value: text, the ticked options (checkbox), or a phone with its code. */
export type FormValue = string | string[] | PhoneValue;
/** A submission's values, by field id. */
export type FormValues = Record<string, FormValue>;

export interface FormField<K extends FormFieldType = FormFieldType> {
  id: string;
  type: K;
  props: PageComponentPropsMap[K];
}

const isObject = (v: unknown): v is Record<string, unknown> => !!v && typeof v === 'object' && !Array.isArray(v);
export const isFieldType = (t: unknown): t is FormFieldType => typeof t === 'string' && Object.prototype.hasOwnProperty.call(FORM_FIELD_DEFINITIONS, t);

/** Components inside a component, through its definition's nested lists (form children, collapse items, empty). */
function nestedOf(c: PageComponent): PageComponent[] {
  const def = (PAGE_COMPONENT_DEFINITIONS as Record<string, ComponentDefinition>)[c.type];
  if (!def?.nested) return [];
  const props = { ...(def.defaults as Record<string, unknown>), ...(c.props ?? {}) };
  return def.nested(props).flatMap((n) => (Array.isArray(n.components) ? (n.components as PageComponent[]).filter(isObject) : []));
}

/** The first `form` with this id, anywhere on the page (nested in accordions and containers too). */
export function findForm(components: unknown, formId: string): PageComponent<'form'> | null {
  if (!Array.isArray(components)) return null;
  for (const c of components as PageComponent[]) {
    if (!isObject(c)) continue;
    if (c.type === 'form' && c.id === formId) return c as PageComponent<'form'>;
    const inner = findForm(nestedOf(c), formId);
    if (inner) return inner;
  }
  return null;
}

/** A form's fields in order, with defaults filled in (fields inside containers within the form count too). */
export function formFields(form: PageComponent): FormField[] {
  const out: FormField[] = [];
  const walk = (list: PageComponent[]) => {
    for (const c of list) {
      if (isFieldType(c.type)) out.push({ id: c.id, type: c.type, props: componentProps(c.type, c.props) } as FormField);
      else if (c.type !== 'form') walk(nestedOf(c));
    }
  };
  walk(nestedOf(form));
  return out;
}

/** Whether a value was given at all (a required field must be). */
export function isFilled(field: FormField, value: FormValue | undefined): boolean {
  if (value === undefined) return false;
  if (field.type === 'form_checkbox') return Array.isArray(value) && value.length > 0;
  if (field.type === 'form_phone') return isObject(value) && typeof value.phone === 'string' && value.phone.trim() !== '' && typeof value.code === 'string' && value.code !== '';
  return typeof value === 'string' && value.trim() !== '';
}

/** What is wrong with one field's value: its shape or range ('invalid'), or a whitelist refusal (by its spec code). */
export type FieldProblem = 'required' | 'invalid' | 'not_allowed' | 'wrong_invite' | 'wrong_password';

const DATE_RE = /^(\d{4})-(\d{2})-(\d{2})$/;
const TIME_RE = /^([01]\d|2[0-3]):[0-5]\d$/;
const CONTROL_RE = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F]/;
const LINE_CONTROL_RE = /[\u0000-\u001F\u007F-\u009F]/;
const COUNTRY_RE = /^[1-9]\d{0,3}$/;

/** A phone number for its country: 11 digits starting with 1 for China (86), 5 to 15 digits elsewhere. */
export function validPhone(country: string, phone: string): boolean {
  if (!COUNTRY_RE.test(country)) return false;
  return country === FORM_DEFAULT_COUNTRY ? /^1\d{10}$/.test(phone) : /^\d{5,15}$/.test(phone);
}

/** A date the picker offers: a real YYYY-MM-DD from 1900 to `thisYear`. */
export function validDate(value: string, thisYear: number): boolean {
  const m = DATE_RE.exec(value);
  if (!m) return false;
  const [y, mo, d] = m.slice(1).map(Number);
  const date = new Date(Date.UTC(y, mo - 1, d));
  return y >= FORM_FIRST_YEAR && y <= thisYear && date.getUTCMonth() === mo - 1 && date.getUTCDate() === d;
}

const line = (v: unknown, max: number): v is string => typeof v === 'string' && [...v].length <= max && !LINE_CONTROL_RE.test(v);
const listed = (whitelist: readonly string[], v: string) => !whitelist.length || whitelist.includes(v.trim());

/** The problem of one field's value, or null. `thisYear`: the server's (or device's) current year. */
export function fieldProblem(field: FormField, value: FormValue | undefined, thisYear: number): FieldProblem | null {
  // A pay field's value is the payment itself: the server checks its order, the app its paid state.
  if (field.type === 'form_pay') return null;
  if (!isFilled(field, value)) return field.props.required ? 'required' : value === undefined ? null : shapeOnly(field, value);
  const v = value as FormValue;
  switch (field.type) {
    case 'form_input': {
      const p = field.props as PageComponentPropsMap['form_input'];
      if (!line(v, p.max)) return 'invalid';
      return listed(p.whitelist, v as string) ? null : 'not_allowed';
    }
    case 'form_textarea': {
      const p = field.props as PageComponentPropsMap['form_textarea'];
      return typeof v === 'string' && [...v].length <= p.max && !CONTROL_RE.test(v) ? null : 'invalid';
    }
    case 'form_phone': {
      const p = field.props as PageComponentPropsMap['form_phone'];
      const ph = v as PhoneValue;
      if (!isObject(v) || typeof ph.country !== 'string' || !validPhone(ph.country, ph.phone) || !new RegExp(`^\\d{${FORM_CODE_LENGTH}}$`).test(ph.code)) return 'invalid';
      return listed(p.whitelist, ph.phone) ? null : 'not_allowed';
    }
    case 'form_date':
      return typeof v === 'string' && validDate(v, thisYear) ? null : 'invalid';
    case 'form_time':
      return typeof v === 'string' && TIME_RE.test(v) ? null : 'invalid';
    case 'form_radio':
    case 'form_select': {
      const p = field.props as PageComponentPropsMap['form_radio'];
      return typeof v === 'string' && p.options.includes(v) ? null : 'invalid';
    }
    case 'form_checkbox': {
      const p = field.props as PageComponentPropsMap['form_checkbox'];
      if (!Array.isArray(v) || new Set(v).size !== v.length) return 'invalid';
      return v.every((o) => typeof o === 'string' && p.options.includes(o)) ? null : 'invalid';
    }
    case 'form_invite': {
      const p = field.props as PageComponentPropsMap['form_invite'];
      if (!line(v, FORM_SECRET_MAX)) return 'invalid';
      return listed(p.whitelist, v as string) ? null : 'wrong_invite';
    }
    case 'form_password': {
      const p = field.props as PageComponentPropsMap['form_password'];
      if (!line(v, FORM_SECRET_MAX)) return 'invalid';
      return listed(p.whitelist, v as string) ? null : 'wrong_password';
    }
  }
  return null;
}

/** An optional field left empty may still send an empty value of its own shape ('' or []); anything else is invalid. */
function shapeOnly(field: FormField, value: FormValue): FieldProblem | null {
  if (field.type === 'form_checkbox') return Array.isArray(value) ? null : 'invalid';
  if (field.type === 'form_phone') return isObject(value) ? null : 'invalid';
  return typeof value === 'string' ? null : 'invalid';
}

/** A textarea's text cut to its max (spec part 2 §5), by characters, not UTF-16 units. */
export function truncate(text: string, max: number): string {
  const chars = [...text];
  return chars.length > max ? chars.slice(0, max).join('') : text;
}

/** The first field of the form whose value stops submit, with its problem; null when it may be submitted. */
export function firstProblem(fields: FormField[], values: FormValues, thisYear: number): { field: FormField; problem: FieldProblem } | null {
  for (const field of fields) {
    const problem = fieldProblem(field, values[field.id], thisYear);
    if (problem) return { field, problem };
  }
  return null;
}

/** Whether the form has a phone or invite field (a guest logs in before submitting it: part 1 §5). */
export const needsLogin = (fields: FormField[]) => fields.some((f) => f.type === 'form_phone' || f.type === 'form_invite');
