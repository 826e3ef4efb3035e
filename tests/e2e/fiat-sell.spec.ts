import { expect, test } from '@playwright/test';
import { validateAddress } from '../../core/address/validate.ts';
import type { Lang } from '../../core/i18n/languages.ts';
import { localizePath } from '../../core/routing/paths.ts';
import { translate, waitForHydration } from './helpers.ts';

const BTC_ADDRESS = 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq';
const LANGS: readonly Lang[] = ['en', 'de'];

for (const lang of LANGS) {
  test(`sell (${lang}): the payout IBAN, the deposit address with QR code, "I have sent it", and both legs to paid out`, async ({
    page,
  }) => {
    const created = await page.request.post('/api/v1/fiat/orders', {
      headers: { 'accept-language': lang },
      data: {
        side: 'sell',
        fiat: 'eur',
        coin: 'btc',
        amount: '0.05',
        country: 'de',
        paymentMethod: 'bank_transfer',
        walletAddress: BTC_ADDRESS,
      },
    });
    expect(created.status()).toBe(201);
    const order = (await created.json()) as { id: string; checkoutUrl: string };
    // The sale's checkout is its own page, not the card form of a purchase.
    expect(new URL(order.checkoutUrl).pathname).toBe(localizePath(lang, `/fiat/sell/${order.id}`));

    await page.goto(localizePath(lang, `/fiat/sell/${order.id}`));
    await waitForHydration(page);
    await expect(page.locator('h1')).toHaveText(
      translate(lang, 'fiat.sell.title').replace('{{coin}}', 'BTC'),
    );
    await expect(page.getByTestId('card-number')).toHaveCount(0);
    // No deposit address before the seller says where the money goes.
    await expect(page.getByTestId('sale-deposit')).toHaveCount(0);

    const form = page.getByTestId('payout-form');
    await expect(form).toContainText(translate(lang, 'fiat.sell.payoutIban'));
    const iban = form.locator('input[name="destination"]');
    await iban.fill('DE89 3704 0044 0532 0130 01');
    await page.getByTestId('payout-save').click();
    await expect(page.getByTestId('sale-error')).toHaveText(translate(lang, 'fiat.sell.errors.invalid_iban'));

    await iban.fill('DE89 3704 0044 0532 0130 00');
    // The sale's mails go to the address given here, and only there (optional).
    await expect(form.getByLabel(translate(lang, 'fiat.sell.email'))).toBeVisible();
    await page.getByTestId('sale-email').fill(`seller-${lang}@example.com`);
    await page.getByTestId('payout-save').click();
    await expect(page.getByTestId('payout-destination')).toHaveText('DE89 •••• 3000');
    const deposit = page.getByTestId('sale-deposit');
    await expect(deposit).toBeVisible();
    await expect(page.getByTestId('sale-deposit-qr').locator('svg')).toBeVisible();
    await expect(page.getByTestId('sale-deposit-amount')).toContainText('BTC');
    const address = (await page.getByTestId('sale-deposit-address').textContent()) ?? '';
    expect(validateAddress('bitcoin', address).valid).toBe(true);

    await page.getByTestId('sale-sent').click();
    await page.waitForURL(new RegExp(`/fiat/order/${order.id}$`));
    const legs = page.getByTestId('sale-legs');
    await expect(legs.getByTestId('sale-leg-in')).toContainText(address);
    await expect(legs.getByTestId('sale-received')).toContainText('BTC');
    await expect(legs.getByTestId('sale-deposit-tx')).toHaveText(/[0-9a-f]{64}/);
    await expect(legs.getByTestId('sale-leg-out')).toContainText('DE89 •••• 3000');
    await expect(legs.getByTestId('sale-stage')).toHaveText(translate(lang, 'fiat.sell.stages.paid_out'), {
      timeout: 60_000,
    });
    await expect(legs.getByTestId('sale-payout-status')).toHaveText(
      translate(lang, 'fiat.sell.payoutStatuses.sent'),
    );
  });
}
