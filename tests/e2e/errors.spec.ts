import { expect, test } from '@playwright/test';
import { countDocumentLoads, plainText, tags, textOf, translate, waitForHydration } from './helpers.ts';

interface ErrorCase {
  path: string;
  /** 'check': a route check failed ('Page Not Found'); 'none': no route matches ('Page not found'). */
  kind: 'check' | 'none';
  /** The language the error page is written in. */
  lang: string;
  /** Where the button leads: the localized home, or the localized blog for blog paths. */
  button: string;
  blog?: boolean;
}

const CASES: ErrorCase[] = [
  // Parameter checks.
  { path: '/nl/coin/page-0', kind: 'check', lang: 'nl', button: '/nl' },
  { path: '/compare/page-abc', kind: 'check', lang: 'en', button: '/' },
  { path: '/de/exchange-pairs/page-0', kind: 'check', lang: 'de', button: '/de' },
  { path: '/fr/cross-chain/tokens/page-x', kind: 'check', lang: 'fr', button: '/fr' },
  { path: '/ja/coin/page-abc?utm_source=mail&x=1', kind: 'check', lang: 'ja', button: '/ja' },
  { path: '/blog/page/0/', kind: 'check', lang: 'en', button: '/blog/', blog: true },
  { path: '/it/blog/page/0/', kind: 'check', lang: 'en', button: '/it/blog/', blog: true },
  { path: '/blog/search/abc/', kind: 'check', lang: 'en', button: '/blog/', blog: true },
  // A blog section name is not an article.
  { path: '/nl/blog/page/', kind: 'check', lang: 'en', button: '/nl/blog/', blog: true },
  // Same coin on both sides.
  { path: '/exchange/btc-to-btc', kind: 'check', lang: 'en', button: '/' },
  { path: '/es/compare/eth-vs-eth', kind: 'check', lang: 'es', button: '/es' },
  { path: '/pl/fiat/exchange/usd-to-usd', kind: 'check', lang: 'pl', button: '/pl' },
  // Unknown two-letter language prefix.
  { path: '/xx/about-us', kind: 'check', lang: 'en', button: '/' },
  { path: '/xx', kind: 'check', lang: 'en', button: '/' },
  { path: '/zz/faq?a=1', kind: 'check', lang: 'en', button: '/' },
  // No route at all.
  { path: '/nope', kind: 'none', lang: 'en', button: '/' },
  { path: '/nope?x=1&y=2', kind: 'none', lang: 'en', button: '/' },
  { path: '/nl/nope/deeper', kind: 'none', lang: 'nl', button: '/nl' },
  { path: '/ru/faq/extra', kind: 'none', lang: 'ru', button: '/ru' },
  { path: '/uk/coin/btc/eth/more', kind: 'none', lang: 'uk', button: '/uk' },
  { path: '/abc/about-us', kind: 'none', lang: 'en', button: '/' },
  { path: '/pt/blog/a/b/c/d/e/', kind: 'none', lang: 'en', button: '/pt/blog/', blog: true },
];

function squash(text: string): string {
  return text.replace(/\s+/g, ' ').trim();
}

function expectedMessage({ path, kind }: ErrorCase): string {
  return `${kind === 'check' ? 'Page Not Found' : 'Page not found'}: ${path}`;
}

test.describe('404 pages (server-rendered HTML)', () => {
  for (const errorCase of CASES) {
    test(`${errorCase.path} answers 404`, async ({ request }) => {
      const response = await request.get(errorCase.path, { maxRedirects: 0 });
      expect(response.status()).toBe(404);
      expect(response.headers().location).toBeUndefined();
      const html = await response.text();
      const { lang, button, blog } = errorCase;

      expect(/<html\b[^>]*\blang="([^"]*)"/i.exec(html)?.[1]).toBe(lang);
      expect(textOf(html, /data-testid="error-status"[^>]*>([\s\S]*?)<\/p>/)).toBe('404');
      expect(textOf(html, /data-testid="error-message"[^>]*>([\s\S]*?)<\/p>/)).toBe(
        expectedMessage(errorCase),
      );
      expect(textOf(html, /<h1\b[^>]*>([\s\S]*?)<\/h1>/i)).toBe(translate(lang, '404.title'));
      expect(textOf(html, /<title>([\s\S]*?)<\/title>/i)).toBe(translate(lang, '404.title'));

      const section =
        /<section\b[^>]*data-testid="error-page"[^>]*>([\s\S]*?)<\/section>/.exec(html)?.[1] ?? '';
      expect(section, 'error page section').not.toBe('');
      const text = plainText(section);
      // plainText() collapses every white space, the (narrow) no-break spaces of French included.
      expect(text).toContain(squash(translate(lang, '404.missing')));
      expect(text).toContain(squash(translate(lang, blog ? '404.blogDescription' : '404.description')));

      const anchors = tags(section, 'a');
      expect(anchors.map((a) => a.href)).toEqual([button]);
      const label = textOf(section, /<a\b[^>]*>([\s\S]*?)<\/a>/i);
      expect(label).toBe(translate(lang, blog ? '404.blogButton' : '404.button'));
    });
  }
});

