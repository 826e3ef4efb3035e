import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { ApiError } from './errors.ts';
import {
  controlCharacterAt,
  MAX_JSON_DEPTH,
  parseInput,
  refuseControlCharacters,
  TooDeepError,
} from './input.ts';

describe('control characters in requests', () => {
  it('names the first field holding one, however deep', () => {
    expect(controlCharacterAt({ promoCode: 'A\u0000' })).toBe('promoCode');
    expect(controlCharacterAt({ a: [{ b: 'ok' }, { c: '\u0007' }] })).toBe('a.1.c');
    expect(controlCharacterAt('\u0000')).toBe('body');
    expect(controlCharacterAt({ 'bad\u0000key': 'x' })).toBe('bad\u0000key');
  });

  it('lets ordinary text, tabs and line breaks through', () => {
    expect(
      controlCharacterAt({ memo: 'line\nnext\ttab', amount: '0.1', n: 3, ok: true, none: null }),
    ).toBeNull();
  });

  it('refuses with 422 invalid_request', () => {
    try {
      refuseControlCharacters({ quoteId: '\u0000' });
      expect.unreachable();
    } catch (error) {
      expect(error).toBeInstanceOf(ApiError);
      expect((error as ApiError).status).toBe(422);
      expect((error as ApiError).field).toBe('quoteId');
    }
  });
});

describe('deeply nested input', () => {
  const nested = (depth: number) => JSON.parse('['.repeat(depth) + ']'.repeat(depth)) as unknown;

  it('is walked without recursion up to MAX_JSON_DEPTH, and refused beyond', () => {
    expect(controlCharacterAt(nested(MAX_JSON_DEPTH))).toBeNull();
    expect(controlCharacterAt({ a: [[['\u0000']]] })).toBe('a.0.0.0');
    // A 16 KB body of `[` nests 8,000 levels deep: a recursive walk overflowed the stack (500).
    expect(() => controlCharacterAt(nested(8_000))).toThrow(TooDeepError);
    expect(() => controlCharacterAt(nested(MAX_JSON_DEPTH + 1))).toThrow(TooDeepError);
  });

  it('answers 400 invalid_request naming the body', () => {
    try {
      parseInput(z.object({}), { a: nested(8_000) });
      expect.unreachable();
    } catch (error) {
      expect(error).toBeInstanceOf(ApiError);
      expect((error as ApiError).status).toBe(400);
      expect((error as ApiError).code).toBe('invalid_request');
      expect((error as ApiError).field).toBe('body');
    }
  });
});
