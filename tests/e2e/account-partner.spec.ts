import { type APIRequestContext, expect, test } from '@playwright/test';
import Big from 'big.js';
import type { Lang } from '../../core/i18n/languages.ts';
import { localizePath } from '../../core/routing/paths.ts';
import { translate, waitForHydration } from './helpers.ts';

/** playwright.config.ts gives the server this token for the operator's lists. */
const OPERATOR_TOKEN = 'e2e-operator-token-0123456789';
const LANGS: readonly Lang[] = ['en', 'de'];
const PASSWORD = 'correct horse battery staple';
const ETH_ADDRESS = '0x52908400098527886E0F7030069857D2E4169EE7';
const BTC_ADDRESS = 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq';
const STATUS_TIMEOUT = 90_000;

/** The newest mail queued for an address whose subject is `subject`, read through the operator's outbox. */
async function mailTo(request: APIRequestContext, to: string, subject: string) {
  let found: { subject: string; text: string } | undefined;
  await expect(async () => {
    const response = await request.get('/apiglobal/mail/outbox', {
      headers: { authorization: `Bearer ${OPERATOR_TOKEN}` },
    });
    const { mails } = (await response.json()) as { mails: { to: string; subject: string; text: string }[] };
    found = mails.filter((mail) => mail.to === to && mail.subject === subject).at(-1);
    expect(found).toBeDefined();
  }).toPass();
  return found as { subject: string; text: string };
}

