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

/** Deepest nesting of arrays and objects a request may hold; ours hold one level. */
export const MAX_JSON_DEPTH = 32;

/** Thrown by controlCharacterAt for input nested deeper than MAX_JSON_DEPTH. */
export class TooDeepError extends Error {
  constructor() {
    super('Input nested too deep');
    this.name = 'TooDeepError';
  }
}

/**
 * The path (`a.b.0`) of the first string inside `value` with a control character, or null. Walks
 * without recursion and refuses (TooDeepError) nesting deeper than MAX_JSON_DEPTH: a 16 KB body of
 * `[` nests 16,000 levels, which overflowed the stack of a recursive walk (500).
 */
export function controlCharacterAt(value: unknown, path: readonly (string | number)[] = []): string | null {
  const stack: { value: unknown; path: readonly (string | number)[]; depth: number }[] = [
    { value, path, depth: 0 },
  ];
  while (stack.length > 0) {
    const item = stack.pop() as (typeof stack)[number];
    if (typeof item.value === 'string') {
      if (hasControlCharacter(item.value)) return item.path.join('.') || 'body';
      continue;
    }
    if (item.value === null || typeof item.value !== 'object') continue;
    if (item.depth >= MAX_JSON_DEPTH) throw new TooDeepError();
    const entries: [string | number, unknown][] = Array.isArray(item.value)
      ? item.value.map((child, i) => [i, child])
      : Object.entries(item.value);
    // Pushed last first, so children are visited in order, each key before its value.
    for (let i = entries.length - 1; i >= 0; i--) {
      const [key, child] = entries[i] as [string | number, unknown];
      const childPath = [...item.path, key];
      stack.push({ value: child, path: childPath, depth: item.depth + 1 });
      if (typeof key === 'string') stack.push({ value: key, path: childPath, depth: item.depth + 1 });
    }
  }
  return null;
}

/** 422 `invalid_request` naming the field when a request's strings hold a control character. */
export function refuseControlCharacters(value: unknown): void {
  let field: string | null;
  try {
    field = controlCharacterAt(value);
  } catch (error) {
    if (error instanceof TooDeepError)
      throw new ApiError(400, 'invalid_request', { field: 'body', values: { field: 'body' } });
    throw error;
  }
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
