import { describe, expect, it } from 'vitest';
import { readCookie } from './cookies.ts';

describe('readCookie', () => {
  it('finds a cookie among others and decodes it', () => {
    expect(readCookie('a=1; i18n_lang=uk; b=2', 'i18n_lang')).toBe('uk');
    expect(readCookie('x=a%20b', 'x')).toBe('a b');
  });

  it('answers null when the cookie or the header is absent', () => {
    expect(readCookie('a=1', 'i18n_lang')).toBeNull();
    expect(readCookie(undefined, 'a')).toBeNull();
    expect(readCookie('', 'a')).toBeNull();
  });

  it('returns a malformed percent-encoding as written instead of throwing', () => {
    expect(readCookie('i18n_lang=%E0%A4%A', 'i18n_lang')).toBe('%E0%A4%A');
  });
});
