import { ApiError } from './errors.ts';

/**
 * Control characters no field of ours may hold (NUL and the other C0 controls, DEL); tab, line feed
 * and carriage return pass, the schemas decide about those. PostgreSQL cannot store NUL in text.
 */
const CONTROL = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/;

/** The path (`a.b.0`) of the first string inside `value` with a control character, or null. */
export function controlCharacterAt(value: unknown, path: readonly (string | number)[] = []): string | null {
  if (typeof value === 'string') return CONTROL.test(value) ? path.join('.') || 'body' : null;
  if (Array.isArray(value)) {
    for (const [i, item] of value.entries()) {
      const found = controlCharacterAt(item, [...path, i]);
      if (found) return found;
    }
    return null;
  }
  if (value !== null && typeof value === 'object') {
    for (const [key, item] of Object.entries(value)) {
      const found = controlCharacterAt(key, [...path, key]) ?? controlCharacterAt(item, [...path, key]);
      if (found) return found;
    }
  }
  return null;
}

/** 422 `invalid_request` naming the field when a request's strings hold a control character. */
export function refuseControlCharacters(value: unknown): void {
  const field = controlCharacterAt(value);
  if (field) throw new ApiError(422, 'invalid_request', { field, values: { field } });
}

/** Largest JSON body the APIs read (bytes): the biggest valid request is well under 2 KB. */
export const MAX_JSON_BODY = 16 * 1024;
