import { describe, expect, it } from 'vitest';
import { rootLanguageRedirect } from './language-redirect.ts';

const browser =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/156.0 Safari/537.36';

function headers(values: Record<string, string>) {
  return new Headers({ 'user-agent': browser, ...values });
}

describe('rootLanguageRedirect', () => {
  it('prefers the stored choice over the browser languages', () => {
    expect(rootLanguageRedirect(headers({ cookie: 'i18n_lang=fr', 'accept-language': 'de' }))).toBe('fr');
  });

  it('falls back to Accept-Language, then English (no redirect)', () => {
    expect(rootLanguageRedirect(headers({ 'accept-language': 'zh, ko;q=0.7' }))).toBe('ko');
    expect(rootLanguageRedirect(headers({ 'accept-language': 'zh' }))).toBeNull();
    expect(rootLanguageRedirect(headers({ cookie: 'i18n_lang=en', 'accept-language': 'de' }))).toBeNull();
  });

  it('ignores an unknown stored value', () => {
    expect(rootLanguageRedirect(headers({ cookie: 'i18n_lang=xx', 'accept-language': 'it' }))).toBe('it');
  });

  it('ignores a stored value that is not valid percent-encoding', () => {
    expect(rootLanguageRedirect(headers({ cookie: 'i18n_lang=%E0%A4%A', 'accept-language': 'it' }))).toBe(
      'it',
    );
  });

  it('never redirects crawlers', () => {
    const crawler = new Headers({
      'user-agent': 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)',
      'accept-language': 'de',
    });
    expect(rootLanguageRedirect(crawler)).toBeNull();
  });
});
