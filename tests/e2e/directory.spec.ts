import AxeBuilder from '@axe-core/playwright';
import { expect, test } from '@playwright/test';
import { localizePath } from '../../core/routing/paths.ts';
import { parseXml, type XmlElement } from '../support/xml.ts';
import { BROWSER_UA, translate, waitForHydration } from './helpers.ts';

test.use({ userAgent: BROWSER_UA });

for (const lang of ['en', 'de', 'ja'] as const) {
  test(`coin list → coin page with a chart → a pair with every provider's offer (${lang})`, async ({
    page,
  }) => {
    await page.goto(localizePath(lang, '/coin'));
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(translate(lang, 'pages.coins.title'));
    const rows = page.locator('[data-testid="coin-table"] tbody tr');
    await expect(rows).toHaveCount(50);
    await expect(rows.first()).toHaveAttribute('data-coin', 'btc');
    // Prices in the page's language; the 7-day line is drawn on the server.
    await expect(rows.first().locator('td').first()).toHaveText(/\d/);
    await expect(rows.first().locator('svg[role="img"] path')).toHaveCount(1);
    // Real pagination links, the next page announced to crawlers.
    await expect(page.locator('link[rel="next"]')).toHaveAttribute(
      'href',
      localizePath(lang, '/coin/page-2'),
    );

    await waitForHydration(page);
    await rows.nth(1).getByRole('link').first().click();
    await expect(page).toHaveURL(localizePath(lang, '/coin/eth'));
    await expect(page.getByTestId('coin-price')).toHaveText(/\d/);
    const chart = page.getByTestId('price-chart');
    await expect(chart).toHaveAttribute('data-state', 'ready');
    await expect(chart.locator('canvas')).toHaveCount(1);
    await expect(chart).toHaveAttribute('data-range', '7d');
    await page.getByTestId('chart-range-30d').click();
    await expect(chart).toHaveAttribute('data-range', '30d');
    await expect(page.getByTestId('chart-range-30d')).toHaveAttribute('aria-pressed', 'true');
    await expect(page.getByTestId('network-table').locator('tbody tr').first()).toContainText('Ethereum');

    await page.getByTestId('coin-pairs').getByRole('link').first().click();
    await expect(page).toHaveURL(localizePath(lang, '/exchange/eth-to-btc'));
    const offers = page.getByTestId('offers-table').locator('tbody tr');
    // The sandbox's three providers, best first.
    await expect(offers).toHaveCount(3);
    await expect(offers.first()).toContainText(translate(lang, 'directory.pair.best'));
    await expect(page.getByTestId('pair-status')).toHaveText(translate(lang, 'directory.available'));
    await expect(page.getByTestId('reverse-pair')).toHaveAttribute(
      'href',
      localizePath(lang, '/exchange/btc-to-eth'),
    );
  });
}

test("a client navigation from the home page brings the coin pages' English texts with them", async ({
  page,
}) => {
  await page.goto('/');
  await waitForHydration(page);
  const documents: string[] = [];
  page.on('request', (request) => request.isNavigationRequest() && documents.push(request.url()));
  await page.getByTestId('site-footer').getByRole('link', { name: 'All coins' }).click();
  await expect(page).toHaveURL('/coin');
  expect(documents).toEqual([]);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(translate('en', 'pages.coins.title'));
  await expect(
    page.getByRole('columnheader', { name: translate('en', 'directory.columns.price') }),
  ).toBeVisible();
  await expect(page.getByRole('button', { name: translate('en', 'directory.search.submit') })).toBeVisible();
});

test('pairs search finds a pair and says "Nothing found" when nothing matches', async ({ page }) => {
  await page.goto('/exchange-pairs');
  await waitForHydration(page);
  await page.getByTestId('directory-search').fill('xrp doge');
  await page.getByTestId('directory-search').press('Enter');
  await expect(page).toHaveURL(/\/exchange-pairs\?q=xrp\+doge$/);
  const rows = page.locator('[data-testid="pair-table"] tbody tr');
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toHaveAttribute('data-pair', 'xrp-doge');
  await expect(rows.first()).toContainText('Available');
  await expect(rows.first()).toContainText(/Yes|No/);

  await page.getByTestId('directory-search').fill('zzzz');
  await page.getByTestId('directory-search').press('Enter');
  await expect(page.getByTestId('nothing-found')).toHaveText('Nothing found');
});

