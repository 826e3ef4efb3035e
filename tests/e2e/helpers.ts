import { readFileSync } from 'node:fs';
import type { Page as PlaywrightPage } from '@playwright/test';
import type { Page } from '../../core/routing/pages.ts';
import { isBlogPath } from '../../core/routing/paths.ts';

/** A desktop Chrome user agent: the root language redirect skips crawlers and tools like curl. */
export const BROWSER_UA =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0.0.0 Safari/537.36';
export const CRAWLER_UA = 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)';

/** Example values for the `{param}` placeholders of the page patterns. */
const EXAMPLE_PARAMS: Record<string, string> = {
  page: '2',
  number: '2',
  coin: 'btc',
  from: 'btc',
  to: 'eth',
  // Country and region codes, as the buy and sell pages take them.
  country: 'us',
  region: 'ca',
  slug: 'bitcoin-guide',
  // Well-formed, but no such swap exists: the swap page answers its own 404 (see DATA_PAGES).
  swapId: 'abcdefghijklmnopqrstuvwxyz',
  // Likewise for a fiat order: its checkout and order pages answer their own 404.
  orderId: 'abcdefghijklmnopqrstuvwxyz',
  // A DEX network, and tokens of the networks' lists (symbol, then network).
  network: 'polygon',
  fromToken: 'usdc-ethereum',
  toToken: 'usdc-optimism',
  // A sandbox chain's transaction that does not exist: the view answers its own 404.
  chainId: '77700001',
  hash: `0x${'ab'.repeat(32)}`,
};

/** Page-specific example values: the blog's are articles, authors and topics of content/blog/. */
const PAGE_PARAMS: Record<string, Record<string, string>> = {
  'blog-article': { slug: 'swapgate-promo-code' },
  'blog-author': { slug: 'maria-lindqvist' },
  'blog-author-page': { slug: 'maria-lindqvist' },
  'blog-tag': { slug: 'swaps' },
  'blog-tag-page': { slug: 'swaps' },
  // A fiat currency and a coin, in each page's order.
  'fiat-exchange-pair': { from: 'usd', to: 'btc' },
  'buy-pair': { from: 'usd', to: 'btc' },
  'sell-pair': { from: 'btc', to: 'usd' },
};

/** The unprefixed, canonical path of a page with example values (blog paths end with a slash). */
export function examplePath(page: Page): string {
  const values = { ...EXAMPLE_PARAMS, ...PAGE_PARAMS[page.name] };
  const path = page.path.replace(/\{([a-zA-Z]+)\}/g, (_, name: string) => {
    const value = values[name];
    if (value === undefined) throw new Error(`No example value for {${name}} in ${page.path}`);
    return value;
  });
  return isBlogPath(path) ? `${path.replace(/\/$/, '')}/` : path;
}

export type Dictionary = { [key: string]: string | Dictionary };

const dictionaries = new Map<string, Dictionary>();

/** content/locales/{lang}.json, read straight from disk. */
export function dictionary(lang: string): Dictionary {
  let found = dictionaries.get(lang);
  if (!found) {
    const file = new URL(`../../content/locales/${lang}.json`, import.meta.url);
    found = JSON.parse(readFileSync(file, 'utf8')) as Dictionary;
    dictionaries.set(lang, found);
  }
  return found;
}

/** A dotted key (`404.title`) of a language's dictionary. */
export function translate(lang: string, key: string): string {
  let node: string | Dictionary | undefined = dictionary(lang);
  for (const part of key.split('.')) {
    node = typeof node === 'object' ? node[part] : undefined;
  }
  if (typeof node !== 'string') throw new Error(`Missing dictionary key ${lang}:${key}`);
  return node;
}

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: '\u00a0' };

export function decodeEntities(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#[0-9]+|[a-z]+);/gi, (whole, entity: string) => {
    if (entity[0] === '#') {
      const code =
        entity[1] === 'x' || entity[1] === 'X'
          ? Number.parseInt(entity.slice(2), 16)
          : Number(entity.slice(1));
      return String.fromCodePoint(code);
    }
    return ENTITIES[entity.toLowerCase()] ?? whole;
  });
}

