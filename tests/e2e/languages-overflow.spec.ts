import { expect, test } from '@playwright/test';
import { localizePath } from '../../core/routing/paths.ts';
import { BASE_URL } from '../../playwright.config.ts';
import { waitForHydration } from './helpers.ts';

/**
 * Issue 32: no page type scrolls sideways at a phone's width in the languages with the longest
 * words and figures (German, Polish, Ukrainian, Vietnamese).
 */
const PAGES = [
  '/',
  '/swap',
  '/coin/btc',
  '/exchange/btc-to-eth',
  '/coin',
  '/exchange-pairs',
  '/compare/btc-vs-eth',
  '/fiat/pairs',
  '/buy/btc/us',
  '/sell/eth',
  '/buy/btc/de/nw',
  '/sell-coin/eth-eur',
  '/fiat',
  '/dex',
  '/cross-chain',
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
  '/custom/exchange-pairs',
  '/custom/compare',
] as const;

for (const lang of ['de', 'pl', 'uk', 'vi'] as const) {
  test.describe(`${lang} at 375 px`, () => {
    test.use({
      viewport: { width: 375, height: 800 },
      storageState: {
        cookies: [
          {
            name: 'cookie_consent',
            value: '1:true_2:false_3:false_4:false',
            domain: new URL(BASE_URL).hostname,
            path: '/',
            expires: -1,
            httpOnly: false,
            secure: false,
            sameSite: 'Lax',
          },
        ],
        origins: [],
      },
    });

    test('no page type scrolls sideways', async ({ page }) => {
      const wide: string[] = [];
      for (const path of PAGES) {
        const response = await page.goto(localizePath(lang, path));
        expect(response?.status(), path).toBe(200);
        await waitForHydration(page);
        const width = await page.evaluate(() => document.documentElement.scrollWidth);
        if (width > 375) wide.push(`${path}: ${width}px`);
      }
      expect(wide).toEqual([]);
    });
  });
}
