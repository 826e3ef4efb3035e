import { describe, expect, it } from 'vitest';
import { ApiError } from './errors.ts';
import { controlCharacterAt, refuseControlCharacters } from './input.ts';

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
