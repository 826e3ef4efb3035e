import { expect, type Page, test } from '@playwright/test';
import { formatDecimal } from '../../core/i18n/format.ts';
import type { Lang } from '../../core/i18n/languages.ts';
import { localizePath } from '../../core/routing/paths.ts';
import { translate, waitForHydration } from './helpers.ts';

/** A valid Ethereum address (EIP-55 checksum). */
const ETH_ADDRESS = '0x52908400098527886E0F7030069857D2E4169EE7';

/** The sandbox moves a paid swap through its statuses on short delays; the page polls every 3 s. */
const STATUS_TIMEOUT = 90_000;

/** Opens a picker, searches for the coin and takes its main network. */
async function pick(page: Page, picker: 'picker-from' | 'picker-to', code: string) {
  await page.getByTestId(picker).click();
  const dialog = page.getByTestId(`${picker}-dialog`);
  await expect(dialog).toBeVisible();
  await dialog.getByTestId(`${picker}-search`).fill(code);
  await dialog.getByTestId(`coin-option-${code}`).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByTestId(picker)).toHaveAttribute('data-coin', code);
}

/** From the exchange form to a created swap's page; returns the swap id. */
async function createSwap(
  page: Page,
  lang: Lang,
  options: { start: string; amount: string; rate: 'float' | 'fixed'; promo?: string },
): Promise<string> {
  await page.goto(options.start);
  await waitForHydration(page);
  const form = page.getByTestId('exchange-form');
  await expect(form).toBeVisible();

  await pick(page, 'picker-from', 'btc');
  await pick(page, 'picker-to', 'eth');
  await page.getByTestId('amount-from').fill(options.amount);
  await expect(form.getByTestId('quote-info')).toHaveAttribute('data-state', 'ready');
  // A float quote is an estimate...
  await expect(form.getByTestId('amount-to')).toHaveValue(/^\d/);
  await expect(form.getByTestId('amount-to-approx')).toHaveText('≈');
  await expect(form.getByTestId('quote-provider')).not.toBeEmpty();

  if (options.rate === 'fixed') {
    await form.getByTestId('rate-fixed').check();
    await expect(form.getByTestId('rate-fixed')).toBeChecked();
    await expect(form.getByTestId('quote-info')).toHaveAttribute('data-state', 'ready');
    // ...a fixed one is what the visitor gets.
    await expect(form.getByTestId('amount-to')).toHaveValue(/^\d/);
    await expect(form.getByTestId('amount-to-approx')).toHaveCount(0);
  }
  await form.getByTestId('exchange-submit').click();

  // The swap step keeps the pair, amount and rate type in the address.
  await expect(page).toHaveURL((url) => {
    const search = url.searchParams;
    return (
      url.pathname === localizePath(lang, '/swap') &&
      search.get('from') === 'btc' &&
      search.get('to') === 'eth' &&
      search.get('amount') === options.amount &&
      search.get('rate') === options.rate
    );
  });
  const step = page.getByTestId('swap-create');
  await expect(step).toBeVisible();
  await expect(step.getByTestId('swap-summary')).toHaveAttribute('data-state', 'ready');
  if (options.rate === 'fixed') await expect(step.getByTestId('rate-countdown')).toBeVisible();
  // Only a float amount is an estimate ("≈"); a fixed one is what the visitor gets.
  await expect(step.getByTestId('summary-to')).toHaveText(options.rate === 'fixed' ? /^\d/ : /^≈ \d/);

  if (options.promo) {
    await step.getByTestId('promo-code').fill(options.promo);
    await step.getByTestId('promo-apply').click();
    await expect(step.getByTestId('service-fee')).toHaveText(
      translateOr(lang, 'exchange.quote.noServiceFee').replace('{{coin}}', 'ETH'),
    );
  }
  await step.getByTestId('payout-address').fill(ETH_ADDRESS);
  await expect(step.getByTestId('payout-address')).toHaveAttribute('data-check', 'valid');
  await expect(step.locator(`a[href="${localizePath(lang, '/terms-of-use')}"]`)).toBeVisible();
  await step.getByTestId('terms').check();
  await step.getByTestId('create-swap').click();

  await expect(page).toHaveURL(new RegExp(`${localizePath(lang, '/swap/')}[a-z2-7]{26}$`));
  await expect(page.getByTestId('swap-status')).toHaveAttribute('data-status', 'waiting');
  await expect(page.getByTestId('amount-receive')).toHaveText(options.rate === 'fixed' ? /^\d/ : /^≈ \d/);
  return new URL(page.url()).pathname.split('/').pop() as string;
}

/** A swap past its deposit window: no amount to send, no deposit address, no copy button, no QR code. */
async function expectNoDepositPrompt(page: Page, lang: Lang) {
  for (const testId of [
    'deposit-prompt',
    'amount-send',
    'deposit-address',
    'copy-deposit-address',
    'deposit-qr',
  ]) {
    await expect(page.getByTestId(testId), testId).toHaveCount(0);
  }
  await expect(page.getByText(translateOr(lang, 'swapStatus.deposit.amount'), { exact: true })).toHaveCount(
    0,
  );
}

