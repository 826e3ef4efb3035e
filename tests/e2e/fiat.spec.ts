import { expect, type Page, test } from '@playwright/test';
import { SANDBOX_SIGNATURE_HEADER } from '../../core/fiat/sandbox.ts';
import { webhookSignatureHeader } from '../../core/fiat/signing.ts';
import type { Lang } from '../../core/i18n/languages.ts';
import { localizePath } from '../../core/routing/paths.ts';
import { translate, waitForHydration } from './helpers.ts';

/** playwright.config.ts gives the server this key for the sandbox providers' webhooks. */
const WEBHOOK_SECRET = 'e2e-fiat-webhook-secret-0123456789';
const BTC_ADDRESS = 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq';
const LANGS: readonly Lang[] = ['en', 'de'];

interface QuoteBody {
  offers: { provider: string; providerName: string; cryptoAmount: string }[];
}

/** From /buy/btc/us: an amount, the offers, an order, and on to the sandbox checkout. */
async function orderFromBuyPage(page: Page, lang: Lang): Promise<string> {
  await page.goto(localizePath(lang, '/buy/btc/us'));
  await waitForHydration(page);
  await expect(page.locator('h1')).toHaveText(
    translate(lang, 'pages.buy-coin-country.title')
      .replace('{{coin}}', 'Bitcoin')
      .replace('{{country}}', new Intl.DisplayNames([lang], { type: 'region' }).of('US') ?? ''),
  );
  const widget = page.getByTestId('fiat-widget');
  await expect(widget.getByTestId('fiat-currency')).toHaveValue('usd');
  await widget.getByTestId('fiat-amount').fill('250');
  await widget.getByTestId('fiat-method').selectOption('card');
  await widget.getByTestId('fiat-show-offers').click();

  const offers = widget.getByTestId('fiat-offer');
  const answer = await page.request.post('/api/v1/fiat/quotes', {
    data: { side: 'buy', fiat: 'usd', coin: 'btc', amount: '250', country: 'us', paymentMethod: 'card' },
  });
  const quote = (await answer.json()) as QuoteBody;
  expect(quote.offers.length).toBeGreaterThan(1);
  await expect(offers).toHaveCount(quote.offers.length);
  for (const [i, offer] of quote.offers.entries()) {
    await expect(offers.nth(i)).toHaveAttribute('data-provider', offer.provider);
  }
  await expect(offers.first()).toContainText(translate(lang, 'fiat.widget.best'));

  await widget.getByTestId('fiat-wallet').fill(BTC_ADDRESS);
  await widget.getByTestId('fiat-create-order').click();
  await page.waitForURL(new RegExp(`${lang === 'en' ? '' : `/${lang}`}/fiat/checkout/[a-z2-7]{26}$`));
  await waitForHydration(page);
  return page.url().split('/').pop() as string;
}

async function pay(page: Page, number: string) {
  await page.getByTestId('card-number').fill(number);
  await page.getByTestId('card-expiry').fill('12/34');
  await page.getByTestId('card-cvc').fill('123');
  await page.getByTestId('checkout-pay').click();
}

for (const lang of LANGS) {
  test(`buy (${lang}): offers on /buy/btc/us, an order, the success card, and the order reaches completed`, async ({
    page,
  }) => {
    test.setTimeout(90_000);
    const id = await orderFromBuyPage(page, lang);
    await pay(page, '4242 4242 4242 4242');
    await page.waitForURL(new RegExp(`/fiat/order/${id}$`));
    const order = page.getByTestId('fiat-order');
    await expect(order).toHaveAttribute('data-status', /paid|sending|completed/);
    await expect(order).toHaveAttribute('data-status', 'completed', { timeout: 45_000 });
    await expect(page.getByTestId('fiat-order-status')).toHaveText(
      translate(lang, 'fiat.statuses.completed.label'),
    );
  });

  test(`buy (${lang}): a declined card ends the order failed`, async ({ page }) => {
    test.setTimeout(60_000);
    const id = await orderFromBuyPage(page, lang);
    await pay(page, '4000 0000 0000 0002');
    await page.waitForURL(new RegExp(`/fiat/order/${id}$`));
    await expect(page.getByTestId('fiat-order')).toHaveAttribute('data-status', 'failed');
    await expect(page.getByTestId('fiat-order-status')).toHaveText(
      translate(lang, 'fiat.statuses.failed.label'),
    );
  });

  test(`buy (${lang}): a country no provider serves says so and offers the crypto swap`, async ({ page }) => {
    await page.goto(localizePath(lang, '/buy/btc/ir'));
    await expect(page.getByTestId('fiat-widget')).toHaveCount(0);
    const fallback = page.getByTestId('fiat-unavailable');
    await expect(fallback).toBeVisible();
    const link = fallback.getByTestId('fiat-swap-fallback');
    await expect(link).toHaveAttribute('href', localizePath(lang, '/swap?to=btc'));
    await link.click();
    await page.waitForURL(/\/swap\?to=btc$/);
  });
}

