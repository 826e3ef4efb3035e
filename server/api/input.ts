import type { z } from 'zod';
import { ApiError } from './errors.ts';

/**
 * Whether `text` holds a control character no field of ours may hold: NUL and the other C0
 * controls, and DEL. Tab, line feed and carriage return pass; the schemas decide about those.
 * PostgreSQL cannot store NUL in text.
 */
function hasControlCharacter(text: string): boolean {
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if ((code < 0x20 && code !== 0x09 && code !== 0x0a && code !== 0x0d) || code === 0x7f) return true;
  }
  return false;
}

/** The path (`a.b.0`) of the first string inside `value` with a control character, or null. */
export function controlCharacterAt(value: unknown, path: readonly (string | number)[] = []): string | null {
  if (typeof value === 'string') return hasControlCharacter(value) ? path.join('.') || 'body' : null;
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

/** 400 `invalid_request` naming the first field the schema refused. */
function invalidRequest(error: z.ZodError): ApiError {
  const field = error.issues[0]?.path.join('.') || 'body';
  return new ApiError(400, 'invalid_request', { field, values: { field } });
}

/**
 * Checks a request's input (a query, path parameters, a parsed body) the one way every endpoint
 * does: control characters first (422), then the schema (400 naming the field).
 */
export function parseInput<T>(schema: z.ZodType<T>, input: unknown): T {
  refuseControlCharacters(input);
  const parsed = schema.safeParse(input);
  if (!parsed.success) throw invalidRequest(parsed.error);
  return parsed.data;
}

/** The request's JSON body checked by `schema`; 400 `invalid_json` when it is not JSON. */
export async function jsonBody<T>(
  c: { req: { json(): Promise<unknown> } },
  schema: z.ZodType<T>,
): Promise<T> {
  let body: unknown;
  try {
    body = await c.req.json();
  } catch {
    throw new ApiError(400, 'invalid_json');
  }
  return parseInput(schema, body);
}
