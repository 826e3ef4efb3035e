import type { TFunction } from '../i18n/i18n.ts';
import type { FieldSpec } from './SupportForm.tsx';

/** The sender's name and email, as every support form asks for them (rules from the form's `rules`). */
export function senderFields(t: TFunction): FieldSpec[] {
  return [{ name: 'name', label: t('forms.name'), autoComplete: 'name' }, emailField(t)];
}

export function emailField(t: TFunction): FieldSpec {
  return {
    name: 'email',
    label: t('forms.email'),
    kind: 'email',
    autoComplete: 'email',
    placeholder: t('forms.emailPlaceholder'),
  };
}