/** A sandbox swap made through the API. */
async function apiSwap(page: Page): Promise<string> {
  const response = await page.request.post('/api/v1/swaps', {
    headers: { 'Idempotency-Key': `exchange-${Date.now()}-${Math.random()}` },
    data: { from: 'btc', to: 'eth', amount: '0.1', rateType: 'float', payoutAddress: ETH_ADDRESS },
  });
  expect(response.status()).toBe(201);
  return ((await response.json()) as { id: string }).id;
}

for (const lang of ['en', 'de'] as const) {
  test.describe(`exchange in ${lang}`, () => {
    test.use({ locale: lang === 'en' ? 'en-US' : 'de-DE' });

    test('a fixed-rate swap runs from the form to finished', async ({ page }) => {
      test.setTimeout(150_000);
      const id = await createSwap(page, lang, {
        start: localizePath(lang, '/'),
        amount: '0.1',
        rate: 'fixed',
      });
      await expect(page.locator('html')).toHaveAttribute('lang', lang);
      await expect(page.getByTestId('swap-id')).toHaveText(id);
      await expect(page.getByTestId('deposit-address')).not.toBeEmpty();
      await expect(page.getByTestId('deposit-qr').locator('svg')).toBeVisible();
      // Amounts in the page's language: 0,1 BTC in German.
      await expect(page.getByTestId('amount-send')).toContainText(`${formatDecimal('0.1', lang)} BTC`);
      await expect(page.getByTestId('rate-countdown')).toBeVisible();
      await expect(page.getByTestId('timeline-waiting')).toHaveAttribute('data-state', 'current');

      const simulator = page.getByTestId('simulate-deposit');
      await expect(simulator.getByTestId('simulate-amount')).toHaveValue('0.1');
      await simulator.getByTestId('simulate-submit').click();

      await expect(page.getByTestId('timeline-finished')).toHaveAttribute('data-state', 'done', {
        timeout: STATUS_TIMEOUT,
      });
      await expect(page.getByTestId('swap-status')).toHaveAttribute('data-status', 'finished');
      for (const status of ['waiting', 'confirming', 'exchanging', 'sending']) {
        await expect(page.getByTestId(`timeline-${status}`)).toHaveAttribute('data-state', 'done');
      }
      await expect(page.getByTestId('simulate-deposit')).toHaveCount(0);
      // An Ethereum payout links to its transaction with the 0x the explorer needs.
      await expect(page.getByTestId('payout-tx-link')).toHaveAttribute(
        'href',
        /^https:\/\/etherscan\.io\/tx\/0x[0-9a-f]{64}$/,
      );
      // After the deposit window nothing invites another deposit.
      await expectNoDepositPrompt(page, lang);
    });

    test('a float swap paid below the minimum asks where to refund it', async ({ page }) => {
      test.setTimeout(150_000);
      // ZEROFEE is the demo promo code the seed creates.
      await createSwap(page, lang, {
        start: localizePath(lang, '/swap'),
        amount: '0.05',
        rate: 'float',
        promo: 'ZEROFEE',
      });
      const simulator = page.getByTestId('simulate-deposit');
      await simulator.getByTestId('simulate-amount').fill('0.00001');
      await simulator.getByTestId('simulate-submit').click();
      // No refund address was given on the swap step: the page asks for one before the refund
      // (the refund itself: tests/e2e/swap-off-path.spec.ts).
      await expect(page.getByTestId('swap-status')).toHaveAttribute('data-status', 'refunding', {
        timeout: STATUS_TIMEOUT,
      });
      await expect(page.getByTestId('refund-address-form')).toBeVisible();
      await expect(page.getByTestId('timeline-refunding')).toBeVisible();
      await expect(page.getByTestId('timeline-finished')).not.toHaveAttribute('data-state', 'done');
      await expectNoDepositPrompt(page, lang);
    });
  });
}

