import { describe, expect, it } from 'vitest';
import { visiblePathname } from '../../core/routing/paths.ts';
import { fullPath } from './page-loader.server.ts';

describe('visiblePathname', () => {
  it.each([
    ['https://x.example/faq', '/faq'],
    ['https://x.example/nl/faq.data', '/nl/faq'],
    ['https://x.example/_.data', '/'],
    ['https://x.example/blog/_.data', '/blog/'],
    ['https://x.example/nl.data', '/nl'],
  ])('%s → %s', (url, path) => {
    expect(visiblePathname(new URL(url).pathname)).toBe(path);
  });

  it('keeps the query but not React Router’s own parameters', () => {
    expect(fullPath(new URL('https://x.example/coin/page-0.data?ref=a&_routes=root'))).toBe(
      '/coin/page-0?ref=a',
    );
  });
});
