import { expect, test } from '@playwright/test';
import { LANGUAGES, type Lang } from '../../core/i18n/languages.ts';
import { localizePath } from '../../core/routing/paths.ts';
import { countDocumentLoads, dictionary, translate, waitForHydration } from './helpers.ts';

const YEAR_SECONDS = 365 * 24 * 60 * 60;

test.describe('language menu with a German browser', () => {
  test.use({ locale: 'de-DE' });

  test('lists English, then German, then the rest by code, each linking to the current page', async ({
    page,
  }) => {
    await page.goto('/fr/faq?utm_source=menu');
    await waitForHydration(page);
    const menu = page.getByTestId('language-menu');
    await expect(menu).toHaveCount(0);
    await page.getByTestId('language-button').click();
    // The list opens in a drawer from the right.
    await expect(page.getByTestId('language-drawer')).toHaveAttribute('data-side', 'right');
    const links = menu.locator('a');
    await expect(links.first()).toBeVisible();

    const rest = LANGUAGES.filter((code) => code !== 'en' && code !== 'de').sort();
    const order: Lang[] = ['en', 'de', ...rest];
    expect(await links.evaluateAll((as) => as.map((a) => a.getAttribute('hreflang')))).toEqual(order);
    expect(await links.evaluateAll((as) => as.map((a) => a.getAttribute('href')))).toEqual(
      order.map((code) => `${localizePath(code, '/faq')}?utm_source=menu`),
    );
    await expect(menu.locator('a[aria-current="true"]')).toHaveAttribute('hreflang', 'fr');
  });

  test('choosing a language stores the cookie for a year and the root then opens that language', async ({
    page,
    context,
  }) => {
    // Without a stored choice the German browser is sent to /de.
    await page.goto('/');
    await expect(page).toHaveURL(/\/de$/);
    await expect(page.locator('h1')).toHaveText(translate('de', 'pages.home.title'));

    await page.goto('/fr/about-us');
    await waitForHydration(page);
    const menu = page.getByTestId('language-menu');
    await page.getByTestId('language-button').click();
    const before = Date.now() / 1000;
    await menu.locator('a[hreflang="nl"]').click();
    await expect(page).toHaveURL(/\/nl\/about-us$/);
    await expect(page.locator('html')).toHaveAttribute('lang', 'nl');
    await expect(page.locator('h1')).toHaveText(translate('nl', 'about.heading'));

    const cookie = (await context.cookies()).find((c) => c.name === 'i18n_lang');
    expect(cookie, 'i18n_lang cookie').toBeDefined();
    expect(cookie?.value).toBe('nl');
    expect(cookie?.path).toBe('/');
    expect(cookie?.sameSite).toBe('Lax');
    const expires = cookie?.expires ?? 0;
    expect(expires).toBeGreaterThan(before + YEAR_SECONDS - 120);
    expect(expires).toBeLessThan(Date.now() / 1000 + YEAR_SECONDS + 120);

    // The stored choice beats the browser's German.
    await page.goto('/');
    await expect(page).toHaveURL(/\/nl$/);
    await expect(page.locator('h1')).toHaveText(translate('nl', 'pages.home.title'));

    // Choosing English brings the English root back without a redirect.
    await page.getByTestId('language-button').click();
    await page.getByTestId('language-menu').locator('a[hreflang="en"]').click();
    await expect(page).toHaveURL(/:\d+\/$/);
    expect((await context.cookies()).find((c) => c.name === 'i18n_lang')?.value).toBe('en');
    const response = await page.goto('/');
    expect(response?.status()).toBe(200);
    await expect(page).toHaveURL(/:\d+\/$/);
    await expect(page.locator('h1')).toHaveText(translate('en', 'pages.home.title'));
  });

  test('the language button is disabled on blog pages', async ({ page }) => {
    await page.goto('/nl/blog/');
    await waitForHydration(page);
    const button = page.getByTestId('language-button');
    await expect(button).toBeDisabled();
    await button.click({ force: true });
    await expect(page.getByTestId('language-menu')).toHaveCount(0);
    await expect(page.locator('a[hreflang]')).toHaveCount(0);
  });
});

test.describe('dictionaries', () => {
  test('the locale API serves every dictionary and 404 for an unknown code', async ({ request }) => {
    const nl = await request.get('/apiglobal/locale/nl');
    expect(nl.status()).toBe(200);
    expect(nl.headers()['content-type']).toContain('application/json');
    const body = (await nl.json()) as { pages: { faq: { title: string } } };
    expect(body.pages.faq.title).toBe(translate('nl', 'pages.faq.title'));
    expect(body.pages.faq.title).not.toBe(translate('en', 'pages.faq.title'));

    for (const code of LANGUAGES) {
      const response = await request.get(`/apiglobal/locale/${code}`);
      expect(response.status(), code).toBe(200);
      expect(await response.json(), code).toEqual(dictionary(code));
    }

    const unknown = await request.get('/apiglobal/locale/xx');
    expect(unknown.status()).toBe(404);
  });

  test('a client navigation into Dutch loads the Dutch dictionary on demand', async ({ page }) => {
    const dictionaryRequests: string[] = [];
    page.on('request', (request) => {
      if (request.url().includes('/apiglobal/locale/')) dictionaryRequests.push(request.url());
    });
    await page.goto('/nl/blog/');
    await waitForHydration(page);
    // The blog is English: no dictionary was needed so far.
    expect(dictionaryRequests).toEqual([]);
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');

    await page.evaluate(() => {
      window.__e2eMarker = 'client';
    });
    const documents = countDocumentLoads(page);
    const logo = page.locator('header a').first();
    await expect(logo).toHaveAttribute('href', '/nl');
    const dictionaryLoaded = page.waitForResponse('**/apiglobal/locale/nl');
    await logo.click();
    expect((await dictionaryLoaded).status()).toBe(200);
    await expect(page).toHaveURL(/\/nl$/);
    await expect(page.locator('h1')).toHaveText(translate('nl', 'pages.home.title'));
    await expect(page.locator('html')).toHaveAttribute('lang', 'nl');
    expect(await page.evaluate(() => window.__e2eMarker)).toBe('client');
    expect(documents.count).toBe(0);
  });

  test('a failed dictionary load on the next navigation shows the English 500 page', async ({ page }) => {
    await page.route('**/apiglobal/locale/nl', (route) => route.abort());
    await page.goto('/nl/faq');
    await waitForHydration(page);
    await page.locator('header a').first().click();
    await expect(page).toHaveURL(/\/nl$/);
    await expect(page.getByTestId('error-status')).toHaveText('500');
    await expect(page.locator('h1')).toHaveText(translate('en', '500.title'));
  });

  test('a failed dictionary load while opening a Dutch page falls back to the English 500 page', async ({
    page,
  }) => {
    await page.route('**/apiglobal/locale/nl', (route) => route.abort());
    await page.goto('/nl/faq');
    await expect(page).toHaveURL(/\/nl\/faq$/);
    await expect(page.getByTestId('error-status')).toHaveText('500', { timeout: 5_000 });
    await expect(page.locator('h1')).toHaveText(translate('en', '500.title'));
    await expect(page.getByText(translate('en', '500.description'))).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  });
});
