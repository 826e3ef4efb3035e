import { expect, PERSONAL, test } from '../personal-data/recorded-urls.ts';

/**
 * Every form with JavaScript switched off (this project's `javaScriptEnabled: false`): the plain
 * HTML post or GET reaches its result page, or the page says plainly why it cannot
 * (docs/decisions/015-forms-without-javascript.md).
 */

const STEP = '/swap?from=btc&fromNetwork=bitcoin&to=eth&toNetwork=ethereum&amount=0.1&rate=float';

async function consentCookie(page: import('@playwright/test').Page): Promise<string | undefined> {
  return (await page.context().cookies()).find((cookie) => cookie.name === 'cookie_consent')?.value;
}

test.describe('cookie banner', () => {
  test('"Decline" posts the choice: the same page comes back without the banner', async ({ page }) => {
    await page.goto('/faq');
    await expect(page.getByTestId('cookie-banner')).toBeVisible();
    // The settings drawer needs the script: its button steps aside.
    await expect(page.getByTestId('cookie-settings')).toBeHidden();
    await page.getByTestId('cookie-decline').click();
    await expect(page).toHaveURL(/\/faq$/);
    await expect(page.getByTestId('cookie-banner')).toHaveCount(0);
    expect(await consentCookie(page)).toBe('1:true_2:false_3:false_4:false');
  });

  test('"Accept all" stores every category', async ({ page }) => {
    await page.goto('/');
    await page.getByTestId('cookie-accept-all').click();
    await expect(page.getByTestId('cookie-banner')).toHaveCount(0);
    expect(await consentCookie(page)).toBe('1:true_2:true_3:true_4:true');
  });

  test('the footer’s cookie settings open the switches, and saving keeps the ticked ones', async ({
    page,
  }) => {
    await page.goto('/about-us');
    await page.getByTestId('cookie-decline').click();
    await expect(page.getByTestId('cookie-banner')).toHaveCount(0);
    await page.getByTestId('footer-cookie-settings-link').click();
    await expect(page.getByTestId('cookie-banner')).toBeVisible();
    await page.getByRole('checkbox', { name: /analytics/i }).check();
    await page.getByRole('button', { name: 'Save settings' }).click();
    await expect(page).toHaveURL(/\/about-us$/);
    await expect(page.getByTestId('cookie-banner')).toHaveCount(0);
    expect(await consentCookie(page)).toBe('1:true_2:true_3:false_4:false');
  });
});

