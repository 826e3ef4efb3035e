import { describe, expect, it } from 'vitest';
import { isPagePath, normalizePath } from './normalize.ts';

describe('normalizePath', () => {
  it.each([
    ['/About-Us', '/about-us'],
    ['/faq/', '/faq'],
    ['/nl/', '/nl'],
    ['/blog', '/blog/'],
    ['/nl/blog/tag/defi', '/nl/blog/tag/defi/'],
    ['/BLOG/Page/2', '/blog/page/2/'],
    ['/en/faq', '/faq'],
    ['/en', '/'],
    ['/custom/compare/btc/eth/info/', '/compare/btc-vs-eth'],
    ['/de/custom/compare/x/btc/eth/info', '/de/compare/btc-vs-eth'],
    ['/custom/exchange-pairs/usd/btc/info/', '/fiat/exchange/usd-to-btc'],
    ['//evil.example/', '/evil.example'],
  ])('%s → %s', (from, to) => {
    expect(normalizePath(from)).toBe(to);
  });

  it.each([
    '/',
    '/faq',
    '/nl',
    '/blog/',
    '/custom/compare',
    '/custom/exchange-pairs',
    '/custom/compare/btc/info',
  ])('%s is already canonical', (path) => {
    expect(normalizePath(path)).toBeNull();
  });
});

describe('normalizePath in the account area', () => {
  it('drops the English word after /account', () => {
    expect(normalizePath('/account/en/sign-in')).toBe('/account/sign-in');
    expect(normalizePath('/account/en')).toBe('/account');
    expect(normalizePath('/account/de/sign-in')).toBeNull();
    // Better Auth's links carry case-sensitive tokens: not pages, never lowercased.
    expect(isPagePath('/account/api/auth/reset-password/AbC123')).toBe(false);
  });
});

describe('isPagePath', () => {
  it('leaves APIs, files and data requests alone', () => {
    expect(isPagePath('/API/v1/coins')).toBe(false);
    expect(isPagePath('/apiglobal/global')).toBe(false);
    expect(isPagePath('/assets/root-abc.js')).toBe(false);
    expect(isPagePath('/favicon.svg')).toBe(false);
    expect(isPagePath('/faq.data')).toBe(false);
    expect(isPagePath('/__manifest')).toBe(false);
    expect(isPagePath('/FAQ/')).toBe(true);
  });
});
