/**
 * The support forms' fields and rules (contact, add-coin, partner demo request), shared by the
 * forms in the browser and the server's validation. Pure: no database or Node imports.
 */
import { isValidEmail, MAX_EMAIL_LENGTH } from '../newsletter/email.ts';
import { hasForbiddenCharacters } from '../text.ts';

export type SupportFormKind = 'contact' | 'add_coin' | 'partner_demo';

/** The reCAPTCHA v3 action each form executes with (the server checks it). */
export const FORM_ACTIONS = {
  contact: 'contact',
  add_coin: 'add_coin',
  partner_demo: 'partner_demo',
  review: 'review',
} as const;

/** Monthly volume brackets a partner picks in the demo request (USD). */
export const MONTHLY_VOLUMES = ['under_10k', '10k_100k', '100k_1m', 'over_1m'] as const;
export type MonthlyVolume = (typeof MONTHLY_VOLUMES)[number];

/** What the server holds a field to; the browser's form takes `required` and the length from it. */
export interface FieldRule {
  required: boolean;
  min?: number;
  max: number;
  kind?: 'email' | 'url' | 'ticker' | 'volume';
  /** Line breaks allowed (a message); one-line values may end up in a mail's header. */
  multiline?: boolean;
}

const NAME: FieldRule = { required: true, max: 100 };
const EMAIL: FieldRule = { required: true, max: MAX_EMAIL_LENGTH, kind: 'email' };
const MESSAGE: FieldRule = { required: true, min: 10, max: 5000, multiline: true };

/** Each form's fields in the order they are shown (and checked). */
export const FORM_FIELDS = {
  contact: { name: NAME, email: EMAIL, message: MESSAGE },
  add_coin: {
    name: NAME,
    email: EMAIL,
    coinName: { required: true, max: 60 },
    ticker: { required: true, max: 20, kind: 'ticker' },
    network: { required: true, max: 60 },
    contractAddress: { required: false, max: 200 },
    website: { required: false, max: 300, kind: 'url' },
    message: MESSAGE,
  },
  partner_demo: {
    company: { required: true, max: 120 },
    email: EMAIL,
    monthlyVolume: { required: true, max: 20, kind: 'volume' },
    message: { required: false, max: 5000, multiline: true },
  },
} as const satisfies Record<SupportFormKind, Record<string, FieldRule>>;

export type FormValues<K extends SupportFormKind> = { [F in keyof (typeof FORM_FIELDS)[K]]: string };

/** A refused field: the API error code and the values its message needs. */
export interface FieldProblem {
  field: string;
  code:
    | 'field_required'
    | 'field_too_short'
    | 'field_too_long'
    | 'invalid_email'
    | 'invalid_url'
    | 'invalid_ticker'
    | 'invalid_volume'
    | 'invalid_characters';
  values?: Record<string, number>;
}

const TICKER = /^[A-Za-z0-9][A-Za-z0-9.\-_]*$/;

function isWebAddress(value: string): boolean {
  try {
    const url = new URL(value);
    return (url.protocol === 'https:' || url.protocol === 'http:') && url.hostname.includes('.');
  } catch {
    return false;
  }
}

function checkField(field: string, rule: FieldRule, value: string): FieldProblem | null {
  if (value === '') return rule.required ? { field, code: 'field_required' } : null;
  if (value.length > rule.max) return { field, code: 'field_too_long', values: { max: rule.max } };
  if (hasForbiddenCharacters(value, { multiline: rule.multiline ?? false })) {
    return { field, code: 'invalid_characters' };
  }
  if (rule.min !== undefined && value.length < rule.min) {
    return { field, code: 'field_too_short', values: { min: rule.min } };
  }
  if (rule.kind === 'email' && !isValidEmail(value)) return { field, code: 'invalid_email' };
  if (rule.kind === 'url' && !isWebAddress(value)) return { field, code: 'invalid_url' };
  if (rule.kind === 'ticker' && !TICKER.test(value)) return { field, code: 'invalid_ticker' };
  if (rule.kind === 'volume' && !(MONTHLY_VOLUMES as readonly string[]).includes(value)) {
    return { field, code: 'invalid_volume' };
  }
  return null;
}

/**
 * An optional email (the swap step's): empty is fine, else the forms' email rule. Answers the
 * address as stored (trimmed, lowercased; null when empty) or the problem.
 */
export function checkOptionalEmail(
  field: string,
  input: string | null | undefined,
): { ok: true; email: string | null } | { ok: false; problem: FieldProblem } {
  const value = (input ?? '').trim().toLowerCase();
  const problem = checkField(field, { ...EMAIL, required: false }, value);
  return problem ? { ok: false, problem } : { ok: true, email: value || null };
}

/**
 * Checks a form's values (trimmed first; the email also lowercased) and answers the cleaned values,
 * or the first field that fails, in the form's order.
 */
export function checkForm<K extends SupportFormKind>(
  kind: K,
  input: Partial<Record<string, string | null | undefined>>,
): { ok: true; values: FormValues<K> } | { ok: false; problem: FieldProblem } {
  const values: Record<string, string> = {};
  for (const [field, rule] of Object.entries(FORM_FIELDS[kind]) as [string, FieldRule][]) {
    let value = (input[field] ?? '').trim();
    if (rule.kind === 'email') value = value.toLowerCase();
    const problem = checkField(field, rule, value);
    if (problem) return { ok: false, problem };
    values[field] = value;
  }
  return { ok: true, values: values as FormValues<K> };
}