test.describe('newsletter', () => {
  test('a post comes back to the page with its outcome, never the address in the URL', async ({ page }) => {
    await page.goto('/how-it-works');
    await page.getByTestId('newsletter-email').fill(PERSONAL.email);
    await page.getByTestId('newsletter-email').press('Enter');
    // The e2e server runs the reCAPTCHA check, whose token only a script can get: the page says so.
    await expect(page).toHaveURL(/\/how-it-works\?newsletter=needs-js#newsletter$/);
    await expect(page.getByTestId('newsletter-needs-js')).toBeVisible();
    expect(page.url()).not.toContain('example.com');
  });
});

test.describe('exchange', () => {
  test('"Exchange" on the home page opens the swap step with the server’s quote', async ({ page }) => {
    await page.goto('/');
    await page.getByTestId('amount-from').fill('0.2');
    await page.getByTestId('exchange-submit').click();
    await expect(page).toHaveURL(
      /\/swap\?from=btc&fromNetwork=bitcoin&to=eth&toNetwork=ethereum&amount=0\.2&rate=float$/,
    );
    await expect(page.getByTestId('summary-from')).toHaveText('0.2 BTC');
    await expect(page.getByTestId('summary-to')).toHaveText(/^≈ \d+(\.\d+)? ETH$/);
  });

  test('a refused create comes back with the reason next to its field', async ({ page }) => {
    await page.goto(STEP);
    await page.getByTestId('payout-address').fill(PERSONAL.payoutAddress);
    await page.getByTestId('create-swap').click();
    await expect(page.getByText('Please accept the Terms of use.')).toBeVisible();
    // What was typed is not lost, and the step is still there with its query (no address in it).
    expect(new URL(page.url()).search).toBe(new URL(STEP, 'http://x').search);
  });

  test('"Create" makes the swap and opens its page, which refreshes itself until it moves on', async ({
    page,
    request,
  }) => {
    await page.goto(STEP);
    await page.getByTestId('payout-address').fill(PERSONAL.payoutAddress);
    await page.getByTestId('terms').check();
    await page.getByTestId('create-swap').click();
    await expect(page).toHaveURL(/\/swap\/[a-z2-7]{26}$/);
    const status = page.getByTestId('swap-status');
    await expect(status).toHaveAttribute('data-status', 'waiting');
    await expect(page.locator('noscript meta[http-equiv="refresh"]')).toHaveCount(1);

    const id = new URL(page.url()).pathname.split('/').pop();
    expect(
      (await request.post(`/api/v1/sandbox/swaps/${id}/deposit`, { data: { amount: '0.1' } })).status(),
    ).toBe(200);
    // No script runs: only the page's own refresh can show the new status.
    await expect(status).not.toHaveAttribute('data-status', 'waiting', { timeout: 30_000 });
  });
});

test('the fixed-rate choice goes with the form: the step holds the server’s fixed quote and creates with it', async ({
  page,
}) => {
  await page.goto('/');
  await page.getByTestId('rate-fixed').check();
  await page.getByTestId('exchange-submit').click();
  await expect(page).toHaveURL(/\/swap\?.*&rate=fixed$/);
  await expect(page.locator('input[type="hidden"][name="quoteId"]')).toHaveCount(1);
  await expect(page.getByTestId('summary-to')).toHaveText(/^\d+(\.\d+)? ETH$/);
  await page.getByTestId('payout-address').fill(PERSONAL.payoutAddress);
  await page.getByTestId('terms').check();
  await page.getByTestId('create-swap').click();
  await expect(page).toHaveURL(/\/swap\/[a-z2-7]{26}$/);
  await expect(page.getByTestId('swap-status')).toHaveAttribute('data-status', 'waiting');
});

test.describe('forms with a human check', () => {
  for (const [path, form] of [
    ['/contact', 'contact-form'],
    ['/contact', 'add-coin-form'],
    ['/for-partners', 'demo-form'],
    ['/customer-feedbacks', 'review-form'],
  ] as const) {
    test(`${form} on ${path} says it needs JavaScript instead of failing silently`, async ({ page }) => {
      await page.goto(path);
      const block = page.getByTestId(form);
      await expect(block.getByTestId('form-needs-js')).toBeVisible();
      await expect(block.getByTestId('form-needs-js')).toContainText('JavaScript');
      await expect(page.getByTestId(`${form}-submit`)).toBeHidden();
    });
  }
});

test.describe('fiat', () => {
  test('"Show offers" renders the server’s offers; the order post opens its checkout', async ({ page }) => {
    await page.goto('/buy/eth/us');
    const widget = page.getByTestId('fiat-widget');
    await widget.getByTestId('fiat-amount').fill('300');
    await widget.getByTestId('fiat-show-offers').click();
    await expect(page).toHaveURL(/\/buy\/eth\/us\?side=buy&amount=300&fiat=usd&coin=eth/);
    await expect(widget.getByTestId('fiat-offer').first()).toBeVisible();
    // No address: the server says so next to the field, and the offers stay.
    await widget.getByTestId('fiat-create-order').click();
    await expect(widget.getByTestId('fiat-problem')).toBeVisible();
    await expect(widget.getByTestId('fiat-offer').first()).toBeVisible();
    await widget.getByTestId('fiat-wallet').fill(PERSONAL.payoutAddress);
    await widget.getByTestId('fiat-create-order').click();
    await expect(page).toHaveURL(/\/fiat\/checkout\/[a-z2-7]{26}$/);
    const id = new URL(page.url()).pathname.split('/').pop();
    // The sandbox checkout's card form is a plain post too: the 3-D Secure card asks its step first.
    await page.getByTestId('card-number').fill('4000 0000 0000 3220');
    await page.getByTestId('card-expiry').fill('12/34');
    await page.getByTestId('card-cvc').fill('123');
    await page.getByTestId('checkout-pay').click();
    await expect(page.getByTestId('checkout-3ds')).toBeVisible();
    await page.getByTestId('checkout-3ds-pass').click();
    await expect(page).toHaveURL(new RegExp(`/fiat/order/${id}$`));
    await expect(page.getByTestId('fiat-order')).not.toHaveAttribute('data-status', 'pending_payment');
  });
});

test('the DEX quote is a GET whose routes the server renders (no wallet needed)', async ({ page }) => {
  await page.goto('/dex?network=ethereum');
  await page.getByTestId('dex-amount').fill('250');
  await page.getByTestId('dex-quote-submit').click();
  await expect(page).toHaveURL(
    /\/dex\?network=ethereum&sell=0x[0-9a-f]+&buy=0x[0-9a-f]+&amount=250&slippage=0\.5$/,
  );
  await expect(page.getByTestId('dex-route').first()).toBeVisible();
  await expect(page.getByTestId('dex-amount')).toHaveValue('250');
  // Signing needs the browser wallet, which only a script reaches: the page says so.
  await expect(page.getByTestId('dex-needs-js')).toBeVisible();
  await expect(page.getByTestId('dex-connect')).toBeHidden();
});

test('the cross-chain page, whose bridges quote only for a connected wallet, says it needs JavaScript', async ({
  page,
}) => {
  await page.goto('/cross-chain/usdc-ethereum-to-usdc-optimism');
  await expect(page.getByTestId('xchain-needs-js')).toBeVisible();
  await expect(page.getByTestId('xchain-needs-js')).toContainText('JavaScript');
  await expect(page.getByTestId('xchain-connect')).toBeHidden();
});

test.describe('searches', () => {
  test('the blog search is a GET form', async ({ page }) => {
    await page.goto('/blog');
    await page.getByTestId('blog-search').fill('bitcoin');
    await page.getByTestId('blog-search').press('Enter');
    await expect(page).toHaveURL(/\/blog\/search\/?\?q=bitcoin$/);
    await expect(page.locator('[data-page="blog-search"]')).toBeVisible();
  });

  test('the swap status check is a GET form that opens the swap', async ({ page }) => {
    await page.goto('/transaction-status');
    await page.getByTestId('status-swap-id').fill('not-a-swap');
    await page.getByTestId('status-submit').click();
    await expect(page.getByTestId('status-message')).not.toHaveText('');
    await expect(page).toHaveURL(/\/transaction-status\?id=not-a-swap$/);
  });
});