test.describe('exchange form', () => {
  test('shows the minimum from the quote error and keeps the swap step closed', async ({ page }) => {
    await page.goto('/swap');
    await waitForHydration(page);
    // The limit comes from the providers, so the test asks the API for it first.
    const answer = await page.request.post('/api/v1/quotes', {
      data: { from: 'btc', to: 'eth', amount: '0.00001', rateType: 'float' },
    });
    expect(answer.status()).toBe(422);
    const { error } = (await answer.json()) as { error: { code: string; details: { min: string } } };
    expect(error.code).toBe('amount_below_min');
    const form = page.getByTestId('exchange-form');
    await form.getByTestId('amount-from').fill('0.00001');
    await expect(form.getByTestId('quote-error')).toHaveText(
      translate('en', 'exchange.errors.min')
        .replace('{{amount}}', error.details.min)
        .replace('{{coin}}', 'BTC'),
    );
    await expect(form.getByTestId('exchange-submit')).toBeDisabled();
  });

  for (const width of [375, 1280]) {
    test(`the coin picker opens ${width < 640 ? 'as a sheet from the bottom' : 'centred'} at ${width} px`, async ({
      page,
    }) => {
      await page.setViewportSize({ width, height: 800 });
      await page.goto('/swap');
      await waitForHydration(page);
      await page.getByTestId('picker-from').click();
      const dialog = page.getByTestId('picker-from-dialog');
      await expect(dialog).toBeVisible();
      await expect(dialog.getByTestId('coin-option-btc')).toBeVisible();
      const box = await dialog.boundingBox();
      if (!box) throw new Error('no dialog box');
      if (width < 640) {
        // Full width, resting on the bottom edge.
        expect(box.x).toBe(0);
        expect(box.width).toBe(width);
        expect(Math.round(box.y + box.height)).toBe(800);
      } else {
        // In the middle, clear of every edge.
        expect(Math.abs(box.x - (width - box.x - box.width))).toBeLessThanOrEqual(1);
        expect(Math.abs(box.y - (800 - box.y - box.height))).toBeLessThanOrEqual(1);
        expect(box.width).toBeLessThan(width / 2);
      }
    });
  }

  test('the direction button exchanges the two coins', async ({ page }) => {
    await page.goto('/swap');
    await waitForHydration(page);
    await page.getByTestId('swap-direction').click();
    await expect(page.getByTestId('picker-from')).toHaveAttribute('data-coin', 'eth');
    await expect(page.getByTestId('picker-to')).toHaveAttribute('data-coin', 'btc');
  });
});

test.describe('swap status lookup', () => {
  test('an unknown swap id is reported inline', async ({ page }) => {
    await page.goto('/transaction-status');
    await waitForHydration(page);
    const form = page.getByTestId('status-check');
    await form.getByTestId('status-swap-id').fill(`  ${'A'.repeat(26)} `);
    await form.getByTestId('status-submit').click();
    await expect(form.getByTestId('status-message')).toHaveText(
      translate('en', 'statusCheck.errors.notFound'),
    );
    await expect(page).toHaveURL(/\/transaction-status$/);
  });

  test('an id of the wrong shape is refused without leaving the page', async ({ page }) => {
    await page.goto('/de/transaction-status');
    await waitForHydration(page);
    const form = page.getByTestId('status-check');
    await form.getByTestId('status-swap-id').fill('not-a-swap-id');
    await form.getByTestId('status-submit').click();
    await expect(form.getByTestId('status-message')).toHaveText(
      translateOr('de', 'statusCheck.errors.shape'),
    );
    await expect(page).toHaveURL(/\/de\/transaction-status$/);
  });

  test('a pasted swap link, or the id with capitals and spaces, opens the swap', async ({
    page,
    baseURL,
  }) => {
    const id = await apiSwap(page);
    await page.goto('/transaction-status');
    await waitForHydration(page);
    const form = page.getByTestId('status-check');
    // A link from the German site, pasted with spaces around it.
    await form.getByTestId('status-swap-id').fill(`  ${baseURL}/de/swap/${id}  `);
    await form.getByTestId('status-submit').click();
    await expect(page).toHaveURL(new RegExp(`/swap/${id}$`));
    await expect(page.getByTestId('swap-id')).toHaveText(id);

    await page.goto('/de/transaction-status');
    await waitForHydration(page);
    const spaced = id.toUpperCase().replace(/(.{5})/g, '$1 ');
    await form.getByTestId('status-swap-id').fill(spaced);
    await form.getByTestId('status-submit').click();
    await expect(page).toHaveURL(new RegExp(`/de/swap/${id}$`));
  });

  test('without JavaScript the lookup is answered by the server', async ({ browser, baseURL }) => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    const id = await apiSwap(page);
    await page.goto(`${baseURL}/de/transaction-status`);
    await page.getByTestId('status-swap-id').fill(`${baseURL}/swap/${id.toUpperCase()}`);
    await page.getByTestId('status-submit').click();
    await expect(page).toHaveURL(new RegExp(`/de/swap/${id}$`));
    await expect(page.getByTestId('swap-id')).toHaveText(id);

    await page.goto(`${baseURL}/transaction-status`);
    await page.getByTestId('status-swap-id').fill('abc');
    await page.getByTestId('status-submit').click();
    await expect(page.getByTestId('status-message')).toHaveText(translate('en', 'statusCheck.errors.shape'));
    await expect(page.getByTestId('status-swap-id')).toHaveValue('abc');
    await context.close();
  });

  test('the page of an unknown swap answers 404', async ({ page }) => {
    const response = await page.goto(`/swap/${'a'.repeat(26)}`);
    expect(response?.status()).toBe(404);
    await expect(page.getByTestId('error-message')).toHaveText('Swap not found');
  });
});

/** A key in a language, or its English text while the translation is still missing. */
function translateOr(lang: Lang, key: string): string {
  try {
    return translate(lang, key);
  } catch {
    return translate('en', key);
  }
}
