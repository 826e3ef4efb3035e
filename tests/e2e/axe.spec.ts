import AxeBuilder from '@axe-core/playwright';
import { expect, test } from '@playwright/test';
import { localizePath } from '../../core/routing/paths.ts';
import { BROWSER_UA, waitForHydration } from './helpers.ts';

test.use({ userAgent: BROWSER_UA });

/**
 * Issue 32: axe finds no serious or critical violation on any page type, at a phone's width and at
 * a laptop's, in English and in a language with longer words. The cookie banner is left showing:
 * it is on every first visit.
 */
const PAGES = [
  '/',
  '/swap',
  '/coin',
  '/coin/btc',
  '/exchange-pairs',
  '/exchange/btc-to-eth',
  '/compare',
  '/compare/btc-vs-eth',
  '/fiat',
  '/fiat/pairs',
  '/fiat/exchange/usd-to-btc',
  '/buy/btc/us',
  '/buy/btc/de/nw',
  '/sell/eth',
  '/dex',
  '/cross-chain',
  '/cross-chain/tokens',
  '/custom/exchange-pairs',
  '/custom/compare',
  '/for-partners',
  '/about-us',
  '/partners',
  '/providers',
  '/press',
  '/transaction-status',
  '/how-it-works',
  '/faq',
  '/contact',
  '/customer-feedbacks',
  '/terms-of-use',
  '/sitemap',
  '/not-a-page',
] as const;

/** The English-only blog: its index and an article. */
const BLOG = ['/blog/', '/blog/swapgate-promo-code/'] as const;

/** Pages per test: a test stays within its time on a busy machine, and the two workers share them. */
const GROUP = 6;

for (const width of [375, 1280] as const) {
  for (const lang of ['en', 'pl'] as const) {
    const paths = [...PAGES.map((path) => localizePath(lang, path)), ...(lang === 'en' ? BLOG : [])];
    for (let first = 0; first < paths.length; first += GROUP) {
      const group = paths.slice(first, first + GROUP);
      test(`${lang} at ${width} px: no serious or critical axe violation on ${group[0]} … ${group.at(-1)}`, async ({
        page,
      }) => {
        test.setTimeout(300_000);
        await page.setViewportSize({ width, height: 900 });
        const found: string[] = [];
        for (const path of group) {
          await page.goto(path);
          await waitForHydration(page);
          // With the experimental rule that every control's spoken name contains its visible text.
          const results = await new AxeBuilder({ page })
            .options({ rules: { 'label-content-name-mismatch': { enabled: true } } })
            .analyze();
          for (const violation of results.violations) {
            // Heading order is a moderate rule; the issue counts it too.
            const counted =
              violation.impact === 'serious' ||
              violation.impact === 'critical' ||
              violation.id === 'heading-order';
            if (!counted) continue;
            for (const node of violation.nodes)
              found.push(`${path} ${violation.id}: ${node.target.join(' ')}`);
          }
        }
        expect(found).toEqual([]);
      });
    }
  }
}