/** Every `<tag ...>` opening tag of an HTML string, with lower-cased attribute names and decoded values. */
export function tags(html: string, name: string): Record<string, string>[] {
  const found: Record<string, string>[] = [];
  for (const match of html.matchAll(new RegExp(`<${name}\\b([^>]*)>`, 'gi'))) {
    const attributes: Record<string, string> = {};
    for (const attr of (match[1] ?? '').matchAll(
      /([^\s=/>]+)(?:\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s>]+)))?/g,
    )) {
      const key = (attr[1] ?? '').toLowerCase();
      attributes[key] = decodeEntities(attr[2] ?? attr[3] ?? attr[4] ?? '');
    }
    found.push(attributes);
  }
  return found;
}

/** The text of the first `<tag>` element (no nested elements of the same name), tags stripped. */
export function textOf(html: string, pattern: RegExp): string | null {
  const match = pattern.exec(html);
  if (!match) return null;
  return decodeEntities((match[1] ?? '').replace(/<[^>]*>/g, '')).trim();
}

/** The visible text of an HTML fragment: tags and comments stripped, entities decoded, spaces collapsed. */
export function plainText(html: string): string {
  return decodeEntities(
    html
      .replace(/<!--[\s\S]*?-->/g, '')
      .replace(/<(script|style)\b[\s\S]*?<\/\1>/gi, ' ')
      .replace(/<[^>]*>/g, ' '),
  )
    .replace(/\s+/g, ' ')
    .trim();
}

export interface E2EBuildWatcher {
  readonly stale: boolean;
  check(): Promise<void>;
}

declare global {
  interface Window {
    /** Exposed by app/root.tsx once the page has hydrated. */
    __buildWatcher?: E2EBuildWatcher;
    /** Set by the tests to tell a client navigation from a full page load. */
    __e2eMarker?: string;
  }
}

/**
 * Resolves once React has hydrated the page (or the part at `selector`, for parts whose code loads
 * after the first render): hydrated elements carry React's internal fiber keys.
 */
export async function waitForHydration(page: PlaywrightPage, selector = 'main'): Promise<void> {
  await page.waitForFunction((target) => {
    const hydrated = (element: Element | null) =>
      element !== null && Object.keys(element).some((key) => key.startsWith('__react'));
    if (!hydrated(document.querySelector(target))) return false;
    // The footer's code loads once the page is idle (app/shell/Shell.tsx), the cookie banner's when
    // the page shows it (app/consent/ConsentHost.tsx); until then they are server HTML. A page is
    // ready for a visitor's clicks when both are hydrated too.
    if (target !== 'main') return true;
    const footer = document.getElementById('site-footer');
    const banner = document.querySelector('[data-testid="cookie-banner"]');
    return (footer === null || hydrated(footer)) && (banner === null || hydrated(banner));
  }, selector);
}

/** Resolves once the build watcher of app/root.tsx runs (pages only; error pages have none). */
export async function waitForBuildWatcher(page: PlaywrightPage): Promise<void> {
  await page.waitForFunction(() => window.__buildWatcher !== undefined);
}

/**
 * Resolves once the page has drawn two more frames: what the page does in answer to an event it has
 * already seen (a React render and its effects, a scroll) shows by then.
 */
export async function afterTwoFrames(page: PlaywrightPage): Promise<void> {
  await page.evaluate(
    () => new Promise<void>((done) => requestAnimationFrame(() => requestAnimationFrame(() => done()))),
  );
}

/**
 * Turns the mouse wheel and resolves once the page has seen the wheel event and drawn two frames
 * since: a scroll it causes has happened by then (the browser scrolls the frame after the event), so
 * a page that did not move has not scrolled, without waiting a guessed time.
 */
export async function wheelAndSettle(page: PlaywrightPage, deltaY: number): Promise<void> {
  const seen = page.evaluate(
    () =>
      new Promise<void>((done) =>
        window.addEventListener('wheel', () => done(), { capture: true, passive: true, once: true }),
      ),
  );
  // The listener is in place once the evaluation above has reached the page.
  await page.evaluate(() => undefined);
  await page.mouse.wheel(0, deltaY);
  await seen;
  await afterTwoFrames(page);
}

/** Counts full document loads of the page from now on. */
export function countDocumentLoads(page: PlaywrightPage): { readonly count: number } {
  const counter = { count: 0 };
  page.on('request', (request) => {
    if (request.isNavigationRequest() && request.frame() === page.mainFrame()) counter.count++;
  });
  return counter;
}
