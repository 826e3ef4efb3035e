import { expect, type Page, test } from '@playwright/test';
import { formatDecimal } from '../../core/i18n/format.ts';
import { localizePath } from '../../core/routing/paths.ts';
import { translate, waitForHydration } from './helpers.ts';

const ETH_ADDRESS = '0x52908400098527886E0F7030069857D2E4169EE7';
const BTC_ADDRESS = 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq';
/** The sandbox moves a paid swap through its statuses on short delays; the page polls every 3 s. */
const STATUS_TIMEOUT = 90_000;

/** A sandbox BTC → ETH swap of 0.1 BTC made through the API, at a fixed or a floating rate. */
async function apiSwap(page: Page, rateType: 'fixed' | 'float'): Promise<string> {
  const trade = { from: 'btc', to: 'eth', amount: '0.1', rateType };
  let quoteId: string | undefined;
  if (rateType === 'fixed') {
    const quote = await page.request.post('/api/v1/quotes', { data: trade });
    expect(quote.status()).toBe(200);
    quoteId = ((await quote.json()) as { quoteId: string }).quoteId;
  }
  const response = await page.request.post('/api/v1/swaps', {
    data: { ...trade, ...(quoteId ? { quoteId } : {}), payoutAddress: ETH_ADDRESS },
  });
  expect(response.status()).toBe(201);
  return ((await response.json()) as { id: string }).id;
}

/** Pays the swap on its page with the sandbox's deposit simulator. */
async function simulateDeposit(page: Page, amount: string) {
  const simulator = page.getByTestId('simulate-deposit');
  await simulator.getByTestId('simulate-amount').fill(amount);
  await simulator.getByTestId('simulate-submit').click();
}

for (const lang of ['en', 'de'] as const) {
  test.describe(`swaps off the happy path in ${lang}`, () => {
    test.use({ locale: lang === 'en' ? 'en-US' : 'de-DE' });

    test('a half-paid fixed swap asks, continues at the market rate and finishes with the new amount', async ({
      page,
    }) => {
      test.setTimeout(150_000);
      const id = await apiSwap(page, 'fixed');
      await page.goto(localizePath(lang, `/swap/${id}`));
      await waitForHydration(page);
      await simulateDeposit(page, '0.05');

      const panel = page.getByTestId('decision-panel');
      await expect(panel).toBeVisible({ timeout: STATUS_TIMEOUT });
      await expect(page.getByTestId('swap-status')).toHaveAttribute('data-status', 'action_needed');
      await expect(page.getByTestId('status-label')).toHaveText(
        translate(lang, 'swapStatus.statuses.action_needed.label'),
      );
      // What happened: the amount received against the order, both with the coin.
      await expect(page.getByTestId('swap-problem')).toContainText(`${formatDecimal('0.05', lang)} BTC`);
      await expect(page.getByTestId('swap-problem')).toContainText(`${formatDecimal('0.1', lang)} BTC`);
      await expect(page.getByTestId('amount-sent')).toHaveText(`${formatDecimal('0.05', lang)} BTC`);
      await expect(page.getByTestId('decision-deadline')).toBeVisible();

      // The fresh quote shown is what the continued swap pays.
      const swap = (await (await page.request.get(`/api/v1/swaps/${id}`)).json()) as {
        continueOffer: { amountTo: string };
      };
      const offer = formatDecimal(swap.continueOffer.amountTo, lang);
      await expect(page.getByTestId('continue-offer')).toContainText(`${offer} ETH`);
      await panel.getByTestId('decision-continue').click();

      await expect(page.getByTestId('decision-panel')).toHaveCount(0);
      await expect(page.getByTestId('swap-status')).toHaveAttribute('data-status', 'finished', {
        timeout: STATUS_TIMEOUT,
      });
      await expect(page.getByTestId('amount-receive')).toHaveText(`${offer} ETH`);
      await expect(page.getByTestId('timeline-action_needed')).toBeVisible();
    });

    test('a deposit below the minimum asks for a refund address, then shows the refund transaction', async ({
      page,
    }) => {
      test.setTimeout(150_000);
      const id = await apiSwap(page, 'float');
      await page.goto(localizePath(lang, `/swap/${id}`));
      await waitForHydration(page);
      await simulateDeposit(page, '0.00001');

      const form = page.getByTestId('refund-address-form');
      await expect(form).toBeVisible({ timeout: STATUS_TIMEOUT });
      await expect(page.getByTestId('swap-status')).toHaveAttribute('data-status', 'refunding');
      // The limit is named, with its coin.
      const min = ((await (await page.request.get(`/api/v1/swaps/${id}`)).json()) as { min: string }).min;
      await expect(page.getByTestId('swap-problem')).toContainText(`${formatDecimal(min, lang)} BTC`);
      await expect(page.getByTestId('amount-refund')).toHaveText(`${formatDecimal('0.00001', lang)} BTC`);

      // An address of another network is refused, in the page's language.
      await form.getByTestId('refund-address-input').fill(ETH_ADDRESS);
      await form.getByTestId('refund-submit').click();
      await expect(page.getByTestId('decision-error')).toHaveText(
        translate(lang, 'apiErrors.invalid_refund_address').replace('{{network}}', 'Bitcoin'),
      );
      await page.getByTestId('refund-address-input').fill(BTC_ADDRESS);
      await page.getByTestId('refund-submit').click();

      await expect(page.getByTestId('swap-status')).toHaveAttribute('data-status', 'refunded', {
        timeout: STATUS_TIMEOUT,
      });
      await expect(page.getByTestId('refund-address-form')).toHaveCount(0);
      await expect(page.getByTestId('refund-tx-link')).toHaveAttribute(
        'href',
        /^https:\/\/mempool\.space\/tx\/[0-9a-f]{64}$/,
      );
      await expect(page.getByTestId('timeline-finished')).not.toHaveAttribute('data-state', 'done');
    });
  });
}

