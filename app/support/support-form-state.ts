import { isValidEmail } from '../../core/newsletter/email.ts';
import type { FieldRule } from '../../core/support/fields.ts';
import type { SupportPosted } from './posted.ts';

/** One field of a support form. */
export interface FieldSpec {
  name: string;
  label: string;
  kind?: 'text' | 'email' | 'textarea' | 'select' | 'rating';
  required?: boolean;
  placeholder?: string;
  autoComplete?: string;
  maxLength?: number;
  /** Select: the choices, as value and label. */
  options?: readonly { value: string; label: string }[];
  /** Select: the text of the empty first choice. */
  choose?: string;
}

export type SupportStatus = 'idle' | 'sending' | 'success' | 'error';

/** What is wrong with a field's value in the browser (its message key under `forms.`). */
export type FieldProblem = 'required' | 'invalidEmail';

/** A field as the server's rule has it, unless the field says otherwise. */
export function withRule(field: FieldSpec, rule: FieldRule | undefined): FieldSpec {
  if (!rule) return field;
  return { ...field, required: field.required ?? rule.required, maxLength: field.maxLength ?? rule.max };
}

/** The browser's check before sending: a required field left empty, an address that is not one. */
export function fieldProblems(
  fields: readonly FieldSpec[],
  values: Readonly<Record<string, string>>,
): Record<string, FieldProblem> {
  const found: Record<string, FieldProblem> = {};
  for (const field of fields) {
    const value = (values[field.name] ?? '').trim();
    if (field.required && value === '') found[field.name] = 'required';
    else if (field.kind === 'email' && value !== '' && !isValidEmail(value.toLowerCase())) {
      found[field.name] = 'invalidEmail';
    }
  }
  return found;
}

/** What the fields start with: what a refused plain post sent back, else the given values, else empty. */
export function initialValues(
  fields: readonly FieldSpec[],
  posted: SupportPosted | undefined,
  initial: Readonly<Record<string, string>> | undefined,
): Record<string, string> {
  return Object.fromEntries(
    fields.map((field) => [field.name, posted?.values[field.name] ?? initial?.[field.name] ?? '']),
  );
}

/** The form's status on arrival: failed (a refused plain post), sent (`?sent={id}` names it) or idle. */
export function initialStatus(
  posted: SupportPosted | undefined,
  sent: string | null,
  formId: string,
): SupportStatus {
  if (posted?.failure) return 'error';
  return sent === formId ? 'success' : 'idle';
}