test.describe('404 pages in the browser', () => {
  test('German page with no route keeps its address and leads to the German home', async ({ page }) => {
    const response = await page.goto('/de/nope?from=test');
    expect(response?.status()).toBe(404);
    await expect(page).toHaveURL(/\/de\/nope\?from=test$/);
    await expect(page.locator('html')).toHaveAttribute('lang', 'de');
    await expect(page.getByTestId('error-status')).toHaveText('404');
    await expect(page.getByTestId('error-message')).toHaveText('Page not found: /de/nope?from=test');
    await expect(page.locator('h1')).toHaveText(translate('de', '404.title'));
    await expect(page.getByText(translate('de', '404.missing'))).toBeVisible();
    await expect(page.getByText(translate('de', '404.description'))).toBeVisible();
    await expect(page).toHaveTitle(translate('de', '404.title'));

    const button = page.getByTestId('error-page').getByRole('link');
    await expect(button).toHaveAttribute('href', '/de');
    await expect(button).toHaveText(translate('de', '404.button'));
    // Hydrated: the address is still the one asked for, then the button leads home in German.
    await waitForHydration(page);
    await expect(page).toHaveURL(/\/de\/nope\?from=test$/);
    await button.click();
    await expect(page).toHaveURL(/\/de$/);
    await expect(page.locator('h1')).toHaveText(translate('de', 'pages.home.title'));
  });

  test('failed parameter check on a localized blog path offers the blog', async ({ page }) => {
    const response = await page.goto('/nl/blog/page/0/');
    expect(response?.status()).toBe(404);
    await expect(page).toHaveURL(/\/nl\/blog\/page\/0\/$/);
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
    await expect(page.getByTestId('error-status')).toHaveText('404');
    await expect(page.getByTestId('error-message')).toHaveText('Page Not Found: /nl/blog/page/0/');
    await expect(page.locator('h1')).toHaveText(translate('en', '404.title'));
    const button = page.getByTestId('error-page').getByRole('link');
    await expect(button).toHaveAttribute('href', '/nl/blog/');
    await expect(button).toHaveText(translate('en', '404.blogButton'));
    await waitForHydration(page);
    await expect(page).toHaveURL(/\/nl\/blog\/page\/0\/$/);
  });

  test('the blog button of a blog 404 opens the blog', async ({ page }) => {
    await page.goto('/nl/blog/page/0/');
    await waitForHydration(page);
    const documents = countDocumentLoads(page);
    await page.getByTestId('error-page').getByRole('link').click();
    await expect(page).toHaveURL(/\/nl\/blog\/$/);
    await expect(page.getByTestId('error-page')).toHaveCount(0, { timeout: 3_000 });
    await expect(page.locator('[data-layout="blog"]')).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
    expect(documents.count, 'client-side navigation').toBe(0);
  });

  test('the home button of an English 404 opens the English home', async ({ page }) => {
    await page.goto('/nope');
    await waitForHydration(page);
    const documents = countDocumentLoads(page);
    await page.getByTestId('error-page').getByRole('link').click();
    await expect(page).toHaveURL(/:\d+\/$/);
    await expect(page.getByTestId('error-page')).toHaveCount(0, { timeout: 3_000 });
    await expect(page.locator('h1')).toHaveText(translate('en', 'pages.home.title'));
    expect(documents.count, 'client-side navigation').toBe(0);
  });

  test('unknown language prefix and same-coin pair in the browser', async ({ page }) => {
    let response = await page.goto('/xx/about-us');
    expect(response?.status()).toBe(404);
    await expect(page).toHaveURL(/\/xx\/about-us$/);
    await expect(page.getByTestId('error-message')).toHaveText('Page Not Found: /xx/about-us');
    await expect(page.getByTestId('error-page').getByRole('link')).toHaveAttribute('href', '/');

    response = await page.goto('/fr/exchange/btc-to-btc');
    expect(response?.status()).toBe(404);
    await expect(page).toHaveURL(/\/fr\/exchange\/btc-to-btc$/);
    await expect(page.getByTestId('error-message')).toHaveText('Page Not Found: /fr/exchange/btc-to-btc');
    await expect(page.locator('h1')).toHaveText(translate('fr', '404.title'));
    await expect(page.getByTestId('error-page').getByRole('link')).toHaveAttribute('href', '/fr');
  });
});
