import { describe, expect, it } from 'vitest';
import { PAGES } from '../../core/routing/pages.ts';
import { STATIC_PAGES } from '../../core/seo/sitemap.ts';
import { SITE_SECTIONS, siteIndex, UNLISTED_PAGES, unsortedPages } from './site-index.server.ts';

describe('the human-readable sitemap', () => {
  it('files every fixed page in a section or leaves it out on purpose', () => {
    expect(unsortedPages()).toEqual([]);
  });

  it('lists the sections in order, each page once, and no page with a parameter', () => {
    const index = siteIndex();
    expect(index.map((section) => section.id)).toEqual([...SITE_SECTIONS]);
    const paths = index.flatMap((section) => section.pages.map((page) => page.path));
    expect(new Set(paths).size).toBe(paths.length);
    expect(paths.some((path) => path.includes('{'))).toBe(false);
    expect(index.find((section) => section.id === 'legal')?.pages.map((page) => page.path)).toEqual([
      '/cookie-policy',
      '/privacy-policy',
      '/terms-of-use',
      '/terms-for-partners',
      '/kyc-aml',
    ]);
  });

  it('shows every page the XML sitemap lists, and none of the unlisted screens', () => {
    const paths = new Set(siteIndex().flatMap((section) => section.pages.map((page) => page.path)));
    for (const path of STATIC_PAGES) expect(paths.has(path === '/' ? '/' : path), path).toBe(true);
    for (const name of UNLISTED_PAGES) {
      const page = PAGES.find((candidate) => candidate.name === name);
      expect(page, name).toBeDefined();
      expect(paths.has(page?.path ?? '')).toBe(false);
    }
  });
});