for (const lang of LANGS) {
  test(`partner (${lang}): sign up → become a partner → a swap through ?ref= earns 0.2 % → withdrawal confirmed by mail → paid with a hash`, async ({
    page,
    context,
  }) => {
    test.setTimeout(180_000);
    const t = (key: string) => translate(lang, key);
    const email = `partner-${lang}-${Date.now()}@example.com`;
    const main = page.locator('main');

    // Sign up, confirm the address from the outbox, sign in.
    await page.goto(localizePath(lang, '/account/registration'));
    await waitForHydration(page);
    await main.getByLabel(t('account.fields.name')).fill('Grace');
    await main.getByLabel(t('account.fields.email')).fill(email);
    await main.getByLabel(t('account.fields.password'), { exact: true }).fill(PASSWORD);
    await main.getByRole('button', { name: t('account.registration.submit') }).click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(t('account.registration.sentHeading'));
    const verify = await mailTo(page.request, email, t('account.mail.verify.subject'));
    await page.goto(/https?:\/\/\S+/.exec(verify.text)?.[0] ?? '');
    await waitForHydration(page);
    await main.getByLabel(t('account.fields.email')).fill(email);
    await main.getByLabel(t('account.fields.password'), { exact: true }).fill(PASSWORD);
    await main.getByRole('button', { name: t('account.signIn.submit') }).click();
    await expect(page).toHaveURL(localizePath(lang, '/account'));

    // Become a partner: the earnings page shows the link and code.
    await main.getByRole('button', { name: t('account.partner.become') }).click();
    await expect(page).toHaveURL(localizePath(lang, '/account/earnings'));
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(t('account.pages.earnings.title'));
    const code = (await page.getByTestId('affiliate-code').textContent()) ?? '';
    expect(code).toMatch(/^p[a-z2-7]{10}$/);
    await expect(page.getByTestId('affiliate-link')).toHaveText(new RegExp(`/\\?ref=${code}$`));
    await expect(page.getByTestId('total-balance')).toHaveAttribute('data-value', '0.00');

    // A visitor opens a page with ?ref=: the cookie is set and the address loses `ref`.
    const faq = localizePath(lang, '/faq');
    await page.goto(`${faq}?ref=${code}`);
    await expect(page).toHaveURL(faq);
    const ref = (await context.cookies()).find((cookie) => cookie.name === 'sg_ref');
    expect([ref?.value, ref?.path, ref?.httpOnly, ref?.sameSite]).toEqual([code, '/', true, 'Lax']);

    // A swap from this browser (the site's own API call, which sends the cookie) finishes in the sandbox.
    const created = await page.request.post('/api/v1/swaps', {
      headers: { 'Idempotency-Key': `partner-${lang}-${Date.now()}` },
      data: { from: 'btc', to: 'eth', amount: '1', rateType: 'float', payoutAddress: ETH_ADDRESS },
    });
    expect(created.status()).toBe(201);
    const { id } = (await created.json()) as { id: string };
    expect(
      (await page.request.post(`/api/v1/sandbox/swaps/${id}/deposit`, { data: { amount: '1' } })).status(),
    ).toBe(200);
    let swap: { status: string; amountPaidOut: string | null; amountTo: string } = {
      status: '',
      amountPaidOut: null,
      amountTo: '0',
    };
    await expect(async () => {
      swap = await (await page.request.get(`/api/v1/swaps/${id}`)).json();
      expect(swap.status).toBe('finished');
    }).toPass({ timeout: STATUS_TIMEOUT });

    // The ledger: one earning of 0.2 % of what the swap paid out, in ETH, and a balance in USD.
    await page.goto(localizePath(lang, '/account/earnings'));
    const row = page.getByTestId('earnings-rows').locator('tr[data-kind="earning"]');
    await expect(row).toHaveCount(1);
    const share = new Big(swap.amountPaidOut ?? swap.amountTo).times('0.002').round(18, Big.roundDown);
    const amount = new Big((await row.getByTestId('row-amount').getAttribute('data-amount')) ?? '0');
    expect(share.minus(amount).abs().lte(new Big('0.000000001'))).toBe(true);
    await expect(row.getByTestId('row-amount')).toContainText('ETH');
    await expect(row).toContainText(t('account.partner.kinds.earning'));
    const balance = Number(await page.getByTestId('total-balance').getAttribute('data-value'));
    expect(balance).toBeGreaterThan(10);
    await expect(page.getByTestId('earnings-chart-day').locator('rect[data-usd]').last()).toHaveAttribute(
      'data-usd',
      String(balance),
    );
    const csv = await page.request.get('/account/earnings/csv');
    expect(csv.headers()['content-type']).toContain('text/csv');
    expect(await csv.text()).toContain(`,earning,affiliate,${id},,eth,ethereum,`);

    // Withdraw the balance in BTC; the link comes by mail and is confirmed on /withdrawal/confirm.
    await page.getByRole('link', { name: t('account.partner.nav.withdrawals') }).click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(t('account.pages.withdrawals.title'));
    await main.getByLabel(t('account.partner.withdraw.coin')).selectOption('btc:bitcoin');
    await main.getByLabel(t('account.partner.withdraw.address')).fill('not an address');
    await main.getByRole('button', { name: t('account.partner.withdraw.submit') }).click();
    await expect(page.getByTestId('account-error')).toHaveText(t('account.partner.errors.invalid_address'));
    await main.getByLabel(t('account.partner.withdraw.address')).fill(BTC_ADDRESS);
    await main.getByRole('button', { name: t('account.partner.withdraw.submit') }).click();
    await expect(page.getByTestId('account-notice')).toContainText(email);
    await expect(page.getByTestId('withdrawals').locator('li').first()).toHaveAttribute(
      'data-status',
      'requested',
    );

    const mail = await mailTo(page.request, email, t('withdrawal.mail.subject'));
    const link = /https?:\/\/\S+\/withdrawal\/confirm\?token=\S+/.exec(mail.text)?.[0] ?? '';
    expect(link).toContain(localizePath(lang, '/withdrawal/confirm'));
    await page.goto(link);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(t('withdrawal.confirm.heading'));
    await expect(page.getByTestId('withdrawal-summary')).toContainText(BTC_ADDRESS);
    await page.getByTestId('confirm-withdrawal').click();

    await expect(page).toHaveURL(
      new RegExp(`${localizePath(lang, '/withdrawal/processing')}\\?id=[a-z2-7]{26}$`),
    );
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(t('withdrawal.paid.heading'));
    await expect(page.getByTestId('withdrawal-status')).toHaveAttribute('data-status', 'paid');
    await expect(page.getByTestId('withdrawal-tx')).toHaveText(/^[0-9a-f]{64}$/);
    const account = page.getByTestId('go-to-account');
    await expect(account).toHaveText(t('withdrawal.goToAccount'));

    // The link works once: opened again it says so, and the balance is paid out.
    await page.goto(link);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(t('withdrawal.confirmUsed.heading'));
    await account.click();
    await page.goto(localizePath(lang, '/account/earnings'));
    await expect(page.getByTestId('total-balance')).toHaveAttribute('data-value', '0.00');
    await expect(page.getByTestId('earnings-rows').locator('tr[data-kind="withdrawal"]')).toHaveCount(1);
  });
}