test('a comparison shows both coins, and the reversed address forwards to it', async ({ page }) => {
  const response = await page.goto(localizePath('de', '/compare/eth-vs-btc'));
  expect(response?.status()).toBe(200);
  await expect(page).toHaveURL(localizePath('de', '/compare/btc-vs-eth'));
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(
    translate('de', 'directory.comparePair.title').replace('{{a}}', 'Bitcoin').replace('{{b}}', 'Ethereum'),
  );
  await expect(page.getByTestId('compare-table').locator('[data-row="price"] td')).toHaveCount(2);
  await expect(page.getByTestId('price-chart')).toHaveAttribute('data-state', 'ready');
  await expect(page.getByTestId('swap-ab')).toHaveAttribute(
    'href',
    localizePath('de', '/exchange/btc-to-eth'),
  );
});

test('each middleware and list answers 404 or 301 as the spec says', async ({ request }) => {
  for (const path of [
    '/coin/nocoin',
    '/exchange/btc-to-btc',
    '/exchange/btc-to-nocoin',
    '/compare/btc-vs-btc',
    '/compare/nocoin-vs-btc',
    '/coin/page-99',
    '/exchange-pairs/page-99999',
  ]) {
    const response = await request.get(path, { maxRedirects: 0 });
    expect(response.status(), path).toBe(404);
    expect(await response.text(), path).toContain(`Page Not Found: ${path}`);
  }
  for (const [path, target] of [
    ['/coin/page-1', '/coin'],
    ['/de/exchange-pairs/page-1', '/de/exchange-pairs'],
    ['/compare/eth-vs-btc', '/compare/btc-vs-eth'],
    ['/exchange/BTC-to-ETH', '/exchange/btc-to-eth'],
  ] as const) {
    const response = await request.get(path, { maxRedirects: 0 });
    expect(response.status(), path).toBe(301);
    expect(response.headers().location, path).toBe(target);
  }
});

test('the coin page has no accessibility violations at 375 px', async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 800 });
  await page.goto('/coin/btc');
  await waitForHydration(page);
  const results = await new AxeBuilder({ page }).analyze();
  expect(results.violations.map((violation) => violation.id)).toEqual([]);
  // Nothing wider than the screen.
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
});

test('the sitemap index and a child sitemap parse as XML, each URL with its 14 languages', async ({
  request,
}) => {
  const index = parseXml(await (await request.get('/sitemap.xml')).text());
  expect(index.name).toBe('sitemapindex');
  const children = index.children.map((child) => child.children.find((el) => el.name === 'loc')?.text ?? '');
  expect(children.some((loc) => /\/sitemaps\/pairs-1\.xml$/.test(loc))).toBe(true);
  const coins = children.find((loc) => /\/sitemaps\/coins-1\.xml$/.test(loc)) ?? '';
  const urlset = parseXml(await (await request.get(new URL(coins).pathname)).text());
  expect(urlset.name).toBe('urlset');
  const entry = urlset.children.find((url) =>
    url.children.some((el) => el.name === 'loc' && el.text.endsWith('/de/coin/btc')),
  ) as XmlElement;
  const alternates = entry.children.filter((el) => el.name === 'xhtml:link');
  expect(alternates.map((link) => link.attributes.hreflang).sort()).toEqual(
    ['de', 'en', 'es', 'fr', 'it', 'ja', 'ko', 'nl', 'pl', 'pt', 'ru', 'tr', 'uk', 'vi', 'x-default'].sort(),
  );
});

test('pair and coin pages carry their structured data', async ({ request }) => {
  const blocks = async (path: string) =>
    [
      ...(await (await request.get(path)).text()).matchAll(
        /<script type="application\/ld\+json"[^>]*>([^<]*)<\/script>/g,
      ),
    ].map((match) => JSON.parse(match[1] ?? '{}') as Record<string, unknown>);
  const pair = await blocks('/exchange/btc-to-eth');
  const rate = pair.find((block) => block['@type'] === 'ExchangeRateSpecification') as {
    currency: string;
    currentExchangeRate: { '@type': string; price: number; priceCurrency: string };
  };
  expect(rate.currency).toBe('BTC');
  expect(rate.currentExchangeRate).toMatchObject({ '@type': 'UnitPriceSpecification', priceCurrency: 'ETH' });
  expect(rate.currentExchangeRate.price).toBeGreaterThan(0);
  const crumbs = pair.find((block) => block['@type'] === 'BreadcrumbList') as { itemListElement: unknown[] };
  expect(crumbs.itemListElement).toHaveLength(3);
  const coin = await blocks('/fr/coin/eth');
  const faq = coin.find((block) => block['@type'] === 'FAQPage') as { mainEntity: { name: string }[] };
  expect(faq.mainEntity).toHaveLength(4);
  expect(faq.mainEntity[0]?.name).toBe(
    translate('fr', 'directory.coin.faq.howQ').replace('{{coin}}', 'Ethereum'),
  );
});
