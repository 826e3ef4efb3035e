import { expect, type Page, test } from '@playwright/test';
import { localizePath } from '../../core/routing/paths.ts';
import { translate, waitForHydration } from './helpers.ts';

/** A valid Ethereum address (EIP-55 checksum). */
const ETH_ADDRESS = '0x52908400098527886E0F7030069857D2E4169EE7';

interface QuoteBody {
  amountFrom: string;
  amountTo: string;
  providerName: string;
  offers: { provider: string; providerName: string; amountFrom: string; amountTo: string }[];
}

async function pick(page: Page, picker: 'picker-from' | 'picker-to', code: string) {
  await page.getByTestId(picker).click();
  const dialog = page.getByTestId(`${picker}-dialog`);
  await dialog.getByTestId(`${picker}-search`).fill(code);
  await dialog.getByTestId(`coin-option-${code}`).click();
  await expect(page.getByTestId(picker)).toHaveAttribute('data-coin', code);
}

async function openForm(page: Page) {
  await page.goto('/swap');
  await waitForHydration(page);
  await pick(page, 'picker-from', 'btc');
  await pick(page, 'picker-to', 'eth');
}

test.describe('offers', () => {
  test("the form lists every provider's offer, the best first and marked, and says why", async ({ page }) => {
    await openForm(page);
    const form = page.getByTestId('exchange-form');
    await form.getByTestId('amount-from').fill('0.5');
    await expect(form.getByTestId('quote-info')).toHaveAttribute('data-state', 'ready');

    const answer = await page.request.post('/api/v1/quotes', {
      data: { from: 'btc', to: 'eth', amount: '0.5', rateType: 'float' },
    });
    const quote = (await answer.json()) as QuoteBody;
    expect(quote.offers.length).toBeGreaterThan(1);

    const rows = form.getByTestId('quote-offers-table').locator('tbody tr');
    await expect(rows).toHaveCount(quote.offers.length);
    for (const [i, offer] of quote.offers.entries()) {
      await expect(rows.nth(i)).toHaveAttribute('data-provider', offer.provider);
      await expect(rows.nth(i).locator('th')).toContainText(offer.providerName);
    }
    await expect(rows.first()).toContainText(translate('en', 'exchange.offers.best'));
    await expect(form.getByTestId('offers-count')).toHaveText(`${quote.offers.length} offers`);
    await expect(form.getByTestId('offers-why')).toHaveText(
      `${quote.offers[0]?.providerName} pays the most of ${quote.offers.length} offers, after our fee.`,
    );
    await expect(form.getByTestId('quote-provider')).toHaveText(quote.providerName);
    // The market price gives the amounts' USD value.
    await expect(form.getByTestId('usd-from')).toHaveText(/^≈ \$[\d,]+\.\d\d$/);

    // The swap step shows the same comparison.
    await form.getByTestId('exchange-submit').click();
    const step = page.getByTestId('swap-create');
    await expect(step.getByTestId('swap-summary')).toHaveAttribute('data-state', 'ready');
    await expect(step.getByTestId('quote-offers-table').locator('tbody tr')).toHaveCount(quote.offers.length);
    await expect(step.getByTestId('summary-usd-from')).toHaveText(/^ · ≈ \$[\d,]+\.\d\d$/);
  });

  test('an offer other than the best can be taken, and the swap is made with that provider', async ({
    page,
  }) => {
    await openForm(page);
    const form = page.getByTestId('exchange-form');
    await form.getByTestId('amount-from').fill('0.5');
    await expect(form.getByTestId('quote-info')).toHaveAttribute('data-state', 'ready');
    const rows = form.getByTestId('quote-offers-table').locator('tbody tr');
    const best = await rows.first().getAttribute('data-provider');
    const other = rows.nth(1);
    const provider = (await other.getAttribute('data-provider')) ?? '';
    const name = (await other.locator('th').textContent())?.trim() ?? '';
    await other.getByTestId('offer-choose').check();
    await expect(form.getByTestId('quote-provider')).toHaveText(name);
    await expect(rows.first()).toHaveAttribute('data-provider', best ?? '');
    await expect(form.getByTestId('offers-why')).toContainText(`You chose ${name}`);

    await form.getByTestId('exchange-submit').click();
    await expect(page).toHaveURL((url) => url.searchParams.get('provider') === provider);
    const step = page.getByTestId('swap-create');
    await expect(step.getByTestId('swap-summary')).toHaveAttribute('data-state', 'ready');
    await expect(step.getByTestId('swap-summary')).toContainText(name);
    await step.getByTestId('payout-address').fill(ETH_ADDRESS);
    await expect(step.getByTestId('payout-address')).toHaveAttribute('data-check', 'valid');
    await step.getByTestId('terms').check();
    await step.getByTestId('create-swap').click();
    await expect(page).toHaveURL(new RegExp(`${localizePath('en', '/swap/')}[a-z2-7]{26}$`));
    const id = new URL(page.url()).pathname.split('/').pop() ?? '';
    const swap = (await (await page.request.get(`/api/v1/swaps/${id}`)).json()) as { provider: string };
    expect(swap.provider).toBe(provider);
  });

  test('a minimum in the quote error fills the amount when clicked', async ({ page }) => {
    await openForm(page);
    const form = page.getByTestId('exchange-form');
    await form.getByTestId('amount-from').fill('0.00001');
    const limit = form.getByTestId('fill-limit');
    await expect(limit).toBeVisible();
    const min = (await limit.textContent())?.match(/[\d.]+/)?.[0] ?? '';
    await limit.click();
    await expect(form.getByTestId('amount-from')).toHaveValue(min);
    await expect(form.getByTestId('quote-info')).toHaveAttribute('data-state', 'ready');
    await expect(form.getByTestId('exchange-submit')).toBeEnabled();
  });

  for (const rate of ['float', 'fixed'] as const) {
    test(`typing in "You get" asks a reverse ${rate} quote, and the swap is created from it`, async ({
      page,
    }) => {
      await openForm(page);
      const form = page.getByTestId('exchange-form');
      if (rate === 'fixed') await form.getByTestId('rate-fixed').check();
      await form.getByTestId('amount-to').fill('2');
      await expect(form.getByTestId('reverse-hint')).toContainText(
        translate('en', 'exchange.reverse.active'),
      );
      await expect(form.getByTestId('quote-info')).toHaveAttribute('data-state', 'ready');
      await expect(form.getByTestId('amount-from')).toHaveValue(/^0\.\d+$/);
      await expect(form.getByTestId('amount-to')).toHaveValue('2');
      // In reverse, offers compare what each provider needs sent.
      await expect(form.getByTestId('quote-offers-table').locator('thead')).toContainText(
        translate('en', 'exchange.offers.youSend'),
      );
      const sent = await form.getByTestId('amount-from').inputValue();

      await form.getByTestId('exchange-submit').click();
      await expect(page).toHaveURL((url) => url.searchParams.get('rate') === rate);
      const amount = new URL(page.url()).searchParams.get('amount') ?? '';
      expect(amount.startsWith(sent) || sent.startsWith(amount)).toBe(true);
      const step = page.getByTestId('swap-create');
      await expect(step.getByTestId('swap-summary')).toHaveAttribute('data-state', 'ready');
      // What that amount pays is at least what was asked for.
      const got = (await step.getByTestId('summary-to').textContent())?.match(/[\d.]+/)?.[0] ?? '0';
      expect(Number(got)).toBeGreaterThanOrEqual(2);
      // Creating swaps counts against the server's write limit, which other specs use too: one is enough.
      if (rate === 'float') return;

      await step.getByTestId('payout-address').fill(ETH_ADDRESS);
      await expect(step.getByTestId('payout-address')).toHaveAttribute('data-check', 'valid');
      await step.getByTestId('terms').check();
      await step.getByTestId('create-swap').click();
      await expect(page).toHaveURL(new RegExp(`${localizePath('en', '/swap/')}[a-z2-7]{26}$`));
      await expect(page.getByTestId('swap-status')).toHaveAttribute('data-status', 'waiting');
    });
  }

  test('at 1280 px the swap step has help in the column beside it', async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto('/swap?from=btc&fromNetwork=bitcoin&to=eth&toNetwork=ethereum&amount=0.1&rate=float');
    const step = page.getByTestId('swap-create');
    const aside = page.getByTestId('swap-aside');
    await expect(aside).toContainText(translate('en', 'exchange.aside.nextTitle'));
    const stepBox = await step.boundingBox();
    const asideBox = await aside.boundingBox();
    expect(asideBox && stepBox && asideBox.x >= stepBox.x + stepBox.width).toBe(true);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBe(1280);
  });
});

test('the home hero shows figures counted from our data', async ({ page }) => {
  await page.goto('/');
  const trust = page.getByTestId('home-trust');
  const coins = (await (await page.request.get('/api/v1/coins')).json()) as { coins: unknown[] };
  await expect(trust.locator('[data-trust="coins"]')).toContainText(
    `${coins.coins.length.toLocaleString('en')} coins to swap`,
  );
  await expect(trust.locator('[data-trust="providers"]')).toContainText('providers compared');
});
