import { createContext, useContext } from 'react';
import type { FormStore } from '../../stores/form/FormStore';
import type { FormField } from '../../../types/formRules';

/** The form a field renders in (set by the `form` component around its children). */
export const FormContext = createContext<FormStore | null>(null);

/** The field's form and its definition there; null outside a form (a field alone renders nothing). */
export function useFormField(id: string): { form: FormStore; field: FormField } | null {
  const form = useContext(FormContext);
  const field = form?.fields.find((f) => f.id === id);
  return form && field ? { form, field } : null;
}
