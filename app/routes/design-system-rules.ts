import type { ValidationStatus } from '../ui/TextInput.tsx';

/** A showcase rule's tag: neutral while the field is empty, then whether the value passes `test`. */
export function ruleStatus(value: string, test: (value: string) => boolean): ValidationStatus {
  if (value === '') return 'neutral';
  return test(value) ? 'success' : 'error';
}
