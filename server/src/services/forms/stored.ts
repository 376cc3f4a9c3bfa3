import type { FormField, FormValue, PhoneValue } from '../../../../types/formRules';

/** One field of a stored submission (types/api/form.ts SubmissionSchema). */
export interface StoredField {
  id: string;
  type: string;
  field: string;
  value: string | string[];
}

/**
 * What is kept of a checked submission: each field's id, type, label and value as submitted.
 * A phone is kept as `{phone} (+{country})` (no leading + a spreadsheet would read as a formula) (its code never), a pay field as 'paid' or '',
 * a password as given (the organiser set it; the export shows which one was used).
 */
export function storedFields(fields: FormField[], values: Record<string, FormValue>): StoredField[] {
  return fields.map((f) => {
    const v = values[f.id];
    let value: string | string[];
    if (f.type === 'form_pay') value = f.props.required && (f.props as { goods_id: number }).goods_id ? 'paid' : '';
    else if (f.type === 'form_phone') value = v && typeof v === 'object' && !Array.isArray(v) && (v as PhoneValue).phone ? `${(v as PhoneValue).phone} (+${(v as PhoneValue).country})` : '';
    else if (f.type === 'form_checkbox') value = Array.isArray(v) ? v : [];
    else value = typeof v === 'string' ? v.trim() : '';
    return { id: f.id, type: f.type, field: f.props.field || f.id, value };
  });
}