test('3-D Secure: the challenge step, then the payment', async ({ page }) => {
  test.setTimeout(60_000);
  const id = await orderFromBuyPage(page, 'en');
  await pay(page, '4000 0000 0000 3220');
  await expect(page.getByTestId('checkout-3ds')).toBeVisible();
  await page.getByTestId('checkout-3ds-pass').click();
  await page.waitForURL(new RegExp(`/fiat/order/${id}$`));
  await expect(page.getByTestId('fiat-order')).toHaveAttribute('data-status', /paid|sending|completed/);
});

test('webhooks: a bad signature is refused with 401 and changes nothing; a replay moves nothing twice', async ({
  request,
}) => {
  const created = await request.post('/api/v1/fiat/orders', {
    data: {
      side: 'buy',
      fiat: 'usd',
      coin: 'btc',
      amount: '250',
      country: 'us',
      paymentMethod: 'card',
      walletAddress: BTC_ADDRESS,
    },
  });
  expect(created.status()).toBe(201);
  const { id, provider } = (await created.json()) as { id: string; provider: string };
  const body = JSON.stringify({ id: `evt_e2e_${id}`, orderId: id, status: 'paid' });
  const now = Math.floor(Date.now() / 1000);
  const post = (secret: string) =>
    request.post(`/api/webhooks/fiat/${provider}`, {
      headers: {
        'content-type': 'application/json',
        [SANDBOX_SIGNATURE_HEADER]: webhookSignatureHeader(secret, now, body),
      },
      data: body,
    });

  const forged = await post('not-the-providers-secret');
  expect(forged.status()).toBe(401);
  const order = async () =>
    (await (await request.get(`/api/v1/fiat/orders/${id}`)).json()) as {
      status: string;
      history: { status: string }[];
    };
  expect((await order()).status).toBe('pending_payment');

  const first = await post(WEBHOOK_SECRET);
  expect(first.status()).toBe(200);
  expect(await first.json()).toMatchObject({ replayed: false, moved: true });
  const replay = await post(WEBHOOK_SECRET);
  expect(replay.status()).toBe(200);
  expect(await replay.json()).toMatchObject({ replayed: true, moved: false });
  const history = (await order()).history.map((h) => h.status);
  expect(history.filter((s) => s === 'paid')).toHaveLength(1);
});

test('fiat pairs: Available and Unavailable pairs, search, Nothing found, the next page', async ({
  page,
}) => {
  await page.goto('/fiat/pairs');
  const table = page.getByTestId('fiat-pair-table');
  await expect(table.locator('tbody tr')).toHaveCount(50);
  const usdBtc = table.locator('tr[data-pair="usd-btc"]');
  await expect(usdBtc).toContainText(translate('en', 'directory.available'));
  await expect(usdBtc.getByRole('link')).toHaveAttribute('href', '/fiat/exchange/usd-to-btc');

  await page.goto('/de/fiat/pairs?q=afn');
  const afghani = page.getByTestId('fiat-pair-table').locator('tr[data-pair="afn-btc"]');
  await expect(afghani).toContainText(translate('de', 'directory.unavailable'));
  await expect(afghani.getByRole('link')).toHaveCount(0);

  await page.goto('/fiat/pairs?q=nothing-like-this');
  await expect(page.getByTestId('nothing-found')).toHaveText(translate('en', 'directory.nothingFound'));

  await page.goto('/fiat/pairs/page-2');
  await expect(page.getByTestId('fiat-pair-table').locator('tbody tr').first()).toBeVisible();
  expect((await page.request.get('/fiat/pairs/page-999')).status()).toBe(404);
});

test('/fiat: the widget buys and sells, every provider quoted best first', async ({ page }) => {
  await page.goto('/de/fiat');
  await waitForHydration(page);
  const widget = page.getByTestId('fiat-widget');
  await expect(widget.getByTestId('fiat-currency')).toHaveValue('eur');
  await widget.getByTestId('fiat-show-offers').click();
  await expect(widget.getByTestId('fiat-offer').first()).toBeVisible();
  await widget.getByTestId('fiat-side-sell').click();
  await expect(widget.getByTestId('fiat-offers')).toHaveCount(0);
  await expect(widget.getByTestId('fiat-amount')).toHaveValue('0.01');
  await widget.getByTestId('fiat-show-offers').click();
  const offers = widget.getByTestId('fiat-offer');
  await expect(offers.first()).toContainText('€');
  const count = await offers.count();
  expect(count).toBeGreaterThan(0);
  const amounts = await offers
    .getByTestId('fiat-offer-amount')
    .evaluateAll((cells) =>
      cells.map((cell) => Number((cell.textContent ?? '').replace(/[^\d,]/g, '').replace(',', '.'))),
    );
  expect([...amounts].sort((a, b) => b - a)).toEqual(amounts);
});
