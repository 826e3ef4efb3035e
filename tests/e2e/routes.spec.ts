import { type APIRequestContext, expect, test } from '@playwright/test';
import { LANGUAGES, type Lang } from '../../core/i18n/languages.ts';
import { LAYOUTS_WITHOUT_TRANSITION } from '../../core/routing/layouts.ts';
import { matchPage } from '../../core/routing/match.ts';
import { PAGES, type Page } from '../../core/routing/pages.ts';
import { isBlogPath, localizePath, splitLanguage } from '../../core/routing/paths.ts';
import { examplePath, tags, textOf } from './helpers.ts';

/** SPEC §2: regional hreflang variants per language (counts only; each points at its language's URL). */
const REGIONAL_VARIANTS: Partial<Record<Lang, number>> = { es: 18, fr: 14, pt: 1, en: 9, de: 2, ru: 2 };
const ALTERNATES_PER_PAGE = 61;

/** Layouts without a page transition, written out here so a change to pages.ts is noticed. */
const NO_TRANSITION = ['coins', 'compare', 'cross-chain', 'pairs', 'fiat'];

/**
 * Pages whose address forwards to another page: the widget-v2-redirect middleware, and the account
 * area's home, which sends a visitor who is not signed in to the sign-in page.
 */
const FORWARDED: Record<string, string> = {
  widget: '/v2/widget',
  account: '/account/sign-in',
  'account-swaps': '/account/sign-in',
  'account-earnings': '/account/sign-in',
  'account-withdrawals': '/account/sign-in',
  'account-api-keys': '/account/sign-in',
  'account-webhooks': '/account/sign-in',
  'account-widget': '/account/sign-in',
};

/**
 * Pages that show a stored record (a swap): an example value passes the route checks, so the page's
 * own loader answers, with its own 404 for a record that does not exist.
 */
const DATA_PAGES = new Set([
  'swap-status',
  'swap-unsubscribe',
  'swap-decide',
  'fiat-checkout',
  'fiat-order',
  'fiat-sell',
  'dex-tx',
]);

/**
 * Second pages of lists shorter than one page (an author's or a topic's few articles, a search
 * without a query): a page past the end of a list answers 404 'Page Not Found: {path}'.
 */
const PAST_THE_END = new Set(['blog-author-page', 'blog-tag-page', 'blog-search-page']);

/** How many pages of a language are fetched at once. */
const CONCURRENCY = 6;

interface Visit {
  page: Page;
  lang: Lang;
  /** The address requested. */
  path: string;
  /** The canonical address of the page finally shown. */
  finalPath: string;
}

function visitsFor(lang: Lang): Visit[] {
  return PAGES.map((page) => {
    const path = localizePath(lang, examplePath(page));
    const forwarded = FORWARDED[page.name];
    return { page, lang, path, finalPath: forwarded ? localizePath(lang, forwarded) : path };
  });
}

