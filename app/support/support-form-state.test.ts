import { describe, expect, it } from 'vitest';
import type { SupportPosted } from './posted.ts';
import {
  type FieldSpec,
  fieldProblems,
  initialStatus,
  initialValues,
  withRule,
} from './support-form-state.ts';

const FIELDS: FieldSpec[] = [
  { name: 'name', label: 'Name', required: true },
  { name: 'email', label: 'Email', kind: 'email', required: true },
  { name: 'website', label: 'Website', kind: 'email' },
  { name: 'message', label: 'Message', kind: 'textarea' },
];

const refused = (values: Record<string, string>, failure: string | null = null): SupportPosted => ({
  form: 'contact-form',
  values,
  errors: {},
  failure,
});

describe('withRule', () => {
  it('takes required and the longest value from the server’s rule unless the field sets them', () => {
    expect(withRule({ name: 'a', label: 'A' }, { required: true, max: 200 })).toEqual({
      name: 'a',
      label: 'A',
      required: true,
      maxLength: 200,
    });
    expect(
      withRule({ name: 'a', label: 'A', required: false, maxLength: 10 }, { required: true, max: 200 }),
    ).toEqual({ name: 'a', label: 'A', required: false, maxLength: 10 });
    const field = { name: 'a', label: 'A' };
    expect(withRule(field, undefined)).toBe(field);
  });
});

describe('fieldProblems', () => {
  it('finds required fields left empty or blank', () => {
    expect(fieldProblems(FIELDS, { name: '  ', email: 'a@example.com' })).toEqual({ name: 'required' });
  });

  it('refuses an address that is not one, in any field of the email kind, whatever its case', () => {
    expect(fieldProblems(FIELDS, { name: 'Ann', email: 'ann@', website: 'x' })).toEqual({
      email: 'invalidEmail',
      website: 'invalidEmail',
    });
    expect(fieldProblems(FIELDS, { name: 'Ann', email: ' Ann@Example.COM ' })).toEqual({});
  });

  it('leaves an empty optional field alone', () => {
    expect(
      fieldProblems(FIELDS, { name: 'Ann', email: 'ann@example.com', website: '', message: '' }),
    ).toEqual({});
  });
});

describe('initialValues', () => {
  it('starts from a refused post, then the given values, then empty', () => {
    expect(initialValues(FIELDS, refused({ name: 'Posted' }), { name: 'Given', message: 'Swap 42' })).toEqual(
      { name: 'Posted', email: '', website: '', message: 'Swap 42' },
    );
    expect(initialValues(FIELDS, undefined, undefined)).toEqual({
      name: '',
      email: '',
      website: '',
      message: '',
    });
  });
});

describe('initialStatus', () => {
  it('is failed after a refused post with a reason, sent when the page names this form, idle otherwise', () => {
    expect(initialStatus(refused({}, 'Human check failed'), 'contact-form', 'contact-form')).toBe('error');
    expect(initialStatus(refused({}), null, 'contact-form')).toBe('idle');
    expect(initialStatus(undefined, 'contact-form', 'contact-form')).toBe('success');
    expect(initialStatus(undefined, 'demo-form', 'contact-form')).toBe('idle');
  });
});