test('the decision works as a plain HTML form without JavaScript', async ({ browser, baseURL }) => {
  test.setTimeout(150_000);
  const context = await browser.newContext({ javaScriptEnabled: false, baseURL });
  const page = await context.newPage();
  const id = await apiSwap(page, 'fixed');
  const deposit = await page.request.post(`/api/v1/sandbox/swaps/${id}/deposit`, { data: { amount: '0.2' } });
  expect(deposit.status()).toBe(200);
  await expect(async () => {
    await page.goto(`/de/swap/${id}`);
    await expect(page.getByTestId('decision-panel')).toBeVisible({ timeout: 1_000 });
  }).toPass({ timeout: STATUS_TIMEOUT });
  await expect(page.getByTestId('swap-problem')).toHaveAttribute('data-problem', 'overpaid');
  await page.getByTestId('decision-continue').click();
  await expect(page.getByTestId('decision-panel')).toHaveCount(0);
  await expect(page.getByTestId('status-label')).not.toHaveText(
    translate('de', 'swapStatus.statuses.action_needed.label'),
  );
  await context.close();
});

/** playwright.config.ts gives the server this token for the operator's lists. */
const OPERATOR_TOKEN = 'e2e-operator-token-0123456789';

test('the mail’s signed link asks on its own page, refunds from there, and a changed link says so', async ({
  page,
}) => {
  test.setTimeout(150_000);
  const email = `decide-${Date.now()}@example.com`;
  const quote = await page.request.post('/api/v1/quotes', {
    data: { from: 'btc', to: 'eth', amount: '0.1', rateType: 'fixed' },
  });
  const { quoteId } = (await quote.json()) as { quoteId: string };
  const created = await page.request.post('/api/v1/swaps', {
    headers: { 'accept-language': 'de' },
    data: {
      from: 'btc',
      to: 'eth',
      amount: '0.1',
      rateType: 'fixed',
      quoteId,
      payoutAddress: ETH_ADDRESS,
      email,
    },
  });
  expect(created.status()).toBe(201);
  const { id } = (await created.json()) as { id: string };
  await page.request.post(`/api/v1/sandbox/swaps/${id}/deposit`, { data: { amount: '0.05' } });

  // The "action needed" mail, read through the operator's outbox.
  let link = '';
  await expect(async () => {
    const response = await page.request.get('/apiglobal/mail/outbox', {
      headers: { authorization: `Bearer ${OPERATOR_TOKEN}` },
    });
    const { mails } = (await response.json()) as { mails: { to: string; text: string }[] };
    const text = mails.find((mail) => mail.to === email && mail.text.includes('/decide?token='))?.text ?? '';
    link = /https?:\/\/\S+\/decide\?token=\S+/.exec(text)?.[0] ?? '';
    expect(link).not.toBe('');
  }).toPass({ timeout: STATUS_TIMEOUT });
  const path = new URL(link).pathname + new URL(link).search;
  expect(path.startsWith(`/de/swap/${id}/decide?token=`)).toBe(true);

  // One character of the signature changed (not the last, whose low bits base64 does not use).
  const changed = path.replace(/.(....)$/, (_, tail: string) => `${path.at(-5) === 'A' ? 'B' : 'A'}${tail}`);
  await page.goto(changed);
  await expect(page.getByTestId('decide-link')).toHaveAttribute('data-state', 'invalid');
  await expect(page.getByTestId('decide-link-message')).toHaveText(
    translate('de', 'swapStatus.decideLink.invalid'),
  );
  await expect(page.getByTestId('decide-link-swap')).toHaveAttribute('href', `/de/swap/${id}`);

  await page.goto(path);
  await waitForHydration(page);
  await expect(page.getByTestId('decide-link')).toHaveAttribute('data-state', 'open');
  await expect(page.getByTestId('swap-problem')).toHaveAttribute('data-problem', 'underpaid');
  const panel = page.getByTestId('decision-panel');
  await panel.getByTestId('refund-address-input').fill(BTC_ADDRESS);
  await panel.getByTestId('decision-refund').click();
  await page.waitForURL(new RegExp(`/de/swap/${id}$`));
  await expect(page.getByTestId('swap-status')).toHaveAttribute('data-status', 'refunded', {
    timeout: STATUS_TIMEOUT,
  });
  await page.goto(path);
  await expect(page.getByTestId('decide-link')).toHaveAttribute('data-state', 'closed');
});