/** Every problem found on one page; an empty list means the page is right. */
async function checkPage(request: APIRequestContext, baseUrl: string, visit: Visit): Promise<string[]> {
  const { page, lang, path, finalPath } = visit;
  const problems: string[] = [];
  const problem = (text: string) => problems.push(`${path} [${page.name}]: ${text}`);

  const response = await request.get(path);
  if (PAST_THE_END.has(page.name)) {
    const html = await response.text();
    const message = /data-testid="error-message"[^>]*>([^<]*)</.exec(html)?.[1] ?? '';
    if (response.status() !== 404)
      problem(`status ${response.status()}, expected 404 past the end of the list`);
    if (message !== `Page Not Found: ${path}`) problem(`error message "${message}"`);
    return problems;
  }
  // The operator console does not exist for a stranger: the site's 404 (docs/decisions/027).
  if (page.name.startsWith('console')) {
    if (response.status() !== 404) problem(`status ${response.status()}, expected 404 for a stranger`);
    return problems;
  }
  if (DATA_PAGES.has(page.name)) {
    const html = await response.text();
    const message = /data-testid="error-message"[^>]*>([^<]*)</.exec(html)?.[1] ?? '';
    if (response.status() !== 404) problem(`status ${response.status()}, expected the page's own 404`);
    if (/^Page not found: /i.test(message)) problem(`answered by the router: ${message}`);
    const htmlLang = /<html\b[^>]*\blang="([^"]*)"/i.exec(html)?.[1];
    if (htmlLang !== lang) problem(`<html lang="${htmlLang}">, expected "${lang}"`);
    return problems;
  }
  if (response.status() !== 200) {
    problem(`status ${response.status()}`);
    return problems;
  }
  const finalUrl = new URL(response.url());
  if (`${finalUrl.pathname}${finalUrl.search}` !== finalPath) problem(`ended at ${response.url()}`);
  const html = await response.text();

  const pathNoLang = splitLanguage(finalPath).path;
  // Blog pages are English in every language (SPEC §2).
  const expectedLang = isBlogPath(pathNoLang) ? 'en' : lang;

  const htmlLang = /<html\b[^>]*\blang="([^"]*)"/i.exec(html)?.[1];
  if (htmlLang !== expectedLang) problem(`<html lang="${htmlLang}">, expected "${expectedLang}"`);

  const title = textOf(html, /<title>([\s\S]*?)<\/title>/i);
  if (!title) problem('empty or missing <title>');

  const metas = tags(html, 'meta');
  const description = metas.find((meta) => meta.name === 'description');
  if (!description?.content) problem('empty or missing <meta name="description">');

  const links = tags(html, 'link');
  const canonicals = links.filter((link) => link.rel === 'canonical');
  // A blog page is one English page under every prefix: its canonical is the unprefixed address.
  const expectedCanonical = `${baseUrl}${isBlogPath(pathNoLang) ? pathNoLang : finalPath}`;
  if (canonicals.length !== 1 || canonicals[0]?.href !== expectedCanonical) {
    problem(`canonical ${JSON.stringify(canonicals.map((l) => l.href))}, expected ${expectedCanonical}`);
  }

  const alternates = links.filter((link) => link.rel === 'alternate' && link.hreflang !== undefined);
  if (isBlogPath(pathNoLang)) {
    // No language alternates (there is one language); the feeds instead.
    if (alternates.length > 0) problem(`${alternates.length} language alternates on an English-only page`);
    const feeds = links.filter(
      (link) => link.rel === 'alternate' && /^application\/(rss|atom)\+xml$/.test(link.type ?? ''),
    );
    if (feeds.length !== 2) problem(`${feeds.length} feed links, expected RSS and Atom`);
  } else if (alternates.length !== ALTERNATES_PER_PAGE) {
    problem(`${alternates.length} alternates, expected ${ALTERNATES_PER_PAGE}`);
  }
  if (!isBlogPath(pathNoLang)) {
    const seen = new Set<string>();
    const regional = new Map<string, number>();
    for (const alternate of alternates) {
      const code = alternate.hreflang ?? '';
      if (seen.has(code)) problem(`duplicate alternate ${code}`);
      seen.add(code);
      const base = code === 'x-default' ? 'en' : code.split('-')[0];
      const target = LANGUAGES.find((l) => l === base);
      if (!target) {
        problem(`alternate with unknown hreflang "${code}"`);
        continue;
      }
      const expected = `${baseUrl}${localizePath(target, pathNoLang)}`;
      if (alternate.href !== expected) problem(`alternate ${code} → ${alternate.href}, expected ${expected}`);
      if (/^[a-z]{2}-[A-Z]{2}$/.test(code)) regional.set(target, (regional.get(target) ?? 0) + 1);
      else if (code !== target && code !== 'x-default') problem(`malformed hreflang "${code}"`);
    }
    for (const l of LANGUAGES) if (!seen.has(l)) problem(`no alternate for ${l}`);
    if (!seen.has('x-default')) problem('no x-default alternate');
    for (const l of LANGUAGES) {
      const count = regional.get(l) ?? 0;
      if (count !== (REGIONAL_VARIANTS[l] ?? 0)) {
        problem(`${count} regional alternates for ${l}, expected ${REGIONAL_VARIANTS[l] ?? 0}`);
      }
    }
  }

  if (!/<h1\b/i.test(html)) problem('no <h1>');

  const layout = /\bdata-layout="([^"]*)"/.exec(html)?.[1];
  if (layout !== page.layout) problem(`data-layout="${layout}", expected "${page.layout}"`);
  const transition = /\bdata-transition="([^"]*)"/.exec(html)?.[1];
  const expectedTransition = NO_TRANSITION.includes(page.layout) ? 'none' : 'fade';
  if (transition !== expectedTransition) {
    problem(`data-transition="${transition}", expected "${expectedTransition}"`);
  }
  const bare = page.layout === 'bare';
  if (bare === /<header\b/i.test(html)) problem(bare ? 'bare layout with a <header>' : 'no <header>');
  return problems;
}

test('the page list, its layouts and the example paths agree with SPEC §2', () => {
  expect([...LAYOUTS_WITHOUT_TRANSITION].sort()).toEqual([...NO_TRANSITION].sort());
  expect(LANGUAGES).toHaveLength(14);
  // Every example path resolves to its own page (no typo in the example values).
  const mismatches = PAGES.flatMap((page) => {
    const found = matchPage(examplePath(page));
    return found.status === 'ok' && found.page.name === page.name
      ? []
      : [`${examplePath(page)} → ${found.status === 'none' ? 'none' : `${found.status} ${found.page.name}`}`];
  });
  expect(mismatches).toEqual([]);
});

for (const lang of LANGUAGES) {
  test(`every page answers 200 with its head and layout in ${lang}`, async ({ request, baseURL }) => {
    test.setTimeout(120_000);
    const baseUrl = (baseURL ?? '').replace(/\/$/, '');
    const visits = visitsFor(lang);
    const problems: string[] = [];
    for (let i = 0; i < visits.length; i += CONCURRENCY) {
      const batch = visits.slice(i, i + CONCURRENCY);
      const results = await Promise.all(batch.map((visit) => checkPage(request, baseUrl, visit)));
      problems.push(...results.flat());
    }
    expect(problems, `${visits.length} pages in ${lang}`).toEqual([]);
  });
}
